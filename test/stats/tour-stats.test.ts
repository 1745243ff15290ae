import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { InvalidTourError } from "../../src/core/errors.js";
import { createTour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { slopeHistogram, slopeOf } from "../../src/stats/slopes.js";
import { formatTourStats, tourStats } from "../../src/stats/tour-stats.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { boardTransforms, transformTour } from "../../src/symmetry/transforms.js";
import { TOUR_3X4 } from "./fixtures.js";

describe("tourStats(tour)", () => {
  const board = new Board(3, 4);
  const tour = createTour(
    board,
    TOUR_3X4.map(([r, c]) => board.cell(r, c)),
    false,
  );

  test("the 3×4 open tour, by hand", () => {
    expect(validateTour(board, tour).valid).toBe(true);
    const s = tourStats(tour);
    expect(s.moves).toBe(11);
    expect(s.length).toBeCloseTo(11 * Math.sqrt(5), 12);
    expect(s.slopes).toEqual({ "2": 3, "-2": 1, "1/2": 3, "-1/2": 4 });
    expect(s.angles.byClass).toEqual([4, 4, 2, 0, 0, 0]);
    expect(s.symmetries.map((x) => x.transform)).toEqual(["identity"]);
    expect(s.ends).toEqual({ start: 0, end: 1, sameColour: false });
    expect(s.closed).toBe(false);
  });

  test("slopeOf: rank 1 at the bottom, so up-and-right is positive", () => {
    const b = new Board(5);
    expect(slopeOf(5, b.cell(4, 0), b.cell(2, 1))).toBe("2");
    expect(slopeOf(5, b.cell(2, 1), b.cell(4, 0))).toBe("2");
    expect(slopeOf(5, b.cell(0, 0), b.cell(2, 1))).toBe("-2");
    expect(slopeOf(5, b.cell(4, 0), b.cell(3, 2))).toBe("1/2");
    expect(slopeOf(5, b.cell(0, 0), b.cell(1, 2))).toBe("-1/2");
  });

  test("every statistic is invariant under the board's transforms (property)", () => {
    // Slopes permute: mirrors swap the signs; quarter turns and diagonal flips also swap steep
    // with shallow. The multiset of the four counts is what every transform keeps.
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 12 }),
        fc.integer({ min: 5, max: 12 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
        (rows, cols, seed, closed) => {
          const b = new Board(rows, cols);
          const t = closed
            ? (findSymmetricTour(b, { rotation: 180, seed }).tour ??
              solve(b, { closed: true, seed, maxAttempts: 100 }).tour)
            : solve(b, { seed, maxAttempts: 100 }).tour;
          if (t === null) return;
          const base = tourStats(t);
          const sorted = (h: Record<string, number>) => Object.values(h).sort((x, y) => x - y);
          for (const name of boardTransforms(b)) {
            const s = tourStats(transformTour(t, name));
            expect(s.angles).toEqual(base.angles);
            expect(s.crossings.total).toBe(base.crossings.total);
            expect(s.crossings.mostCrossings).toBe(base.crossings.mostCrossings);
            expect(s.length).toBe(base.length);
            expect(s.moves).toBe(base.moves);
            expect(s.symmetries.length).toBe(base.symmetries.length);
            expect(s.ends.sameColour).toBe(base.ends.sameColour);
            expect(sorted(s.slopes)).toEqual(sorted(base.slopes));
            const steep = (h: typeof s.slopes) => h["2"] + h["-2"];
            if (name === "rotate180" || name.startsWith("mirror")) {
              expect(steep(s.slopes)).toBe(steep(base.slopes));
            }
            if (name === "rotate180") expect(s.slopes).toEqual(base.slopes);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  test("closed tours count n moves and n turns; the symmetry of a symmetric tour is shown", () => {
    const sym = findSymmetricTour(new Board(10), { rotation: 90 }).tour!;
    const s = tourStats(sym);
    expect(s.moves).toBe(100);
    expect(s.angles.turns).toBe(100);
    expect(Object.values(s.slopes).reduce((x, y) => x + y, 0)).toBe(100);
    expect(s.symmetries.map((x) => x.transform)).toEqual([
      "identity",
      "rotate90",
      "rotate180",
      "rotate270",
    ]);
    // A quarter-turn symmetric tour has as many steep moves as shallow ones.
    expect(s.slopes["2"] + s.slopes["-2"]).toBe(50);
    const text = formatTourStats(sym, s);
    expect(text).toMatch(/closed tour, 100 moves/);
    expect(text).toMatch(/symmetry: rotate90, rotate180, rotate270/);
  });

  test("slopeHistogram sums to the number of moves", () => {
    const t = solve(new Board(8), { seed: 3 }).tour!;
    expect(Object.values(slopeHistogram(t)).reduce((a, b) => a + b, 0)).toBe(63);
  });

  test("formatTourStats names the most crossed move and the end colours", () => {
    const text = formatTourStats(tour);
    expect(text).toMatch(/^board: 3×4, open tour, 11 moves$/m);
    expect(text).toMatch(
      /turns: 10 — acute 8, obtuse 0, orthogonal 2 \(180° counts as obtuse and orthogonal\)/,
    );
    expect(text).toMatch(/ends: a3 even \(r\+c\), a2 odd \(r\+c\) \(different colours\)/);
  });
});

describe("tourStats refuses a path that is not made of knight moves", () => {
  // It threw a RangeError from deep inside the turn angles.
  const board = new Board(5, 5);
  test.each([
    [[0, 99, 3], /step 2 is cell 99, which is not on the 5×5 board/],
    [[0, 7, 1], /step 2 → 3 is not a knight's move/],
  ])("%j", (cells, message) => {
    const tour = { board, path: Int32Array.from(cells), closed: false };
    expect(() => tourStats(tour)).toThrow(InvalidTourError);
    expect(() => tourStats(tour)).toThrow(message);
  });

  test("still reads a partial path", () => {
    const stats = tourStats({ board, path: Int32Array.from([0, 7, 14]), closed: false });
    expect(stats.moves).toBe(2);
  });
});
