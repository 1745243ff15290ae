// The public API as a whole: the front doors that take the same option treat it the same way.
// - `start` / `end` cells off the board are an OptionError (code BAD_OPTION) naming the value,
//   from every front door that takes them (construct and tourExists used to accept them);
// - limits (nodeLimit, timeLimitMs, maxSolutions, limit, maxAttempts) out of range are an
//   OptionError naming the option, from every front door that takes them;
// - an AbortSignal that has already fired stops every long-running front door with status
//   "aborted" (or, for the lazy enumeration, no tours) as soon as it looks at the signal.
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { ErrorCode, isKnightError, OptionError } from "../../src/core/errors.js";
import { count, enumerateTours } from "../../src/count/index.js";
import {
  countToursByCover,
  exactCover,
  findTourByCover,
  pentominoProblem,
} from "../../src/cover/index.js";
import { renderSvg } from "../../src/render/index.js";
import { construct, solve } from "../../src/solve/index.js";
import { countSymmetricTours, findSymmetricTour } from "../../src/symmetry/index.js";
import { tourExists } from "../../src/theory/index.js";

const board = new Board(8, 8);
const small = new Board(5, 5);

/** Front doors taking cells, called with `cells` on `b` (the enumeration is drained). */
const takingStart: Record<string, (b: Board, cells: { start?: number; end?: number }) => unknown> =
  {
    solve: (b, cells) => solve(b, { ...cells, nodeLimit: 10 }),
    construct: (b, cells) => construct(b, { start: cells.start ?? 0 }),
    count: (b, cells) => count(b, { ...cells, timeLimitMs: 10 }),
    enumerateTours: (b, cells) => enumerateTours(b, { ...cells, limit: 1 }).next(),
    tourExists: (b, cells) => tourExists(b, cells),
    findTourByCover: (b, cells) => findTourByCover(b, { ...cells, nodeLimit: 10 }),
    countToursByCover: (b, cells) =>
      countToursByCover(b, { ...cells, closed: false, nodeLimit: 10 }),
  };
const takingEnd = ["solve", "count", "enumerateTours", "tourExists", "findTourByCover"];

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("cells given to the front doors", () => {
  for (const [name, call] of Object.entries(takingStart)) {
    it(`${name} rejects a start off the board with an OptionError naming it`, () => {
      for (const start of [64, -1, 2.5]) {
        const error = thrown(() => call(board, { start }));
        expect(error, `${name} start ${start}`).toBeInstanceOf(OptionError);
        expect(isKnightError(error) && error.code).toBe(ErrorCode.BadOption);
        expect((error as Error).message).toContain(String(start));
        expect((error as OptionError).value).toBe(start);
      }
    });
  }
  for (const name of takingEnd) {
    it(`${name} rejects an end off the board`, () => {
      const error = thrown(() => takingStart[name]!(board, { end: 64 }));
      expect(error, name).toBeInstanceOf(OptionError);
      expect((error as Error).message).toContain("64");
    });
  }

  it("construct and tourExists still accept every cell of the board", () => {
    for (let cell = 0; cell < board.cells; cell++) {
      expect(tourExists(board, { start: cell }).exists).toBe(true);
      expect(tourExists(board, { end: cell }).exists).toBe(true);
      const built = construct(board, { start: cell, closed: true });
      expect(built.status).toBe("found");
      expect(built.tour!.path[0]).toBe(cell);
    }
  });
});

describe("limits given to the front doors", () => {
  const six = new Board(6, 6);
  // Each takes the named limit; a bad value must be refused before any work.
  const calls: Array<[string, string, (value: number) => unknown]> = [
    ["solve", "timeLimitMs", (v) => solve(board, { timeLimitMs: v })],
    ["solve", "nodeLimit", (v) => solve(board, { nodeLimit: v })],
    ["count", "timeLimitMs", (v) => count(small, { timeLimitMs: v })],
    ["enumerateTours", "limit", (v) => enumerateTours(small, { limit: v }).next()],
    [
      "exactCover().count",
      "nodeLimit",
      (v) => exactCover(pentominoProblem(3, 20)).count({ nodeLimit: v }),
    ],
    [
      "exactCover().first",
      "timeLimitMs",
      (v) => exactCover(pentominoProblem(3, 20)).first({ timeLimitMs: v }),
    ],
    [
      "exactCover().count",
      "maxSolutions",
      (v) => exactCover(pentominoProblem(3, 20)).count({ maxSolutions: v }),
    ],
    ["findTourByCover", "nodeLimit", (v) => findTourByCover(six, { closed: true, nodeLimit: v })],
    [
      "countToursByCover",
      "timeLimitMs",
      (v) => countToursByCover(small, { closed: false, timeLimitMs: v }),
    ],
    [
      "countSymmetricTours",
      "timeLimitMs",
      (v) => countSymmetricTours(six, { rotation: 180, timeLimitMs: v }),
    ],
    [
      "findSymmetricTour",
      "nodeLimit",
      (v) => findSymmetricTour(six, { rotation: 180, nodeLimit: v }),
    ],
  ];
  for (const [door, name, call] of calls) {
    it(`${door} refuses ${name} -5 and NaN with an OptionError naming ${name}`, () => {
      for (const value of [-5, Number.NaN]) {
        const error = thrown(() => call(value));
        expect(error, `${door} ${name} ${value}`).toBeInstanceOf(OptionError);
        expect((error as Error).message).toContain(name);
        expect((error as Error).message).toContain(String(value));
      }
    });
  }

  it("renderSvg refuses a cell size or duration that is not a positive number", () => {
    const tour = solve(small).tour!;
    for (const options of [{ cellSize: -3 }, { cellSize: 0 }, { durationSeconds: Number.NaN }]) {
      expect(thrown(() => renderSvg(tour, options))).toBeInstanceOf(OptionError);
    }
    expect(renderSvg(tour, { cellSize: 10 })).toContain('width="50"');
  });
});

describe("an AbortSignal that has fired", () => {
  const signal = AbortSignal.abort();

  it("stops solve, count, the exact-cover searches and the symmetric counter: status aborted", () => {
    // Searches look at the signal every few thousand nodes: each request here needs more.
    const six = new Board(6, 6);
    expect(solve(board, { method: "backtrack", closed: true, signal }).status).toBe("aborted");
    expect(count(six, { method: "backtrack", signal }).status).toBe("aborted");
    expect(count(six, { method: "frontier", signal }).status).toBe("aborted");
    expect(exactCover(pentominoProblem(6, 10)).count({ signal }).status).toBe("aborted");
    expect(countToursByCover(six, { closed: true, signal }).status).toBe("aborted");
    expect(countSymmetricTours(board, { rotation: 180, signal }).status).toBe("aborted");
  });

  it("makes the lazy enumeration yield no tour", () => {
    expect([...enumerateTours(small, { signal })]).toEqual([]);
  });
});
