import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { constructHalfTurnSymmetric } from "../../src/solve/index.js";
import { symmetriesOf } from "../../src/symmetry/index.js";

function expectHalfTurnTour(board: Board) {
  const result = constructHalfTurnSymmetric(board);
  expect(result.status, board.label).toBe("found");
  const tour = result.tour!;
  expect(validateTour(board, tour, { closed: true }).valid, board.label).toBe(true);
  expect(
    symmetriesOf(tour).map((s) => s.transform),
    board.label,
  ).toContain("rotate180");
}

describe("constructHalfTurnSymmetric", () => {
  it("builds a 180°-symmetric closed tour on every even×even board from 10×10 to 40×40", () => {
    for (let r = 10; r <= 40; r += 2) {
      for (let c = 10; c <= 40; c += 2) expectHalfTurnTour(new Board(r, c));
    }
  });

  it("builds them on huge boards in linear time", () => {
    expectHalfTurnTour(new Board(1000, 1002));
    expectHalfTurnTour(new Board(1200, 1200));
  });

  it("leaves boards it cannot join to the quotient search, with a reason", () => {
    for (const [r, c] of [
      [8, 8],
      [14, 15],
      [5, 5],
    ] as const) {
      const result = constructHalfTurnSymmetric(new Board(r, c));
      expect(result.status).toBe("limit");
      expect(result.reason!.length).toBeGreaterThan(10);
    }
  });
});
