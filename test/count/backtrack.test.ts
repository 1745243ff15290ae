import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { backtrackPlan, countSubproblem, planTotal } from "../../src/count/backtrack.js";
import { count } from "../../src/count/count.js";
import { PathSearch } from "../../src/count/path-search.js";
import { countRequest } from "../../src/count/request.js";

describe("backtrackPlan(request)", () => {
  test("is a pure function of the request: same subproblems, ids 0..n-1", () => {
    const request = countRequest(new Board(6, 6), { closed: true });
    const a = backtrackPlan(request);
    const b = backtrackPlan(request);
    expect(a.subproblems).toEqual(b.subproblems);
    expect(a.subproblems.map((s) => s.id)).toEqual(a.subproblems.map((_, i) => i));
    expect(a.subproblems.length).toBeGreaterThanOrEqual(128);
  });

  test("the subproblems' counts add up to the count, whatever the cut", () => {
    const board = new Board(5, 5);
    const request = countRequest(board, {});
    const search = new PathSearch(knightGraph(board));
    for (const target of [1, 10, 500]) {
      const plan = backtrackPlan(request, { target });
      const counts = new Map<number, bigint>();
      for (const sub of plan.subproblems) {
        counts.set(sub.id, BigInt(countSubproblem(search, sub, false)));
      }
      expect(planTotal(plan, counts)).toBe(1728n);
    }
  });

  test("open counts from every start fold symmetric starts (weights add to the cells)", () => {
    const plan = backtrackPlan(countRequest(new Board(6, 6), {}), { target: 1 });
    expect(plan.subproblems.reduce((sum, s) => sum + s.weight, 0)).toBe(36);
    expect(plan.subproblems.length).toBe(6);
  });
});

describe("PathSearch", () => {
  test("stopping mid-way returns -1; the same search then counts afresh", () => {
    const board = new Board(5, 6);
    const search = new PathSearch(knightGraph(board));
    const expected = Number(count(board, { start: 0, method: "frontier" }).count);
    let calls = 0;
    expect(search.run([0], -1, null, undefined, () => ++calls > 1)).toBe(-1);
    expect(calls).toBe(2);
    expect(search.run([0], -1, null)).toBe(expected);
  });

  test("an impossible prefix has no paths", () => {
    const search = new PathSearch(knightGraph(new Board(5, 5)));
    expect(search.run([0, 1], -1, null)).toBe(0); // not a knight's move
    expect(search.run([0, 7, 0], -1, null)).toBe(0); // a repeat
    expect(search.run([1], -1, null)).toBe(0); // the minority colour of 5×5
  });
});
