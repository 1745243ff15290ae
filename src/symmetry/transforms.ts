import type { Board } from "../core/board.js";
import {
  RECTANGLE_TRANSFORMS,
  TRANSFORM_NAMES,
  type TransformName,
  transformRowCol,
} from "../core/dihedral.js";
import { OptionError } from "../core/errors.js";
import type { Tour } from "../core/tour.js";

export { RECTANGLE_TRANSFORMS, TRANSFORM_NAMES, type TransformName, transformRowCol };

/** Whether the transform reverses orientation (a reflection) rather than rotating. */
export function isReflection(name: TransformName): boolean {
  return (
    name === "mirror-lr" || name === "mirror-tb" || name === "transpose" || name === "antitranspose"
  );
}

/** The transforms that map `board` onto itself: 8 on a square, 4 on any other rectangle. */
export function boardTransforms(board: Board): readonly TransformName[] {
  return board.rows === board.cols ? TRANSFORM_NAMES : RECTANGLE_TRANSFORMS;
}

function checkApplies(board: Board, name: TransformName): void {
  if (!TRANSFORM_NAMES.includes(name)) {
    throw new OptionError(
      `unknown transform '${String(name)}': expected one of ${TRANSFORM_NAMES.join(", ")}`,
      name,
    );
  }
  if (board.rows !== board.cols && !RECTANGLE_TRANSFORMS.includes(name)) {
    throw new OptionError(
      `the transform '${name}' does not map the ${board} board onto itself; a non-square board has only ${RECTANGLE_TRANSFORMS.join(", ")}`,
      name,
    );
  }
}

/** The image of a flat cell index under `name`. Throws OptionError if it does not fit the board. */
export function transformCell(board: Board, name: TransformName, cell: number): number {
  checkApplies(board, name);
  const [r, c] = transformRowCol(board.rows, board.cols, name, board.row(cell), board.col(cell));
  return r * board.cols + c;
}

// Permutations are cached per board shape and transform: canonical forms and invariance checks
// call them for every tour of an enumeration.
const permutationCache = new Map<string, Int32Array>();
const PERMUTATION_CACHE_SIZE = 64;

/**
 * The transform as a permutation of flat cell indices: `perm[cell]` is the image of `cell`.
 * Built once per shape and transform (cached); treat it as read-only.
 */
export function transformPermutation(board: Board, name: TransformName): Int32Array {
  checkApplies(board, name);
  const key = `${board.rows}x${board.cols}:${name}`;
  const hit = permutationCache.get(key);
  if (hit) return hit;
  const { rows, cols } = board;
  const perm = new Int32Array(board.cells);
  for (let r = 0, v = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, v++) {
      const [tr, tc] = transformRowCol(rows, cols, name, r, c);
      perm[v] = tr * cols + tc;
    }
  }
  if (permutationCache.size >= PERMUTATION_CACHE_SIZE) {
    permutationCache.delete(permutationCache.keys().next().value as string);
  }
  permutationCache.set(key, perm);
  return perm;
}

/**
 * The tour drawn on the transformed board: every cell of the path mapped by `name`.
 *
 * @example
 * ```ts
 * import { Board, formatTour, parseTour, transformTour } from "knight-tours";
 *
 * const tour = parseTour("# 3x4 open tour\na3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2");
 * console.log(formatTour(transformTour(tour, "rotate180"), "algebraic").split("\n")[1]);
 * // → d1 b2 d3 c1 a2 c3 b1 a3 c2 a1 b3 d2
 * ```
 */
export function transformTour(tour: Tour, name: TransformName): Tour {
  const perm = transformPermutation(tour.board, name);
  const { path } = tour;
  const out = new Int32Array(path.length);
  for (let i = 0; i < path.length; i++) out[i] = perm[path[i]!]!;
  return { board: tour.board, path: out, closed: tour.closed };
}

/** Parse a transform name (as the CLI or a caller spells it); errors list the allowed names. */
export function parseTransformName(text: string): TransformName {
  const name = text.trim().toLowerCase();
  if ((TRANSFORM_NAMES as readonly string[]).includes(name)) return name as TransformName;
  throw new OptionError(
    `unknown transform '${text}': expected one of ${TRANSFORM_NAMES.join(", ")}`,
    text,
  );
}
