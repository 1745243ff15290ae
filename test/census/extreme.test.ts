import { describe, expect, it } from "vitest";
import {
  Census,
  censusStatsOfTour,
  extremeTours,
  hasBound,
  STAT_NAMES,
} from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { parseTour } from "../../src/core/index.js";
import { validateTour } from "../../src/core/validate.js";
import { symmetriesOf } from "../../src/symmetry/index.js";

describe("extremeTours on 6×6 agrees with the full census", () => {
  const board = new Board(6, 6);
  const totals = new Census(board).run();
  const histograms = totals.histogramsJson();

  for (const stat of STAT_NAMES) {
    for (const goal of ["min", "max"] as const) {
      it(`${goal} ${stat}${hasBound(stat, goal === "min") ? " (bounded)" : ""}`, () => {
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

describe("a closed 8×8 tour with 4 turns of 126.87° or 143.13° (docs/census.md)", () => {
  // Found by `knight extreme 8 --closed --min obtuse` when obtuse left out 180°. Its five straight
  // passes make it 9 obtuse turns under Knuth's definition, which counts 180° as obtuse.
  const grid = [
    " 1  4 61 38 59 40 47 44",
    "62 37 64  3 46 43 58 41",
    " 5  2 35 60 39 24 45 48",
    "36 63  6 25 14 49 42 57",
    " 7 18 13 34 23 56 29 50",
    "12 21 10 15 26 53 32 55",
    "17  8 19 22 33 30 51 28",
    "20 11 16  9 52 27 54 31",
  ].join("\n");

  it("is a closed tour with 24 acute, 9 obtuse (5 straight) and 36 orthogonal turns and no symmetry", () => {
    const tour = parseTour(grid);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
    const stats = censusStatsOfTour(tour);
    expect([stats.acute, stats.obtuse, stats.orthogonal]).toEqual([24, 9, 36]);
    expect(stats.angle127 + stats.angle143).toBe(4);
    expect(stats.angle180).toBe(5);
    expect(symmetriesOf(tour).map((s) => s.transform)).toEqual(["identity"]);
  });
});
