import { rotateClosedTour, type Tour } from "../core/tour.js";
import { BidirectionalSearch } from "./bidirectional.js";
import { describe, type SolveContext, startCells, stepTieBreak } from "./context.js";
import { tourCellList } from "./graph-facts.js";
import { checksConnectivity, isNarrow } from "./narrow.js";
import { PathRotator } from "./rotate.js";
import { bidirectionalOrder } from "./run-bidirectional.js";
import { TourSearch } from "./search.js";
import type { SolveResult, StepTieBreak } from "./types.js";

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
 * `search`: restarts with a growing node allowance (the first in the chosen tie-break order,
 * then RESTART_ORDERS in turn) to dodge the heavy tail of backtracking; an attempt that ends by
 * exhausting its tree proves that no tour exists, whatever its order.
 */
export function runSearch(context: SolveContext): Omit<SolveResult, "stats"> {
  const { board, graph, options, stats, budget, random, closed } = context;
  const search = new TourSearch(graph());
  const starts = startCells(context);
  const firstTie = stepTieBreak(options.tieBreak);
  // Restarts of a closed search begin at a random cell that is not a hole.
  const cellList = board.holes.length === 0 ? null : tourCellList(board);
  // `auto` with a required end: each allowance goes to plain search, then to the bidirectional
  // search. Each has heavy tails where the other has none (docs/solvers.md, "Bidirectional
  // search"), so taking turns costs at most about twice the better one.
  const portfolio =
    options.end !== undefined && (options.method ?? "auto") === "auto"
      ? new BidirectionalSearch(graph())
      : null;
  for (let s = 0; s < starts.length; s++) {
    const start = starts[s]!;
    if (options.end !== undefined && start === options.end && board.vertexCount > 1) continue;
    let cap = Math.max(SEARCH_MIN_FIRST_CAP, SEARCH_FIRST_CAP_PER_CELL * board.cells);
    // A closed tour is a cycle through every cell: restarts may search from other cells (the
    // time to a tour varies a lot with the first cell) and rotate the cycle to `start` after.
    const rotate = closed && options.end === undefined;
    for (let attempt = 0; ; attempt++) {
      stats.attempts++;
      const from =
        !rotate || attempt === 0
          ? start
          : cellList === null
            ? random.int(board.cells)
            : cellList[random.int(cellList.length)]!;
      if (context.tracer !== null && (attempt > 0 || s > 0)) {
        context.tracer.restart(from, `attempt ${attempt + 1} from this start`);
      }
      const outcome = search.run(
        {
          start: from,
          closed,
          // Absent rather than undefined when there is no end: measured, a request that holds
          // `end: undefined` made this search about 7% slower on 30×30 (V8 compiles `run`
          // differently for the two shapes), so this spread stays.
          ...(options.end === undefined ? {} : { end: options.end }),
          tieBreak:
            attempt === 0 ? firstTie : RESTART_ORDERS[(attempt - 1) % RESTART_ORDERS.length]!,
          random,
          nodeCap: cap,
          connectivity: checksConnectivity(board, attempt),
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
      if (portfolio !== null && budget.stopped === null) {
        stats.attempts++;
        context.tracer?.restart(start, `attempt ${attempt + 1}, bidirectional`);
        const other = portfolio.run(
          {
            start,
            end: options.end,
            closed,
            order: bidirectionalOrder(attempt),
            random,
            nodeCap: cap,
            connectivity: checksConnectivity(board, attempt),
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
      if (budget.stopped === null && attempt === 1 && !closed && options.end === undefined) {
        // Two slow attempts: try a tour from an easy start, rotated until `start` is its first
        // cell (Pósa rotations). Cheap, and a failure leaves the search to go on as before.
        const rotated = rotateFromEasyStart(context, search, start);
        if (rotated !== null) return { status: "found", tour: { board, path: rotated, closed } };
      }
      if (budget.stopped !== null) {
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
  context: SolveContext,
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
      if (from === start || board.isHole(from)) continue;
      stats.attempts++;
      context.tracer?.restart(from, `easy start for Pósa rotations, ${tieBreak} order`);
      const outcome = search.run(
        {
          start: from,
          closed: false,
          tieBreak,
          nodeCap: Math.max(EASY_START_NODES, 100 * cells),
          connectivity: isNarrow(board),
          tracer: context.tracer,
        },
        budget,
        stats,
      );
      if (outcome === "exhausted") continue;
      if (outcome !== "found") {
        if (budget.stopped === null) continue;
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
