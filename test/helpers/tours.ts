import { Board } from "../../src/core/board.js";
import type { Tour } from "../../src/core/tour.js";

/**
 * A known open tour of 5×5 from the corner [0,0], as [row, col] pairs: a fixed input for the
 * tests that feed tour files to the CLI (test/cli/file-input.test.ts checks it with validateTour).
 */
export const OPEN_5X5_PATH: readonly (readonly [number, number])[] = [
  [0, 0],
  [2, 1],
  [4, 0],
  [3, 2],
  [4, 4],
  [2, 3],
  [0, 4],
  [1, 2],
  [2, 4],
  [0, 3],
  [1, 1],
  [3, 0],
  [4, 2],
  [3, 4],
  [1, 3],
  [0, 1],
  [2, 0],
  [4, 1],
  [3, 3],
  [1, 4],
  [0, 2],
  [1, 0],
  [3, 1],
  [4, 3],
  [2, 2],
];

/** OPEN_5X5_PATH as a Tour. */
export function open5x5Tour(): Tour {
  const board = new Board(5, 5);
  return {
    board,
    path: Int32Array.from(OPEN_5X5_PATH, ([r, c]) => board.cell(r, c)),
    closed: false,
  };
}
