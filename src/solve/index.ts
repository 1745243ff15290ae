import { canConstruct, construct } from "../construct/construct.js";
import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import { createRandom, type Random } from "../core/random.js";
import { checkLimits } from "../core/run.js";
import { rotateClosedTour, type Tour } from "../core/tour.js";
import { findTourByCover } from "../cover/knight.js";
import { tourExists } from "../theory/exists.js";
import { backtrackSearch } from "./backtrack.js";
import {
  BidirectionalSearch,
  bidirectionalOrder,
  checkBidirectionalOptions,
  runBidirectional,
} from "./bidirectional.js";
import { Budget } from "./limits.js";
import { checkNeuralOptions, solveNeural } from "./neural.js";
import { PathRotator } from "./rotate.js";
import { TourSearch } from "./search.js";
import { SquirrelWalker, squirrelRefusal } from "./squirrel.js";
import { FixedOrderDfs } from "./stack.js";
import { type Tracer, tracerFor } from "./trace.js";
import {
  METHODS,
  type Method,
  type SolveOptions,
  type SolveResult,
  type SolveStats,
  type StepTieBreak,
  TIE_BREAKS,
  type TieBreak,
} from "./types.js";
import { traceWalk, WarnsdorffWalker } from "./warnsdorff.js";

export { MAX_RECURSION_DEPTH } from "./backtrack.js";
export {
  type BidirectionalOrder,
  type BidirectionalRun,
  BidirectionalSearch,
  type BidirectionalSides,
} from "./bidirectional.js";
export { Budget } from "./limits.js";
export {
  KnightNetwork,
  NEURAL_DEFAULT_RUNS,
  NEURAL_UPDATES,
  type NetworkOutcome,
  type NeuralOptions,
  type NeuralStats,
  type NeuralUpdate,
  neuralDefaultSweeps,
} from "./neural.js";
export { PathRotator } from "./rotate.js";
export { type SearchOutcome, type SearchRun, TourSearch } from "./search.js";
export { type RuleSpec, SquirrelWalker, squirrelRules } from "./squirrel.js";
export { type DfsOutcome, type DfsRequest, FixedOrderDfs } from "./stack.js";
export {
  describeReason,
  formatTraceEvent,
  type TraceAction,
  type TraceEvent,
  type TraceListener,
  type TraceReason,
  Tracer,
} from "./trace.js";
export {
  METHODS,
  type Method,
  type SearchLimits,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
  type SolveStats,
  type SolveStatus,
  STEP_TIE_BREAKS,
  type StepTieBreak,
  TIE_BREAKS,
  type TieBreak,
} from "./types.js";
export { traceWalk, WarnsdorffWalker } from "./warnsdorff.js";

/** Boards up to this many cells go to `search` under `auto`; larger ones to Warnsdorff first. */
export const AUTO_SEARCH_CELLS = 64 * 64;
/** Default node limit of the exponential `backtrack` and `stack` methods (so they cannot hang). */
export const DEFAULT_DFS_NODE_LIMIT = 100_000_000;
/** Nodes of the first `search` attempt per cell; each restart doubles the allowance. */
const SEARCH_FIRST_CAP_PER_CELL = 4;
const SEARCH_MIN_FIRST_CAP = 2_000;
/**
 * Candidate orders of the restarts, in turn. Which order finds a tour fast varies wildly with
 * the board (from a corner: pohl solves closed 3×n, center open 4×n, roth most squares), so
 * restarts cycle through them, with seeded random orders among them.
 */
const RESTART_ORDERS: readonly StepTieBreak[] = [
  "pohl",
  "center",
  "random",
  "first",
  "roth",
  "random",
];
/**
 * Boards at most this wide get the connectivity check in every attempt; other boards up to
 * CONNECTIVITY_MAX_CELLS cells from the first restart on. It costs O(cells) per node: on
 * large boards more than it saves, on narrow ones (3×n, 4×n, 5×n) it is what makes them work.
 */
const CONNECTIVITY_MAX_CELLS = 1_200;
const NARROW_SIDE = 4;
/** The tie-break `auto` and `search` use first (best in docs/solvers.md's study). */
export const DEFAULT_TIE_BREAK: StepTieBreak = "roth";

