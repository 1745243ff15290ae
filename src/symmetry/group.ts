import type { Board } from "../core/board.js";
import { type GeometrySymmetry, geometrySymmetries } from "../core/symmetries.js";
import type { Tour } from "../core/tour.js";
import { transformPermutation } from "./transforms.js";

/**
 * The symmetry group of a geometry as the rest of src/symmetry uses it: the elements of
 * `geometrySymmetries(board)` (identity first) and their permutations of cells.
 *
 * A plain rectangle's group is its D4 or D2, exactly the transforms `boardTransforms` lists, in
 * the same order; their permutations come from `transformPermutation`'s cache, so canonical
 * forms and invariance tests on the knight's boards cost what they did before geometries. A
 * wrapped board adds shifts: a square torus has 8 × rows × cols symmetries, too many to keep
 * as permutations on large boards, so each shifted one is written into a scratch buffer as it
 * is visited (O(cells), the same order as the test that reads it).
 */

/** How a group element reads in messages and listings: `rotate90`, `shift 0,3`, `mirror-lr + shift 2,0`. */
export function symmetryName(symmetry: GeometrySymmetry): string {
  const { transform, shiftRows, shiftCols } = symmetry;
  if (shiftRows === 0 && shiftCols === 0) return transform;
  const shift = `shift ${shiftRows},${shiftCols}`;
  return transform === "identity" ? shift : `${transform} + ${shift}`;
}

/** Whether the element shifts (on a torus or cylinder). */
export function shifts(symmetry: GeometrySymmetry): boolean {
  return symmetry.shiftRows !== 0 || symmetry.shiftCols !== 0;
}

const EMPTY = new Int32Array(0);

// The group of the last few geometries: canonical forms call this once per tour of a listing.
const groupCache = new Map<string, readonly GeometrySymmetry[]>();
const GROUP_CACHE_SIZE = 16;

/** The geometry's symmetries (identity first), cached by geometry key. Treat as read-only. */
export function symmetryGroup(board: Board): readonly GeometrySymmetry[] {
  const hit = groupCache.get(board.key);
  if (hit) return hit;
  const group = geometrySymmetries(board);
  if (groupCache.size >= GROUP_CACHE_SIZE) {
    groupCache.delete(groupCache.keys().next().value as string);
  }
  groupCache.set(board.key, group);
  return group;
}

/**
 * The permutation of `symmetry`: the cached D4 one when it does not shift, else written into
 * `scratch` (length `board.cells`) and returned. The result is read-only and, for a shifted
 * symmetry, valid until `scratch` is written again.
 */
export function groupPermutation(
  board: Board,
  symmetry: GeometrySymmetry,
  scratch: Int32Array,
): Int32Array {
  const base = transformPermutation(board, symmetry.transform);
  if (!shifts(symmetry)) return base;
  const { rows, cols } = board;
  const { shiftRows, shiftCols } = symmetry;
  for (let v = 0; v < base.length; v++) {
    const t = base[v]!;
    const r = Math.floor(t / cols) + shiftRows;
    const c = (t % cols) + shiftCols;
    scratch[v] = (r >= rows ? r - rows : r) * cols + (c >= cols ? c - cols : c);
  }
  return scratch;
}

/**
 * Call `visit` with every element of the group and its permutation (identity first); stops
 * early when `visit` returns false.
 */
export function forEachSymmetry(
  board: Board,
  visit: (symmetry: GeometrySymmetry, perm: Int32Array) => boolean | undefined,
): void {
  // Only a shifted symmetry needs the buffer: the plain boards' groups allocate nothing here.
  let scratch: Int32Array | null = null;
  for (const symmetry of symmetryGroup(board)) {
    if (shifts(symmetry)) scratch ??= new Int32Array(board.cells);
    const perm = groupPermutation(board, symmetry, scratch ?? EMPTY);
    if (visit(symmetry, perm) === false) return;
  }
}

/**
 * The tour drawn through the symmetry: every cell of the path mapped. On a torus or cylinder
 * the image may use wrapped moves where the original did not; it is a tour of the same board.
 */
export function mapTour(tour: Tour, symmetry: GeometrySymmetry): Tour {
  const perm = groupPermutation(tour.board, symmetry, new Int32Array(tour.board.cells));
  const { path } = tour;
  const out = new Int32Array(path.length);
  for (let i = 0; i < path.length; i++) out[i] = perm[path[i]!]!;
  return { board: tour.board, path: out, closed: tour.closed };
}
