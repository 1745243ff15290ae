import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { Budget } from "../../src/core/run.js";
import { solve, TourSearch } from "../../src/solve/index.js";
import { closedTourExists, tourExists } from "../../src/theory/exists.js";
import { bruteForceExists } from "../helpers/brute-force.js";
import { expectTour } from "./expect-tour.js";

const searchOnly = { method: "search", useTheory: false } as const;

describe("search: theory and exhaustive search agree on every board up to 5×6", () => {
  const boards: Array<[number, number]> = [];
  for (let r = 1; r <= 6; r++)
    for (let c = 1; c <= 6; c++) if (Math.min(r, c) <= 5) boards.push([r, c]);

  it.each(boards)("%i×%i: open tours from every start", (rows, cols) => {
    const board = new Board(rows, cols);
    for (let start = 0; start < board.cells; start++) {
      const result = solve(board, { ...searchOnly, start });
      expect(["found", "impossible"]).toContain(result.status);
      if (result.status === "found") expectTour(board, result, { start });
      else expect(result.reason).toMatch(/exhaustive search, \d+ nodes/);
      const theory = tourExists(board, { start }).exists;
      if (theory !== "unknown") expect(result.status === "found").toBe(theory);
    }
  });

  it.each(boards)("%i×%i: closed tours", (rows, cols) => {
    const board = new Board(rows, cols);
    const result = solve(board, { ...searchOnly, closed: true });
    expect(["found", "impossible"]).toContain(result.status);
    if (result.status === "found") expectTour(board, result, { closed: true, start: 0 });
    expect(result.status === "found").toBe(closedTourExists(board).exists);
  });
});

describe("search: exhaustive answers match brute force", () => {
  it("5×5: exactly the 13 corner-coloured starts have open tours", () => {
    const board = new Board(5, 5);
    const works: number[] = [];
    for (let start = 0; start < 25; start++) {
      const result = solve(board, { ...searchOnly, start });
      if (result.status === "found") works.push(start);
      else expect(result.status).toBe("impossible");
    }
    expect(works).toHaveLength(13);
    expect(works.every((cell) => board.colour(cell) === 0)).toBe(true);
  });

  it("5×5 from b1 (a minority-colour cell): impossible, by exhaustion", () => {
    const board = new Board(5, 5);
    const b1 = 4 * 5 + 1;
    const result = solve(board, { ...searchOnly, start: b1 });
    expect(result.status).toBe("impossible");
    expect(result.reason).toMatch(
      /^no open tour of 5×5 starts at b1 \(exhaustive search, \d+ nodes\)$/,
    );
    expect(result.stats.nodes).toBeGreaterThan(100);
  });

  it.each([
    [3, 4],
    [4, 5],
    [3, 7],
  ])("%i×%i: every (start, end) pair agrees with brute force", (rows, cols) => {
    const board = new Board(rows, cols);
    const rc = (cell: number): [number, number] => [board.row(cell), board.col(cell)];
    for (let start = 0; start < board.cells; start++) {
      for (let end = 0; end < board.cells; end++) {
        if (end === start) continue;
        const result = solve(board, { ...searchOnly, start, end });
        const truth = bruteForceExists({
          rows,
          cols,
          closed: false,
          start: rc(start),
          end: rc(end),
        });
        expect(result.status, `${start}→${end}`).toBe(truth ? "found" : "impossible");
        if (truth) expectTour(board, result, { start, end });
      }
    }
  });

  it("3×10 closed: found; a closed tour through a given move is found or refuted like brute force", () => {
    const board = new Board(3, 10);
    const result = solve(board, { ...searchOnly, closed: true });
    expectTour(board, result, { closed: true });
    // The corner's two moves: every closed tour uses both (the corner has degree 2).
    const graph = knightGraph(board);
    for (const end of graph.neighbours(0)) {
      expectTour(board, solve(board, { ...searchOnly, closed: true, start: 0, end }), {
        closed: true,
        start: 0,
        end,
      });
    }
  });
});

