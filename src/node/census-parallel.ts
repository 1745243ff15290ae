import { Census } from "../census/census.js";
import { CensusTotals } from "../census/result.js";
import type { SplitName } from "../census/split.js";
import type { Board } from "../core/board.js";
import { KnightError, OptionError } from "../core/errors.js";
import { isKnight } from "../core/piece.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { CensusJournal } from "./census-journal.js";
import type { CensusWorkerReply, CensusWorkerSetup, CensusWorkerTask } from "./census-worker.js";
import { defaultWorkers, WorkerPool, workerScript } from "./pool.js";

/** Progress of a parallel census: subproblems and tours done, rate, and a hedged ETA. */
export interface ParallelCensusProgress extends Progress {
  /** Subproblems finished (journal included) of `total`. */
  readonly done: number;
  readonly total: number;
  /** Tours visited so far (journal included, and the running subproblems' tours so far). */
  readonly visited: bigint;
  /** Tours visited per second by this run. */
  readonly toursPerSecond: number;
  /**
   * Milliseconds left, estimated as (subproblems left) × (mean time of those done) / workers;
   * undefined before two are done. The work is handed out in a fixed pseudo-random order, so
   * those done are a fair sample of the sizes (which span orders of magnitude).
   */
  readonly etaMs: number | undefined;
  /** The ETA's 95% margin from the spread of the sample (± this many ms). */
  readonly etaMarginMs: number | undefined;
}

export interface ParallelCensusOptions extends Limits<ParallelCensusProgress> {
  /** Subproblems to run, by any of their names (default: all, in the split's order). */
  readonly names?: readonly string[] | undefined;
  /** Worker threads (default: the machine's cores). */
  readonly workers?: number | undefined;
  /** Journal file: finished subproblems are appended; a rerun skips them. */
  readonly journal?: string | undefined;
  /** Keep statistics (default true). */
  readonly stats?: boolean | undefined;
  /** How the tours are cut into subproblems (default `centre`): see Census. */
  readonly split?: SplitName | undefined;
}

export interface ParallelCensusResult {
  readonly status: RunStatus;
  /** Why the run stopped, for a user (empty when done). */
  readonly reason: string;
  readonly census: Census;
  /** Subproblems selected (canonical names, in the split's order). */
  readonly names: readonly string[];
  readonly totals: CensusTotals;
  readonly ms: number;
}

/**
 * Run a census on a pool of worker threads, optionally journaled: every finished subproblem is
 * appended to the journal, and a rerun with the same file continues where it stopped. The time
 * limit, the signal and progress go through one Budget; a stop terminates the workers at once
 * (their unfinished subproblems are simply run again next time).
 */
