import { describe, expect, test } from "vitest";
import { canBuildGiraffeFive, giraffeFiveTour } from "../../src/construct/giraffe-5xn.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { tourExists } from "../../src/theory/index.js";

/** The built giraffe tours of 5×n (src/construct/giraffe-5xn.ts), checked by the validator. */
describe("closed giraffe tours of 5×n, built", () => {
  const built = [
    24, 32, 34, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 66, 1000, 1002, 1004, 1006,
  ];
  test.each(built)("5×%i and %i×5: valid closed tours, from any start asked", (n) => {
    for (const board of [
      new Board(5, n, { piece: "giraffe" }),
      new Board(n, 5, { piece: "giraffe" }),
    ]) {
      const start = board.cells - 7;
      for (const options of [{}, { start }]) {
        const path = giraffeFiveTour(board, options)!;
        expect(validateTour(board, { path, closed: true }).valid, String(board)).toBe(true);
        expect(path[0]).toBe("start" in options ? start : 0);
      }
    }
  });

  test("exactly where the theory says a tour exists and a loop gives it; nowhere else", () => {
    for (let n = 1; n <= 80; n++) {
      const board = new Board(5, n, { piece: "giraffe" });
      const can = canBuildGiraffeFive(board);
      expect([n, can]).toEqual([n, n === 24 || (n >= 32 && n % 2 === 0 && n !== 36)]);
      if (can) expect(tourExists(board, { closed: true }).exists).toBe(true);
      else expect(giraffeFiveTour(board)).toBeNull();
    }
    for (const board of [
      new Board(5, 40, { piece: "giraffe", topology: "cylinder" }),
      new Board(5, 40, { piece: "giraffe", holes: [0] }),
      new Board(5, 40, { piece: "zebra" }),
      new Board(6, 40, { piece: "giraffe" }),
    ]) {
      expect(canBuildGiraffeFive(board), String(board)).toBe(false);
    }
  });

  test("solve's auto builds them, closed or open, and a memory limit is an error naming it", () => {
    const board = new Board(5, 48, { piece: "giraffe" });
    for (const closed of [true, false]) {
      const result = solve(board, { closed, start: 17 });
      expect([result.status, result.stats.method]).toEqual(["found", "construct"]);
      expect(validateTour(board, result.tour!, { closed }).valid).toBe(true);
      expect(result.tour!.path[0]).toBe(17);
    }
    expect(() =>
      giraffeFiveTour(new Board(5, 4000, { piece: "giraffe" }), { maxBytes: 1000 }),
    ).toThrow(/building a giraffe tour of 5x4000 needs/);
  });
});
