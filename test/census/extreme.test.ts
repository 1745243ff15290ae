import { describe, expect, it } from "vitest";
import {
  Census,
  censusStatsOfTour,
  extremeTours,
  optimistOf,
  STAT_NAMES,
} from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";

describe("extremeTours on 6×6 agrees with the full census", () => {
  const board = new Board(6, 6);
  const totals = new Census(board).run();
  const histograms = totals.histogramsJson();

  for (const stat of STAT_NAMES) {
    for (const goal of ["min", "max"] as const) {
      it(`${goal} ${stat}${optimistOf(stat, goal) ? " (bounded)" : ""}`, () => {
        const values = Object.keys(histograms[stat]).map(Number);
        const want = goal === "min" ? Math.min(...values) : Math.max(...values);
        const result = extremeTours(board, { stat, goal });
        expect(result.status).toBe("done");
        expect(result.value).toBe(want);
        expect(result.tours).toBe(BigInt(histograms[stat][String(want)]!));
        const tour = result.tour!;
        expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
        expect(censusStatsOfTour(tour)[stat]).toBe(want);
      });
    }
  }

  it("skips subproblems by their bound (fewest obtuse turns)", () => {
    const result = extremeTours(board, { stat: "obtuse", goal: "min" });
    expect(result.bounded).toBe(true);
    expect(result.searched).toBeLessThan(result.subproblems);
  });

  it("refuses an unknown statistic by name", () => {
    expect(() => extremeTours(board, { stat: "length" as "acute", goal: "min" })).toThrow(
      /stat must be one of acute, obtuse/,
    );
  });
});
