import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { tourReading } from "../../src/sample/key.js";
import { randomTour } from "../../src/sample/random-search.js";

describe("randomTour(board, request, random)", () => {
  test.each([
    [8, 8, true, -1],
    [8, 8, false, -1],
    [7, 7, false, 0],
    [3, 12, true, 5],
    [4, 9, false, -1],
    [30, 31, false, -1],
    [40, 40, true, -1],
  ])(
    "%ix%i closed=%s start=%i: valid tours, mostly different, from the right cell",
    (rows, cols, closed, start) => {
      const board = new Board(rows, cols);
      const random = createRandom(rows * 100 + cols);
      const readings = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const result = randomTour(board, { closed, start }, random);
        expect(result.status).toBe("found");
        if (result.status !== "found") return;
        expect(validateTour(board, result.tour, { closed }).valid).toBe(true);
        if (closed) expect(result.tour.path[0]).toBe(Math.max(start, 0));
        else if (start >= 0) expect(result.tour.path[0]).toBe(start);
        readings.add(Array.from(tourReading(result.tour)).join(","));
      }
      // Not uniform, and 3×12 has only 176 closed tours: ask for variety, not for six different.
      expect(readings.size).toBeGreaterThanOrEqual(3);
    },
  );

  test("the same seed gives the same tour", () => {
    const board = new Board(10, 10);
    const a = randomTour(board, { closed: true, start: -1 }, createRandom(4));
    const b = randomTour(board, { closed: true, start: -1 }, createRandom(4));
    expect(a.status === "found" && b.status === "found").toBe(true);
    if (a.status === "found" && b.status === "found") {
      expect(Array.from(a.tour.path)).toEqual(Array.from(b.tour.path));
    }
  });

  test("a start no tour has is reported, not searched forever", () => {
    // 5x5: an open tour starts on the majority colour; b1 (row 4, col 1) is not.
    const result = randomTour(new Board(5, 5), { closed: false, start: 21 }, createRandom(1));
    expect(result.status).toBe("impossible");
  });
});
