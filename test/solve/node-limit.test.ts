import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseCell } from "../../src/core/cells.js";
import { Budget, CHECK_MASK } from "../../src/core/run.js";
import { solve } from "../../src/solve/index.js";
import { runCli } from "../helpers/cli.js";
import { expectTour } from "./expect-tour.js";

// A node limit of n stops a search at n nodes, not at the next multiple of CHECK_MASK + 1
// (issue 31: `knight exists 6 --start a1 --end b1 --node-limit 1` searched 36 nodes).

const METHODS = ["search", "bidirectional", "backtrack", "stack"] as const;

describe("Budget.nextCheck: the node count of the next check", () => {
  it("is the next multiple of CHECK_MASK + 1 without a limit", () => {
    const budget = Budget.start({});
    expect(budget.nextCheck(0)).toBe(CHECK_MASK + 1);
    expect(budget.nextCheck(CHECK_MASK)).toBe(CHECK_MASK + 1);
    expect(budget.nextCheck(CHECK_MASK + 1)).toBe(2 * (CHECK_MASK + 1));
    // Past 2^32 too (node counts are doubles; the mask test read only the low bits).
    expect(budget.nextCheck(2 ** 33 + 5)).toBe(2 ** 33 + CHECK_MASK + 1);
  });

  it("is the limit when it comes first, nested runs' nodes counted", () => {
    const budget = Budget.start({ nodeLimit: 10 });
    expect(budget.nextCheck(0)).toBe(10);
    expect(budget.nextCheck(9)).toBe(10);
    budget.spend(4);
    expect(budget.nextCheck(0)).toBe(6);
    // At or past the limit: the very next node.
    expect(budget.nextCheck(6)).toBe(7);
    expect(Budget.start({ nodeLimit: 10_000 }).nextCheck(5000)).toBe(2 * (CHECK_MASK + 1));
  });
});

describe.each(METHODS)("a node limit stops %s exactly", (method) => {
  const board = new Board(6, 6);
  const request = { method, start: parseCell("a1", board), end: parseCell("b1", board) };
  const free = solve(board, request);

  it("finds the tour without a limit (the node counts below are of a real search)", () => {
    expectTour(board, free, { start: request.start, end: request.end });
  });

  it.each([1, 2, 3, 10, 35])("limit %i: status 'limit', no node past it", (limit) => {
    const result = solve(board, { ...request, nodeLimit: limit });
    // Every limit here is below what the search needs (36 nodes at least: one per cell).
    expect(free.stats.nodes).toBeGreaterThan(limit);
    expect(result.status).toBe("limit");
    expect(result.stats.nodes).toBeLessThanOrEqual(limit);
    expect(result.stats.nodes).toBe(limit);
  });

  // The node that reaches the limit ends the run before it is judged, its last one included.
  it("a limit of the nodes it needs stops at the last; one more changes nothing", () => {
    const at = solve(board, { ...request, nodeLimit: free.stats.nodes });
    expect(at.status).toBe("limit");
    expect(at.stats.nodes).toBe(free.stats.nodes);
    const result = solve(board, { ...request, nodeLimit: free.stats.nodes + 1 });
    expectTour(board, result, { start: request.start, end: request.end });
    expect(result.stats.nodes).toBe(free.stats.nodes);
    expect(Array.from(result.tour!.path)).toEqual(Array.from(free.tour!.path));
  });
});

describe("search with restarts: the limit stops, and moves nothing else", () => {
  // 4×9 open from the corner: two attempts end at their node allowance (judged every
  // CHECK_MASK + 1 nodes, as before) and the third finds a tour past node 8,192.
  const board = new Board(4, 9);
  const free = solve(board, { method: "search" });

  it("needs restarts without a limit", () => {
    expectTour(board, free);
    expect(free.stats.attempts).toBeGreaterThan(1);
    expect(free.stats.nodes).toBeGreaterThan(2 * (CHECK_MASK + 1));
  });

  it("the same tour under a limit of one node more than it needs; its own count stops there", () => {
    const above = solve(board, { method: "search", nodeLimit: free.stats.nodes + 1 });
    expectTour(board, above);
    expect(above.stats).toMatchObject({
      nodes: free.stats.nodes,
      backtracks: free.stats.backtracks,
      attempts: free.stats.attempts,
    });
    expect(Array.from(above.tour!.path)).toEqual(Array.from(free.tour!.path));
    const at = solve(board, { method: "search", nodeLimit: free.stats.nodes });
    expect(at.status).toBe("limit");
    expect(at.stats.nodes).toBe(free.stats.nodes);
  });

  it("a limit on an allowance's own check point stops there", () => {
    const result = solve(board, { method: "search", nodeLimit: CHECK_MASK + 1 });
    expect(result.status).toBe("limit");
    expect(result.stats.nodes).toBe(CHECK_MASK + 1);
  });
});

describe("the CLI: a small --node-limit is not overshot", () => {
  it("exists --json says status 'limit' (exit 3) where the search needs more nodes", async () => {
    const argv = ["exists", "6", "--start", "a1", "--end", "b1", "--json"];
    const free = await runCli(argv);
    expect(free.code, free.stderr).toBe(0);
    const nodes = Number(/\((\d+) nodes\)/.exec(free.stdout)![1]);
    const limited = await runCli([...argv, "--node-limit", String(nodes - 1)]);
    expect(limited.code, limited.stderr).toBe(3);
    expect(JSON.parse(limited.stdout)).toMatchObject({ status: "limit", exists: "unknown" });
  });

  it.each(METHODS)("tour --method %s --node-limit 5 reports 5 nodes", async (method) => {
    const r = await runCli([
      "tour",
      "6",
      "--start",
      "a1",
      "--end",
      "b1",
      "--method",
      method,
      "--node-limit",
      "5",
      "--stats",
    ]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/status limit; method \w+; nodes 5;/);
  });
});
