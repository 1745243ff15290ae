import type { Limits, Progress, StopReason } from "../core/run.js";

/**
 * Shapes shared by the exact-cover engine and its callers: the problem, limits, statistics,
 * results and the per-choice hook.
 */

/**
 * An exact cover problem by indices. Items `0 .. primary-1` are primary (each must be covered
 * exactly once); items `primary .. primary+secondary-1` are secondary (covered at most once).
 * Each option lists the items it covers, without repeats.
 */
export interface ExactCoverProblem {
  readonly primary: number;
  readonly secondary?: number;
  readonly options: ReadonlyArray<ArrayLike<number>>;
}

/**
 * How a search ended:
 * - exhausted: every solution was visited (the count is exact);
 * - solution-limit: `maxSolutions` solutions were found, or the visitor said stop, and the
 *   search stopped there;
 * - limit: the node or time limit stopped the search (the count is a lower bound);
 * - aborted: the AbortSignal fired (the count is a lower bound).
 * The first two keep the names of `knight cover --json`'s "status" field, a public contract;
 * the last two are the run contract's StopReason.
 */
export type CoverStatus = "exhausted" | "solution-limit" | StopReason;

/** How `DancingLinks.first()` ended: found a solution, proved there is none, or stopped. */
export type CoverFirstStatus = "found" | "exhausted" | StopReason;

/** The progress report of an exact-cover search: the run contract's totals and more. */
export interface CoverProgress extends Progress {
  readonly solutions: number;
  /** Current depth of the search (options chosen). */
  readonly level: number;
  /**
   * Knuth's estimate of the fraction of the search tree already explored (0..1), from the
   * position of each level's choice in its item's list.
   */
  readonly fraction: number;
}

/** The run contract's limits (nodes are options tried) plus a cap on the solutions. */
export interface CoverOptions extends Limits<CoverProgress> {
  /** Stop after this many solutions (status "solution-limit"). */
  readonly maxSolutions?: number | undefined;
}

export interface CoverStats {
  /** Search nodes: options tried (partial solutions entered), including counted-only leaves. */
  nodes: number;
  /** Link updates: nodes unlinked from an item's list by `hide` (Knuth's "updates"). */
  updates: number;
  solutions: number;
  /**
   * Solutions counted without being visited: `count()` on a problem without secondary items
   * counts the last few remaining items by a subset DP. They are not in solutionsPerLevel.
   */
  countedInBulk: number;
  /** nodesPerLevel[k] = options tried at depth k (the search tree's profile). */
  nodesPerLevel: number[];
  /** solutionsPerLevel[k] = solutions made of exactly k options. */
  solutionsPerLevel: number[];
  /** Wall-clock milliseconds spent searching. */
  ms: number;
}

export interface CoverCountResult {
  readonly status: CoverStatus;
  /** Solutions found (exact when status is "exhausted"). */
  readonly count: number;
  /** A sentence for a user when the search did not run to the end. */
  readonly reason?: string;
  readonly stats: CoverStats;
}

export interface CoverFirstResult {
  readonly status: CoverFirstStatus;
  /** Option indices of the first solution in search order, or null if none was found. */
  readonly solution: Int32Array | null;
  readonly reason?: string;
  readonly stats: CoverStats;
}

/**
 * Lets an encoding take part in the search: `choose` is called after the option's items are
 * covered, before the search goes deeper. Returning false rejects the partial solution (the
 * engine undoes the option and tries the next one). While in `choose`, the hook may delete
 * options with `DancingLinks.removeOption`; the engine restores them when it backtracks past
 * this choice. `unchoose` is called when the choice is taken back (only after a `choose` that
 * returned true), in reverse order of the `choose` calls.
 */
export interface CoverHook {
  choose(option: number, level: number): boolean;
  unchoose(option: number, level: number): void;
}

/**
 * Called for every solution during `count`/`forEachSolution`: `chosen[0 .. size-1]` are the
 * option indices (a view into the engine's stack; copy it to keep it). Return false to stop.
 */
export type SolutionVisitor = (chosen: Int32Array, size: number) => unknown;
