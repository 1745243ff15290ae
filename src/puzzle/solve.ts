import { OptionError } from "../core/errors.js";
import type { Tour } from "../core/tour.js";
import { analyse, checkedTour, type Difficulty } from "./analyse.js";
import type { Puzzle } from "./puzzle.js";

export interface SolvePuzzleOptions {
  /** Stop counting at this many solutions (default 2: enough to tell unique from not). */
  readonly maxSolutions?: number;
  /** Search nodes allowed before the answer is "limit" (default 50 million). */
  readonly nodeLimit?: number;
}

export interface PuzzleSolution {
  /** solved: at least one solution; impossible: none (see `reason`); limit: undecided. */
  readonly status: "solved" | "impossible" | "limit";
  /** Exactly one solution, proved (the search was exhaustive or the rules placed every number). */
  readonly unique: boolean;
  /** Solutions found, at most `maxSolutions`. */
  readonly solutions: number;
  /** A solution, checked by the validator; null when none was found. */
  readonly tour: Tour | null;
  /** Why there is no solution (which clue conflicts, and how), or why the search stopped. */
  readonly reason: string;
  /** Numbers the forced rules placed, the chains placed, and the search nodes after them. */
  readonly forced: number;
  readonly chained: number;
  readonly nodes: number;
}

const DEFAULT_PUZZLE_NODE_LIMIT = 50_000_000;

/**
 * Solve a knight's tour puzzle: fill in the missing numbers so that consecutive numbers are a
 * move apart. The clues are checked against each other first (reach and parity), then rules
 * place the numbers they force (distance bounds, cells only one number fits, chains of moves
 * between clues), and a search with connectivity and degree pruning does the rest, counting
 * solutions up to `maxSolutions`. An impossible puzzle comes back with the reason.
 *
 * @example
 * ```ts
 * import { parsePuzzle, solvePuzzle } from "knight-tours";
 *
 * const puzzle = parsePuzzle(`
 * 1 . . .
 * . . . .
 * . . . 12`);
 * const answer = solvePuzzle(puzzle);
 * console.log(answer.status, answer.unique, answer.tour?.path.join(" "));
 * // → solved true 0 6 8 1 7 9 2 4 10 3 5 11
 * console.log(solvePuzzle(parsePuzzle("1 . . .\n. . . .\n. . . .")).solutions); // → 2
 * const broken = solvePuzzle(parsePuzzle("1 2 . .\n. . . .\n. . . ."));
 * console.log(broken.status, broken.reason);
 * // → impossible 2 on b3 cannot follow 1 on a3 in 1 move: it takes at least 3
 * ```
 */
export function solvePuzzle(puzzle: Puzzle, options: SolvePuzzleOptions = {}): PuzzleSolution {
  const maxSolutions = options.maxSolutions ?? 2;
  const nodeLimit = options.nodeLimit ?? DEFAULT_PUZZLE_NODE_LIMIT;
  if (!(maxSolutions >= 1)) {
    throw new OptionError(`maxSolutions must be at least 1, got ${maxSolutions}`, maxSolutions);
  }
  if (!(nodeLimit >= 1)) {
    throw new OptionError(`nodeLimit must be at least 1, got ${nodeLimit}`, nodeLimit);
  }
  const result = analyse(puzzle, maxSolutions, nodeLimit);
  return {
    status: result.status,
    unique: result.status === "solved" && result.solutions === 1,
    solutions: result.solutions,
    tour: result.path === null ? null : checkedTour(puzzle, result.path),
    reason: result.reason,
    forced: result.forced,
    chained: result.chained,
    nodes: result.nodes,
  };
}

export interface PuzzleGrade {
  /** From the rules the solver needs; null when the puzzle has no unique solution. */
  readonly difficulty: Difficulty | null;
  readonly unique: boolean;
  /** Numbers placed by forced moves, by chains, and the search nodes after them. */
  readonly forced: number;
  readonly chained: number;
  readonly nodes: number;
}

/**
 * Grade a puzzle by the deductions it needs: `easy` when forced moves alone fill it in (a
 * number only one cell can hold, a cell only one number fits), `medium` when it also needs the
 * chains between clues (every chain of moves from one clue to the next agreeing on a cell),
 * `hard` when it needs a search with branching. Only a puzzle with one solution has a grade.
 *
 * @example
 * ```ts
 * import { gradePuzzle, parsePuzzle } from "knight-tours";
 *
 * const easy = gradePuzzle(parsePuzzle(`
 *  1 24  . 12  7
 *  .  .  .  .  .
 * 23  .  .  .  .
 * 14  .  .  .  .
 *  .  . 15  .  5`));
 * console.log(easy.difficulty, easy.forced, easy.nodes); // → easy 17 0
 * const chains = gradePuzzle(parsePuzzle("1 . . .\n. . . .\n. . . 12"));
 * console.log(chains.difficulty, chains.chained); // → medium 10
 * ```
 */
export function gradePuzzle(puzzle: Puzzle, options: SolvePuzzleOptions = {}): PuzzleGrade {
  const result = analyse(puzzle, 2, options.nodeLimit ?? DEFAULT_PUZZLE_NODE_LIMIT);
  const unique = result.status === "solved" && result.solutions === 1;
  return {
    difficulty: unique ? result.difficulty : null,
    unique,
    forced: result.forced,
    chained: result.chained,
    nodes: result.nodes,
  };
}
