import type { GeometrySymmetry } from "../core/symmetries.js";
import type { Tour } from "../core/tour.js";
import { forEachSymmetry, groupPermutation, shifts } from "./group.js";
import { type TransformName, transformPermutation } from "./transforms.js";

/**
 * A symmetry of a tour: a symmetry of its board (a turn or mirror, then on a torus or cylinder a
 * shift) that maps the tour onto itself.
 */
export interface TourSymmetry {
  readonly transform: TransformName;
  /** Rows shifted after the transform (tori), present only when a shift is part of it. */
  readonly shiftRows?: number;
  /** Columns shifted after the transform (tori, cylinders), present only with a shift. */
  readonly shiftCols?: number;
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
 * The symmetries of the board that map `tour` onto itself: a closed tour as a cycle (any start,
 * either direction), an open tour as a path (possibly reversed). The identity is always listed
 * first. On a plain board these are among its 8 (or 4) transforms; on other geometries among
 * the geometry's own (`geometrySymmetries`: the turns and mirrors its topology and holes keep,
 * and the shifts of a torus or cylinder). O(N) per symmetry.
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
  const reversible = tour.path.length > 1;
  forEachSymmetry(tour.board, (symmetry, perm) => {
    const how = mapsOntoItself(tour.path, next, prev, perm);
    if (how === 0) return undefined;
    const reverses = how === -1 && reversible;
    const { transform, shiftRows, shiftCols } = symmetry;
    found.push(
      shifts(symmetry) ? { transform, shiftRows, shiftCols, reverses } : { transform, reverses },
    );
    return undefined;
  });
  return found;
}

/**
 * Whether the transform (a D4 name) or the geometry's symmetry maps `tour` onto itself (as a
 * cycle when closed, a path when open).
 */
export function isInvariant(tour: Tour, symmetry: TransformName | GeometrySymmetry): boolean {
  const { next, prev } = tourLinks(tour);
  const perm =
    typeof symmetry === "string"
      ? transformPermutation(tour.board, symmetry)
      : groupPermutation(tour.board, symmetry, new Int32Array(tour.board.cells));
  return mapsOntoItself(tour.path, next, prev, perm) !== 0;
}

/** A tour symmetry as the geometry's symmetry (no shift unless it has one). */
export function asGeometrySymmetry(symmetry: TourSymmetry): GeometrySymmetry {
  return {
    transform: symmetry.transform,
    shiftRows: symmetry.shiftRows ?? 0,
    shiftCols: symmetry.shiftCols ?? 0,
  };
}
