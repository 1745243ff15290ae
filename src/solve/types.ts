import type { Tour } from "../core/tour.js";

/**
 * - found: `tour` is a complete tour meeting the request;
 * - stuck: a greedy walk got stuck; `partial` holds how far it got;
 * - impossible: theory or an exhaustive search proves no such tour exists (`reason` says why);
 * - limit: a node or time limit ended the search undecided;
 * - aborted: the AbortSignal fired.
 */
export type SolveStatus = "found" | "stuck" | "impossible" | "limit" | "aborted";

export interface SolveStats {
  /** Search nodes: cells placed on the path, over all attempts. */
  nodes: number;
  /** Cells taken back off the path (0 for greedy walks). */
  backtracks: number;
  /** Greedy walks started (1 for one walk; more with restarts). */
  attempts: number;
  /** Wall-clock time in milliseconds. */
  ms: number;
}

export interface SolveResult {
  readonly status: SolveStatus;
  /** The tour when status is "found", else null. */
  readonly tour: Tour | null;
  /** The longest path reached, when a greedy walk got stuck. */
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
