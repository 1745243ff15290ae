import { type ConstructOptions, constructTour } from "../construct/construct.js";
import { constructSymmetricTour } from "../construct/symmetric.js";
import type { Board } from "../core/board.js";
import type { TourResult } from "../core/result.js";
import { searchSmallTour } from "./solve.js";

/**
 * The construction as the library offers it: src/construct's builders with `search` as their
 * small-board finder (construct sits below solve in the layers, so it is handed the finder).
 */

/**
 * Build a tour of `board` by divide and conquer (Parberry 1997; src/construct): linear time.
 * Closed tours exist on every board the construction covers except odd×odd ones (open only).
 * Returns the solver result shape; status "impossible" says why when the board has no such
 * tour, and boards it does not cover (a side under 5, or 3–4 with the other side at most 34)
 * answer "limit" with a reason so callers can fall back to a search.
 * A `start` that is not a cell of the board throws an OptionError (BAD_OPTION).
 *
 * @example
 * ```ts
 * import { Board, construct, validateTour } from "knight-tours";
 *
 * const board = new Board(1000, 1000);
 * const result = construct(board, { closed: true }); // linear time: tens of milliseconds
 * console.log(result.status, result.tour!.path.length); // → found 1000000
 * console.log(validateTour(board, result.tour!).valid); // → true
 * ```
 */
export function construct(board: Board, options: ConstructOptions = {}): TourResult {
  return constructTour(board, searchSmallTour, options);
}

/**
 * A closed tour of a large board unchanged by a half turn, built from a constructed tour of
 * half the board and its turned copy, joined by a symmetric pair of moves (src/construct/
 * symmetric.ts). Linear time; boards it cannot build answer status "limit" with the reason.
 */
export function constructHalfTurnSymmetric(
  board: Board,
  options: { readonly maxBytes?: number | undefined } = {},
): TourResult {
  return constructSymmetricTour(board, searchSmallTour, options);
}
