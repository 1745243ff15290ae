import type { GeometrySymmetry } from "../core/symmetries.js";
import type { Tour } from "../core/tour.js";
import { forEachSymmetry } from "./group.js";
import type { TransformName } from "./transforms.js";

/**
 * Canonical forms. Two tours are equivalent when a board symmetry, a choice of start (closed
 * tours only: a cycle has no first cell) and a choice of direction turn one into the other. The
 * canonical tour of a class is its lexicographically least path:
 *
 * - closed: for each transform the image cycle is read from its least cell, towards the lesser of
 *   that cell's two neighbours — the least reading of that image, found in O(1) after the O(N)
 *   mapping; the least over the transforms wins;
 * - open: for each transform the image path is read from its lesser end.
 *
 * So the cost is O(N) per transform, 8 (or 4) transforms in all, and nothing is sorted.
 *
 * On other geometries the symmetries are the geometry's own (`symmetryGroup`): the turns and
 * mirrors its topology and holes keep, and the shifts of a torus or cylinder — O(N) each again.
 */

/** Which transform and reading gave the canonical form. */
export interface CanonicalForm {
  readonly tour: Tour;
  /** The board transform applied to the input (before any shift). */
  readonly transform: TransformName;
  /** The whole symmetry applied: the transform, then the shift of a torus or cylinder. */
  readonly symmetry: GeometrySymmetry;
}

function readingOf(
  path: Int32Array,
  perm: Int32Array,
  closed: boolean,
): { start: number; step: number } {
  const n = path.length;
  if (!closed || n < 3) {
    return perm[path[0]!]! <= perm[path[n - 1]!]!
      ? { start: 0, step: 1 }
      : { start: n - 1, step: -1 };
  }
  let start = 0;
  let least = perm[path[0]!]!;
  for (let i = 1; i < n; i++) {
    const v = perm[path[i]!]!;
    if (v < least) {
      least = v;
      start = i;
    }
  }
  const after = perm[path[start + 1 === n ? 0 : start + 1]!]!;
  const before = perm[path[start === 0 ? n - 1 : start - 1]!]!;
  return { start, step: after < before ? 1 : -1 };
}

/** The canonical representative of the tour's class, and the transform that produced it. */
export function canonicalForm(tour: Tour): CanonicalForm {
  const { path, board, closed } = tour;
  const n = path.length;
  const best = new Int32Array(n);
  let bestSymmetry: GeometrySymmetry | null = null;
  forEachSymmetry(board, (symmetry, perm) => {
    const { start, step } = readingOf(path, perm, closed);
    // Compare this reading with the best so far without building it first.
    let cmp = bestSymmetry !== null ? 0 : -1;
    if (bestSymmetry !== null) {
      for (let i = 0, j = start; i < n; i++) {
        const v = perm[path[j]!]!;
        if (v !== best[i]) {
          cmp = v < best[i]! ? -1 : 1;
          break;
        }
        j += step;
        if (j === n) j = 0;
        else if (j < 0) j = n - 1;
      }
    }
    if (cmp < 0) {
      for (let i = 0, j = start; i < n; i++) {
        best[i] = perm[path[j]!]!;
        j += step;
        if (j === n) j = 0;
        else if (j < 0) j = n - 1;
      }
      bestSymmetry = symmetry;
    }
    return undefined;
  });
  const symmetry = bestSymmetry!;
  return { tour: { board, path: best, closed }, transform: symmetry.transform, symmetry };
}

/**
 * The canonical representative of the tour's class (see `canonicalForm`).
 *
 * @example
 * ```ts
 * import { Board, canonical, canonicalKey, solve, transformTour } from "knight-tours";
 *
 * const tour = solve(new Board(6, 6), { closed: true, seed: 1 }).tour!;
 * const turned = transformTour(tour, "rotate90");
 * console.log(canonicalKey(canonical(turned)) === canonicalKey(canonical(tour))); // → true
 * ```
 */
export function canonical(tour: Tour): Tour {
  return canonicalForm(tour).tour;
}

/**
 * A stable string naming the tour's class: equal keys ⇔ equivalent tours (same board shape,
 * same closed flag, and a symmetry, start and direction mapping one onto the other).
 * Format: the geometry's key (`RxC` on a plain board, `6x6 torus`, `8x8 minus a1,h8`), then
 * `:c:` (or `:o:`), then the canonical path's cells in base 36, dot-separated.
 *
 * @example
 * ```ts
 * import { Board, canonicalKey, solve, transformTour } from "knight-tours";
 *
 * const tour = solve(new Board(6, 6), { closed: true, seed: 1 }).tour!;
 * console.log(canonicalKey(transformTour(tour, "mirror-lr")) === canonicalKey(tour)); // → true
 * console.log(canonicalKey(tour).slice(0, 6)); // → 6x6:c:
 * ```
 */
export function canonicalKey(tour: Tour): string {
  const { path } = canonical(tour);
  const parts: string[] = new Array(path.length);
  for (let i = 0; i < path.length; i++) parts[i] = path[i]!.toString(36);
  return `${tour.board.key}:${tour.closed ? "c" : "o"}:${parts.join(".")}`;
}
