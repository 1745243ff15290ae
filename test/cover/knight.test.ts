import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { MemoryLimitError, OptionError } from "../../src/core/errors.js";
import type { Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { DancingLinks } from "../../src/cover/dlx.js";
import {
  countToursByCover,
  findTourByCover,
  MoveIndex,
  type TourCoverMode,
  tourCoverEncoding,
  toursByCover,
} from "../../src/cover/knight.js";
import { bruteForceTour } from "../helpers/brute-force.js";

function expectValid(tour: Tour, closed: boolean): void {
  const verdict = validateTour(tour.board, tour.path, { closed });
  expect(verdict.valid, verdict.valid ? "" : verdict.message).toBe(true);
  expect(tour.path).toHaveLength(tour.board.cells);
}

/** Every tour of the board from the cover search, validated, as a set of path strings. */
function tourSet(board: Board, closed: boolean, mode: TourCoverMode): Set<string> {
  const set = new Set<string>();
  for (const tour of toursByCover(board, { closed, mode })) {
    expectValid(tour, closed);
    set.add(tour.path.join(","));
  }
  return set;
}

describe("tourCoverEncoding", () => {
  it.each([
    [4, 4, true, 32, 48],
    [6, 6, true, 72, 160],
    [8, 8, true, 128, 336],
    [5, 5, false, 52, 146],
  ])(
    "%i×%i closed=%s has %i items and %i options (REFERENCE.md)",
    (r, c, closed, items, options) => {
      const encoding = tourCoverEncoding(new Board(r, c), { closed });
      expect(encoding.problem.primary).toBe(items);
      expect(encoding.problem.options).toHaveLength(options);
    },
  );

  it("makes one option per directed move, out[a] then in[b]", () => {
    const board = new Board(5, 5);
    const encoding = tourCoverEncoding(board, { closed: false });
    const v = encoding.vertices;
    expect(v).toBe(26);
    expect(encoding.virtual).toBe(25);
    encoding.problem.options.forEach((option, k) => {
      expect(Array.from(option)).toEqual([encoding.from[k], v + encoding.to[k]!]);
      const a = encoding.from[k]!;
      const b = encoding.to[k]!;
      if (a !== 25 && b !== 25) expect(board.isKnightMove(a, b)).toBe(true);
    });
  });

  it("restricts the virtual vertex to a given start and end", () => {
    const encoding = tourCoverEncoding(new Board(5, 5), { closed: false, start: 0, end: 24 });
    expect(encoding.problem.options).toHaveLength(96 + 2);
  });

  it("rejects start cells on closed encodings, and cells off the board", () => {
    expect(() => tourCoverEncoding(new Board(6, 6), { closed: true, start: 0 })).toThrow(
      OptionError,
    );
    expect(() => tourCoverEncoding(new Board(5, 5), { closed: false, start: 25 })).toThrow(
      /not on/,
    );
  });
});

describe("countToursByCover", () => {
  it("4×4 closed: 256 cycle covers, none a tour (filter); prune finds none", () => {
    const filter = countToursByCover(new Board(4, 4), { closed: true, mode: "filter" });
    expect(filter).toMatchObject({ status: "exhausted", covers: 256, tours: 0, rejected: 256 });
    const prune = countToursByCover(new Board(4, 4), { closed: true, mode: "prune" });
    expect(prune).toMatchObject({ status: "exhausted", tours: 0, rejected: 0 });
  });

  it("5×5 open: 414,736 covers, 1,728 tours by filtering; the same 1,728 by pruning", () => {
    const board = new Board(5, 5);
    const filter = countToursByCover(board, { closed: false, mode: "filter" });
    expect(filter).toMatchObject({ covers: 414_736, tours: 1728, rejected: 413_008 });
    const prune = countToursByCover(board, { closed: false, mode: "prune" });
    expect(prune).toMatchObject({ covers: 1728, tours: 1728, rejected: 0 });
    expect(prune.deletions).toBeGreaterThan(0);
    // Pruning visits far fewer nodes than filtering.
    expect(prune.stats.nodes * 10).toBeLessThan(filter.stats.nodes);
  });

  it("5×5 open from a corner, an edge centre, (1,1), the centre: 304, 56, 56, 64", () => {
    const board = new Board(5, 5);
    const counts = [0, 2, 6, 12].map(
      (start) => countToursByCover(board, { closed: false, start }).tours,
    );
    expect(counts).toEqual([304, 56, 56, 64]);
  });

  it("6×6 closed: 106,172,416 cycle covers (REFERENCE.md), counted through the cache", () => {
    const encoding = tourCoverEncoding(new Board(6, 6), { closed: true });
    const links = new DancingLinks(encoding.problem);
    const result = links.count();
    expect(result).toMatchObject({ status: "exhausted", count: 106_172_416 });
    expect(links.checkInvariants()).toEqual([]);
    // Without the cache nor the bulk count, the plain search agrees on a smaller board.
    const open5 = tourCoverEncoding(new Board(5, 5), { closed: false }).problem;
    expect(new DancingLinks(open5, { memoItems: 0, bulkItems: 0 }).count().count).toBe(414_736);
    expect(new DancingLinks(open5).count().count).toBe(414_736);
  });

  it("6×6 closed by pruning: 19,724 directed tours (9,862 undirected)", () => {
    const result = countToursByCover(new Board(6, 6), { closed: true, mode: "prune" });
    expect(result).toMatchObject({ status: "exhausted", tours: 19_724, covers: 19_724 });
  });

  it("stops at a node limit with status limit", () => {
    const result = countToursByCover(new Board(6, 6), { closed: true, nodeLimit: 500 });
    expect(result.status).toBe("limit");
    expect(result.reason).toMatch(/node limit/);
  });
});

describe("toursByCover", () => {
  it("filter and prune give the same 1,728 valid open 5×5 tours", () => {
    const board = new Board(5, 5);
    const pruned = tourSet(board, false, "prune");
    const filtered = tourSet(board, false, "filter");
    expect(pruned.size).toBe(1728);
    expect(filtered).toEqual(pruned);
  });

  it("prune gives 19,724 distinct valid directed closed 6×6 tours, each with its reverse", () => {
    const tours = tourSet(new Board(6, 6), true, "prune");
    expect(tours.size).toBe(19_724);
    // Each directed tour starts at cell 0; walking it backwards from 0 is another one.
    for (const key of Array.from(tours).slice(0, 500)) {
      const path = key.split(",").map(Number);
      const reversed = [path[0], ...path.slice(1).reverse()].join(",");
      expect(tours.has(reversed)).toBe(true);
    }
  });

  it("filter and prune agree with each other on small boards (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (rows, cols, closed) => {
          const board = new Board(rows, cols);
          const pruned = tourSet(board, closed, "prune");
          expect(tourSet(board, closed, "filter")).toEqual(pruned);
          const counted = countToursByCover(board, { closed, mode: "filter" }).tours;
          expect(counted).toBe(pruned.size);
          // Brute force agrees on whether any tour exists.
          const exists = bruteForceTour({ rows, cols, closed }) !== null;
          expect(pruned.size > 0).toBe(exists);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("findTourByCover", () => {
  it.each([
    ["prune", true, 6, 6],
    ["filter", true, 6, 6],
    ["prune", false, 5, 5],
    ["filter", false, 5, 5],
    ["prune", true, 8, 8],
    ["prune", false, 8, 8],
    ["prune", true, 10, 12],
    ["prune", false, 3, 4],
  ] as const)("mode %s, closed %s: a valid tour on %i×%i", (mode, closed, rows, cols) => {
    const result = findTourByCover(new Board(rows, cols), { closed, mode });
    expect(result.status).toBe("found");
    expectValid(result.tour!, closed);
    expect(result.tour!.closed).toBe(closed);
    expect(result.stats.nodes).toBeGreaterThan(0);
  });

  it("starts where asked: open tours from the start cell, closed ones rotated to it", () => {
    const board = new Board(6, 6);
    const closed = findTourByCover(board, { closed: true, start: 14 });
    expectValid(closed.tour!, true);
    expect(closed.tour!.path[0]).toBe(14);
    const open = findTourByCover(new Board(5, 5), { start: 12, end: 0 });
    expectValid(open.tour!, false);
    expect(open.tour!.path[0]).toBe(12);
    expect(open.tour!.path[24]).toBe(0);
  });

  it("seeded tie-breaks give valid (and reproducible) tours", () => {
    const board = new Board(8, 8);
    for (const seed of [1, 2, 3, 4, 5]) {
      const a = findTourByCover(board, { closed: true, seed });
      const b = findTourByCover(board, { closed: true, seed });
      expectValid(a.tour!, true);
      expect(a.tour!.path).toEqual(b.tour!.path);
    }
  });

  it("answers impossible: by theory (4×4 closed) or by exhausting the search (5×5 from b5)", () => {
    const theory = findTourByCover(new Board(4, 4), { closed: true });
    expect(theory.status).toBe("impossible");
    expect(theory.reason).toBeTruthy();
    // b5 (cell 1) has r + c odd: theory knows no open 5×5 tour starts there.
    const colour = findTourByCover(new Board(5, 5), { start: 1 });
    expect(colour.status).toBe("impossible");
    // Cell 6 is the wrong colour as an end for a start at 0: the search exhausts.
    const searched = findTourByCover(new Board(5, 5), { start: 0, end: 1, mode: "prune" });
    expect(searched.status).toBe("impossible");
  });

  it("stops on limits and on an aborted signal", () => {
    const limited = findTourByCover(new Board(6, 6), {
      closed: true,
      mode: "filter",
      nodeLimit: 10,
    });
    expect(limited.status).toBe("limit");
    expect(limited.reason).toMatch(/node limit/);
    const controller = new AbortController();
    controller.abort();
    const aborted = findTourByCover(new Board(6, 6), {
      closed: true,
      mode: "filter",
      signal: controller.signal,
    });
    expect(aborted.status).toBe("aborted");
  });

  it("rejects an unknown mode", () => {
    expect(() =>
      findTourByCover(new Board(6, 6), { mode: "sideways" as unknown as TourCoverMode }),
    ).toThrow(/use "filter" or "prune"/);
  });
});

describe("MoveIndex", () => {
  // The dense table is used up to 2^20 entries (1024 vertices); past that a sorted per-vertex
  // list. Both must name the same option for every move, and -1 for every non-move.
  it.each([
    [new Board(6, 6), false],
    [new Board(6, 6), true],
    [new Board(33, 33), false],
    [new Board(40, 30), true],
  ] as const)("finds every move of the %s encoding (closed: %s)", (board, closed) => {
    const encoding = tourCoverEncoding(board, { closed });
    const index = new MoveIndex(encoding);
    const sparse = encoding.vertices ** 2 > MoveIndex.DENSE_MAX;
    expect(sparse).toBe(board.cells > 1024);
    for (let k = 0; k < encoding.from.length; k++) {
      expect(index.option(encoding.from[k]!, encoding.to[k]!)).toBe(k);
    }
    // Non-moves: a cell to itself, and to a cell two rows and two columns away.
    for (let cell = 0; cell < board.cells; cell += 7) {
      expect(index.option(cell, cell)).toBe(-1);
      const r = board.row(cell);
      const c = board.col(cell);
      if (board.contains(r + 2, c + 2))
        expect(index.option(cell, board.cell(r + 2, c + 2))).toBe(-1);
    }
  });

  it("lets findTourByCover search boards whose dense table would not fit (300×300 died)", () => {
    const board = new Board(40, 40);
    const result = findTourByCover(board, { nodeLimit: 200_000 });
    expect(["found", "limit"]).toContain(result.status);
    if (result.tour) expect(validateTour(board, result.tour.path).valid).toBe(true);
  });
});

describe("findTourByCover memory", () => {
  it("refuses a board whose matrix would not fit, before building it", () => {
    const board = new Board(3000, 3000);
    expect(() => findTourByCover(board, { timeLimitMs: 1000 })).toThrow(MemoryLimitError);
    expect(() => findTourByCover(new Board(100, 100), { maxBytes: 1e6 })).toThrow(
      /the exact-cover search on 100×100 \(about 3000 bytes a cell\) needs about/,
    );
    expect(() => countToursByCover(new Board(2000, 2000))).toThrow(MemoryLimitError);
    expect(() => toursByCover(new Board(40, 40), { maxBytes: 1e6 }).next()).toThrow(
      MemoryLimitError,
    );
  });
});

describe("findTourByCover time limit", () => {
  it("covers building the matrix: an expired limit stops before the search, saying so", () => {
    const result = findTourByCover(new Board(30, 30), { timeLimitMs: 0 });
    expect(result.status).toBe("limit");
    expect(result.tour).toBeNull();
    expect(result.stats.nodes).toBe(0);
    expect(result.reason).toMatch(
      /time limit of 0 ms was reached while building the exact-cover matrix of 30×30 \(900 cells\)/,
    );
  });

  it("leaves a generous limit alone", () => {
    const board = new Board(8, 8);
    const result = findTourByCover(board, { closed: true, timeLimitMs: 60_000 });
    expect(result.status).toBe("found");
    expect(validateTour(board, result.tour!.path, { closed: true }).valid).toBe(true);
  });
});