/**
 * Find a knight's tour: the one front door of the solver family.
 *
 * - `search` (complete, pruned, Warnsdorff-ordered backtracking with seeded restarts): finds a
 *   tour or proves by exhaustion that none exists (status "impossible", with the node count);
 * - `warnsdorff`: the greedy rule in linear time with a tie-break; a stuck walk answers "stuck"
 *   with its partial path;
 * - `backtrack` / `stack`: the articles' fixed-order depth-first search (recursive / explicit
 *   stack), exponential, stopped by limits (default node limit DEFAULT_DFS_NODE_LIMIT);
 * - `dlx`: Knuth's exact-cover encoding searched by Dancing Links with mate pruning (src/cover);
 * - `neural`: Takefuji and Lee's neural network (closed tours only), one neuron per move, rerun
 *   from seeded random states until one settles on a single cycle (neural.ts);
 * - `construct` (alias `divide`): the divide-and-conquer construction (src/construct), linear
 *   time, any board with a side of at least 5 (or 3–4 rows and over 34 columns); other requests
 *   (small thin boards, a required end, a start the construction cannot honour) go to `search`;
 * - `bidirectional`: grows the tour from both ends (start and required end, or both sides of the
 *   start of a closed tour) and joins them; complete, pruned like `search`;
 * - `auto` (default): `search` on boards up to AUTO_SEARCH_CELLS cells or with a required end
 *   (then each node allowance goes to `search`, then to `bidirectional`: docs/solvers.md);
 *   beyond (and on thin boards longer than 34), `construct`, then Warnsdorff walks (roth, pohl,
 *   then seeded random tie-breaks) and `search` if they fail.
 *
 * `onTrace` receives every search event (src/solve/trace.ts); without it the searches pay one
 * untaken branch per event site.
 *
 * Requests the theorems rule out answer "impossible" at once (unless `useTheory: false`).
 * Bad options throw an OptionError naming the value and what is allowed.
 *
 * @example
 * ```ts
 * import { Board, parseCell, solve, validateTour } from "knight-tours";
 *
 * const board = new Board(5, 5);
 * const result = solve(board, { start: parseCell("a1", board) });
 * console.log(result.status, result.tour!.path.length); // → found 25
 * console.log(validateTour(board, result.tour!).valid); // → true
 * console.log(solve(board, { closed: true }).reason);
 * // → a closed tour alternates colours, so it needs an even number of cells; 5×5 has 25
 * ```
 */
