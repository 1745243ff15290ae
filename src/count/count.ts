import {
  type Board,
  Budget,
  knightGraph,
  type Limits,
  OptionError,
  type Progress,
  type RunStatus,
} from "../core/index.js";
import { backtrackPlan, countSubproblem, planTotal } from "./backtrack.js";
import { countByCover } from "./cover-count.js";
import { FrontierStop } from "./frontier.js";
import { frontierCountRequest } from "./frontier-request.js";
import { countByMates } from "./mates-count.js";
import { PathSearch } from "./path-search.js";
import { type CountQuery, type CountRequest, countRequest } from "./request.js";

/** The counting engines; "auto" picks one by the board (see checkMethod). */
export const COUNT_METHODS = ["auto", "frontier", "backtrack", "mates", "dlx"] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];

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
    | { readonly states: number; readonly bytesInMemory: number; readonly bytesOnDisk: number }
    | undefined;
}

/**
 * The query, the engine and the run contract's limits. The node limit is checked as the
 * backtrack, mates and dlx counters search (countParallel: after each finished subproblem); the
 * frontier sweep has no search nodes and refuses it. `onProgress` is called after each unit of
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

/**
 * Resolve "auto": the mates counter on boards of up to 42 cells with both sides ≥ 5 (6×6, 6×7:
 * it is several times faster there than the frontier sweep, and 1.5–3 times faster than the
 * path counter), the frontier sweep elsewhere (narrow boards, where its frontier is small, and
 * large ones, which backtracking cannot finish).
 */
export function checkMethod(
  method: string | undefined,
  board?: Board,
): Exclude<CountMethod, "auto"> {
  if (method === undefined || method === "auto") {
    if (board === undefined) return "frontier";
    const narrow = Math.min(board.rows, board.cols) <= 4;
    return !narrow && board.cells <= 42 ? "mates" : "frontier";
  }
  if (method === "frontier" || method === "backtrack" || method === "mates" || method === "dlx") {
    return method;
  }
  throw new OptionError(
    `method must be one of ${COUNT_METHODS.join(", ")}; got '${method}'`,
    method,
  );
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
  const method = checkMethod(options.method, board);
  checkNodeLimitMethod(options, method);
  const began = performance.now();
  const tally: CountTally = { done: 0, total: 0, count: 0n };
  const budget = countBudget(options, tally);
  const header = resultHeader(request);
  const onProgress = keeping(tally, progressOf(options));

  if (method === "dlx") return countByCover(request, options, budget, header);
  if (method === "mates") return countByMates(request, budget, onProgress, header);
  if (method === "frontier") {
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
            },
          }),
      });
      return {
        ...header,
        count: run.count,
        status: "done",
        method,
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
        method,
        stats: { ms: performance.now() - began, units: 0, nodes: 0, peakStates: 0 },
      };
    }
  }

  const plan = backtrackPlan(request);
  tally.total = plan.subproblems.length;
  const search = new PathSearch(knightGraph(board));
  const counts = new Map<number, bigint>();
  let status: CountStatus = "done";
  let running = 0n;
  const shouldStop = (): boolean => budget.shouldStop(search.nodes);
  for (const sub of plan.subproblems) {
    // Checked before each subproblem too, so a zero limit stops before any search.
    let found = budget.check(search.nodes) === null ? 0 : -1;
    if (found === 0) found = countSubproblem(search, sub, request.nonClosable, shouldStop);
    if (found < 0) {
      status = budget.stopped ?? "limit";
      break;
    }
    counts.set(sub.id, BigInt(found));
    running += BigInt(sub.weight) * BigInt(found);
    onProgress?.({
      done: counts.size,
      total: plan.subproblems.length,
      count: (running * plan.multiply) / plan.divide,
      nodes: search.nodes,
      ms: performance.now() - began,
    });
  }
  return {
    ...header,
    count: planTotal(plan, counts),
    status,
    method,
    stats: {
      ms: performance.now() - began,
      units: counts.size,
      nodes: search.nodes,
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
