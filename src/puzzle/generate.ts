import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { createRandom, type Random } from "../core/random.js";
import type { Tour } from "../core/tour.js";
import { type SampleEnd, sampleTours } from "../sample/sample.js";
import { analyse, checkedTour, DIFFICULTIES, type Difficulty } from "./analyse.js";
import { clueCount, createPuzzle, type Puzzle } from "./puzzle.js";

export interface GeneratePuzzleOptions {
  /** The answer is a closed tour. */
  readonly closed?: boolean;
  /** Seed of the tour drawn and of the order clues are tried for removal (default 1). */
  readonly seed?: number;
  /** Stop removing clues at this many (fewer are never left; more may be, if needed for uniqueness). */
  readonly clues?: number;
  /** The grade the puzzle must have; tours are drawn again until it does (up to `attempts`). */
  readonly difficulty?: Difficulty;
  /** Tours drawn at most, for a difficulty (default 30). */
  readonly attempts?: number;
  /** Search nodes one uniqueness check may take; past it the clue is kept (default 2000). */
  readonly checkNodeLimit?: number;
}

export interface GeneratedPuzzle {
  readonly puzzle: Puzzle;
  /** The one solution: the tour the clues were taken from. */
  readonly solution: Tour;
  readonly difficulty: Difficulty;
  /** The number of clues left. */
  readonly clues: number;
  /** Tours drawn (more than one when a drawn tour did not give the difficulty asked). */
  readonly attempts: number;
  /** Uniqueness checks run, and how many of them needed a search after the rules. */
  readonly checks: number;
  readonly searched: number;
}

/**
 * A removal the solver cannot settle in this many search nodes keeps its clue: a puzzle that
 * needs a long search is no fun to solve by hand, and it keeps generation fast.
 */
const DEFAULT_CHECK_NODES = 2_000;

/**
 * Generate a puzzle with exactly one solution: draw a tour (uniformly where the sampler
 * counts the board's tours in a moment: closed tours, open ones up to 30 cells), then remove
 * its numbers one by one in a seeded random order, keeping a removal only when the solver
 * proves the puzzle still has one solution (and, with `difficulty: "easy"` or `"medium"`, is
 * no harder). A check the solver cannot settle within
 * `checkNodeLimit` keeps the clue. The same seed gives the same puzzle.
 *
 * @example
 * ```ts
 * import { Board, formatPuzzleGrid, generatePuzzle, solvePuzzle } from "knight-tours";
 *
 * const made = generatePuzzle(new Board(5, 5), { seed: 3, difficulty: "easy" });
 * console.log(made.difficulty, solvePuzzle(made.puzzle).unique); // → easy true
 * console.log(made.clues, made.solution.path.length); // → 8 25
 * console.log(formatPuzzleGrid(made.puzzle).split("\n")[0]); // →  1 24  . 12  7
 * ```
 */
export function generatePuzzle(board: Board, options: GeneratePuzzleOptions = {}): GeneratedPuzzle {
  return generatePuzzles(board, { ...options, count: 1 }).next().value as GeneratedPuzzle;
}

/**
 * `count` puzzles (default 1) on one board, drawn from one sampling plan (a uniform sampler
 * counts the board's tours once for all of them). The same seed gives the same puzzles.
 */
export function* generatePuzzles(
  board: Board,
  options: GeneratePuzzleOptions & { readonly count?: number } = {},
): Generator<GeneratedPuzzle, void, undefined> {
  const seed = options.seed ?? 1;
  const attempts = options.attempts ?? (options.difficulty === undefined ? 1 : 30);
  const count = options.count ?? 1;
  checkOptions(board, options, seed, attempts);
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new OptionError(`count must be a positive whole number, got ${count}`, count);
  }
  const tours = drawTours(board, options.closed === true, seed, count * attempts);
  // The removal order has its own stream, so the tours drawn do not shift it.
  const random = createRandom((seed ^ 0x9e3779b9) >>> 0);
  for (let k = 0; k < count; k++) {
    const tally = { checks: 0, searched: 0 };
    let best: {
      made: Omit<GeneratedPuzzle, "attempts" | "checks" | "searched">;
      rank: number;
    } | null = null;
    let attempt = 1;
    for (; attempt <= attempts; attempt++) {
      const made = removeClues(nextTour(board, tours), options, random, tally);
      const rank = distance(made.difficulty, options.difficulty);
      if (best === null || rank < best.rank) best = { made, rank };
      if (rank === 0) break;
    }
    yield { ...best!.made, attempts: Math.min(attempt, attempts), ...tally };
  }
}

