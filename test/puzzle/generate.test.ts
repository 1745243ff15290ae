import { describe, expect, it } from "vitest";
import {
  Board,
  formatPuzzleJson,
  generatePuzzle,
  generatePuzzles,
  gradePuzzle,
  type Puzzle,
  validateTour,
} from "../../src/index.js";
import { type BrutePuzzle, brutePuzzleCount } from "../helpers/puzzle-brute.js";

function brute(puzzle: Puzzle): BrutePuzzle {
  const json = JSON.parse(formatPuzzleJson(puzzle));
  return {
    rows: json.rows,
    cols: json.cols,
    closed: json.closed,
    holes: json.holes ?? [],
    clues: json.clues,
  };
}

describe("generatePuzzle", () => {
  // The brute force counts every completion: if the generator ever skipped its uniqueness proof
  // (removed clues without solving), these puzzles would have several solutions and fail here.
  const boards: Array<[Board, boolean]> = [
    [new Board(4, 5), false],
    [new Board(5, 5), false],
    [new Board(5, 5, { holes: [12] }), false],
    [new Board(5, 6), true],
  ];
  for (const [board, closed] of boards) {
    it(`${board}${closed ? " closed" : ""}: every puzzle has exactly one solution, by brute force`, () => {
      for (const made of generatePuzzles(board, { closed, seed: 11, count: 3 })) {
        const count = brutePuzzleCount(brute(made.puzzle), 2);
        expect(count.count, formatPuzzleJson(made.puzzle)).toBe(1);
        const { path } = made.solution;
        expect(count.first!.map(([r, c]) => board.cell(r, c))).toEqual([...path]);
        expect(validateTour(board, made.solution, { closed }).valid).toBe(true);
        // Clues were removed, and the answer was not given away.
        expect(made.clues).toBeLessThan(board.vertexCount / 2);
        expect(made.checks).toBe(board.vertexCount);
      }
    });
  }

  it("makes open puzzles past 30 cells (drawn by search): 6×6 and 5×7 open, each valid and unique", () => {
    // Before, a 6×6 open puzzle first counted the board's 6.6 million tours for a uniform draw
    // (about 4 s). Brute force is out of reach on 36 cells: the solution is validated on its
    // own, and uniqueness is the solver's grade of the finished puzzle, made afresh.
    for (const board of [new Board(6, 6), new Board(5, 7)]) {
      const seen = new Set<string>();
      for (const made of generatePuzzles(board, { seed: 4, count: 3, difficulty: "easy" })) {
        expect(validateTour(board, made.solution).valid).toBe(true);
        const grade = gradePuzzle(made.puzzle);
        expect(grade.unique).toBe(true);
        expect(made.clues).toBeLessThan(board.vertexCount);
        seen.add(formatPuzzleJson(made.puzzle));
      }
      expect(seen.size).toBe(3);
    }
  });

  it("is reproducible from the seed, and the seed matters", () => {
    const board = new Board(6, 6);
    const a = generatePuzzle(board, { closed: true, seed: 5 });
    const b = generatePuzzle(board, { closed: true, seed: 5 });
    const c = generatePuzzle(board, { closed: true, seed: 6 });
    expect(formatPuzzleJson(a.puzzle)).toBe(formatPuzzleJson(b.puzzle));
    expect(formatPuzzleJson(a.puzzle)).not.toBe(formatPuzzleJson(c.puzzle));
  });

  it("gives the difficulty asked, as gradePuzzle grades it", () => {
    const board = new Board(8, 8);
    for (const difficulty of ["easy", "medium", "hard"] as const) {
      const made = generatePuzzle(board, { seed: 2, difficulty });
      expect(made.difficulty).toBe(difficulty);
      const grade = gradePuzzle(made.puzzle);
      expect(grade.unique).toBe(true);
      expect(grade.difficulty).toBe(difficulty);
      if (difficulty === "hard") expect(grade.nodes).toBeGreaterThan(0);
      else expect(grade.nodes).toBe(0);
    }
  });

  it("stops at the number of clues asked, never below a unique puzzle", () => {
    const made = generatePuzzle(new Board(6, 6), { closed: true, seed: 3, clues: 20 });
    expect(made.clues).toBe(20);
    expect(gradePuzzle(made.puzzle).unique).toBe(true);
  });

  it("refuses bad options, naming the value", () => {
    expect(() => generatePuzzle(new Board(6, 6), { seed: -1 })).toThrow(/seed must be .* got -1/);
    expect(() => generatePuzzle(new Board(6, 6), { clues: 99 })).toThrow(
      /clues must be a whole number from 0 to 36, got 99/,
    );
    expect(() => generatePuzzle(new Board(4, 4))).toThrow(/no puzzle on the 4×4 board/);
  });
});
