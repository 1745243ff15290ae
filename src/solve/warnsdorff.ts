import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { centreDistances } from "./centre.js";
import type { TieBreak } from "./types.js";

const FIRST = 0;
const RANDOM = 1;
const CENTER = 2;
const ROTH = 3;
const POHL = 4;
const TIE_BREAK_CODE: Readonly<Record<TieBreak, number>> = {
  first: FIRST,
  random: RANDOM,
  center: CENTER,
  roth: ROTH,
  pohl: POHL,
};

/**
 * Warnsdorff's rule: always move to the unvisited neighbour with the fewest unvisited
 * neighbours of its own. Degrees are kept incrementally (each visit lowers its neighbours'
 * counts), so a walk costs O(cells) with no re-counting.
 *
 * Work arrays are owned by a `WarnsdorffWalker` and reused across walks: nothing is allocated
 * per step or per walk. Memory: the shared graph plus 10 bytes per cell (path, visited,
 * degree, and the centre distances when a centre-based tie-break is used).
 */
export class WarnsdorffWalker {
  readonly graph: KnightGraph;
  /** The current path; valid up to the length the last walk returned. */
  readonly path: Int32Array;
  private readonly visited: Uint8Array;
  private readonly degree: Uint8Array;
  private distance: Int32Array | null = null;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const cells = graph.board.cells;
    this.path = new Int32Array(cells);
    this.visited = new Uint8Array(cells);
    this.degree = new Uint8Array(cells);
  }

  /** Bytes of work memory this walker holds (not counting the shared graph). */
  get bytes(): number {
    return this.path.byteLength * 1.5 + (this.distance?.byteLength ?? 0);
  }

  /**
   * Walk from `start` until the board is covered or no move is left. Among candidates of equal
   * degree, `tieBreak` decides (see TIE_BREAKS); `random` is required for "random" and ignored
   * otherwise. Returns the number of cells on the path (`path[0 .. length)`).
   */
  walk(start: number, tieBreak: TieBreak = "first", random: Random | null = null): number {
    const mode = TIE_BREAK_CODE[tieBreak];
    if (mode === RANDOM && random === null) throw new Error("the random tie-break needs a Random");
    let distance = this.distance;
    if ((mode === CENTER || mode === ROTH) && distance === null) {
      distance = this.distance = centreDistances(this.graph.board);
    }
    const { offsets, targets } = this.graph;
    const { visited, degree, path } = this;
    const cells = path.length;
    visited.fill(0);
    degree.set(this.graph.degree);

    let current = start;
    let length = 0;
    for (;;) {
      visited[current] = 1;
      path[length++] = current;
      const from = offsets[current]!;
      const to = offsets[current + 1]!;
      for (let i = from; i < to; i++) degree[targets[i]!]!--;
      if (length === cells) return length;

      let best = -1;
      let bestDegree = 9;
      // Secondary key of `best` (smaller wins): centre distance, its negation, or Pohl's sum.
      let bestKey = 0;
      let ties = 0;
      for (let i = from; i < to; i++) {
        const next = targets[i]!;
        if (visited[next]) continue;
        const d = degree[next]!;
        if (d < bestDegree) {
          best = next;
          bestDegree = d;
          ties = 1;
          if (mode === CENTER) bestKey = distance![next]!;
          else if (mode === ROTH) bestKey = -distance![next]!;
          else if (mode === POHL) bestKey = -1; // computed lazily, only if a tie comes
        } else if (d === bestDegree && mode !== FIRST) {
          if (mode === RANDOM) {
            // Reservoir sampling: each tied candidate ends up chosen with probability 1/ties.
            ties++;
            if (random!.int(ties) === 0) best = next;
          } else if (mode === POHL) {
            if (bestKey < 0) bestKey = this.onwardSum(best);
            const key = this.onwardSum(next);
            if (key < bestKey) {
              best = next;
              bestKey = key;
            }
          } else {
            const key = mode === CENTER ? distance![next]! : -distance![next]!;
            if (key < bestKey) {
              best = next;
              bestKey = key;
            }
          }
        }
      }
      if (best < 0) return length;
      current = best;
    }
  }

  /** Pohl's key: the sum of the current degrees of the unvisited neighbours of `cell`. */
  private onwardSum(cell: number): number {
    const { offsets, targets } = this.graph;
    let sum = 0;
    const to = offsets[cell + 1]!;
    for (let i = offsets[cell]!; i < to; i++) {
      const next = targets[i]!;
      if (this.visited[next] === 0) sum += this.degree[next]!;
    }
    return sum;
  }
}