export function solve(board: Board, options: SolveOptions = {}): SolveResult {
  const began = performance.now();
  checkOptions(board, options);
  const { closed = false, end, seed = 1 } = options;
  const stats: SolveStats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
  const budget = new Budget(options, began);
  const finish = (result: Omit<SolveResult, "stats">): SolveResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };

  if (options.useTheory !== false) {
    const existence = tourExists(board, {
      closed,
      ...(options.start === undefined ? {} : { start: options.start }),
      ...(end === undefined ? {} : { end }),
    });
    if (existence.exists === false) {
      return finish({ status: "impossible", tour: null, reason: existence.reason });
    }
  }

  let method: Method = options.method ?? "auto";
  // Squirrel & Cull's rule is a Warnsdorff walk: asking for it picks the method.
  if (options.tieBreak === "squirrel") method = "warnsdorff";
  // The linear-time divide-and-conquer construction (`construct`, alias `divide`), and `auto` on
  // large boards. Where it does not apply (a required end, a start it cannot honour, a short
  // thin board) the request goes on to the searches, bounded by the limits.
  const construction = method === "construct" || method === "divide";
  if (
    end === undefined &&
    (construction ||
      (method === "auto" &&
        // Thin boards (3 or 4 rows) are where search works hardest; pumping is instant there.
        (board.cells > AUTO_SEARCH_CELLS || Math.min(board.rows, board.cols) <= 4) &&
        canConstruct(board, closed)))
  ) {
    const constructed = construct(board, {
      closed,
      ...(options.start === undefined ? {} : { start: options.start }),
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
      seed,
    });
    if (constructed.status === "found") {
      return { ...constructed, stats: { ...constructed.stats, method: "construct" } };
    }
  }
  if (construction) method = "search";

  // Takefuji and Lee's neural network: closed tours only, retried from random states.
  if (method === "neural") {
    stats.method = "neural";
    return finish(solveNeural(board, options, budget, stats));
  }

  // Knuth's exact-cover view (src/cover): Dancing Links with mate pruning.
  if (method === "dlx") {
    const found = findTourByCover(board, {
      closed,
      seed,
      ...(options.start === undefined ? {} : { start: options.start }),
      ...(end === undefined ? {} : { end }),
      ...(options.timeLimitMs === undefined ? {} : { timeLimitMs: options.timeLimitMs }),
      ...(options.nodeLimit === undefined ? {} : { nodeLimit: options.nodeLimit }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
      ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
    });
    return { ...found, stats: { ...found.stats, method: "dlx" } };
  }

  // The graph is built on first use: Warnsdorff walks do not need it.
  let built: KnightGraph | undefined;
  const graph = () =>
    (built ??= knightGraph(
      board,
      options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes },
    ));
  const random = createRandom(seed);
  if (method === "auto") {
    method = end !== undefined || board.cells <= AUTO_SEARCH_CELLS ? "search" : "warnsdorff";
  }
  stats.method = method;
  // The trace (onTrace): null without a listener, so the searches skip every event site.
  const tracer = tracerFor(options.onTrace);
  const context: Context = { board, graph, options, stats, budget, random, closed, tracer };

  switch (method) {
    case "warnsdorff": {
      // Under `auto` a stuck walk gets other tie-breaks, then `search`; an explicit request
      // for Squirrel & Cull's deterministic rule is answered as it is.
      const asAuto = (options.method ?? "auto") === "auto" && options.tieBreak !== "squirrel";
      const walked = runWarnsdorff(context, asAuto);
      if (walked.status === "stuck" && asAuto) {
        stats.method = "search";
        return finish(runSearch(context));
      }
      return finish(walked);
    }
    case "backtrack":
    case "stack":
      return finish(runFixedOrder(context, method));
    case "bidirectional":
      return finish(runBidirectional({ ...context, graph: graph() }));
    default:
      return finish(runSearch(context));
  }
}

interface Context {
  readonly board: Board;
  readonly graph: () => KnightGraph;
  readonly options: SolveOptions;
  readonly stats: SolveStats;
  readonly budget: Budget;
  readonly random: Random;
  readonly closed: boolean;
  readonly tracer: Tracer | null;
}

function checkOptions(board: Board, options: SolveOptions): void {
  if (options.method !== undefined && !(METHODS as readonly string[]).includes(options.method)) {
    throw new OptionError(
      `unknown method '${options.method}': expected one of ${METHODS.join(", ")}`,
      options.method,
    );
  }
  if (
    options.tieBreak !== undefined &&
    !(TIE_BREAKS as readonly string[]).includes(options.tieBreak)
  ) {
    throw new OptionError(
      `unknown tie-break '${options.tieBreak}': expected one of ${TIE_BREAKS.join(", ")}`,
      options.tieBreak,
    );
  }
  if (options.method === "neural") checkNeuralOptions(options);
  if (options.method === "bidirectional") checkBidirectionalOptions(options);
  for (const [name, cell] of [
    ["start", options.start],
    ["end", options.end],
  ] as const) {
    if (cell !== undefined && (!Number.isInteger(cell) || cell < 0 || cell >= board.cells)) {
      throw new OptionError(
        `${name} cell ${cell} is not on the ${board} board (cells 0..${board.cells - 1})`,
        cell,
      );
    }
  }
  // After the cell checks: the start is known to be on the board.
  if (options.tieBreak === "squirrel") checkSquirrel(board, options);
  // The limits every long-running front door shares: zero stops at the first check.
  checkLimits(options);
  // …but a solver given no attempt at all could not say anything about the board.
  if (options.maxAttempts === 0) {
    throw new OptionError("maxAttempts must be at least 1 (one walk or search), got 0", 0);
  }
}

/** Squirrel & Cull's rule: Warnsdorff walks only, on the boards and starts it is defined for. */
function checkSquirrel(board: Board, options: SolveOptions): void {
  const method = options.method ?? "auto";
  if (method !== "warnsdorff" && method !== "auto") {
    throw new OptionError(
      `the squirrel tie-break drives Warnsdorff walks only: use --method warnsdorff (or auto), not ${method}`,
      method,
    );
  }
  const refusal = squirrelRefusal(board, options.start ?? 0);
  if (refusal !== null) throw new OptionError(refusal, options.start ?? board.label);
}

