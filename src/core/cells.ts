import type { Board } from "./board.js";
import { CellError, OptionError } from "./errors.js";

/**
 * Cell names. Two notations:
 * - algebraic: file letters a..z, aa, ab, … from the left, rank 1 at the bottom (`a1`, `h8`);
 * - row,column: 0-based, row 0 at the top as printed (`0,0`, `7,7`).
 * Inside the library a cell is always the flat index `r * cols + c`.
 */

export type CellNotation = "algebraic" | "rc";

/** File letters for a 0-based column: 0 → a, 25 → z, 26 → aa (bijective base 26). */
export function fileName(col: number): string {
  let n = col + 1;
  let name = "";
  while (n > 0) {
    const digit = (n - 1) % 26;
    name = String.fromCharCode(97 + digit) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** 0-based column of file letters (`a` → 0, `aa` → 26); -1 when not letters. */
export function fileIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toLowerCase()) {
    const code = ch.charCodeAt(0);
    if (code < 97 || code > 122) return -1;
    n = n * 26 + (code - 96);
  }
  return n - 1;
}

export function formatCell(
  board: Board,
  cell: number,
  notation: CellNotation = "algebraic",
): string {
  // An index off the board has no name: formatting it would print nonsense ("e-14" for 99 on
  // 5×5), so it is refused like a bad cell anywhere else.
  if (!Number.isSafeInteger(cell) || cell < 0 || cell >= board.cells) {
    throw new CellError(
      `cell ${String(cell)} is not on the ${board} board (cells 0..${board.cells - 1})`,
      cell,
    );
  }
  const r = board.row(cell);
  const c = board.col(cell);
  return notation === "rc" ? `${r},${c}` : `${fileName(c)}${board.rows - r}`;
}

function filesRange(board: Board): string {
  return board.cols === 1 ? "a" : `a..${fileName(board.cols - 1)}`;
}

/**
 * Parse `a1`-style or `r,c` text into a flat cell index on `board`. Errors name the text, the
 * board and what is allowed.
 */
export function parseCell(text: string, board: Board): number {
  const t = text.trim();
  const rc = /^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$/.exec(t);
  if (rc) {
    const r = Number(rc[1]);
    const c = Number(rc[2]);
    if (r < 0 || r >= board.rows || c < 0 || c >= board.cols) {
      throw new CellError(
        `cell '${text}' is not on the ${board} board: row must be 0..${board.rows - 1} and column 0..${board.cols - 1}`,
        text,
      );
    }
    return board.cell(r, c);
  }
  const alg = /^([a-zA-Z]+)(\d+)$/.exec(t);
  if (alg) {
    const c = fileIndex(alg[1]!);
    const rank = Number(alg[2]);
    if (c < 0 || c >= board.cols || rank < 1 || rank > board.rows) {
      throw new CellError(
        `cell '${text}' is not on the ${board} board: files are ${filesRange(board)} and ranks 1..${board.rows}`,
        text,
      );
    }
    return board.cell(board.rows - rank, c);
  }
  throw new CellError(
    `bad cell '${text}': expected a file and rank like a1 (files ${filesRange(board)}, ranks 1..${board.rows}) or a 0-based row,column like 0,0`,
    text,
  );
}

/**
 * Check an option that names a cell by flat index (`start`, `end`): undefined passes; anything
 * else must be an integer 0..cells-1 that is not a hole. Every front door taking cells checks them the same way.
 *
 * @throws OptionError (code BAD_OPTION) naming the option, the value and the allowed range.
 */
export function checkCellOption(board: Board, cell: number | undefined, name: string): void {
  if (cell === undefined) return;
  if (!Number.isSafeInteger(cell) || cell < 0 || cell >= board.cells) {
    throw new OptionError(
      `${name} cell ${String(cell)} is not on the ${board} board (cells 0..${board.cells - 1})`,
      cell,
    );
  }
  if (board.isHole(cell)) {
    throw new OptionError(
      `${name} cell ${formatCell(board, cell)} is a hole of the ${board} board`,
      cell,
    );
  }
}
