import { OptionError } from "./errors.js";

/**
 * The run contract: one shape for "stop after N nodes or T ms, honour an AbortSignal, report
 * progress", taken by every long computation of the library (solve, count, enumerate, sample,
 * exact cover, symmetric count and find, census), and one `Budget` that checks it.
 *
 * A computation that calls another (solve → exact cover, count → exact cover, census → count)
 * hands its own budget down in `budget`, so the nested run shares the caller's clock, deadline,
 * signal, node allowance and progress callback instead of translating limits into a second set.
 */

/** Why a run ended before its natural end: a node or time limit, or the AbortSignal. */
export type StopReason = "limit" | "aborted";

/**
 * How a run that is not a search for one answer ended: `done` (ran to its end: a count is exact,
 * a list complete) or stopped early for a `StopReason` (a count is then a lower bound).
 * Searches for one answer (solve) say `found`/`impossible`/`stuck` instead of `done`.
 */
export type RunStatus = "done" | StopReason;

/** The running totals every progress report carries; engines add their own fields. */
export interface Progress {
  /** Search nodes so far (what the node limit counts). */
  readonly nodes: number;
  /** Milliseconds since the run began. */
  readonly ms: number;
}

/** The limits and hooks of one run: every long computation's options extend this. */
export interface Limits<P extends Progress = Progress> {
  /** Stop after this many search nodes (status "limit"); zero stops at the first check. */
  readonly nodeLimit?: number | undefined;
  /** Stop after this many milliseconds (status "limit"); zero stops at the first check. */
  readonly timeLimitMs?: number | undefined;
  /** Stop when this signal fires (status "aborted"). */
  readonly signal?: AbortSignal | undefined;
  /** Called now and then (about every PROGRESS_EVERY_MS) with the running totals. */
  readonly onProgress?: ((progress: P) => void) | undefined;
  /**
   * The least milliseconds between two progress reports (default PROGRESS_EVERY_MS); 0 reports
   * at every check of the hot loop (tests and tools that want every report).
   */
  readonly progressEveryMs?: number | undefined;
  /**
   * A caller's budget, shared by a nested computation. When given, the fields above are ignored:
   * the caller's limits, clock and progress callback govern the whole run.
   */
  readonly budget?: Budget | undefined;
}

/** How often (a power of two minus one, as a mask on the node count) hot loops call `check`. */
export const CHECK_MASK = 0xfff;
/** The least time between two progress reports. */
export const PROGRESS_EVERY_MS = 250;

// The run-contract limits and the count-style caps that several front doors take. A zero is
// allowed: the run stops at its first check, or makes no attempt.
const NUMERIC_LIMITS = [
  "nodeLimit",
  "timeLimitMs",
  "progressEveryMs",
  "maxAttempts",
  "maxSolutions",
  "limit",
] as const;

/** The numeric caps `checkLimits` knows, beside the run contract's own. */
export interface CountCaps {
  /** Greedy walks or randomised attempts: zero or more. */
  readonly maxAttempts?: number | undefined;
  /** Stop after this many solutions: zero or more. */
  readonly maxSolutions?: number | undefined;
  /** Stop after this many tours: zero or more. */
  readonly limit?: number | undefined;
}

/**
 * Check the limits present in `limits` (absent ones pass).
 *
 * @throws OptionError (code BAD_OPTION) naming the option and the value, e.g.
 *   "timeLimitMs must be zero or a positive number, got -5".
 */
export function checkLimits(limits: Limits<never> & CountCaps): void {
  for (const name of NUMERIC_LIMITS) {
    const value = limits[name];
    if (value !== undefined && !(typeof value === "number" && value >= 0)) {
      throw new OptionError(
        `${name} must be zero or a positive number, got ${String(value)}`,
        value,
      );
    }
  }
}

/** Builds the progress payload of the run that owns a budget, from the running totals. */
export type ProgressReport<P extends Progress> = (nodes: number, ms: number) => P;

/**
 * Checks one run's limits. Hot loops count their own nodes and call `check(nodes)` when their
 * count reaches `nextCheck(nodes)`: every CHECK_MASK + 1 nodes (reading the clock per node would
 * cost more than the node), and at the node limit itself, so that a limit of n stops a run at n
 * nodes. The first non-null answer is final and is kept in `stopped`, with a sentence for a user
 * in `reason`.
 *
 * A nested computation that shares the budget calls `check` with its own node count; nodes of
 * nested runs that have finished are added with `spend`, so the node limit covers them all.
 */
