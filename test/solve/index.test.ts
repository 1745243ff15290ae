import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { ErrorCode, KnightError } from "../../src/core/errors.js";
import { Budget, CHECK_MASK } from "../../src/core/run.js";
import { endsMeet } from "../../src/core/tour.js";
import { METHODS, type SolveProgress, STEP_TIE_BREAKS, solve } from "../../src/solve/index.js";
import { expectKnightPath, expectTour } from "./expect-tour.js";

describe("solve(board, options): the front door", () => {
  it("every method finds a valid 6×6 open tour from a corner", () => {
    const board = new Board(6, 6);
    // `neural` finds closed tours only (test/solve/neural.test.ts).
    for (const method of METHODS.filter((m) => m !== "neural")) {
      // `bidirectional` needs an end or a closed tour (test/solve/bidirectional.test.ts).
      if (method === "bidirectional") continue;
      const result = solve(board, { method, start: 0 });
      expectTour(board, result, { start: 0 });
      // `divide` is another name for `construct`.
      const expected = method === "auto" ? "search" : method === "divide" ? "construct" : method;
      expect(result.stats.method).toBe(expected);
    }
  });

  it("every tie-break drives warnsdorff and search", () => {
    const board = new Board(8, 8);
    for (const tieBreak of STEP_TIE_BREAKS) {
      expectTour(board, solve(board, { method: "search", tieBreak, closed: true }), {
        closed: true,
      });
      const walk = solve(board, { method: "warnsdorff", tieBreak, start: 9, seed: 4 });
      if (walk.status === "found") expectTour(board, walk, { start: 9 });
      else expect(walk.status).toBe("stuck");
    }
  });

  it("warnsdorff reports a stuck walk with its partial path", () => {
    const board = new Board(7, 7);
    // Warnsdorff with the roth tie-break fails from most corner-coloured 7×7 starts.
    let stuck = 0;
    for (let start = 0; start < 49; start += 2) {
      const result = solve(board, { method: "warnsdorff", tieBreak: "roth", start });
      if (result.status === "found") {
        expectTour(board, result, { start });
        continue;
      }
      stuck++;
      expect(result.status).toBe("stuck");
      expect(result.reason).toMatch(/got stuck; the longest walk covered \d+ of 49 cells/);
      expect(result.partial![0]).toBe(start);
      expectKnightPath(board, result.partial!);
    }
    expect(stuck).toBeGreaterThan(0);
  });

  it("auto falls back from a stuck walk to search on large boards", () => {
    // 65×65 has open tours only; the construction's tours start at a corner block's end, so a
    // start of 426 is left to Warnsdorff, whose roth walk gets stuck there: search takes over.
    const board = new Board(65, 65);
    const walk = solve(board, { method: "warnsdorff", start: 426 });
    expect(walk.status).toBe("stuck");
    const result = solve(board, { start: 426, maxAttempts: 1 });
    expectTour(board, result, { start: 426 });
    expect(result.stats.method).toBe("search");
  });

  it("auto uses the construction on large boards and search with a required end", () => {
    const big = new Board(100, 100);
    const open = solve(big, { start: 0 });
    expectTour(big, open, { start: 0 });
    expect(open.stats.method).toBe("construct");
    const closed = solve(big, { start: 57, closed: true });
    expectTour(big, closed, { start: 57, closed: true });
    expect(closed.stats.method).toBe("construct");
    const board = new Board(10, 10);
    const ended = solve(board, { start: 0, end: 99 - 10 });
    expect(ended.stats.method).toBe("search");
    expectTour(board, ended, { start: 0, end: 89 });
  });

  it("answers impossible requests from theory with the reason", () => {
    const result = solve(new Board(4, 4));
    expect(result.status).toBe("impossible");
    expect(result.reason).toMatch(/4×4/);
    expect(solve(new Board(5, 5), { closed: true }).status).toBe("impossible");
  });

  it("without a start, tries other cells when the corner has no tour (3×4 no-theory)", () => {
    const board = new Board(3, 4);
    const result = solve(board, { useTheory: false });
    expectTour(board, result);
  });

  it("reports stats; the tour may happen to be closed", () => {
    const board = new Board(8, 8);
    const result = solve(board, { closed: true });
    expect(result.stats.nodes).toBeGreaterThanOrEqual(64);
    expect(result.stats.ms).toBeGreaterThanOrEqual(0);
    expect(endsMeet(result.tour!)).toBe(true);
  });

  it("a node limit ends an undecided search with status limit", () => {
    const result = solve(new Board(8, 8), { method: "stack", nodeLimit: 10_000 });
    expect(result.status).toBe("limit");
  });

  it("a time limit ends the exponential DFS and calls onProgress", () => {
    const seen: SolveProgress[] = [];
    // 7×7 from a minority-colour cell, theory off: no tour, and a tree far too big to exhaust.
    const result = solve(new Board(7, 7), {
      method: "backtrack",
      start: 1,
      useTheory: false,
      timeLimitMs: 600,
      nodeLimit: 1e12,
      onProgress: (p) => seen.push(p),
    });
    expect(result.status).toBe("limit");
    expect(result.reason).toMatch(/time limit of 600 ms/);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)!.nodes).toBeGreaterThan(0);
  });

  it("a signal aborted while the search runs stops it (here from the progress callback)", () => {
    const controller = new AbortController();
    const result = solve(new Board(7, 7), {
      method: "stack",
      start: 1,
      useTheory: false,
      nodeLimit: 1e12,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(result.status).toBe("aborted");
    expect(result.reason).toMatch(/aborted/);
  });

  it("an aborted signal stops the search", () => {
    const controller = new AbortController();
    controller.abort();
    const result = solve(new Board(8, 8), { method: "backtrack", signal: controller.signal });
    expect(result.status).toBe("aborted");
  });

  it("bad options are typed errors naming the value and the allowed ones", () => {
    const board = new Board(8, 8);
    const bad = (options: object) => {
      try {
        solve(board, options);
      } catch (error) {
        expect(error).toBeInstanceOf(KnightError);
        expect((error as KnightError).code).toBe(ErrorCode.BadOption);
        return (error as Error).message;
      }
      throw new Error("no error thrown");
    };
    expect(bad({ method: "dfs" })).toMatch(
      /'dfs'.*auto, search, warnsdorff, construct, divide, dlx, backtrack, stack/,
    );
    expect(bad({ tieBreak: "squirrell" })).toMatch(
      /'squirrell'.*first, random, center, roth, pohl, squirrel/,
    );
    expect(bad({ start: 64 })).toMatch(/start cell 64 .*0\.\.63/);
    expect(bad({ end: -1 })).toMatch(/end cell -1/);
    expect(bad({ nodeLimit: -1 })).toMatch(/nodeLimit must be zero or a positive number, got -1/);
    expect(bad({ timeLimitMs: Number.NaN })).toMatch(/timeLimitMs/);
    expect(bad({ maxAttempts: 0 })).toMatch(/maxAttempts must be at least 1/);
  });

  it("takes zero limits as the other front doors do: stop at the first check", () => {
    const board = new Board(8, 8);
    for (const limit of [{ nodeLimit: 0 }, { timeLimitMs: 0 }]) {
      // Backtracking from b1 on 8×8 needs far more than one check interval of nodes.
      const result = solve(board, { method: "backtrack", start: 1, ...limit });
      expect(result.status).toBe("limit");
      expect(result.tour).toBeNull();
    }
  });

  it("is reproducible from its seed", () => {
    const board = new Board(12, 12);
    const a = solve(board, { method: "warnsdorff", tieBreak: "random", seed: 8, start: 5 });
    const b = solve(board, { method: "warnsdorff", tieBreak: "random", seed: 8, start: 5 });
    expect(a.status).toBe(b.status);
    expect(Array.from(a.tour?.path ?? a.partial!)).toEqual(Array.from(b.tour?.path ?? b.partial!));
  });

  it("runs under a caller's budget when one is shared: its limits govern, not the options'", () => {
    const board = new Board(8, 8);
    const outer = Budget.start({ nodeLimit: 5_000 });
    // The options' own node limit would let the exponential search run on; the budget does not.
    const result = solve(board, { method: "stack", start: 1, nodeLimit: 1e9, budget: outer });
    expect(result.status).toBe("limit");
    expect(outer.stopped).toBe("limit");
    // Budgets are checked every CHECK_MASK + 1 nodes: the run stops at the first check past 5,000.
    expect(result.stats.nodes).toBeLessThanOrEqual(5_000 + CHECK_MASK + 2);
  });
});
