import { describe, expect, it } from "vitest";
import { isKnightError } from "../../src/core/errors.js";
import {
  CoverFormatError,
  exactCover,
  formatDlx,
  formatSolution,
  indexProblem,
  parseDlx,
} from "../../src/cover/format.js";
import { knuthExample, pentominoProblem, queensProblem } from "../../src/cover/problems.js";

const KNUTH = `| Knuth's example, TAOCP 7.2.2.1 (5)
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`;

describe("parseDlx", () => {
  it("reads Knuth's example: items, options, and the one solution", () => {
    const problem = parseDlx(KNUTH);
    expect(problem.itemNames).toEqual(["a", "b", "c", "d", "e", "f", "g"]);
    expect(problem.primary).toBe(7);
    expect(problem.secondary).toBe(0);
    expect(problem.options.map((o) => [...o])).toEqual([
      [2, 4],
      [0, 3, 6],
      [1, 2, 5],
      [0, 3, 5],
      [1, 6],
      [3, 4, 6],
    ]);
    const solution = exactCover(problem).first().solution!;
    expect(formatSolution(problem, solution).split("\n").sort()).toEqual(["a d f", "b g", "c e"]);
  });

  it("reads secondary items after '|', comments and blank lines anywhere", () => {
    const problem = parseDlx("| queens\n\nr1 r2 c1 c2 | d1\n| a comment\nr1 c1 d1\n\nr2 c2 d1\n");
    expect(problem.primary).toBe(4);
    expect(problem.secondary).toBe(1);
    expect(problem.itemNames).toEqual(["r1", "r2", "c1", "c2", "d1"]);
    expect(exactCover(problem).count().count).toBe(0);
  });

  it("round-trips through formatDlx (and 8 queens still has 92 solutions)", () => {
    for (const named of [knuthExample(), queensProblem(8), pentominoProblem(3, 20)]) {
      const problem = indexProblem(named);
      const text = formatDlx(problem);
      const again = parseDlx(text);
      expect(again.itemNames).toEqual(problem.itemNames);
      expect(again.primary).toBe(problem.primary);
      expect(again.secondary).toBe(problem.secondary);
      expect(again.options.map((o) => [...o])).toEqual(problem.options.map((o) => [...o]));
      expect(formatDlx(again)).toBe(text);
    }
    expect(exactCover(parseDlx(formatDlx(queensProblem(8)))).count().count).toBe(92);
  });

  it.each([
    ["", /no item line/, undefined],
    ["| only a comment\n", /no item line/, undefined],
    ["a b\na c\n", /line 2: the option names 'c', which is not an item/, 2],
    ["a b | x | y\n", /line 1: .*more than one '\|'/, 1],
    ["a a\na\n", /line 1: item 'a' is declared twice/, 1],
    ["a b\na:red b\n", /line 2: 'a:red' has a colour/, 2],
    ["a b\na | b\n", /line 2: '\|' is only allowed on the item line/, 2],
    ["| x y\n", /no item line/, undefined],
    ["| \n | x\n", /no item line/, undefined],
  ])("rejects %j with a typed error naming the line", (text, pattern, line) => {
    let error: unknown;
    try {
      parseDlx(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CoverFormatError);
    expect(isKnightError(error)).toBe(true);
    expect((error as CoverFormatError).message).toMatch(pattern);
    expect((error as CoverFormatError).line).toBe(line);
    expect((error as CoverFormatError).code).toBe("BAD_COVER");
  });

  it("takes a line that starts with '|' as a comment, even one that looks like items", () => {
    const problem = parseDlx(" | x\na\na\n");
    expect(problem.itemNames).toEqual(["a"]);
    expect(exactCover(problem).count().count).toBe(1);
  });
});

describe("exactCover", () => {
  it("takes named or indexed problems", () => {
    expect(exactCover(knuthExample()).count().count).toBe(1);
    expect(exactCover({ primary: 2, options: [[0], [1], [0, 1]] }).count().count).toBe(2);
  });

  it("rejects bad item names", () => {
    expect(() => indexProblem({ primary: ["a b"], options: [] })).toThrow(/not allowed/);
    expect(() => indexProblem({ primary: ["a"], options: [["b"]] })).toThrow(/not an item/);
  });
});
