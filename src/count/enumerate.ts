import type { Board } from "../core/board.js";
import { knightGraph } from "../core/graph.js";
import { checkLimits } from "../core/limits.js";
import type { Tour } from "../core/tour.js";
import { backtrackPlan } from "./backtrack.js";
import { PathSearch } from "./path-search.js";
import { type CountQuery, countRequest } from "./request.js";

export interface EnumerateOptions extends CountQuery {
  /** Stop after this many tours. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

/**
 * Every tour the same `count` would count, one at a time, in a fixed order (lazy: a caller that
 * stops early pays only for what it took). Conventions follow `count`: undirected closed tours
 * are listed once, from the start cell (default a8, the top-left corner); undirected open tours
 * once, from the lower-numbered end; directed ones in both directions; a fixed end alone lists
 * the tours arriving there.
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
 */
export function* enumerateTours(board: Board, options: EnumerateOptions = {}): Generator<Tour> {
  for (const tour of enumerateWithPauses(board, options)) if (tour) yield tour;
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
): Generator<Tour | undefined> {
  const request = countRequest(board, options);
  checkLimits(options);
  const plan = backtrackPlan(request, { target: 1, useSymmetry: false });
  const graph = knightGraph(board);
  const search = new PathSearch(graph);
  const n = board.cells;
  const closed = request.kind === "closed";
  const oneWayOpen =
    request.kind === "open" && !request.directed && request.start < 0 && request.end < 0;
  const reverse = request.kind === "open" && request.start < 0 && request.end >= 0;
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const path = search.path;
  let emitted = 0;
  let since = performance.now();
  const pause = Number.isFinite(pauseMs) ? () => performance.now() - since > pauseMs : null;
  if (limit <= 0) return;
  for (const sub of plan.subproblems) {
    search.begin(sub.prefix, sub.end);
    for (;;) {
      if (options.signal?.aborted) return;
      const got = search.advance(pause);
      if (got === 0) break;
      if (got < 0) {
        yield undefined;
        since = performance.now();
        continue;
      }
      if (request.nonClosable && n > 2 && graph.adjacent(path[0]!, path[n - 1]!)) continue;
      if (oneWayOpen && n > 1 && path[0]! > path[n - 1]!) continue;
      const copy = path.slice();
      yield { board, path: reverse ? copy.reverse() : copy, closed };
      if (++emitted >= limit) return;
      since = performance.now();
    }
  }
}