describe("search: closed tours", () => {
  it.each([6, 8])("n = %i: a closed tour from every start", (n) => {
    const board = new Board(n, n);
    for (let start = 0; start < board.cells; start++) {
      expectTour(board, solve(board, { method: "search", closed: true, start }), {
        closed: true,
        start,
      });
    }
  });

  it("a seeded sample of boards up to 60×60 with closed tours", () => {
    const random = createRandom(11);
    let tried = 0;
    while (tried < 12) {
      const rows = 3 + random.int(58);
      const cols = 3 + random.int(58);
      const board = new Board(rows, cols);
      if (closedTourExists(board).exists !== true) continue;
      tried++;
      const start = random.int(board.cells);
      expectTour(board, solve(board, { closed: true, start }), { closed: true, start });
    }
  });

  it.each([
    [3, 10],
    [3, 12],
    [3, 16],
    [5, 6],
    [7, 8],
    [10, 3],
  ])("%i×%i: closed tour (narrow and small boards)", (rows, cols) => {
    const board = new Board(rows, cols);
    expectTour(board, solve(board, { closed: true }), { closed: true });
  });
});

describe("search: open tours", () => {
  it("a seeded sample of (board, start) up to 16×16, 3×n and 4×n included, is settled", () => {
    const random = createRandom(5);
    for (let i = 0; i < 150; i++) {
      const rows = 3 + random.int(14);
      const cols = 3 + random.int(14);
      const board = new Board(rows, cols);
      const start = random.int(board.cells);
      const result = solve(board, { start });
      const theory = tourExists(board, { start }).exists;
      if (result.status === "found") {
        expectTour(board, result, { start });
        expect(theory).not.toBe(false);
      } else {
        expect(result.status, `${rows}×${cols} from ${start}: ${result.reason}`).toBe("impossible");
        expect(theory).not.toBe(true);
      }
    }
  });

  it("corners, centre and seeded starts on a sample of boards up to 60×60", () => {
    const random = createRandom(9);
    for (let i = 0; i < 12; i++) {
      const rows = 5 + random.int(56);
      const cols = 5 + random.int(56);
      const board = new Board(rows, cols);
      const starts = [
        0,
        cols - 1,
        board.cells - 1,
        (rows >> 1) * cols + (cols >> 1),
        random.int(board.cells),
      ];
      for (const start of starts) {
        const result = solve(board, { method: "search", start });
        if (tourExists(board, { start }).exists === false) expect(result.status).toBe("impossible");
        else expectTour(board, result, { start });
      }
    }
  });

  it("property: on m×n with 5 ≤ m, n ≤ 12 every start is settled as the colour rule says", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 12 }),
        fc.integer({ min: 5, max: 12 }),
        fc.nat(),
        (rows, cols, seed) => {
          const board = new Board(rows, cols);
          const start = seed % board.cells;
          // The colour rule settles minority starts (exhaustion would take ages on 11×11).
          const result = solve(board, { method: "search", start });
          const minority = board.cells % 2 === 1 && board.colour(start) === 1;
          expect(result.status).toBe(minority ? "impossible" : "found");
          if (!minority) expectTour(board, result, { start });
        },
      ),
      { numRuns: 60, seed: 17 },
    );
  });

  it("a required end on 8×8", () => {
    const board = new Board(8, 8);
    const result = solve(board, { start: 0, end: 7 });
    expectTour(board, result, { start: 0, end: 7 });
    // Same colour ends on an even board: refused by the colour rule.
    expect(solve(board, { start: 0, end: 2 }).status).toBe("impossible");
  });
});

describe("TourSearch.run", () => {
  it("reuses its arrays across runs and reports the deepest path on a node cap", () => {
    const board = new Board(5, 5);
    const search = new TourSearch(knightGraph(board));
    const stats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
    const budget = Budget.start({});
    expect(
      search.run({ start: 1, closed: false, tieBreak: "first", nodeCap: 4096 }, budget, stats),
    ).toBe("limit");
    expect(search.deepest).toBeGreaterThan(10);
    expect(search.run({ start: 0, closed: false, tieBreak: "pohl" }, budget, stats)).toBe("found");
    expectTour(board, {
      status: "found",
      tour: { board, path: search.path, closed: false },
      stats,
    });
  });

  it("every tie-break orders a complete search: same verdicts on 5×5", () => {
    const board = new Board(5, 5);
    const search = new TourSearch(knightGraph(board));
    const stats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
    for (const tieBreak of ["first", "center", "roth", "pohl", "random"] as const) {
      for (let start = 0; start < 25; start++) {
        const outcome = search.run(
          { start, closed: false, tieBreak, random: createRandom(start) },
          Budget.start({}),
          stats,
        );
        expect(outcome).toBe(board.colour(start) === 0 ? "found" : "exhausted");
      }
    }
  });
});
