import type { Board } from "../core/board.js";
import { knightGraph } from "../core/graph.js";
import { Budget, checkLimits, type Limits, type RunStatus } from "../core/run.js";
import type { Tour } from "../core/tour.js";
import { backtrackPlan } from "./backtrack.js";
import { PathSearch } from "./path-search.js";
import { type CountQuery, countRequest } from "./request.js";

/**
 * The query, a cap on the tours, and the run contract's limits. The run begins at the first
 * `next()` call (a generator does nothing before it), so the time limit counts from there and
 * includes the time the caller spends between tours; it is checked after each tour and every
 * 2^14 search nodes, and 0 lists nothing. A limit or the signal ends the listing ("limit",
 * "aborted"); the tours already yielded stay valid.
 */
export interface EnumerateOptions extends CountQuery, Limits {
  /** Stop after this many tours (the generator then returns "limit"). */
  readonly limit?: number | undefined;
}

/**
 * How a listing ended, the generator's return value (`for…of` and spreading ignore it; read it
 * from the last `next()`): "done" every tour was listed; "limit" `limit` or `timeLimitMs`
 * stopped it, and there may be more; "aborted" the signal fired.
 */
export type EnumerationEnd = RunStatus;

/**
 * Every tour the same `count` would count, one at a time, in a fixed order (lazy: a caller that
 * stops early pays only for what it took). Conventions follow `count`: undirected closed tours
 * are listed once, from the start cell (default the first cell that is not a hole: a8, the
 * top-left corner, on a plain board); undirected open tours once, from the lower-numbered end;
 * directed ones in both directions; a fixed end alone lists the tours arriving there. Any
 * geometry: the board's piece, topology and holes (a tour visits every cell but the holes).
 *
 * @example
 * ```ts
 * import { Board, enumerateTours, formatTour } from "knight-tours";
 *
 * const tours = [...enumerateTours(new Board(3, 4), { directed: false })];
 * console.log(tours.length); // → 8
 * console.log(formatTour(tours[0]!, "algebraic").split("\n")[1]);
 * // → a3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2
 * ```
 *
 * @returns a generator of tours whose return value tells how the listing ended
 *   ({@link EnumerationEnd}): "done" when it was exhaustive, "limit" when `limit` or
 *   `timeLimitMs` cut it short, "aborted" when the signal fired.
 */
export function* enumerateTours(
  board: Board,
  options: EnumerateOptions = {},
): Generator<Tour, EnumerationEnd, undefined> {
  const tours = enumerateWithPauses(board, options);
  for (;;) {
    const step = tours.next();
    if (step.done) return step.value;
    if (step.value) yield step.value;
  }
}

/**
 * `enumerateTours` that also yields `undefined` whenever `pauseMs` milliseconds of searching
 * passed without a tour, so an async caller can let its event loop run (Ctrl-C, timers)
 * during long gaps between tours.
 */
export function* enumerateWithPauses(
  board: Board,
  options: EnumerateOptions = {},
  pauseMs = Number.POSITIVE_INFINITY,
): Generator<Tour | undefined, EnumerationEnd, undefined> {
  const request = countRequest(board, options);
  checkLimits(options);
  const budget = Budget.start(options);
  const plan = backtrackPlan(request, { target: 1, useSymmetry: false });
  const graph = knightGraph(board);
  const search = new PathSearch(graph);
  // The cells a tour visits (holes left out): the path's length.
  const n = graph.vertexCount;
  const closed = request.kind === "closed";
  const oneWayOpen =
    request.kind === "open" && !request.directed && request.start < 0 && request.end < 0;
  const reverse = request.kind === "open" && request.start < 0 && request.end >= 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const path = search.path;
  let emitted = 0;
  let since = performance.now();
  const pausing = Number.isFinite(pauseMs);
  // Polled inside the search every 2^14 nodes, so a long gap between tours still sees the
  // signal, the limits and the pauses.
  const stop = () =>
    budget.shouldStop(search.nodes) || (pausing && performance.now() - since > pauseMs);
  if (limit <= 0) return "limit";
  for (const sub of plan.subproblems) {
    search.begin(sub.prefix, sub.end);
    for (;;) {
      let why = budget.check(search.nodes);
      if (why !== null) return why;
      const got = search.advance(stop);
      if (got === 0) break;
      if (got < 0) {
        why = budget.check(search.nodes);
        if (why !== null) return why;
        yield undefined;
        since = performance.now();
        continue;
      }
      if (request.nonClosable && n > 2 && graph.adjacent(path[0]!, path[n - 1]!)) continue;
      if (oneWayOpen && n > 1 && path[0]! > path[n - 1]!) continue;
      const copy = path.slice(0, n);
      yield { board, path: reverse ? copy.reverse() : copy, closed };
      if (++emitted >= limit) return "limit";
      since = performance.now();
    }
  }
  return "done";
}
