/**
 * nextDeduction, the page's Hint: every hint agrees with the one solution (the generator's
 * tour, checked by the validator), following hints alone fills in every puzzle the grades call
 * easy or medium, and a puzzle whose numbers conflict gets no hint.
 */
import { describe, expect, it } from "vitest";
import {
  Board,
  createPuzzle,
  formatCell,
  generatePuzzle,
  nextDeduction,
  type Puzzle,
  parsePuzzle,
  validateTour,
} from "../../src/index.js";

/** The puzzle with one more number written in. */
function withNumber(puzzle: Puzzle, cell: number, step: number): Puzzle {
  const clues: Array<[number, number]> = [];
  puzzle.clues.forEach((s, v) => {
    if (s > 0) clues.push([v, s]);
  });
  clues.push([cell, step]);
  return createPuzzle(puzzle.board, clues, { closed: puzzle.closed });
}

describe("nextDeduction", () => {
  for (const [rows, cols, difficulty, seed] of [
    [5, 5, "easy", 3],
    [5, 5, "medium", 1],
    [8, 8, "medium", 20261203],
  ] as const) {
    it(`fills in a ${rows}×${cols} ${difficulty} puzzle (seed ${seed}) one right number at a time`, () => {
      const made = generatePuzzle(new Board(rows, cols), { seed, difficulty });
      const answer = made.solution.path;
      expect(
        validateTour(made.solution.board, answer, { closed: made.solution.closed }).valid,
      ).toBe(true);
      let puzzle = made.puzzle;
      const rules = new Set<string>();
      for (let left = answer.length - made.clues; left > 0; left--) {
        const hint = nextDeduction(puzzle);
        expect(hint).not.toBeNull();
        expect(puzzle.clues[hint!.cell]).toBe(0);
        expect(answer[hint!.step - 1]).toBe(hint!.cell);
        expect(hint!.reason).toContain(formatCell(puzzle.board, hint!.cell));
        rules.add(hint!.rule);
        puzzle = withNumber(puzzle, hint!.cell, hint!.step);
      }
      expect(nextDeduction(puzzle)).toBeNull();
      if (difficulty === "medium") expect(rules.has("chain")).toBe(true);
    });
  }

  it("gives no hint when the numbers conflict", () => {
    expect(nextDeduction(parsePuzzle("1 2 . .\n. . . .\n. . . ."))).toBeNull();
  });

  it("gives no hint where the rules place nothing (two solutions, no forced number)", () => {
    // 3×4 with only 1 on a3: two tours, and no rule places anything.
    const puzzle = parsePuzzle("1 . . .\n. . . .\n. . . .");
    expect(nextDeduction(puzzle)).toBeNull();
  });
});
