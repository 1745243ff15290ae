import type { Board } from "../core/board.js";

/**
 * Squared distance of every cell from the centre of the board, scaled by 4 so that it stays an
 * integer on even sides: (2r − (rows − 1))² + (2c − (cols − 1))². Used by the `center` and
 * `roth` tie-breaks; 4 bytes per cell, computed once per walker or search.
 */
export function centreDistances(board: Board): Int32Array {
  const { rows, cols } = board;
  const out = new Int32Array(board.cells);
  for (let r = 0, v = 0; r < rows; r++) {
    const dr = 2 * r - (rows - 1);
    for (let c = 0; c < cols; c++, v++) {
      const dc = 2 * c - (cols - 1);
      // Clamped so that a pathological (but allowed) 1×10^9 board cannot overflow Int32.
      out[v] = Math.min(dr * dr + dc * dc, 0x7fffffff);
    }
  }
  return out;
}
