import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";

/**
 * A knight's tour puzzle: a board (its piece, topology and holes), whether the tour is closed,
 * and the clues — some cells already numbered with their step (1-based, as printed). The
 * solver writes in the other numbers so that consecutive numbers are one move apart.
 */
export interface Puzzle {
  readonly board: Board;
  /** The answer is a closed tour: the last number is one move from the first. */
  readonly closed: boolean;
  /** The clue of each cell: its step number, or 0 where the cell is blank. */
  readonly clues: Int32Array;
}

/** A clue as the formats write it: the cell's row and column (0-based, row 0 on top) and its step. */
export type Clue = readonly [row: number, col: number, step: number];

/**
 * A puzzle from its board and clues (flat cell → step). Refused with an OptionError naming the
 * value: a clue off the board or on a hole, a step outside 1..vertexCount, a step or a cell
 * given twice.
 */
export function createPuzzle(
  board: Board,
  clues: Iterable<readonly [cell: number, step: number]>,
  options: { readonly closed?: boolean } = {},
): Puzzle {
  const byCell = new Int32Array(board.cells);
  const cellOfStep = new Map<number, number>();
  for (const [cell, step] of clues) {
    const problem = clueProblem(board, cell, step, byCell[cell] ?? 0, cellOfStep.get(step));
    if (problem !== null) throw new OptionError(problem, [cell, step]);
    byCell[cell] = step;
    cellOfStep.set(step, cell);
  }
  return { board, closed: options.closed === true, clues: byCell };
}

/**
 * Why a clue cannot stand (null when it can): `previous` is the step already on that cell (0
 * when none), `cellOfStep` the cell already holding that step. Shared by the parsers, which
 * add the line and column.
 */
export function clueProblem(
  board: Board,
  cell: number,
  step: number,
  previous: number,
  cellOfStep: number | undefined,
): string | null {
  if (!Number.isSafeInteger(cell) || cell < 0 || cell >= board.cells) {
    return `clue ${step} is on cell ${cell}, which is not on the ${board} board (cells 0..${board.cells - 1})`;
  }
  const name = formatCell(board, cell);
  if (board.isHole(cell)) return `clue ${step} is on ${name}, a hole of the board`;
  if (!Number.isSafeInteger(step) || step < 1 || step > board.vertexCount) {
    return `clue ${step} on ${name} is out of range: steps run from 1 to ${board.vertexCount} on the ${board} board`;
  }
  if (cellOfStep !== undefined) {
    return `step ${step} is given twice, on ${formatCell(board, cellOfStep)} and on ${name}`;
  }
  if (previous !== 0) return `${name} is given two numbers, ${previous} and ${step}`;
  return null;
}

/** The clues as [cell, step] pairs in step order. */
export function clueList(puzzle: Puzzle): Array<[cell: number, step: number]> {
  const list: Array<[number, number]> = [];
  puzzle.clues.forEach((step, cell) => {
    if (step > 0) list.push([cell, step]);
  });
  return list.sort((a, b) => a[1] - b[1]);
}

/** How many cells are numbered. */
export function clueCount(puzzle: Puzzle): number {
  let count = 0;
  for (const step of puzzle.clues) if (step > 0) count++;
  return count;
}
