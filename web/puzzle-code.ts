/**
 * A puzzle in an address: `8x8_1a8.12d1…` — the board, then each clue as its number and cell
 * name, in step order. Short enough to share, and read back by the worker, which checks the
 * clues with the library (createPuzzle) and proves the puzzle has one solution.
 */
import { type Board, formatCell, parseCell } from "../src/index.js";

/** The largest side of a puzzle board the page makes or reads. */
const PUZZLE_MAX_SIDE = 12;

interface PuzzleCode {
  readonly rows: number;
  readonly cols: number;
  /** [cell, step] pairs. */
  readonly clues: ReadonlyArray<readonly [number, number]>;
}

export function encodePuzzle(board: Board, clues: Int32Array): string {
  const parts: Array<[number, string]> = [];
  clues.forEach((step, cell) => {
    if (step > 0) parts.push([step, `${step}${formatCell(board, cell)}`]);
  });
  parts.sort((a, b) => a[0] - b[0]);
  return `${board.rows}x${board.cols}_${parts.map((p) => p[1]).join(".")}`;
}

/** The board size and clues of a code; an Error naming what cannot be read. */
export function decodePuzzle(
  code: string,
  boardOf: (rows: number, cols: number) => Board,
): PuzzleCode {
  const match = /^(\d+)x(\d+)_(.*)$/.exec(code);
  if (!match) throw new Error(`“${code}” is not a puzzle: it should look like 8x8_1a8.12d1`);
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  if (!(rows >= 3 && cols >= 3 && rows <= PUZZLE_MAX_SIDE && cols <= PUZZLE_MAX_SIDE)) {
    throw new Error(
      `the puzzle board ${rows}×${cols} is not one the page plays: sides run from 3 to ${PUZZLE_MAX_SIDE}`,
    );
  }
  const board = boardOf(rows, cols);
  const clues: Array<readonly [number, number]> = [];
  for (const part of match[3]!.split(".").filter((p) => p !== "")) {
    const clue = /^(\d+)([a-z]+\d+)$/.exec(part);
    if (!clue) throw new Error(`the clue “${part}” is not a number and a square, like 12d1`);
    clues.push([parseCell(clue[2]!, board), Number(clue[1])]);
  }
  return { rows, cols, clues };
}
