import type { Tour } from "../core/index.js";
import { boardTransforms, type TransformName, transformPermutation } from "./transforms.js";

/** A symmetry of a tour: a board transform that maps the tour onto itself. */
export interface TourSymmetry {
  readonly transform: TransformName;
  /**
   * Whether the image runs the other way: for a closed tour the transform maps the cycle onto
   * itself walked backwards (it reverses the cyclic order); for an open tour it swaps the ends.
   */
  readonly reverses: boolean;
}

/**
 * Successor and predecessor of every cell along the tour (-1 where there is none: the ends of an
 * open tour, cells off the path). A closed tour wraps around.
 */
export function tourLinks(tour: Tour): { next: Int32Array; prev: Int32Array } {
  const { path, board } = tour;
  const next = new Int32Array(board.cells).fill(-1);
  const prev = new Int32Array(board.cells).fill(-1);
  const n = path.length;
  for (let i = 0; i + 1 < n; i++) {
    next[path[i]!] = path[i + 1]!;
    prev[path[i + 1]!] = path[i]!;
  }
  if (tour.closed && n > 2) {
    next[path[n - 1]!] = path[0]!;
    prev[path[0]!] = path[n - 1]!;
  }
  return { next, prev };
}

/**
 * How `perm` maps the tour given by its links: 1 onto itself in the same direction, -1 onto
 * itself reversed, 0 not onto itself. One pass over the moves, O(N).
 *
 * A tour is determined by its set of moves (a cycle, or a path, through every cell), so the
 * transform is a symmetry exactly when it maps every move to a move of the tour. A map of a cycle
 * or path onto itself keeps or reverses the direction as a whole.
 */
export function mapsOntoItself(
  path: Int32Array,
  next: Int32Array,
  prev: Int32Array,
  perm: Int32Array,
): -1 | 0 | 1 {
  let forward = true;
  let backward = true;
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const a = path[i]!;
    const b = next[a]!;
    if (b < 0) continue;
    const ta = perm[a]!;
    const tb = perm[b]!;
    if (next[ta] !== tb) forward = false;
    if (prev[ta] !== tb) backward = false;
    if (!forward && !backward) return 0;
  }
  return forward ? 1 : -1;
}

/**
 * The board transforms that map `tour` onto itself: a closed tour as a cycle (any start, either
 * direction), an open tour as a path (possibly reversed). The identity is always listed first.
 * O(N) per transform.
 *
 * @example
 * ```ts
 * import { Board, findSymmetricTour, symmetriesOf } from "knight-tours";
 *
 * const result = findSymmetricTour(new Board(6, 6), { rotation: 180, seed: 1 });
 * console.log(symmetriesOf(result.tour!).map((s) => s.transform).join(" "));
 * // → identity rotate180
 * ```
 */
export function symmetriesOf(tour: Tour): TourSymmetry[] {
  const { next, prev } = tourLinks(tour);
  const found: TourSymmetry[] = [];
  for (const name of boardTransforms(tour.board)) {
    const how = mapsOntoItself(tour.path, next, prev, transformPermutation(tour.board, name));
    if (how !== 0) found.push({ transform: name, reverses: how === -1 && tour.path.length > 1 });
  }
  return found;
}

/** Whether the transform maps `tour` onto itself (as a cycle when closed, a path when open). */
export function isInvariant(tour: Tour, transform: TransformName): boolean {
  const { next, prev } = tourLinks(tour);
  return mapsOntoItself(tour.path, next, prev, transformPermutation(tour.board, transform)) !== 0;
}
