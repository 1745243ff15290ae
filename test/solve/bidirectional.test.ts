import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseCell } from "../../src/core/cells.js";
import { ErrorCode, KnightError } from "../../src/core/errors.js";
import { knightGraph } from "../../src/core/graph.js";
import { Budget } from "../../src/core/run.js";
import { BidirectionalSearch, solve } from "../../src/solve/index.js";
import { runCli } from "../helpers/cli.js";
import { expectTour } from "./expect-tour.js";

const bi = { method: "bidirectional" } as const;

describe("bidirectional: tours grown from both ends", () => {
  it.each([
    [5, 5],
    [5, 6],
    [6, 6],
    [7, 7],
    [8, 8],
    [3, 10],
    [4, 7],
  ])("%i×%i: every tour it returns is valid and runs from start to end", (rows, cols) => {
    const board = new Board(rows, cols);
    let found = 0;
    // Every 3rd start against every 5th end keeps the test small and still varied.
    for (let start = 0; start < board.cells; start += 3) {
      for (let end = 1; end < board.cells; end += 5) {
        if (start === end) continue;
        const result = solve(board, { ...bi, start, end });
        expect(["found", "impossible"]).toContain(result.status);
        if (result.status === "found") {
          expectTour(board, result, { start, end });
          found++;
        }
      }
    }
    expect(found).toBeGreaterThan(0);
  });

  it.each([
    [6, 6],
    [8, 8],
    [5, 6],
    [3, 10],
    [10, 10],
  ])("%i×%i: closed tours, grown from both sides of the start", (rows, cols) => {
    const board = new Board(rows, cols);
    for (const start of [0, board.cells - 1, Math.floor(board.cells / 2)]) {
      const result = solve(board, { ...bi, closed: true, start });
      expectTour(board, result, { closed: true, start });
    }
  });

  it("a closed tour through a given move (start and end a knight's move apart)", () => {
    const board = new Board(6, 6);
    const start = parseCell("a1", board);
    const end = parseCell("b3", board);
    const result = solve(board, { ...bi, closed: true, start, end });
    expectTour(board, result, { closed: true, start, end });
  });

  it("agrees with search on every start/end pair of 5×5, 3×4 and 4×5 (exhaustive, no theory)", () => {
    for (const [rows, cols] of [
      [5, 5],
      [3, 4],
      [4, 5],
    ] as const) {
      const board = new Board(rows, cols);
      for (let start = 0; start < board.cells; start++) {
        for (let end = 0; end < board.cells; end++) {
          if (start === end) continue;
          const request = { start, end, useTheory: false } as const;
          const a = solve(board, { ...request, method: "search" });
          const b = solve(board, { ...request, ...bi });
          expect(b.status, `${board} ${start}→${end}`).toBe(a.status);
          if (b.status === "found") expectTour(board, b, { start, end });
          else expect(b.reason).toMatch(/exhaustive bidirectional search, \d+ nodes/);
        }
      }
    }
  });

  it("property: on boards up to 5×6 bidirectional and search agree on existence for random ends", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 6 }),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
        (rows, cols, s, e, useTheory) => {
          const board = new Board(rows, cols);
          const start = s % board.cells;
          const end = e % board.cells;
          if (start === end) return;
          const a = solve(board, { method: "search", start, end, useTheory });
          const b = solve(board, { ...bi, start, end, useTheory });
          expect(b.status).toBe(a.status);
          if (b.status === "found") expectTour(board, b, { start, end });
        },
      ),
      { numRuns: 300, seed: 10 },
    );
  });

  it("proves a pair impossible that the theorems leave open (5×8 d5→g3 is slow for search)", () => {
    const board = new Board(5, 8);
    const start = parseCell("d5", board);
    const end = parseCell("g3", board);
    const result = solve(board, { ...bi, start, end });
    expect(["found", "impossible"]).toContain(result.status);
    if (result.status === "found") expectTour(board, result, { start, end });
    expect(result.stats.method).toBe("bidirectional");
  });

  it("auto with a required end takes turns: search, then bidirectional, per allowance", () => {
    const board = new Board(5, 8);
    // No tour runs from d2 to b3, and plain search needs millions of nodes to see it.
    const start = parseCell("d2", board);
    const end = parseCell("b3", board);
    const result = solve(board, { start, end });
    expect(result.status).toBe("impossible");
    expect(result.stats.method).toBe("bidirectional");
    expect(result.stats.nodes).toBeLessThan(100_000);
    // Where search is quick, it answers as before.
    const easy = solve(board, { start: 0, end: parseCell("h1", board) });
    expectTour(board, easy, { start: 0, end: parseCell("h1", board) });
    expect(easy.stats.method).toBe("search");
    // Explicit methods stay pure.
    expect(solve(board, { method: "search", start, end, nodeLimit: 50_000 }).status).toBe("limit");
  });

  it("an open request needs an end: OptionError naming the method", () => {
    const board = new Board(6, 6);
    try {
      solve(board, { ...bi, start: 0 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(KnightError);
      expect((error as KnightError).code).toBe(ErrorCode.BadOption);
      expect((error as Error).message).toMatch(/--end.*--closed/);
    }
  });

  it("limits stop it undecided (status limit, the reason says so)", () => {
    const board = new Board(12, 12);
    const result = solve(board, { ...bi, start: 0, end: 1, nodeLimit: 1 });
    expect(["limit", "found"]).toContain(result.status);
    if (result.status === "limit") expect(result.reason).toMatch(/node limit/);
  });

  it("BidirectionalSearch.run: exhausted means no tour, whatever the order and side rule", () => {
    const board = new Board(5, 5);
    const search = new BidirectionalSearch(knightGraph(board));
    for (const sides of ["alternate", "constrained"] as const) {
      for (const order of ["first", "center", "roth"] as const) {
        const stats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
        // a1 → e5: corners of the majority colour; a tour exists.
        const found = search.run(
          { start: 20, end: 4, closed: false, order, sides },
          Budget.start({}),
          stats,
        );
        expect(found).toBe("found");
        expectTour(
          board,
          { status: "found", tour: { board, path: search.path.slice(), closed: false }, stats },
          { start: 20, end: 4 },
        );
        // c5 → b4 (cells 2 → 6): none.
        expect(
          search.run({ start: 2, end: 6, closed: false, order, sides }, Budget.start({}), stats),
        ).toBe("exhausted");
      }
    }
  });

  it("knight tour --method bidirectional: a tour to --end, and exit 2 without --end or --closed", async () => {
    const run = await runCli([
      "tour",
      "6",
      "--start",
      "a1",
      "--end",
      "f1",
      "--method",
      "bidirectional",
      "--stats",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/method bidirectional/);
    const bad = await runCli(["tour", "6", "--method", "bidirectional"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bidirectional.*--end.*--closed/);
  });
});
