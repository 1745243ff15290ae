import type { Board } from "./board.js";
import {
  RECTANGLE_TRANSFORMS,
  TRANSFORM_NAMES,
  type TransformName,
  transformRowCol,
} from "./dihedral.js";
import { wrapsColumns, wrapsRows } from "./topology.js";

/**
 * The symmetries of a geometry: the maps of cells to cells that send moves to moves and holes
 * to holes. Each is a turn or reflection of the rectangle (D4 on squares, D2 otherwise) followed
 * by a shift — on a torus any shift of rows and columns, on a cylinder any shift of columns (the
 * board turned about its axis), on a plane none. Leapers move alike in all eight directions, so
 * the piece never breaks a symmetry; the topology and the holes can.
 */
export interface GeometrySymmetry {
  readonly transform: TransformName;
  /** Rows added (mod rows) after the transform; 0 unless rows wrap. */
  readonly shiftRows: number;
  /** Columns added (mod cols) after the transform; 0 unless columns wrap. */
  readonly shiftCols: number;
}

/** The turns and reflections that keep the topology: a cylinder may not be turned on its side. */
function shapeTransforms(board: Board): readonly TransformName[] {
  if (board.rows !== board.cols) return RECTANGLE_TRANSFORMS;
  // A quarter turn or a diagonal reflection swaps rows and columns: only a torus (or a plane)
  // treats them alike.
  return board.topology === "cylinder" ? RECTANGLE_TRANSFORMS : TRANSFORM_NAMES;
}

/** The image of `cell` under `symmetry`. */
export function applySymmetry(board: Board, symmetry: GeometrySymmetry, cell: number): number {
  const { rows, cols } = board;
  const [r, c] = transformRowCol(
    rows,
    cols,
    symmetry.transform,
    Math.floor(cell / cols),
    cell % cols,
  );
  return ((r + symmetry.shiftRows) % rows) * cols + ((c + symmetry.shiftCols) % cols);
}

/** The symmetry as a permutation of flat cells: `perm[cell]` is the image of `cell`. */
export function symmetryPermutation(board: Board, symmetry: GeometrySymmetry): Int32Array {
  const perm = new Int32Array(board.cells);
  for (let v = 0; v < board.cells; v++) perm[v] = applySymmetry(board, symmetry, v);
  return perm;
}

/**
 * Every symmetry of the geometry, the identity first. Their number is at most 8 × rows × cols
 * (a square torus without holes); a plain rectangle has its 8 or 4.
 *
 * @example
 * ```ts
 * import { Board, geometrySymmetries } from "knight-tours";
 *
 * console.log(geometrySymmetries(new Board(8, 8)).length); // → 8
 * console.log(geometrySymmetries(new Board(6, 6, { topology: "torus" })).length); // → 288
 * console.log(geometrySymmetries(new Board(8, 8, { holes: [0] })).length); // → 2
 * ```
 */
export function geometrySymmetries(board: Board): GeometrySymmetry[] {
  const rowShifts = wrapsRows(board.topology) ? board.rows : 1;
  const colShifts = wrapsColumns(board.topology) ? board.cols : 1;
  const out: GeometrySymmetry[] = [];
  for (const transform of shapeTransforms(board)) {
    for (let shiftRows = 0; shiftRows < rowShifts; shiftRows++) {
      for (let shiftCols = 0; shiftCols < colShifts; shiftCols++) {
        const symmetry = { transform, shiftRows, shiftCols };
        if (keepsHoles(board, symmetry)) out.push(symmetry);
      }
    }
  }
  return out;
}

function keepsHoles(board: Board, symmetry: GeometrySymmetry): boolean {
  for (const h of board.holes) if (!board.isHole(applySymmetry(board, symmetry, h))) return false;
  return true;
}