/** The per-step tie-break `search` starts with (`squirrel` only drives Warnsdorff walks). */
function stepTieBreak(tieBreak: TieBreak | undefined): StepTieBreak {
  return tieBreak === undefined || tieBreak === "squirrel" ? DEFAULT_TIE_BREAK : tieBreak;
}

/** The start cells to try: the requested one, or every cell (corner first) when none is given. */
function startCells(context: Context): ArrayLike<number> {
  const { start } = context.options;
  if (start !== undefined) return [start];
  // A closed tour passes through every cell, so one start settles it.
  if (context.closed) return [0];
  const all = new Int32Array(context.board.cells);
  for (let i = 0; i < all.length; i++) all[i] = i;
  return all;
}

function describe(context: Context, start: number | undefined): string {
  const { board, closed, options } = context;
  const name = (cell: number) => formatCell(board, cell);
  const kind = closed ? "closed" : "open";
  if (closed && options.end !== undefined && start !== undefined) {
    return `no closed tour of ${board} uses the move ${name(start)}–${name(options.end)}`;
  }
  if (start === undefined) return `no ${kind} tour of ${board} exists`;
  if (options.end !== undefined) {
    return `no ${kind} tour of ${board} runs from ${name(start)} to ${name(options.end)}`;
  }
  return `no ${kind} tour of ${board} starts at ${name(start)}`;
}

/**
 * `search`: restarts with a growing node allowance (the first in the chosen tie-break order,
 * then RESTART_ORDERS in turn) to dodge the heavy tail of backtracking; an attempt that ends by
 * exhausting its tree proves that no tour exists, whatever its order.
 */
function runSearch(context: Context): Omit<SolveResult, "stats"> {
  const { board, graph, options, stats, budget, random, closed } = context;
  const search = new TourSearch(graph());
  const starts = startCells(context);
  const firstTie = stepTieBreak(options.tieBreak);
  // On 3- and 4-wide boards the path easily cuts the board in two: check connectivity always.
  const narrow = Math.min(board.rows, board.cols) <= NARROW_SIDE;
  // `auto` with a required end: each allowance goes to plain search, then to the bidirectional
  // search. Each has heavy tails where the other has none (docs/solvers.md, "Bidirectional
  // search"), so taking turns costs at most about twice the better one.
  const portfolio =
    options.end !== undefined && (options.method ?? "auto") === "auto"
      ? new BidirectionalSearch(graph())
      : null;
  for (let s = 0; s < starts.length; s++) {
    const start = starts[s]!;
    if (options.end !== undefined && start === options.end && board.cells > 1) continue;
    let cap = Math.max(SEARCH_MIN_FIRST_CAP, SEARCH_FIRST_CAP_PER_CELL * board.cells);
    // A closed tour is a cycle through every cell: restarts may search from other cells (the
    // time to a tour varies a lot with the first cell) and rotate the cycle to `start` after.
    const rotate = closed && options.end === undefined;
    for (let attempt = 0; ; attempt++) {
      stats.attempts++;
      const from = rotate && attempt > 0 ? random.int(board.cells) : start;
      if (context.tracer !== null && (attempt > 0 || s > 0)) {
        context.tracer.restart(from, `attempt ${attempt + 1} from this start`);
      }
      const outcome = search.run(
        {
          start: from,
          closed,
          ...(options.end === undefined ? {} : { end: options.end }),
          tieBreak:
            attempt === 0 ? firstTie : RESTART_ORDERS[(attempt - 1) % RESTART_ORDERS.length]!,
          random,
          nodeCap: cap,
          connectivity: narrow || (attempt > 0 && board.cells <= CONNECTIVITY_MAX_CELLS),
          tracer: context.tracer,
        },
        budget,
        stats,
      );
      if (outcome === "found") {
        const tour = { board, path: search.path.slice(), closed };
        return { status: "found", tour: from === start ? tour : rotateTo(tour, start) };
      }
      if (outcome === "exhausted") break;
      if (outcome === "aborted") return { status: "aborted", tour: null, reason: budget.reason };
      if (portfolio !== null && budget.reason === "") {
        stats.attempts++;
        context.tracer?.restart(start, `attempt ${attempt + 1}, bidirectional`);
        const other = portfolio.run(
          {
            start,
            end: options.end!,
            closed,
            order: bidirectionalOrder(attempt),
            random,
            nodeCap: cap,
            connectivity: narrow || (attempt > 0 && board.cells <= CONNECTIVITY_MAX_CELLS),
            tracer: context.tracer,
          },
          budget,
          stats,
        );
        if (other !== "limit") stats.method = "bidirectional";
        if (other === "found") {
          return { status: "found", tour: { board, path: portfolio.path.slice(), closed } };
        }
        if (other === "exhausted") break;
        if (other === "aborted") return { status: "aborted", tour: null, reason: budget.reason };
      }
      if (budget.reason === "" && attempt === 1 && !closed && options.end === undefined) {
        // Two slow attempts: try a tour from an easy start, rotated until `start` is its first
        // cell (Pósa rotations). Cheap, and a failure leaves the search to go on as before.
        const rotated = rotateFromEasyStart(context, search, start);
        if (rotated !== null) return { status: "found", tour: { board, path: rotated, closed } };
      }
      if (budget.reason !== "") {
        return {
          status: "limit",
          tour: null,
          reason: `${budget.reason} (search, ${stats.attempts} restarts, ${stats.nodes} nodes)`,
        };
      }
      cap *= 2;
    }
    if (starts.length === 1) {
      return {
        status: "impossible",
        tour: null,
        reason: `${describe(context, start)} (exhaustive search, ${stats.nodes} nodes)`,
      };
    }
  }
  return {
    status: "impossible",
    tour: null,
    reason: `${describe(context, undefined)} (exhaustive search from every start, ${stats.nodes} nodes)`,
  };
}

