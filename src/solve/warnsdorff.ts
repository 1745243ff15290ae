import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";

/**
 * Warnsdorff's rule: always move to the unvisited neighbour with the fewest unvisited
 * neighbours of its own. Degrees are kept incrementally (each visit lowers its neighbours'
 * counts), so a walk costs O(cells) with no re-counting.
 *
 * Work arrays are owned by a `WarnsdorffWalker` and reused across walks: nothing is allocated
 * per step.
 */
export class WarnsdorffWalker {
  readonly graph: KnightGraph;
  /** The current path; valid up to the length the last walk returned. */
  readonly path: Int32Array;
  private readonly visited: Uint8Array;
  private readonly degree: Uint8Array;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const cells = graph.board.cells;
    this.path = new Int32Array(cells);
    this.visited = new Uint8Array(cells);
    this.degree = new Uint8Array(cells);
  }

  /**
   * Walk from `start` until the board is covered or no move is left. Ties go to the first
   * candidate in KNIGHT_MOVES order, or, with `random`, to a uniformly chosen one.
   * Returns the number of cells on the path.
   */
  walk(start: number, random: Random | null = null): number {
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
      let ties = 0;
      for (let i = from; i < to; i++) {
        const next = targets[i]!;
        if (visited[next]) continue;
        const d = degree[next]!;
        if (d < bestDegree) {
          best = next;
          bestDegree = d;
          ties = 1;
        } else if (d === bestDegree && random !== null) {
          // Reservoir sampling: each tied candidate ends up chosen with probability 1/ties.
          ties++;
          if (random.int(ties) === 0) best = next;
        }
      }
      if (best < 0) return length;
      current = best;
    }
  }
}
