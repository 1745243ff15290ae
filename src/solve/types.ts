import type { Tour } from "../core/tour.js";
import type { NeuralOptions, NeuralStats } from "./neural.js";
import type { TraceListener } from "./trace.js";

/**
 * - found: `tour` is a complete tour meeting the request;
 * - stuck: a greedy walk got stuck; `partial` holds how far it got;
 * - impossible: theory or an exhaustive search proves no such tour exists (`reason` says why);
 * - limit: a node or time limit ended the search undecided;
 * - aborted: the AbortSignal fired.
 */
export type SolveStatus = "found" | "stuck" | "impossible" | "limit" | "aborted";

/** The solver names `solve()` and `knight tour --method` accept. */
export const METHODS = [
  "auto",
  "search",
  "warnsdorff",
  "construct",
  "divide",
  "dlx",
  "backtrack",
  "stack",
  "bidirectional",
  "neural",
] as const;
export type Method = (typeof METHODS)[number];

/**
 * Tie-break rules for Warnsdorff's rule (among candidates of equal onward degree):
 * - first: the first in KNIGHT_MOVES order;
 * - random: uniformly at random (seeded);
 * - center: the one nearest the centre of the board (the Python article's stated intent);
 * - roth: the one farthest from the centre (Roth);
 * - pohl: the smallest sum of the candidates' own onward degrees, then KNIGHT_MOVES order (Pohl 1967);
 * - squirrel: Squirrel & Cull's move orderings that change at set squares (n×n boards, n ≥ 5,
 *   from a corner; Warnsdorff walks only — see squirrel.ts).
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

export interface SolveStats {
  /** Search nodes: cells placed on the path, over all attempts. */
  nodes: number;
  /** Cells taken back off the path (0 for greedy walks). */
  backtracks: number;
  /** Greedy walks or search restarts started. */
  attempts: number;
  /** Wall-clock time in milliseconds. */
  ms: number;
  /** The method that produced the answer (what `auto` picked, for example). */
  method?: Method;
  /** `neural`: runs, sweeps, and how the runs that gave no tour ended (cycle covers, …). */
  neural?: NeuralStats;
}

export interface SolveResult {
  readonly status: SolveStatus;
  /** The tour when status is "found", else null. */
  readonly tour: Tour | null;
  /** The longest path reached, when greedy walks got stuck. */
  readonly partial?: Int32Array;
  /** A sentence for a user when the status is not "found". */
  readonly reason?: string;
  readonly stats: SolveStats;
}

export interface SolveProgress {
  readonly nodes: number;
  readonly attempts: number;
  readonly ms: number;
}

export interface SearchLimits {
  /** Stop after this many search nodes (status "limit"). */
  readonly nodeLimit?: number;
  /** Stop after this many milliseconds (status "limit"). */
  readonly timeLimitMs?: number;
  readonly signal?: AbortSignal;
  /** Called now and then (about every 2^16 nodes) with the running totals. */
  readonly onProgress?: (progress: SolveProgress) => void;
}

export interface SolveOptions extends SearchLimits {
  /** Which solver; default "auto". */
  readonly method?: Method;
  /** Warnsdorff tie-break (warnsdorff, and the move order inside search); default per method. */
  readonly tieBreak?: TieBreak;
  /** Ask for a closed tour (the last cell a knight's move from the first). */
  readonly closed?: boolean;
  /** First cell (flat index); default: cell 0 (a8, the top-left corner as printed). */
  readonly start?: number;
  /** Required last cell for an open tour (flat index). */
  readonly end?: number;
  /** Seed of the PRNG used for random tie-breaks and restarts; default 1. */
  readonly seed?: number;
  /**
   * Greedy walks `warnsdorff` tries (the first with the chosen tie-break, then seeded random
   * ones) before answering; default 1, so a stuck walk answers "stuck" with its partial path.
   */
  readonly maxAttempts?: number;
  /**
   * Consult the existence theorems (src/theory) before searching; default true. Turn it off to
   * make `search` settle the question by exhaustion alone (used to cross-check the theory).
   */
  readonly useTheory?: boolean;
  /** Refuse work whose memory need (estimated up front) is over this many bytes. */
  readonly maxBytes?: number;
  /**
   * Receives every search event (advance, backtrack, prune with its reason, stuck, restart) of
   * `search`, `bidirectional`, `warnsdorff`, `backtrack` and `stack`, synchronously. `dlx`,
   * `construct` and `neural` have no search trace and send nothing. Without a listener the
   * searches pay nothing for it (see docs/solvers.md, "Trace").
   */
  readonly onTrace?: TraceListener;
  /**
   * `neural` only: the update rule and sweep cap of each network run (its runs are capped by
   * `maxAttempts`, default 1000).
   */
  readonly neural?: NeuralOptions;
}