/** Node allowance of each corner search in `rotateFromEasyStart`, and rotations it may spend. */
const EASY_START_NODES = 50_000;
const MAX_ROTATIONS = 20_000;

/**
 * A tour from the first corner (or other cell) that yields one within a small allowance, turned
 * by Pósa rotations into a tour from `start`; null when that does not work out.
 */
function rotateFromEasyStart(
  context: Context,
  search: TourSearch,
  start: number,
): Int32Array | null {
  const { board, stats, budget, random } = context;
  const cells = board.cells;
  const corners = [0, board.cols - 1, cells - board.cols, cells - 1];
  // From a corner of a long strip the centre-first order walks a 4×n strip without
  // backtracking where the others stall; pohl does the same on 3×n; roth on most boards.
  const rotator = new PathRotator(search.graph);
  for (const tieBreak of ["center", "pohl", "roth"] as const) {
    for (const from of corners) {
      if (from === start) continue;
      stats.attempts++;
      context.tracer?.restart(from, `easy start for Pósa rotations, ${tieBreak} order`);
      const outcome = search.run(
        {
          start: from,
          closed: false,
          tieBreak,
          nodeCap: Math.max(EASY_START_NODES, 100 * cells),
          connectivity: Math.min(board.rows, board.cols) <= NARROW_SIDE,
          tracer: context.tracer,
        },
        budget,
        stats,
      );
      if (outcome === "exhausted") continue;
      if (outcome !== "found") {
        if (budget.reason === "") continue;
        return null;
      }
      // Some tours rotate to the target quickly, others circle: try the next base tour then.
      const path = search.path.slice();
      if (rotator.rotateToStart(path, start, random, MAX_ROTATIONS)) return path;
    }
  }
  return null;
}

/** The closed tour `tour` rotated to begin at `start`. */
function rotateTo(tour: Tour, start: number): Tour {
  return rotateClosedTour(tour, tour.path.indexOf(start));
}

/**
 * `warnsdorff`: greedy walks. The first uses the chosen tie-break (default roth); further
 * attempts (options.maxAttempts, default 1 — or, under `auto`, pohl then seeded random walks)
 * use other tie-breaks. A walk that covers the board but misses a required closing or end
 * counts as stuck too.
 */
