import type { Board } from "../core/board.js";
import { closedTourExists, type Existence } from "../theory/exists.js";
import type { Rotation } from "./quotient.js";

/**
 * What theory says about closed tours invariant under a rotation (the proofs are in
 * docs/symmetry.md):
 * - every closed tour needs an even number of cells, and Schwenk's conditions;
 * - a quarter turn maps a cell to one of the other colour, and it turns a symmetric tour along
 *   itself by a quarter of its length, n²/4 steps; a path of n²/4 steps between cells of
 *   different colours needs n²/4 odd, i.e. n ≡ 2 (mod 4);
 * - a half turn on a board with one odd side maps a cell to one of the other colour; a tour it
 *   turns along itself (by N/2 steps) then needs N/2 odd; one it reverses uses the two moves
 *   joining a cell near the centre to its opposite cell. Both kinds are left to the search.
 * Anything not settled here is "unknown" and the search decides.
 */
export function symmetricTourExists(board: Board, rotation: Rotation): Existence {
  const closed = closedTourExists(board);
  if (closed.exists === false) {
    return {
      exists: false,
      reason: `no closed tour of ${board} exists at all, symmetric or not: ${closed.reason}`,
    };
  }
  if (rotation === 90) {
    const n = board.rows;
    if (board.rows !== board.cols) {
      return {
        exists: false,
        reason: `a quarter turn does not map the ${board} board onto itself`,
      };
    }
    if (n % 4 === 0) {
      return {
        exists: false,
        reason: `a closed tour with 90° symmetry needs n ≡ 2 (mod 4), and ${n} ≡ 0 (mod 4): a quarter turn moves every cell to a cell of the other colour and moves the tour along itself by n²/4 = ${(n * n) / 4} moves, but a path between cells of different colours has an odd number of moves`,
      };
    }
  }
  return {
    exists: "unknown",
    reason: `theory does not settle whether ${board} has a closed tour with ${rotation}° symmetry`,
  };
}

/**
 * Which kinds of symmetric tour the colour argument allows (see docs/symmetry.md):
 * - rotating (the rotation moves the tour along itself by N/k steps): a cell and its image have
 *   the same colour when rows + cols is even (both sides even) and the other colour otherwise;
 *   a path of N/k steps joins cells of the same colour exactly when N/k is even. So with a half
 *   turn and one odd side N/2 must be odd; with a quarter turn (n even) N/4 must be odd.
 * - reversing (half turn only): needs a move from a cell to its opposite cell, which exists only
 *   when one side is odd (with both even the row and column differences are both odd).
 */
export function symmetricKinds(
  board: Board,
  rotation: Rotation,
): { rotating: boolean; reversing: boolean } {
  const { rows, cols, cells } = board;
  if (cells % 2 === 1) return { rotating: false, reversing: false };
  if (rotation === 90) {
    return { rotating: rows === cols && ((cells / 4) & 1) === 1, reversing: false };
  }
  const oneOdd = (rows + cols) % 2 === 1;
  return { rotating: !oneOdd || ((cells / 2) & 1) === 1, reversing: oneOdd };
}
