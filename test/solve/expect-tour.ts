import { expect } from "vitest";
import type { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import type { SolveResult } from "../../src/solve/index.js";

/** Assert that `result` found a valid tour meeting the request (start, end, closed). */
export function expectTour(
  board: Board,
  result: SolveResult,
  request: {
    start?: number | undefined;
    end?: number | undefined;
    closed?: boolean | undefined;
  } = {},
): void {
  expect(result.status, result.reason).toBe("found");
  const tour = result.tour!;
  const check = validateTour(board, tour, { closed: request.closed === true });
  expect(check.valid, check.valid ? "" : check.message).toBe(true);
  if (request.start !== undefined) expect(tour.path[0]).toBe(request.start);
  if (request.end !== undefined) expect(tour.path[tour.path.length - 1]).toBe(request.end);
}

/** Assert that `path` is a knight's path without repeats (a partial tour). */
export function expectKnightPath(board: Board, path: ArrayLike<number>): void {
  const seen = new Set<number>();
  for (let i = 0; i < path.length; i++) {
    expect(seen.has(path[i]!)).toBe(false);
    seen.add(path[i]!);
    if (i > 0) expect(board.isKnightMove(path[i - 1]!, path[i]!)).toBe(true);
  }
}
