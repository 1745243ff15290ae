import { canConstruct, constructTour } from "../construct/construct.js";
import type { SmallTourFinder } from "../construct/finder.js";
import { canBuildGiraffeFive, giraffeFiveTour } from "../construct/giraffe-5xn.js";
import type { Board } from "../core/board.js";
import { checkCellOption } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import { createRandom } from "../core/random.js";
import { Budget, checkLimits } from "../core/run.js";
import { findTourByCover } from "../cover/knight.js";
import { tourExists } from "../theory/exists.js";
import type { SolveContext } from "./context.js";
import { checkBidirectionalOptions, runBidirectional } from "./run-bidirectional.js";
import { DEFAULT_DFS_NODE_LIMIT, runFixedOrder } from "./run-dfs.js";
import { checkNeuralOptions, solveNeural } from "./run-neural.js";
import { runSearch } from "./run-search.js";
import { runWarnsdorff } from "./run-warnsdorff.js";
import { squirrelRefusal } from "./squirrel.js";
import { tracerFor } from "./trace.js";
import {
  METHODS,
  type Method,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
  type SolveStats,
  TIE_BREAKS,
} from "./types.js";

/** Boards up to this many cells go to `search` under `auto`; larger ones to Warnsdorff first. */
export const AUTO_SEARCH_CELLS = 64 * 64;

/**
 * Find a tour: the one front door of the solver family. Any geometry — any leaper or union, a
 * plane, cylinder or torus, holes — is searched on its move graph (a tour visits its
 * `vertexCount` cells); the construction (and `auto`'s use of it) and the squirrel tie-break are
 * the knight's on a plain rectangle and refuse other geometries, `dlx` refuses holes.
 *
 * - `search` (complete, pruned, Warnsdorff-ordered backtracking with seeded restarts): finds a
 *   tour or proves by exhaustion that none exists (status "impossible", with the node count);
 * - `warnsdorff`: the greedy rule in linear time with a tie-break; a stuck walk answers "stuck"
 *   with its partial path;
 * - `backtrack` / `stack`: the textbook fixed-order depth-first search (recursive / explicit
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
 * Every method runs under one budget (core/run.ts): the limits of `options`, or the caller's
 * `options.budget` when one is shared; `dlx` hands it on to the exact-cover search.
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
  const { closed = false, start, end, seed = 1 } = options;
  const stats: SolveStats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
  // The exponential fixed-order searches get a default node limit, so they cannot hang.
  const dfs = options.method === "backtrack" || options.method === "stack";
  const budget = Budget.start<SolveProgress>(
    dfs && options.nodeLimit === undefined
      ? { ...options, nodeLimit: DEFAULT_DFS_NODE_LIMIT }
      : options,
    (nodes, ms) => ({ nodes, attempts: stats.attempts, ms }),
    began,
  );
  // The limits every long-running front door shares (zero stops at the first check): a budget
  // of its own checks them as it starts; under a shared one they are checked here.
  if (options.budget !== undefined) checkLimits(options);
  // …but a solver given no attempt at all could not say anything about the board.
  if (options.maxAttempts === 0) {
    throw new OptionError("maxAttempts must be at least 1 (one walk or search), got 0", 0);
  }
  const finish = (result: Omit<SolveResult, "stats">): SolveResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };

  if (options.useTheory !== false) {
    const existence = tourExists(board, { closed, start, end });
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
        // The construction is the knight's on a plain rectangle; other geometries search.
        board.plain &&
        // Thin boards (3 or 4 rows) are where search works hardest; pumping is instant there.
        (board.cells > AUTO_SEARCH_CELLS || Math.min(board.rows, board.cols) <= 4) &&
        canConstruct(board, closed)))
  ) {
    const constructed = constructTour(board, searchSmallTour, {
      closed,
      start,
      maxBytes: options.maxBytes,
      seed,
    });
    if (constructed.status === "found") {
      return { ...constructed, stats: { ...constructed.stats, method: "construct" } };
    }
  }
  // The giraffe's 5×n tours are built from a few known ones (docs/results.md); a search finds
  // none of the longer ones in minutes. A closed tour opened anywhere is an open one.
  if (end === undefined && method === "auto" && canBuildGiraffeFive(board)) {
    const path = giraffeFiveTour(board, { start, maxBytes: options.maxBytes })!;
    stats.method = "construct";
    return finish({ status: "found", tour: { board, path, closed } });
  }
  if (construction) method = "search";

  // Takefuji and Lee's neural network: closed tours only, retried from random states.
  if (method === "neural") {
    stats.method = "neural";
    return finish(solveNeural(board, options, budget, stats));
  }

  // Knuth's exact-cover view (src/cover): Dancing Links with mate pruning, under this budget.
  if (method === "dlx") {
    stats.attempts = 1; // one exact-cover search: what its progress reports say
    const found = findTourByCover(board, {
      closed,
      seed,
      start,
      end,
      maxBytes: options.maxBytes,
      budget,
    });
    return { ...found, stats: { ...found.stats, method: "dlx" } };
  }

  // The graph is built on first use: Warnsdorff walks do not need it.
  let built: KnightGraph | undefined;
  const graph = () =>
    (built ??= knightGraph(board, { maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES }));
  const random = createRandom(seed);
  if (method === "auto") {
    method = end !== undefined || board.cells <= AUTO_SEARCH_CELLS ? "search" : "warnsdorff";
  }
  stats.method = method;
  const tracer = tracerFor(options.onTrace);
  const context: SolveContext = { board, graph, options, stats, budget, random, closed, tracer };

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
      return finish(runBidirectional(context));
    default:
      return finish(runSearch(context));
  }
}

/**
 * The construction's small-board finder (it tiles blocks up to 10×10 and pumps 3×n and 4×n
 * strips): `search`, under the request's own time limit.
 */
export const searchSmallTour: SmallTourFinder = (board, request) =>
  solve(board, {
    method: "search",
    closed: request.closed,
    start: request.start,
    seed: request.seed,
    timeLimitMs: request.timeLimitMs,
  });

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
  checkCellOption(board, options.start, "start");
  checkCellOption(board, options.end, "end");
  const refusal = geometryRefusal(board, options.method);
  if (refusal !== null) throw new OptionError(refusal, options.method);
  // After the cell checks: the start is known to be on the board.
  if (options.tieBreak === "squirrel") checkSquirrel(board, options);
}

/**
 * Why `method` cannot run on `board`'s geometry, or null. Every method but two sees only the move
 * graph and takes any piece, topology and holes; the construction is the knight's on a plain
 * rectangle, and the exact-cover encoding (src/cover) makes every cell of the rectangle an item,
 * so a hole would be an item no move covers.
 */
export function geometryRefusal(board: Board, method: Method | undefined): string | null {
  if ((method === "construct" || method === "divide") && !board.plain) {
    return `the ${method} method (the divide-and-conquer construction) builds knight's tours from blocks: it needs a knight on a plain rectangle, and ${board} is not one; use --method search (or auto, warnsdorff, bidirectional)`;
  }
  if (method === "dlx" && board.holes.length > 0) {
    return `the dlx method's exact-cover encoding covers every cell of the rectangle, so it cannot take holes, and ${board} has ${board.holes.length}; use --method search (or auto, warnsdorff, bidirectional)`;
  }
  return null;
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
  if (refusal !== null) {
    throw new OptionError(refusal, board.plain ? (options.start ?? board.label) : board.key);
  }
}