function checkOptions(
  board: Board,
  options: GeneratePuzzleOptions,
  seed: number,
  attempts: number,
): void {
  if (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new OptionError(`seed must be a whole number from 0 to 4294967295, got ${seed}`, seed);
  }
  if (options.difficulty !== undefined && !DIFFICULTIES.includes(options.difficulty)) {
    throw new OptionError(
      `difficulty must be one of ${DIFFICULTIES.join(", ")}, got '${String(options.difficulty)}'`,
      options.difficulty,
    );
  }
  const clues = options.clues;
  if (
    clues !== undefined &&
    (!Number.isSafeInteger(clues) || clues < 0 || clues > board.vertexCount)
  ) {
    throw new OptionError(
      `clues must be a whole number from 0 to ${board.vertexCount}, got ${clues}`,
      clues,
    );
  }
  if (!Number.isSafeInteger(attempts) || attempts < 1) {
    throw new OptionError(`attempts must be a positive whole number, got ${attempts}`, attempts);
  }
}

/** How far a grade is from the one asked for (0: it, or none asked). */
function distance(got: Difficulty, want: Difficulty | undefined): number {
  return want === undefined ? 0 : Math.abs(DIFFICULTIES.indexOf(got) - DIFFICULTIES.indexOf(want));
}

/**
 * Open tours of boards past this many cells are drawn by the sampler's random search rather
 * than uniformly: a uniform draw first counts every tour of the board, which from 5×7 on takes
 * far longer than making the puzzle (6×6: 3.9 s of the 4 s a 6×6 "New puzzle" took; 5×6
 * 0.07 s). Closed tours are few enough to count (6×6: 0.16 s).
 */
const UNIFORM_OPEN_MAX_CELLS = 30;

/** The sampler's tours of the board (lazily), seeded; a board with none is refused. */
function drawTours(
  board: Board,
  closed: boolean,
  seed: number,
  count: number,
): Generator<Tour, SampleEnd, undefined> {
  const bySearch = !closed && board.vertexCount > UNIFORM_OPEN_MAX_CELLS;
  const plan = sampleTours(board, {
    closed,
    count,
    seed,
    ...(bySearch ? { method: "search" } : {}),
  });
  if (plan.status !== "ready") {
    throw new OptionError(`no puzzle on the ${board} board: ${plan.reason}`, board.label);
  }
  return plan.tours;
}

function nextTour(board: Board, tours: Generator<Tour, SampleEnd, undefined>): Tour {
  const next = tours.next();
  if (next.done === true) {
    throw new OptionError(`no puzzle on the ${board} board: ${next.value.reason}`, board.label);
  }
  return next.value;
}

/**
 * Take numbers off the tour in a random order while the solver proves the puzzle unique (and
 * no harder than asked); the grade is the solver's on the puzzle left.
 */
function removeClues(
  tour: Tour,
  options: GeneratePuzzleOptions,
  random: Random,
  tally: { checks: number; searched: number },
): Omit<GeneratedPuzzle, "attempts" | "checks" | "searched"> {
  const { board, path } = tour;
  const n = path.length;
  const clues = new Int32Array(board.cells);
  for (let i = 0; i < n; i++) clues[path[i]!] = i + 1;
  const puzzle: Puzzle = { board, closed: tour.closed, clues };
  const order = shuffled(n, random);
  const target = options.clues ?? 0;
  const ceiling =
    options.difficulty === "hard" || options.difficulty === undefined
      ? 2
      : DIFFICULTIES.indexOf(options.difficulty);
  const nodeLimit = options.checkNodeLimit ?? DEFAULT_CHECK_NODES;
  let left = n;
  for (const i of order) {
    if (left <= target) break;
    const cell = path[i]!;
    clues[cell] = 0;
    const check = analyse(puzzle, 2, nodeLimit);
    tally.checks++;
    if (check.nodes > 0) tally.searched++;
    const unique = check.status === "solved" && check.solutions === 1;
    if (unique && DIFFICULTIES.indexOf(check.difficulty) <= ceiling) {
      left--;
    } else {
      clues[cell] = i + 1;
    }
  }
  // The proof kept with the puzzle: solved once more from the clues left, one solution, the tour.
  const proof = analyse(puzzle, 2, Number.MAX_SAFE_INTEGER);
  if (proof.status !== "solved" || proof.solutions !== 1) {
    throw new Error(`internal: a generated puzzle on ${board} is not unique`);
  }
  const final = createPuzzle(
    board,
    [...clues].flatMap((step, cell) => (step > 0 ? [[cell, step] as const] : [])),
    { closed: tour.closed },
  );
  return {
    puzzle: final,
    solution: checkedTour(final, proof.path!),
    difficulty: proof.difficulty,
    clues: clueCount(final),
  };
}

/** 0..n−1 in a seeded random order (Fisher–Yates). */
function shuffled(n: number, random: Random): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