function runWarnsdorff(context: Context, asAuto: boolean): Omit<SolveResult, "stats"> {
  const { board, options, stats, budget, random, closed } = context;
  const walker = new WarnsdorffWalker(board);
  const squirrel = options.tieBreak === "squirrel" ? new SquirrelWalker(board) : null;
  const cells = board.cells;
  const start = options.start ?? 0;
  const maxAttempts = options.maxAttempts ?? (asAuto ? 8 : 1);
  const first = options.tieBreak ?? DEFAULT_TIE_BREAK;
  let longest: Int32Array | undefined;
  let complete = false;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) {
      const stop = budget.check(stats.nodes, stats.attempts);
      if (stop !== null) {
        return { status: stop, tour: null, reason: budget.reason };
      }
    }
    const tieBreak: TieBreak =
      attempt === 0 ? first : asAuto && attempt === 1 && first !== "pohl" ? "pohl" : "random";
    const length =
      tieBreak === "squirrel" ? squirrel!.walk(start) : walker.walk(start, tieBreak, random);
    stats.attempts++;
    stats.nodes += length;
    const path = tieBreak === "squirrel" ? squirrel!.path : walker.path;
    if (context.tracer !== null) {
      if (attempt > 0) context.tracer.restart(start, `walk ${attempt + 1}, ${tieBreak} tie-break`);
      traceWalk(context.tracer, board, path, length, closed, options.end);
    }
    if (length === cells) {
      const last = path[cells - 1]!;
      const meets = closed
        ? cells > 1 && board.isKnightMove(last, start)
        : options.end === undefined || last === options.end;
      if (meets) return { status: "found", tour: { board, path: path.slice(), closed } };
      complete = true;
      if (longest === undefined || longest.length < length) longest = path.slice();
    } else if (longest === undefined || length > longest.length) {
      longest = path.slice(0, length);
    }
  }
  const walks = maxAttempts === 1 ? "Warnsdorff's rule" : `${maxAttempts} Warnsdorff walks`;
  const reason =
    complete && longest!.length === cells
      ? `${walks} covered the board but not as requested (${closed ? "the ends do not meet" : "it ends elsewhere"})`
      : `${walks} got stuck; the longest walk covered ${longest!.length} of ${cells} cells`;
  return { status: "stuck", tour: null, partial: longest!, reason };
}

/** `backtrack` and `stack`: the articles' fixed-order depth-first search. */
function runFixedOrder(
  context: Context,
  method: "backtrack" | "stack",
): Omit<SolveResult, "stats"> {
  const { board, graph, options, stats, closed } = context;
  const budget =
    options.nodeLimit === undefined
      ? new Budget({ ...options, nodeLimit: DEFAULT_DFS_NODE_LIMIT }, context.budget.began)
      : context.budget;
  const dfs = new FixedOrderDfs(graph());
  const starts = startCells(context);
  for (let s = 0; s < starts.length; s++) {
    const start = starts[s]!;
    dfs.reset(start);
    stats.nodes++;
    stats.attempts++;
    if (context.tracer !== null) {
      if (s > 0) context.tracer.restart(start, "next start");
      context.tracer.advance(start, 0);
    }
    const request = {
      start,
      closed,
      ...(options.end === undefined ? {} : { end: options.end }),
      tracer: context.tracer,
    };
    const outcome =
      method === "backtrack"
        ? backtrackSearch(dfs, request, budget, stats)
        : dfs.searchFrom(0, request, budget, stats);
    if (outcome === "found") {
      return { status: "found", tour: { board, path: dfs.path.slice(), closed } };
    }
    if (outcome === "aborted") return { status: "aborted", tour: null, reason: budget.reason };
    if (outcome === "limit") {
      return {
        status: "limit",
        tour: null,
        reason: `${budget.reason}: ${method === "backtrack" ? "backtracking" : "the explicit-stack search"} in fixed move order had reached ${dfs.deepest} of ${board.cells} cells at best; it is exponential (try --method search)`,
      };
    }
    if (starts.length === 1) {
      return {
        status: "impossible",
        tour: null,
        reason: `${describe(context, start)} (exhaustive ${method} search, ${stats.nodes} nodes)`,
      };
    }
  }
  return {
    status: "impossible",
    tour: null,
    reason: `${describe(context, undefined)} (exhaustive ${method} search from every start, ${stats.nodes} nodes)`,
  };
}
