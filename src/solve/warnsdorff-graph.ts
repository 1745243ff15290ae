import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { centreDistances } from "./centre.js";
import type { StepTieBreak } from "./types.js";

/**
 * Warnsdorff's rule on any move graph: any piece, a wrapped board, holes. The same walk as
 * `WarnsdorffWalker` (fewest onward moves first, the same tie-breaks, the same use of the
 * random stream), read from the graph's neighbour lists instead of a padded layout of the
 * knight's eight steps; on a plain knight's board both give the same path, and the padded one
 * is faster (one byte read per candidate).
 *
 * State: `degree[v]`, the unvisited neighbours of v, kept incrementally (each visit lowers its
 * neighbours' counts), and a visited mark per cell; a walk costs O(moves). Centre tie-breaks
 * read the squared distance from the board's centre (scaled as the padded walker computes it).
 * Nothing is allocated per step or walk.
 */
export class GraphWalker {
  readonly graph: KnightGraph;
  /** The current path; valid up to the length the last walk returned. */
  readonly path: Int32Array;
  private readonly degree: Uint8Array;
  private readonly visited: Uint8Array;
  private distance: Int32Array | null = null;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    this.path = new Int32Array(graph.vertexCount);
    this.degree = new Uint8Array(graph.board.cells);
    this.visited = new Uint8Array(graph.board.cells);
  }

  /**
   * Walk from `start` until every cell is visited or no move is left. Among candidates of equal
   * degree, `tieBreak` decides; `random` is required for "random". Returns the path's length.
   */
  walk(start: number, tieBreak: StepTieBreak = "first", random: Random | null = null): number {
    if (tieBreak === "random" && random === null) {
      throw new Error("the random tie-break needs a Random");
    }
    const { offsets, targets } = this.graph;
    const { degree, visited, path } = this;
    const byCentre = tieBreak === "center";
    const byRoth = tieBreak === "roth";
    const byPohl = tieBreak === "pohl";
    const byRandom = tieBreak === "random";
    if ((byCentre || byRoth) && this.distance === null) {
      this.distance = centreDistances(this.graph.board);
    }
    const distance = this.distance;
    degree.set(this.graph.degree);
    visited.fill(0);
    let current = start;
    let length = 0;
    for (;;) {
      visited[current] = 1;
      path[length++] = current;
      const from = offsets[current]!;
      const to = offsets[current + 1]!;
      for (let i = from; i < to; i++) degree[targets[i]!]!--;
      if (length === path.length) break;
      let best = -1;
      let bestDegree = Number.POSITIVE_INFINITY;
      // Secondary key of `best` (smaller wins): centre distance, its negation, or Pohl's sum.
      let bestKey = 0;
      let ties = 0;
      for (let i = from; i < to; i++) {
        const next = targets[i]!;
        if (visited[next] === 1) continue;
        const d = degree[next]!;
        if (d < bestDegree) {
          best = next;
          bestDegree = d;
          ties = 1;
          if (byCentre) bestKey = distance![next]!;
          else if (byRoth) bestKey = -distance![next]!;
          else if (byPohl) bestKey = -1; // computed only if a tie comes
        } else if (d === bestDegree && tieBreak !== "first") {
          if (byRandom) {
            // Reservoir sampling: each tied candidate ends up chosen with probability 1/ties.
            ties++;
            if (random!.int(ties) === 0) best = next;
          } else if (byPohl) {
            if (bestKey < 0) bestKey = this.onwardSum(best);
            const key = this.onwardSum(next);
            if (key < bestKey) {
              best = next;
              bestKey = key;
            }
          } else {
            const key = byCentre ? distance![next]! : -distance![next]!;
            if (key < bestKey) {
              best = next;
              bestKey = key;
            }
          }
        }
      }
      if (best < 0) break;
      current = best;
    }
    return length;
  }

  /** Pohl's key: the sum of the current degrees of the unvisited neighbours of `cell`. */
  private onwardSum(cell: number): number {
    const { offsets, targets } = this.graph;
    let sum = 0;
    for (let i = offsets[cell]!, to = offsets[cell + 1]!; i < to; i++) {
      const w = targets[i]!;
      if (this.visited[w] === 0) sum += this.degree[w]!;
    }
    return sum;
  }
}
