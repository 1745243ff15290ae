import { describe, expect, it } from "vitest";
import { createRandom } from "../../src/core/index.js";
import {
  Board,
  createPuzzle,
  formatPuzzleJson,
  HOLY_KNIGHT_GRID,
  type Puzzle,
  parsePuzzle,
  sampleTours,
  solvePuzzle,
  type Tour,
  validateTour,
} from "../../src/index.js";
import { type BrutePuzzle, brutePuzzleCount } from "../helpers/puzzle-brute.js";

/** The puzzle as the brute-force counter reads it: through its JSON, nothing shared. */
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

/** `keep` numbers of a sampled tour as clues (the sampler is not the solver under test). */
function randomPuzzle(board: Board, closed: boolean, seed: number, keep: number): Puzzle | null {
  const random = createRandom(seed);
  const plan = sampleTours(board, { closed, seed, method: "search" });
  if (plan.status !== "ready") return null;
  const tour = plan.tours.next().value as Tour;
  const steps = new Set<number>();
  while (steps.size < Math.min(keep, board.vertexCount)) steps.add(random.int(board.vertexCount));
  const clues = [...steps].map((i): [number, number] => [tour.path[i]!, i + 1]);
  // Every third puzzle has two clues swapped: mostly no solution, sometimes others.
  if (seed % 3 === 0 && clues.length >= 2) {
    const [a, b] = [clues[0]![1], clues[1]![1]];
    clues[0]![1] = b;
    clues[1]![1] = a;
  }
  return createPuzzle(board, clues, { closed });
}

describe("solvePuzzle against an independent brute-force count", () => {
  // [board, closed, fewest clues kept]: the brute force is slow when few clues prune it.
  const boards: Array<[Board, boolean, number]> = [
    [new Board(3, 4), false, 2],
    [new Board(4, 5), false, 3],
    [new Board(5, 5), false, 6],
    [new Board(5, 5, { holes: [12] }), false, 5],
    [new Board(4, 5, { holes: [0] }), false, 3],
    [new Board(5, 6), true, 16],
  ];
  for (const [board, closed, fewest] of boards) {
    it(`${board}${closed ? " closed" : ""}: random clue sets, every count and every tour`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 9; seed++) {
        const puzzle = randomPuzzle(board, closed, seed, fewest + (seed % 6));
        if (puzzle === null) continue;
        const expected = brutePuzzleCount(brute(puzzle)).count;
        const all = solvePuzzle(puzzle, { maxSolutions: Number.MAX_SAFE_INTEGER });
        expect(all.solutions, `${formatPuzzleJson(puzzle)}`).toBe(expected);
        const two = solvePuzzle(puzzle);
        expect(two.solutions).toBe(Math.min(2, expected));
        expect(two.unique).toBe(expected === 1);
        if (expected > 0) {
          expect(two.tour).not.toBeNull();
          expect(validateTour(board, two.tour!, { closed }).valid).toBe(true);
          puzzle.clues.forEach((step, cell) => {
            if (step > 0) expect(two.tour!.path[step - 1]).toBe(cell);
          });
        } else {
          expect(two.status).toBe("impossible");
          expect(two.reason).not.toBe("");
        }
        checked++;
      }
      expect(checked).toBe(9);
    });
  }
});

describe("impossible puzzles say why", () => {
  it("two clues too far apart", () => {
    const result = solvePuzzle(parsePuzzle("1 . . .\n. . . .\n. . . 3"));
    expect(result.status).toBe("impossible");
    expect(result.reason).toBe("3 on d1 cannot follow 1 on a3 in 2 moves: it takes at least 3");
  });
  it("parity", () => {
    const result = solvePuzzle(
      parsePuzzle(". . . . .\n. . . . .\n1 . 4 . .\n. . . . .\n. . . . ."),
    );
    expect(result.status).toBe("impossible");
    expect(result.reason).toMatch(/^4 on c3 cannot follow 1 on a3 in 3 moves: parity/);
  });
  it("a closed tour on an odd board", () => {
    const result = solvePuzzle(
      parsePuzzle("closed\n1 . . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . ."),
    );
    expect(result.reason).toMatch(/needs an even number of cells/);
  });
  it("a board that falls apart", () => {
    expect(solvePuzzle(parsePuzzle("1 . .\n. . .\n. . .")).reason).toMatch(/falls apart/);
  });
});

describe("the Rosetta Code holy knight's tour", () => {
  // "Solve a Holy Knight's tour": the 8×8 board with 28 squares covered, the knight starting
  // on the 1 (the task's first example).
  const holy = HOLY_KNIGHT_GRID;

  it("is solved, with a tour the validator accepts", () => {
    const puzzle = parsePuzzle(holy);
    expect(puzzle.board.vertexCount).toBe(36);
    const result = solvePuzzle(puzzle);
    expect(result.status).toBe("solved");
    expect(validateTour(puzzle.board, result.tour!).valid).toBe(true);
    expect(result.tour!.path[0]).toBe(puzzle.board.cell(5, 0));
    // Only the start is given: the task asks for a tour, and there are many.
    expect(result.unique).toBe(false);
  });
});

describe("other pieces", () => {
  it("knight+camel (16 moves a cell): counts agree with the solver's own exhaustive search", () => {
    // The brute-force counter knows only the knight; here the check is the validator and the
    // agreement of a count to 2 with a full count.
    const board = new Board(5, 5, { piece: "knight+camel" });
    const plan = sampleTours(board, { seed: 3, method: "search" });
    if (plan.status !== "ready") throw new Error(plan.status);
    const tour = plan.tours.next().value as Tour;
    // Every fourth number as a clue: few enough to leave several answers, enough to count them.
    const clues = [0, 4, 8, 12, 16, 20, 24].map((i): [number, number] => [tour.path[i]!, i + 1]);
    const puzzle = createPuzzle(board, clues);
    const all = solvePuzzle(puzzle, { maxSolutions: Number.MAX_SAFE_INTEGER });
    const two = solvePuzzle(puzzle);
    expect(all.solutions).toBeGreaterThan(0);
    expect(two.solutions).toBe(Math.min(2, all.solutions));
    expect(validateTour(board, two.tour!).valid).toBe(true);
  });
});
