import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { reversePathSegment } from "../solve/rotate.js";

/**
 * Random Pósa rotations: a cheap way to scramble a tour while keeping it a tour.
 *
 * If the last cell t of a Hamiltonian path v₀ … vₙ₋₁ is a move away from vᵢ (i ≤ n−3), then
 * v₀ … vᵢ vₙ₋₁ vₙ₋₂ … vᵢ₊₁ is again a Hamiltonian path (the tail after vᵢ is reversed); the same
 * at the front end moves the first cell. Each step picks one of the possible rotations
 * uniformly at random and costs the length of the reversed segment. The walk over tours this
 * makes is NOT uniform (its stationary distribution favours tours whose ends have many
 * rotations); it only spreads the output of a greedy search around.
 */

/** How many rotations `randomTour` applies to a tour of `cells` cells: about 2^26 cell moves. */
export function mixingRotations(cells: number): number {
  return Math.max(16, Math.min(8 * cells, Math.floor(2 ** 26 / Math.max(cells, 1))));
}

/**
 * Rotate the tail end (or the front one too, when `fixedStart` is false) of the open tour
 * `path`, in place, `steps` times.
 */
export function mixOpenPath(
  graph: KnightGraph,
  path: Int32Array,
  random: Random,
  steps: number,
  fixedStart: boolean,
): void {
  const n = path.length;
  if (n < 4) return;
  // Indexed by cell: on a board with holes the cells run past the path's length.
  const position = new Int32Array(graph.board.cells);
  for (let i = 0; i < n; i++) position[path[i]!] = i;
  for (let step = 0; step < steps; step++) {
    if (fixedStart || random.int(2) === 0) rotateTail(graph, path, position, random);
    else rotateHead(graph, path, position, random);
  }
}

/**
 * Scramble the closed tour `path` (in place, first cell kept): drop the closing move, rotate the
 * tail `steps` times, and keep the last arrangement whose ends met again (the input if none).
 */
export function mixClosedTour(
  graph: KnightGraph,
  path: Int32Array,
  random: Random,
  steps: number,
): void {
  const n = path.length;
  if (n < 4) return;
  const position = new Int32Array(graph.board.cells);
  for (let i = 0; i < n; i++) position[path[i]!] = i;
  const closed = path.slice();
  for (let step = 0; step < steps; step++) {
    rotateTail(graph, path, position, random);
    if (graph.adjacent(path[n - 1]!, path[0]!)) closed.set(path);
  }
  path.set(closed);
}

function rotateTail(graph: KnightGraph, path: Int32Array, position: Int32Array, random: Random) {
  const { offsets, targets } = graph;
  const n = path.length;
  const tail = path[n - 1]!;
  let options = 0;
  for (let k = offsets[tail]!, stop = offsets[tail + 1]!; k < stop; k++) {
    if (position[targets[k]!]! <= n - 3) options++;
  }
  if (options === 0) return;
  let pick = random.int(options);
  for (let k = offsets[tail]!, stop = offsets[tail + 1]!; k < stop; k++) {
    const i = position[targets[k]!]!;
    if (i <= n - 3 && pick-- === 0) {
      reversePathSegment(path, position, i + 1, n - 1);
      return;
    }
  }
}

function rotateHead(graph: KnightGraph, path: Int32Array, position: Int32Array, random: Random) {
  const { offsets, targets } = graph;
  const head = path[0]!;
  let options = 0;
  for (let k = offsets[head]!, stop = offsets[head + 1]!; k < stop; k++) {
    if (position[targets[k]!]! >= 2) options++;
  }
  if (options === 0) return;
  let pick = random.int(options);
  for (let k = offsets[head]!, stop = offsets[head + 1]!; k < stop; k++) {
    const i = position[targets[k]!]!;
    if (i >= 2 && pick-- === 0) {
      reversePathSegment(path, position, 0, i - 1);
      return;
    }
  }
}
