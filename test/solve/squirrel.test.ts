import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { SquirrelWalker, squirrelRules } from "../../src/solve/squirrel.js";
import { expectKnightPath } from "./expect-tour.js";

describe("Squirrel & Cull's rule", () => {
  it("walks a tour from the corner of every n×n, 5 ≤ n ≤ 90, except n = 74 (as published)", () => {
    const stuck: number[] = [];
    for (let n = 5; n <= 90; n++) {
      const board = new Board(n, n);
      const walker = new SquirrelWalker(board);
      const length = walker.walk(0);
      const path = walker.path.subarray(0, length);
      expect(path[0]).toBe(0);
      if (length === board.cells) expect(validateTour(board, path).valid).toBe(true);
      else {
        expectKnightPath(board, path);
        stuck.push(n);
      }
    }
    expect(stuck).toEqual([74]);
  });

  it("has a rule table for every residue, each ordering a permutation of the 8 directions", () => {
    for (let n = 5; n <= 40; n++) {
      const rules = squirrelRules(n);
      expect(rules.at(-1)!.until).toBeNull();
      for (const rule of rules) {
        expect([...rule.ordering].sort().join("")).toBe("12345678");
        if (rule.until) for (const x of rule.until) expect(Number.isInteger(x)).toBe(true);
      }
    }
  });

  it("starts from any corner by symmetry, through solve()", () => {
    const board = new Board(8, 8);
    for (const start of [0, 7, 56, 63]) {
      const result = solve(board, { tieBreak: "squirrel", start });
      expect(result.status).toBe("found");
      expect(result.stats.method).toBe("warnsdorff");
      expect(result.tour!.path[0]).toBe(start);
      expect(validateTour(board, result.tour!.path).valid).toBe(true);
    }
  });

  it("answers n = 74 honestly: stuck, with the partial path", () => {
    const board = new Board(74, 74);
    const result = solve(board, { tieBreak: "squirrel" });
    expect(result.status).toBe("stuck");
    expect(result.partial!.length).toBeLessThan(board.cells);
    expectKnightPath(board, result.partial!);
    expect(result.reason).toMatch(/got stuck; the longest walk covered \d+ of 5476 cells/);
  });

  it("refuses what the rule does not define, naming what is allowed", () => {
    const message = (rows: number, cols: number, options: Parameters<typeof solve>[1]) => {
      try {
        solve(new Board(rows, cols), { tieBreak: "squirrel", ...options });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("no error thrown");
    };
    expect(message(6, 8, {})).toMatch(/square boards n×n with n ≥ 5.*not 6×8/);
    expect(message(4, 4, {})).toMatch(/n ≥ 5/);
    expect(message(8, 8, { start: 27 })).toMatch(/from a corner.*a1, a8, h1 or h8/);
    expect(message(8, 8, { method: "search" })).toMatch(/Warnsdorff walks only.*not search/);
  });
});
