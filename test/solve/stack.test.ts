import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { Budget } from "../../src/core/run.js";
import { backtrackSearch, MAX_RECURSION_DEPTH } from "../../src/solve/backtrack.js";
import { FixedOrderDfs, solve } from "../../src/solve/index.js";
import { expectTour } from "./expect-tour.js";

const newStats = () => ({ nodes: 0, backtracks: 0, attempts: 0, ms: 0 });

describe("backtrack and stack: the textbook fixed-order DFS", () => {
  it("5×5: both find the same first tour from every corner-coloured start, and refute the others", () => {
    const board = new Board(5, 5);
    for (let start = 0; start < 25; start++) {
      const a = solve(board, { method: "backtrack", start, useTheory: false });
      const b = solve(board, { method: "stack", start, useTheory: false });
      expect(a.status).toBe(board.colour(start) === 0 ? "found" : "impossible");
      expect(b.status).toBe(a.status);
      // Same move order, same tree: identical tours and node counts.
      expect(b.stats.nodes).toBe(a.stats.nodes);
      if (a.status === "found") {
        expectTour(board, a, { start });
        expect(Array.from(b.tour!.path)).toEqual(Array.from(a.tour!.path));
      } else {
        expect(a.reason).toMatch(/exhaustive backtrack search, \d+ nodes/);
      }
    }
  });

  it("agrees with search on 3×4, 4×5 and 3×7 (open, every start)", () => {
    for (const [rows, cols] of [
      [3, 4],
      [4, 5],
      [3, 7],
    ] as const) {
      const board = new Board(rows, cols);
      for (let start = 0; start < board.cells; start++) {
        const dfs = solve(board, { method: "stack", start, useTheory: false, nodeLimit: 5e6 });
        const search = solve(board, { method: "search", start, useTheory: false });
        expect(dfs.status, `${rows}×${cols} from ${start}`).toBe(search.status);
        if (dfs.status === "found") expectTour(board, dfs, { start });
      }
    }
  });

  it("closed tours and required ends", () => {
    const board = new Board(3, 10);
    expectTour(board, solve(board, { method: "stack", closed: true }), { closed: true });
    expectTour(board, solve(board, { method: "backtrack", closed: true }), { closed: true });
    const small = new Board(3, 4);
    expectTour(small, solve(small, { method: "backtrack", start: 0, end: 11 }), {
      start: 0,
      end: 11,
    });
  });

  it("8×8: the node limit stops it with status limit and says why", () => {
    const result = solve(new Board(8, 8), { method: "backtrack", nodeLimit: 200_000 });
    expect(result.status).toBe("limit");
    expect(result.reason).toMatch(/node limit of 200000.*exponential/);
    expect(result.stats.nodes).toBeGreaterThanOrEqual(200_000);
  });

  it("does not overflow the call stack: deep paths go to the explicit stack", () => {
    const board = new Board(60, 60);
    const dfs = new FixedOrderDfs(knightGraph(board));
    dfs.reset(0);
    const outcome = backtrackSearch(
      dfs,
      { start: 0, closed: false },
      Budget.start({ nodeLimit: 300_000 }),
      newStats(),
    );
    expect(["found", "limit"]).toContain(outcome);
    expect(dfs.deepest).toBeGreaterThan(MAX_RECURSION_DEPTH);
  });

  it("searchFrom never backtracks above its root", () => {
    const board = new Board(3, 4);
    const dfs = new FixedOrderDfs(knightGraph(board));
    dfs.reset(0);
    // Put a fixed second cell on the path, then search below it.
    const second = knightGraph(board).neighbours(0)[0]!;
    dfs.visited[second] = 1;
    dfs.path[1] = second;
    const outcome = dfs.searchFrom(1, { start: 0, closed: false }, Budget.start({}), newStats());
    if (outcome === "found") expect(dfs.path[1]).toBe(second);
    else expect(outcome).toBe("exhausted");
  });
});
