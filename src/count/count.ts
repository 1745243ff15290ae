import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { countByCover } from "./cover-count.js";
import { countMethod, planCount } from "./dispatch.js";
import { FrontierStop } from "./frontier.js";
import type { StatesAhead } from "./frontier-ahead.js";
import { frontierCountRequest } from "./frontier-request.js";
import { COUNT_METHODS, type CountMethod } from "./methods.js";
import { type CountQuery, type CountRequest, countRequest } from "./request.js";
import { UnitCounter } from "./unit-counter.js";

export { COUNT_METHODS, type CountMethod };

/** "done": the count is exact; "limit"/"aborted": stopped early, the count is a lower bound. */
export type CountStatus = RunStatus;

/** A count's progress: reported after each unit of work (not on the clock). */
export interface CountProgress extends Progress {
  /** Units finished: subproblems (backtrack, mates) or cells swept (frontier). */
  readonly done: number;
  readonly total: number;
  /** Tours counted so far (backtrack; 0n for the frontier sweep, whose count comes at the end). */
  readonly count: bigint;
  /** Frontier sweep: the last layer's states, and the bytes it holds in memory and on disk. */
  readonly layer?:
    | {
        readonly states: number;
        readonly bytesInMemory: number;
        readonly bytesOnDisk: number;
        /** 0 while counting modulo 2^64; lane i > 0 sweeps again modulo a prime (frontier-lanes.ts). */
        readonly lane?: number | undefined;
        /** The states read by the cells swept so far in this lane and process, and those to come. */
        readonly read?: number | undefined;
        readonly ahead?: StatesAhead | undefined;
      }
    | undefined;
  /** A frontier count's lanes on a job queue: those running, and the cells each has swept. */
  readonly lanes?:
    | { readonly running: ReadonlyArray<{ readonly name: string; readonly cells: number }> }
    | undefined;
}

/**
 * The query, the engine and the run contract's limits. The node limit is checked as the
 * backtrack, mates, census and dlx counters search (countParallel: after each finished
 * subproblem); the frontier sweep has no search nodes and refuses it. `onProgress` is called after each unit of
 * work (subproblem, or frontier cell). A caller sharing its `budget` counts the result's
 * `stats.nodes` against it after (`budget.spend`).
 */
export interface CountOptions extends CountQuery, Limits<CountProgress> {
  readonly method?: CountMethod | undefined;
  /** Memory ceiling for the frontier sweep's tables (default DEFAULT_MAX_BYTES). */
  readonly maxBytes?: number | undefined;
}

export interface CountStats {
  readonly ms: number;
  /** Subproblems solved (backtrack) or sweeps run (frontier). */
  readonly units: number;
  /** Search nodes (backtrack). */
  readonly nodes: number;
  /** Largest frontier table (frontier). */
  readonly peakStates: number;
}

export interface CountResult {
  readonly rows: number;
  readonly cols: number;
  readonly kind: "closed" | "open";
  readonly directed: boolean;
  /** Set by the symmetric counter; null here. */
  readonly symmetry: 180 | 90 | null;
  readonly upToSymmetry: boolean;
  readonly start: number | null;
  readonly end: number | null;
  readonly nonClosable: boolean;
  /** The exact count when status is "done"; with "limit"/"aborted", the tours counted so far. */
  readonly count: bigint;
  readonly status: CountStatus;
  readonly method: Exclude<CountMethod, "auto">;
  readonly stats: CountStats;
}

/** The result fields that describe the request (shared with the parallel counter). */
export function resultHeader(
  request: CountRequest,
): Pick<
  CountResult,
  | "rows"
  | "cols"
  | "kind"
  | "directed"
  | "symmetry"
  | "upToSymmetry"
  | "start"
  | "end"
  | "nonClosable"
> {
  const bothEnds = request.start >= 0 && request.end >= 0;
  const oneWay = request.kind === "open" && (request.start >= 0 || request.end >= 0);
  return {
    rows: request.board.rows,
    cols: request.board.cols,
    kind: request.kind,
    // With a fixed start (open) or both ends fixed, a tour is read one way only.
    directed: bothEnds || oneWay ? true : request.directed,
    symmetry: null,
    upToSymmetry: false,
    start: request.start >= 0 ? request.start : null,
    end: request.end >= 0 ? request.end : null,
    nonClosable: request.nonClosable,
  };
}

/** A node limit (its own, or its shared budget's) needs a counter that searches. */
export function checkNodeLimitMethod(
  options: Pick<CountOptions, "nodeLimit" | "budget">,
  method: Exclude<CountMethod, "auto">,
): void {
  const shared = options.budget?.nodeLimit;
  const nodeLimit =
    shared === undefined ? options.nodeLimit : Number.isFinite(shared) ? shared : undefined;
  if (nodeLimit !== undefined && method === "frontier") {
    throw new OptionError(
      `a node limit (${nodeLimit}) does not apply to the frontier sweep, which has no search nodes; give a time limit, or count with method backtrack or mates`,
      nodeLimit,
    );
  }
}

/**
 * Count knight's tours exactly. Closed tours are counted undirected by default, open tours
 * directed (see CountQuery). Runs in the calling thread; for worker threads, checkpoints and
 * resuming use `countParallel` from "knight-tours/node".
 *
 * @example
 * ```ts
 * import { Board, count, parseCell } from "knight-tours";
 *
 * console.log(count(new Board(6, 6), { closed: true }).count); // → 9862n
 * const five = new Board(5, 5);
 * console.log(count(five, { start: parseCell("a1", five) }).count); // → 304n
 * ```
 */
