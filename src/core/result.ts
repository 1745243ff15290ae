import type { Progress, StopReason } from "./run.js";
import type { Tour } from "./tour.js";

/**
 * The result vocabulary of every tour finder (solve and its methods, the exact-cover finder, the
 * constructions, the symmetric-tour finder), defined once here so that none of them imports
 * another to speak it.
 */

/** The finder names `solve()` and `knight tour --method` accept. */
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
 * - found: `tour` is a complete tour meeting the request;
 * - stuck: a greedy walk got stuck; `partial` holds how far it got;
 * - impossible: theory or an exhaustive search proves no such tour exists (`reason` says why);
 * - limit: a node or time limit ended the search undecided;
 * - aborted: the AbortSignal fired.
 */
export type TourStatus = "found" | "stuck" | "impossible" | StopReason;

/** What a tour finder counted on the way. */
export interface FinderStats {
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
}

/** The answer of a tour finder. */
export interface TourResult<S extends FinderStats = FinderStats> {
  readonly status: TourStatus;
  /** The tour when status is "found", else null. */
  readonly tour: Tour | null;
  /** The longest path reached, when greedy walks got stuck. */
  readonly partial?: Int32Array;
  /** A sentence for a user when the status is not "found". */
  readonly reason?: string;
  readonly stats: S;
}

/** The progress report of a tour finder: the run contract's totals plus attempts started. */
export interface SearchProgress extends Progress {
  readonly attempts: number;
}