export class Budget {
  /** performance.now() when the run began. */
  readonly began: number;
  readonly nodeLimit: number;
  /** performance.now() value at which the time limit runs out (Infinity without one). */
  readonly deadline: number;
  readonly timeLimitMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  /** Why the run stopped, once `check` answered non-null. */
  stopped: StopReason | null = null;
  /** A sentence for a user, once `stopped` is set. */
  reason = "";
  /** Nodes of finished nested runs, counted against the node limit. */
  private spent = 0;
  private nextProgress: number;
  private readonly progressEvery: number;
  private readonly onProgress: ((progress: never) => void) | undefined;
  private readonly report: ProgressReport<Progress>;

  private constructor(limits: Limits<never>, began: number, report: ProgressReport<Progress>) {
    checkLimits(limits);
    this.began = began;
    this.nodeLimit = limits.nodeLimit ?? Number.POSITIVE_INFINITY;
    this.timeLimitMs = limits.timeLimitMs;
    this.deadline =
      limits.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : began + limits.timeLimitMs;
    this.signal = limits.signal;
    this.onProgress = limits.onProgress;
    this.report = report;
    this.progressEvery = limits.progressEveryMs ?? PROGRESS_EVERY_MS;
    this.nextProgress = began + this.progressEvery;
  }

  /**
   * The budget of a run with these limits: the caller's `limits.budget` when one is shared,
   * else a new one whose clock starts now (or at `began`). `report` builds the progress payload
   * the run's `onProgress` receives (default `{ nodes, ms }`); a shared budget keeps its owner's.
   */
  static start<P extends Progress>(
    limits: Limits<P>,
    report?: ProgressReport<P>,
    began: number = performance.now(),
  ): Budget {
    if (limits.budget !== undefined) return limits.budget;
    return new Budget(
      limits as Limits<never>,
      began,
      (report ?? defaultReport) as ProgressReport<Progress>,
    );
  }

  /** Milliseconds since the run began. */
  elapsed(now: number = performance.now()): number {
    return now - this.began;
  }

  /** Milliseconds left before the time limit (Infinity without one, never negative). */
  remaining(now: number = performance.now()): number {
    return Math.max(0, this.deadline - now);
  }

  /** Count the nodes of a finished nested run against the node limit. */
  spend(nodes: number): void {
    this.spent += nodes;
  }

  /** Nodes of finished nested runs so far. */
  get spentNodes(): number {
    return this.spent;
  }

  /**
   * The node count at which a loop that has counted `nodes` calls `check` next: the next
   * multiple of CHECK_MASK + 1, or sooner where the node limit falls (nested runs' nodes
   * counted), so that the run stops exactly at the limit instead of up to CHECK_MASK nodes past
   * it. The loop compares its count with this once a node (`++nodes >= next`, as cheap as the
   * mask test) and asks again after each check; a loop that resumes with an older answer only
   * checks one node early. The node that reaches the limit ends the run before it is judged
   * (a search that would complete its tour at that very node stops with "limit").
   */
  nextCheck(nodes: number): number {
    const regular = nodes - (nodes % (CHECK_MASK + 1)) + CHECK_MASK + 1;
    const limitAt = this.nodeLimit - this.spent;
    if (limitAt <= nodes) return nodes + 1;
    return Math.min(limitAt, regular);
  }

  /**
   * "aborted" or "limit" when the run must stop now, else null; reports progress when due.
   * `nodes` is the calling run's own count (nested runs' finished nodes are added here).
   */
  check(nodes = 0): StopReason | null {
    if (this.stopped !== null) return this.stopped;
    if (this.signal?.aborted) return this.stop("aborted", "the run was aborted");
    const total = nodes + this.spent;
    if (total >= this.nodeLimit) {
      return this.stop("limit", `the node limit of ${this.nodeLimit} was reached`);
    }
    const now = performance.now();
    if (now >= this.deadline) {
      return this.stop("limit", `the time limit of ${this.timeLimitMs} ms ran out`);
    }
    if (this.onProgress !== undefined && now >= this.nextProgress) {
      this.nextProgress = now + this.progressEvery;
      this.onProgress(this.report(total, now - this.began) as never);
    }
    return null;
  }

  /** `check` as a boolean, for engines that poll a `() => boolean`. */
  readonly shouldStop = (nodes = 0): boolean => this.check(nodes) !== null;

  /** Stop the run for a reason found by the caller (an exhausted side condition, say). */
  stop(why: StopReason, reason: string): StopReason {
    if (this.stopped === null) {
      this.stopped = why;
      this.reason = reason;
    }
    return this.stopped;
  }
}

function defaultReport(nodes: number, ms: number): Progress {
  return { nodes, ms };
}
