import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";

/**
 * Pósa rotations: turn a Hamiltonian path (an open tour) into one that starts at `target`.
 *
 * If the first cell v₀ of the path v₀ … vₙ₋₁ is a knight's move from some vᵢ (i ≥ 2), then
 * vᵢ₋₁ … v₀ vᵢ … vₙ₋₁ is again a tour — the prefix is reversed — and it starts at vᵢ₋₁. The same
 * at the other end changes the last cell, and reversing the whole path swaps the ends. So the
 * ends of a tour can be walked around the board at O(cells) per step, keeping a full tour all
 * the time. `rotateToStart` walks the ends towards `target` (greedy on the board distance, with
 * random steps to escape cycles) until it becomes an end, then reverses the path if needed.
 *
 * Used by `search` when a start in the middle of a narrow board makes backtracking slow: a tour
 * from an easy start (a corner) plus a few hundred rotations is a tour from the hard start.
 */
export class PathRotator {
  readonly graph: KnightGraph;
  private readonly position: Int32Array;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    this.position = new Int32Array(graph.board.cells);
  }

  /**
   * Rotate `path` (a full open tour, changed in place) until it starts at `target`, in at most
   * `maxSteps` rotations. Returns whether it got there.
   */
  rotateToStart(path: Int32Array, target: number, random: Random, maxSteps: number): boolean {
    const { offsets, targets } = this.graph;
    const board = this.graph.board;
    const n = path.length;
    const position = this.position;
    for (let i = 0; i < n; i++) position[path[i]!] = i;
    const tr = board.row(target);
    const tc = board.col(target);
    const distance = (cell: number) =>
      Math.abs(board.row(cell) - tr) + Math.abs(board.col(cell) - tc);

    for (let step = 0; step <= maxSteps; step++) {
      if (path[0] === target) return true;
      if (path[n - 1] === target) {
        reversePathSegment(path, position, 0, n - 1);
        return true;
      }
      // Work on the front end; flip the path now and then so both ends move.
      if (random.int(2) === 0) reversePathSegment(path, position, 0, n - 1);
      const head = path[0]!;
      // Candidates: neighbours v_i of the head with i ≥ 2; the new start would be v_{i−1}.
      let best = -1;
      let bestDistance = Number.POSITIVE_INFINITY;
      let options = 0;
      for (let k = offsets[head]!, to = offsets[head + 1]!; k < to; k++) {
        const i = position[targets[k]!]!;
        if (i < 2) continue;
        options++;
        const d = distance(path[i - 1]!) + random.next() * 3;
        if (d < bestDistance) {
          bestDistance = d;
          best = i;
        }
      }
      if (options === 0) continue;
      // One step in four is random, so the walk does not circle a local optimum.
      if (random.int(4) === 0) {
        let pick = random.int(options);
        for (let k = offsets[head]!, to = offsets[head + 1]!; k < to; k++) {
          const i = position[targets[k]!]!;
          if (i < 2) continue;
          if (pick-- === 0) {
            best = i;
            break;
          }
        }
      }
      reversePathSegment(path, position, 0, best - 1);
    }
    return false;
  }
}

/**
 * Reverse `path[from ..= to]` in place, keeping `position` (cell → index in `path`) in step:
 * the one move of a Pósa rotation.
 */
export function reversePathSegment(
  path: Int32Array,
  position: Int32Array,
  from: number,
  to: number,
): void {
  for (let i = from, j = to; i < j; i++, j--) {
    const a = path[i]!;
    const b = path[j]!;
    path[i] = b;
    path[j] = a;
    position[b] = i;
    position[a] = j;
  }
}
