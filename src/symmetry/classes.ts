import type { Board } from "../core/board.js";
import { createTour, type Tour } from "../core/tour.js";
import { canonical, canonicalKey } from "./canonical.js";
import { symmetryGroup, symmetryName } from "./group.js";
import { asGeometrySymmetry, symmetriesOf } from "./invariance.js";

/** A class of closed tours under the board's symmetries (reversal included). */
export interface TourClass {
  /** The class's canonical tour. */
  readonly tour: Tour;
  /**
   * The symmetries that map a tour of the class onto itself (always "identity" first): the
   * transform names on a plain board, `symmetryName`s (`shift 0,3`, …) on a torus or cylinder.
   */
  readonly symmetries: readonly string[];
  /** How many undirected tours of the board the class holds: symmetries of the board ÷ its own. */
  readonly orbit: number;
}

/**
 * The classes up to symmetry of some closed tours (paths of cells), in a stable order: largest
 * stabiliser first, then by canonical key. Tours of one class given twice count once, so the
 * orbits sum to the number of distinct tours of the board the classes hold.
 *
 * @example
 * ```ts
 * import { Board, classifyTours, findSymmetricTour, transformTour } from "knight-tours";
 *
 * const board = new Board(6, 6);
 * const tour = findSymmetricTour(board, { rotation: 180, seed: 1 }).tour!;
 * const turned = transformTour(tour, "rotate90");
 * const classes = classifyTours(board, [tour.path, turned.path]);
 * console.log(classes.length, classes[0]!.orbit, classes[0]!.symmetries.join(" "));
 * // → 1 4 identity rotate180
 * ```
 */
export function classifyTours(board: Board, paths: readonly Int32Array[]): TourClass[] {
  const transforms = symmetryGroup(board).length;
  const byKey = new Map<string, TourClass>();
  for (const path of paths) {
    const tour = createTour(board, path, true);
    const key = canonicalKey(tour);
    if (byKey.has(key)) continue;
    const symmetries = symmetriesOf(tour).map((s) => symmetryName(asGeometrySymmetry(s)));
    byKey.set(key, { tour: canonical(tour), symmetries, orbit: transforms / symmetries.length });
  }
  return [...byKey.entries()]
    .sort(([ka, a], [kb, b]) => a.orbit - b.orbit || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .map(([, c]) => c);
}
