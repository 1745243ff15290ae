import { Board, solve, type Tour, validateTour } from "../../src/index.js";
import { teachingSolveOptions } from "../../src/play/index.js";

/** A tour from the library's solver, checked by the independent validator. */
export function solvedTour(rows: number, cols: number, closed: boolean): Tour {
  const board = new Board(rows, cols);
  const result = solve(board, { closed, seed: 7 });
  if (result.status !== "found" || result.tour === null) {
    throw new Error(`solve(${board}, closed=${closed}) gave ${result.status}: ${result.reason}`);
  }
  const check = validateTour(board, result.tour, { closed });
  if (!check.valid) throw new Error(check.message);
  return result.tour;
}

/** A small tour from the teaching mode's search (Warnsdorff order finds it at once). */
export function backtrackedTour(rows: number, cols: number, closed: boolean, start = 0): Tour {
  const board = new Board(rows, cols);
  const result = solve(board, teachingSolveOptions({ closed, start, order: "warnsdorff" }));
  if (result.tour === null) throw new Error(`no tour on ${board}`);
  return result.tour;
}