export async function censusParallel(
  board: Board,
  options: ParallelCensusOptions = {},
): Promise<ParallelCensusResult> {
  const census = new Census(board, options.split);
  const withStats = options.stats !== false;
  const names = selectNames(census, options.names);
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new OptionError(`workers must be a positive integer; got ${String(workers)}`, workers);
  }
  const journal =
    options.journal === undefined
      ? undefined
      : CensusJournal.open(options.journal, {
          // The key names the geometry (`10x10 giraffe`); for the knight it is the label.
          board: board.key,
          split: census.split.id,
          stats: withStats,
        });
  const totals = new CensusTotals();
  const times: number[] = [];
  const selected = new Set(names);
  for (const entry of journal?.done.values() ?? []) {
    if (!selected.has(entry.name)) continue;
    totals.add(entry.result);
    times.push(entry.ms);
  }
  const visitedBefore = totals.visited;
  const left = names.filter((name) => !journal?.done.has(name));
  const tasks: CensusWorkerTask[] = shuffled(left).map((name) => ({ name }));
  const began = performance.now();
  const pool = Math.max(1, Math.min(workers, tasks.length));
  // Tours visited so far by the subproblems still running, from their workers' reports.
  const running = new Map<string, number>();
  const budget = Budget.start(options, (nodes, ms) =>
    progressOf(nodes, ms, totals, running, names.length, times, visitedBefore, pool),
  );
  let status: RunStatus = "done";
  let reason = "";
  if (tasks.length > 0 && budget.check() === null) {
    const setup: CensusWorkerSetup = {
      rows: board.rows,
      cols: board.cols,
      stats: withStats,
      split: census.split.split,
      ...(isKnight(board.piece) ? {} : { piece: board.piece.leaps }),
    };
    const threads = new WorkerPool<CensusWorkerTask, CensusWorkerReply>(
      workerScript("census-worker"),
      pool,
      setup,
    );
    const halt = (): void => {
      if (status !== "done") return;
      status = budget.stopped ?? "aborted";
      reason = budget.reason;
      void threads.terminate();
    };
    // The budget reads the clock and the signal; polling it also drives the progress reports.
    const poll = setInterval(() => {
      if (budget.check(totals.nodes) !== null) halt();
    }, 100);
    const onAbort = (): void => {
      budget.check();
      halt();
    };
    budget.signal?.addEventListener("abort", onAbort);
    try {
      await threads.run(
        tasks,
        (reply) => {
          if (status !== "done") return;
          if ("visited" in reply) {
            running.set(reply.name, reply.visited);
            return;
          }
          running.delete(reply.name);
          if ("error" in reply) {
            if (reply.code !== undefined)
              throw new KnightError(reply.code, reply.error, reply.name);
            throw new Error(`subproblem ${reply.name}: ${reply.error}`);
          }
          journal?.record({ name: reply.name, ms: Math.round(reply.ms), result: reply.result });
          totals.add(reply.result);
          times.push(reply.ms);
          if (budget.check(totals.nodes) !== null) halt();
        },
        (message) => "visited" in message,
      );
    } finally {
      clearInterval(poll);
      budget.signal?.removeEventListener("abort", onAbort);
      await threads.terminate();
      journal?.close();
    }
  } else {
    journal?.close();
    if (budget.stopped !== null) {
      status = budget.stopped;
      reason = budget.reason;
    }
  }
  return { status, reason, census, names, totals, ms: performance.now() - began };
}

/** Canonical names of the selection, deduplicated, in the split's order. */
export function selectNames(census: Census, names: readonly string[] | undefined): string[] {
  if (names === undefined) return census.subproblems().map((entry) => entry.name);
  // The list is in ASCII order of names: sorting the canonical names gives its order without
  // building it (a quarter of a CPU second on 8×8, for a run of one bunch).
  return [...new Set(names.map((name) => census.entry(name).name))].sort();
}

/**
 * A fixed pseudo-random order (by a hash of the name), so the first done are a fair sample.
 * FNV-1a alone orders four-letter names unevenly (the first 1,500 of the 10×10 giraffe's
 * bunches were 45.5% empty against 50.9% of all, 4.6 standard errors off; a seeded shuffle gave
 * 51.5%), so its hash is mixed by MurmurHash3's finaliser (51.3%).
 */
export function shuffled(names: readonly string[]): string[] {
  const hash = (text: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  };
  return names
    .map((name) => [hash(name), name] as const)
    .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1))
    .map(([, name]) => name);
}

function progressOf(
  nodes: number,
  ms: number,
  totals: CensusTotals,
  running: ReadonlyMap<string, number>,
  total: number,
  times: readonly number[],
  visitedBefore: bigint,
  workers: number,
): ParallelCensusProgress {
  const n = times.length;
  const remaining = total - totals.done;
  let etaMs: number | undefined;
  let etaMarginMs: number | undefined;
  if (n >= 2) {
    const mean = times.reduce((s, t) => s + t, 0) / n;
    const variance = times.reduce((s, t) => s + (t - mean) ** 2, 0) / (n - 1);
    etaMs = (remaining * mean) / workers;
    etaMarginMs = (2 * remaining * Math.sqrt(variance / n)) / workers;
  }
  let inFlight = 0;
  for (const visited of running.values()) inFlight += visited;
  const visited = totals.visited + BigInt(inFlight);
  return {
    nodes,
    ms,
    done: totals.done,
    total,
    visited,
    toursPerSecond: ms > 0 ? (Number(visited - visitedBefore) * 1000) / ms : 0,
    etaMs,
    etaMarginMs,
  };
}
