import { formatCell } from "../core/cells.js";
import { moveGraph } from "../core/graph.js";
import { createTour, type Tour } from "../core/tour.js";
import { validateTour } from "../core/validate.js";
import { deduce } from "./deduce.js";
import { clueList, type Puzzle } from "./puzzle.js";
import { PuzzleSearch } from "./search.js";
import { PuzzleState } from "./state.js";

/** How hard a puzzle is, from what the solver needs (docs/puzzles.md explains the grades). */
export type Difficulty = "easy" | "medium" | "hard";

export const DIFFICULTIES: readonly Difficulty[] = ["easy", "medium", "hard"];

/** Everything one run of the solver learns about a puzzle. */
export interface Analysis {
  readonly status: "solved" | "impossible" | "limit";
  /** Solutions found: at most the number asked for. */
  readonly solutions: number;
  /** A solution's cells in step order, or null. */
  readonly path: Int32Array | null;
  /** Why there is no solution, or why the search stopped undecided. */
  readonly reason: string;
  /** The rules that settled it: forced moves, chains, or a search with branching. */
  readonly difficulty: Difficulty;
  /** Numbers placed by the forced rules and by the chains before any search. */
  readonly forced: number;
  readonly chained: number;
  /** Search nodes (0 when the rules settled the puzzle alone). */
  readonly nodes: number;
}

/**
 * Solve in three stages — the clues checked against each other, the deduction rules, then a
 * search from what they left — counting solutions up to `maxSolutions` within `nodeLimit`
 * search nodes.
 */
export function analyse(puzzle: Puzzle, maxSolutions: number, nodeLimit: number): Analysis {
  const blank = { solutions: 0, path: null, forced: 0, chained: 0, nodes: 0 };
  const conflict = clueConflict(puzzle);
  if (conflict !== null) {
    return { ...blank, status: "impossible", reason: conflict, difficulty: "easy" };
  }
  const state = new PuzzleState(puzzle);
  const forced = deduce(state, "forced");
  const rules =
    forced.status === "stuck"
      ? ((d) => ({ ...d, forced: d.forced + forced.forced }))(deduce(state, "chains"))
      : forced;
  const counts = { forced: rules.forced, chained: rules.chained };
  const level = forced.status === "stuck" ? "medium" : "easy";
  if (rules.status === "contradiction") {
    return { ...blank, ...counts, status: "impossible", reason: rules.reason, difficulty: level };
  }
  if (rules.status === "solved") {
    return {
      ...blank,
      ...counts,
      status: "solved",
      solutions: 1,
      path: state.path(),
      reason: "",
      difficulty: level,
    };
  }
  const outcome = new PuzzleSearch(state, maxSolutions, nodeLimit).run();
  const undecided = outcome.stopped && outcome.solutions < maxSolutions;
  return {
    ...counts,
    status: undecided ? "limit" : outcome.solutions === 0 ? "impossible" : "solved",
    solutions: outcome.solutions,
    path: outcome.first,
    reason: undecided
      ? `the search stopped at its limit of ${nodeLimit} nodes before it was settled`
      : outcome.solutions === 0
        ? `no tour fits the clues: a search of ${outcome.nodes} positions found none`
        : "",
    difficulty: "hard",
    nodes: outcome.nodes,
  };
}

/**
 * A reason no tour can exist that the clues show on their own, or null: the board falls apart,
 * a closed tour on an odd number of cells of a two-coloured board, two consecutive clues too
 * far apart or of the wrong parity for the moves between them.
 */
export function clueConflict(puzzle: Puzzle): string | null {
  const { board, closed } = puzzle;
  const graph = moveGraph(board);
  const apart = graph.unreachedCell();
  if (apart >= 0) {
    return `the board falls apart: no chain of moves joins ${name(puzzle, apart)} to ${name(puzzle, board.firstCell)}`;
  }
  const n = board.vertexCount;
  if (closed && graph.bipartite && n % 2 === 1) {
    return `a closed tour is impossible: every move changes colour, so it needs an even number of cells, and the ${board} board has ${n}`;
  }
  const clues = clueList(puzzle);
  const state = new PuzzleState({ board, closed, clues: new Int32Array(board.cells) });
  for (let i = 0; i < clues.length; i++) {
    const wraps = i + 1 === clues.length;
    if (wraps && (!closed || clues.length < 2)) break;
    const [from, a] = clues[i]!;
    const [to, bStep] = clues[(i + 1) % clues.length]!;
    const moves = wraps ? bStep + n - a : bStep - a;
    const reason = pairConflict(state, from, a, to, bStep, moves);
    if (reason !== null) return reason;
  }
  return null;
}

function pairConflict(
  state: PuzzleState,
  from: number,
  a: number,
  to: number,
  b: number,
  moves: number,
): string | null {
  if (state.within(from, to, moves)) return null;
  const d = state.distance(from, to);
  const what = `${b} on ${state.name(to)} cannot follow ${a} on ${state.name(from)} in ${moves} ${moves === 1 ? "move" : "moves"}`;
  if (d === 0xffff) return `${what}: no chain of moves joins them`;
  if (d > moves) return `${what}: it takes at least ${d}`;
  const same = state.colours![from] === state.colours![to];
  return `${what}: parity — every move changes colour, and the two cells are ${same ? "the same colour, so the moves must be even" : "of different colours, so the moves must be odd"}`;
}

function name(puzzle: Puzzle, cell: number): string {
  return formatCell(puzzle.board, cell);
}

/**
 * The solution as a tour, checked by the independent validator and against the clues: a
 * solver fault is an internal error, never a wrong answer.
 */
export function checkedTour(puzzle: Puzzle, path: Int32Array): Tour {
  const tour = createTour(puzzle.board, path, puzzle.closed);
  const verdict = validateTour(puzzle.board, tour);
  if (!verdict.valid)
    throw new Error(`internal: the puzzle solver's tour is invalid: ${verdict.message}`);
  for (const [cell, step] of clueList(puzzle)) {
    if (path[step - 1] !== cell)
      throw new Error(`internal: the puzzle solver's tour moves clue ${step}`);
  }
  return tour;
}
