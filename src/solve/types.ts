import type { FinderStats, Method, SearchProgress, TourResult } from "../core/result.js";
import type { Limits } from "../core/run.js";
import type { NeuralOptions, NeuralStats } from "./neural.js";
import type { TraceListener } from "./trace.js";

export { METHODS, type Method } from "../core/result.js";

/**
 * Tie-break rules for Warnsdorff's rule (among candidates of equal onward degree):
 * - first: the first in the graph's neighbour order (`pieceMoves`: KNIGHT_MOVES for the knight);
 * - random: uniformly at random (seeded);
 * - center: the one nearest the centre of the board (prefer the cells closer to the centre);
 * - roth: the one farthest from the centre (Roth);
 * - pohl: the smallest sum of the candidates' own onward degrees, then neighbour order (Pohl 1967);
 * - squirrel: Squirrel & Cull's move orderings that change at set squares (the knight on a plain
 *   n×n board, n ≥ 5, from a corner; Warnsdorff walks only — see squirrel.ts).
 */
export const TIE_BREAKS = ["first", "random", "center", "roth", "pohl", "squirrel"] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];
/** The tie-breaks that decide each step on their own (every one but the stateful `squirrel`). */
export type StepTieBreak = Exclude<TieBreak, "squirrel">;
export const STEP_TIE_BREAKS: readonly StepTieBreak[] = [
  "first",
  "random",
  "center",
  "roth",
  "pohl",
];

export interface SolveStats extends FinderStats {
  /** `neural`: runs, sweeps, and how the runs that gave no tour ended (cycle covers, …). */
  neural?: NeuralStats;
}

export type SolveResult = TourResult<SolveStats>;

/** Progress of solve(): nodes, attempts and milliseconds so far. */
export type SolveProgress = SearchProgress;

/** The run contract's limits, with solve()'s progress report. */
export type SearchLimits = Limits<SolveProgress>;

export interface SolveOptions extends SearchLimits {
  /** Which solver; default "auto". */
  readonly method?: Method | undefined;
  /** Warnsdorff tie-break (warnsdorff, and the move order inside search); default per method. */
  readonly tieBreak?: TieBreak | undefined;
  /** Ask for a closed tour (the last cell a knight's move from the first). */
  readonly closed?: boolean | undefined;
  /** First cell (flat index); default: cell 0 (a8, the top-left corner as printed). */
  readonly start?: number | undefined;
  /** Required last cell for an open tour (flat index). */
  readonly end?: number | undefined;
  /** Seed of the PRNG used for random tie-breaks and restarts; default 1. */
  readonly seed?: number | undefined;
  /**
   * Greedy walks `warnsdorff` tries (the first with the chosen tie-break, then seeded random
   * ones) before answering; default 1, so a stuck walk answers "stuck" with its partial path.
   */
  readonly maxAttempts?: number | undefined;
  /**
   * Consult the existence theorems (src/theory) before searching; default true. Turn it off to
   * make `search` settle the question by exhaustion alone (used to cross-check the theory).
   */
  readonly useTheory?: boolean | undefined;
  /** Refuse work whose memory need (estimated up front) is over this many bytes. */
  readonly maxBytes?: number | undefined;
  /**
   * Receives every search event (advance, backtrack, prune with its reason, stuck, restart) of
   * `search`, `bidirectional`, `warnsdorff`, `backtrack` and `stack`, synchronously. `dlx`,
   * `construct` and `neural` have no search trace and send nothing. Without a listener the
   * searches pay nothing for it (see docs/solvers.md, "Trace").
   */
  readonly onTrace?: TraceListener | undefined;
  /**
   * `neural` only: the update rule and sweep cap of each network run (its runs are capped by
   * `maxAttempts`, default 1000).
   */
  readonly neural?: NeuralOptions | undefined;
}
