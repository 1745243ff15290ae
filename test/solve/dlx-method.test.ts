import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";

describe("solve(board, { method: 'dlx' })", () => {
  it.each([
    [6, 6, true, {}],
    [8, 8, true, { start: 27 }],
    [12, 12, true, {}],
    [5, 5, false, { start: 0 }],
    [6, 7, false, { start: 0, end: 41 }],
    [3, 10, true, {}],
  ] as const)("finds a valid tour of %ix%i (closed %s)", (rows, cols, closed, ends) => {
    const board = new Board(rows, cols);
    const result = solve(board, { method: "dlx", closed, ...ends });
    expect(result.status).toBe("found");
    expect(result.stats.method).toBe("dlx");
    const tour = result.tour!;
    expect(validateTour(board, tour, { closed }).valid).toBe(true);
    if ("start" in ends) expect(tour.path[0]).toBe(ends.start);
    if ("end" in ends) expect(tour.path[tour.path.length - 1]).toBe(ends.end);
  });

  it("answers impossible requests from theory", () => {
    expect(solve(new Board(5, 5), { method: "dlx", closed: true }).status).toBe("impossible");
  });
});
