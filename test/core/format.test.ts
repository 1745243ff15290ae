import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { InvalidTourError, TourParseError } from "../../src/core/errors.js";
import {
  detectTourFormat,
  formatAlgebraic,
  formatGrid,
  formatTour,
  formatTourJson,
  parseAlgebraic,
  parseGrid,
  parseTour,
  parseTourJson,
  TOUR_FORMATS,
} from "../../src/core/format/index.js";
import type { Tour } from "../../src/core/tour.js";
import { bruteForceTour } from "../helpers/brute-force.js";

/** A random board with a random ordering of all its cells (formats need not see real tours). */
const arbitraryTour = fc
  .record({
    rows: fc.integer({ min: 1, max: 30 }),
    cols: fc.integer({ min: 1, max: 30 }),
    seed: fc.nat(),
    closed: fc.boolean(),
  })
  .map(({ rows, cols, seed, closed }): Tour => {
    const board = new Board(rows, cols);
    const path = Int32Array.from({ length: board.cells }, (_, i) => i);
    let s = seed;
    for (let i = path.length - 1; i > 0; i--) {
      s = (s * 1103515245 + 12345) >>> 0;
      const j = s % (i + 1);
      [path[i], path[j]] = [path[j]!, path[i]!];
    }
    return { board, path, closed };
  });

function sameTour(a: Tour, b: Tour): boolean {
  return (
    a.board.equals(b.board) &&
    a.path.length === b.path.length &&
    a.path.every((v, i) => v === b.path[i])
  );
}

describe("tour formats round-trip", () => {
  it("JSON keeps board, path and the closed flag", () => {
    fc.assert(
      fc.property(arbitraryTour, (tour) => {
        const back = parseTourJson(formatTourJson(tour));
        return sameTour(tour, back) && back.closed === tour.closed;
      }),
    );
  });

  it("the numbered grid keeps board and path", () => {
    fc.assert(fc.property(arbitraryTour, (tour) => sameTour(tour, parseGrid(formatGrid(tour)))));
  });

  it("algebraic move lists keep board, path and the closed flag", () => {
    fc.assert(
      fc.property(arbitraryTour, (tour) => {
        const back = parseAlgebraic(formatAlgebraic(tour));
        return sameTour(tour, back) && back.closed === tour.closed;
      }),
    );
  });

  it("parseTour detects each format", () => {
    fc.assert(
      fc.property(arbitraryTour, fc.constantFrom(...TOUR_FORMATS), (tour, format) => {
        const text = formatTour(tour, format);
        return detectTourFormat(text) === format && sameTour(tour, parseTour(text));
      }),
      { numRuns: 60 },
    );
  });
});

describe("tour formats", () => {
  const board = new Board(5, 5);
  const tour: Tour = {
    board,
    path: Int32Array.from(bruteForceTour({ rows: 5, cols: 5, closed: false })!),
    closed: false,
  };

  it("prints the grid right-aligned, 1-based, top rank first", () => {
    const lines = formatGrid(tour).split("\n");
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line).toMatch(/^( \d|\d\d)( ( \d|\d\d)){4}$/);
    expect(
      lines[board.row(tour.path[0]!)]!.split(/\s+/).filter(Boolean)[board.col(tour.path[0]!)],
    ).toBe("1");
  });

  it("writes JSON by the contract", () => {
    const json = JSON.parse(formatTourJson(tour));
    expect(Object.keys(json)).toEqual(["rows", "cols", "closed", "path"]);
    expect(json.path[0]).toEqual([board.row(tour.path[0]!), board.col(tour.path[0]!)]);
  });

  it("reads algebraic lists without a header, inferring the board", () => {
    const text = formatAlgebraic(tour).split("\n").slice(1).join("\n");
    const back = parseAlgebraic(text);
    expect(sameTour(tour, back)).toBe(true);
  });

  it("reports unreadable text with its line and column", () => {
    expect(() => parseGrid("1 2 3\n4 x 6")).toThrow(
      /expected a step number or '.', got 'x' \(line 2, column 3\)/,
    );
    expect(() => parseGrid("1 2 3\n4 5")).toThrow(/line 2/);
    expect(() => parseTourJson('{"rows": 8,\n "cols": }')).toThrow(TourParseError);
    expect(() => parseTourJson('{"rows": 8,\n "cols": }')).toThrow(/line 2, column \d+/);
    expect(() => parseAlgebraic("a1 c2\nb4 ??")).toThrow(/got '\?\?' \(line 2, column 4\)/);
    expect(() => parseTour("")).toThrow(/empty/);
    expect(() => parseTour("hello world!")).toThrow(TourParseError);
    expect(() => parseTourJson('{"rows":2,"cols":2,"path":[[0,0],[1]]}')).toThrow(/path\[1\]/);
    // Numbers past 15 digits no longer read exactly (they became 1e+23 and Infinity).
    expect(() => parseGrid("99999999999999999999999")).toThrow(TourParseError);
    expect(() => parseGrid("1 2\n3 99999999999999999999999")).toThrow(
      /'99999999999999999999999' \(23 digits\) is too long to be a step number \(at most 15 digits\) \(line 2, column 3\)/,
    );
    expect(() => parseGrid("1".repeat(400))).toThrow(/'1{20}…' \(400 digits\)/);
  });

  it("reports text that reads but cannot be a tour as InvalidTourError", () => {
    expect(() => parseGrid("1 2\n2 3")).toThrow(InvalidTourError);
    expect(() => parseGrid("1 2\n2 3")).toThrow(/step 2 appears twice, at b2 and a1/);
    expect(() => parseGrid("1 2\n3 9")).toThrow(/more than the 4 cells/);
    expect(() => parseGrid("1 2\n5 .")).toThrow(InvalidTourError);
    expect(() => parseTourJson('{"rows":2,"cols":2,"closed":false,"path":[[0,0],[5,5]]}')).toThrow(
      /step 2 is \[5,5\], which is not on the 2×2 board/,
    );
    expect(() => parseAlgebraic("# 3x3 open tour\na1 z9")).toThrow(InvalidTourError);
  });
});