export function count(board: Board, options: CountOptions = {}): CountResult {
  const request = countRequest(board, options);
  const method = countMethod(options.method, board, request);
  checkNodeLimitMethod(options, method);
  const tally: CountTally = { done: 0, total: 0, count: 0n };
  const budget = countBudget(options, tally);
  const header = resultHeader(request);
  const onProgress = keeping(tally, progressOf(options));
  if (method === "dlx") return countByCover(request, options, budget, header);
  if (method === "frontier") return countByFrontier(request, options, budget, onProgress, header);
  const steps = countSearchSteps(request, method, budget, onProgress, header);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `count` by a searching method (backtrack, mates, census) as steps: the generator pauses after
 * each unit of work and returns the result, so that a caller with an event loop (countParallel
 * in this thread) sees a signal between units. Checked and planned as `count` is.
 */
export function countSteps(
  board: Board,
  options: CountOptions,
  method: "backtrack" | "mates" | "census",
): Generator<void, CountResult> {
  const request = countRequest(board, options);
  checkNodeLimitMethod(options, method);
  const tally: CountTally = { done: 0, total: 0, count: 0n };
  const budget = countBudget(options, tally);
  const onProgress = keeping(tally, progressOf(options));
  return countSearchSteps(request, method, budget, onProgress, resultHeader(request));
}

type Header = ReturnType<typeof resultHeader>;

/** The frontier sweep in this thread: one unit, progress per cell swept. */
function countByFrontier(
  request: CountRequest,
  options: CountOptions,
  budget: Budget,
  onProgress: ((progress: CountProgress) => void) | undefined,
  header: Header,
): CountResult {
  const began = performance.now();
  try {
    const run = frontierCountRequest(request, {
      maxBytes: options.maxBytes,
      budget,
      onLayer: (info) =>
        onProgress?.({
          done: info.step,
          total: info.steps,
          count: 0n,
          nodes: 0,
          ms: performance.now() - began,
          layer: {
            states: info.states,
            bytesInMemory: info.bytesInMemory,
            bytesOnDisk: info.bytesOnDisk,
            lane: info.lane,
            read: info.read,
            ahead: info.ahead,
          },
        }),
    });
    return {
      ...header,
      count: run.count,
      status: "done",
      method: "frontier",
      stats: {
        ms: performance.now() - began,
        units: run.sweeps,
        nodes: 0,
        peakStates: run.peakStates,
      },
    };
  } catch (error) {
    if (!(error instanceof FrontierStop)) throw error;
    return {
      ...header,
      count: 0n,
      status: error.reason,
      method: "frontier",
      stats: { ms: performance.now() - began, units: 0, nodes: 0, peakStates: 0 },
    };
  }
}

/**
 * The searching counters (backtrack, mates, census) in this thread: the plan's units one after
 * another, progress after each, pausing (a `yield`) after each so that an async caller can let
 * its event loop run between units (a signal is seen there; `count` runs straight through). A
 * stop inside a unit keeps the tours that unit had counted (a lower bound).
 */
function* countSearchSteps(
  request: CountRequest,
  method: "backtrack" | "mates" | "census",
  budget: Budget,
  onProgress: ((progress: CountProgress) => void) | undefined,
  header: Header,
): Generator<void, CountResult> {
  const began = performance.now();
  const plan = planCount(request, method);
  const counter = new UnitCounter(request);
  const counts = new Map<number, bigint>();
  const total = plan.units.length;
  let finished = 0;
  let status: CountStatus = "done";
  const shouldStop = (): boolean => budget.shouldStop(counter.nodes);
  for (const unit of plan.units) {
    // Checked before each unit too, so a zero limit stops before any search.
    const why = budget.check(counter.nodes);
    if (why !== null) {
      status = why;
      break;
    }
    const found = counter.count(unit, shouldStop);
    if (found < 0) {
      // Counted so far: the finished units, and this one's tours up to the stop.
      counts.set(unit.id, BigInt(-1 - found));
      status = budget.stopped ?? "limit";
      break;
    }
    counts.set(unit.id, BigInt(found));
    finished++;
    onProgress?.({
      done: finished,
      total,
      count: plan.total(counts),
      nodes: counter.nodes,
      ms: performance.now() - began,
    });
    yield;
  }
  return {
    ...header,
    count: plan.total(counts),
    status,
    method,
    stats: {
      ms: performance.now() - began,
      units: finished,
      nodes: counter.nodes,
      peakStates: 0,
    },
  };
}

/** The totals of a count's finished units, which its budget reports while a unit runs. */
export interface CountTally {
  done: number;
  total: number;
  count: bigint;
}

/**
 * A count's budget: the caller's when shared, else its own limits. Progress goes out after each
 * unit of work (see progressOf) and, given the `tally` those reports keep, from the budget too
 * while a long unit runs, so a count whose first subproblem takes an hour still says how far
 * it got; without a tally the budget itself reports nothing.
 */
export function countBudget(options: CountOptions, tally?: CountTally): Budget {
  if (tally === undefined) return Budget.start({ ...options, onProgress: undefined });
  return Budget.start<CountProgress>(options, (nodes, ms) => ({ ...tally, nodes, ms }));
}

/** Unit reports that also keep `tally` current for the budget's reports between units. */
function keeping(
  tally: CountTally,
  onProgress: ((progress: CountProgress) => void) | undefined,
): ((progress: CountProgress) => void) | undefined {
  if (onProgress === undefined) return undefined;
  return (progress) => {
    tally.done = progress.done;
    tally.total = progress.total;
    tally.count = progress.count;
    onProgress(progress);
  };
}

/** Where a count reports its units: nowhere when it runs inside a caller's budget. */
export function progressOf(options: CountOptions): ((progress: CountProgress) => void) | undefined {
  return options.budget === undefined ? options.onProgress : undefined;
}
