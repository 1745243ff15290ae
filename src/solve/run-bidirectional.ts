import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { type BidirectionalOrder, BidirectionalSearch } from "./bidirectional.js";
import { describe, type SolveContext, startCells } from "./context.js";
import { checksConnectivity } from "./narrow.js";
import type { SolveOptions, SolveResult } from "./types.js";

/** Throw unless the request has two ends: a required end, or a closed tour. */
export function checkBidirectionalOptions(options: SolveOptions): void {
  if (options.closed !== true && options.end === undefined) {
    throw new OptionError(
      "the bidirectional method grows the tour from both ends: give an end cell (--end) or ask for a closed tour (--closed)",
      options.method,
    );
  }
}

/** Nodes of the first attempt per cell, and at least; each restart doubles the allowance. */
const FIRST_CAP_PER_CELL = 4;
const MIN_FIRST_CAP = 2_000;
const RESTART_ORDERS: readonly BidirectionalOrder[] = [
  "center",
  "random",
  "first",
  "roth",
  "random",
];

/** The candidate order of attempt `attempt` (0-based): roth, then RESTART_ORDERS in turn. */
export function bidirectionalOrder(attempt: number): BidirectionalOrder {
  return attempt === 0 ? "roth" : RESTART_ORDERS[(attempt - 1) % RESTART_ORDERS.length]!;
}

/**
 * `bidirectional`: restarts with a doubling node allowance, as `search` does (the first in roth
 * order, then center, random, first, roth, random, …); an attempt that exhausts its tree proves
 * that no tour exists. Without `start`, every start cell is tried in turn (open tours).
 */
export function runBidirectional(context: SolveContext): Omit<SolveResult, "stats"> {
  const { board, options, stats, budget, random, tracer, closed } = context;
  const end = options.end;
  const search = new BidirectionalSearch(context.graph());
  const sides = startCells(context);
  let first = true;
  for (let s = 0; s < sides.length; s++) {
    const start = sides[s]!;
    if (end !== undefined && start === end && board.vertexCount > 1) continue;
    let cap = Math.max(MIN_FIRST_CAP, FIRST_CAP_PER_CELL * board.cells);
    for (let attempt = 0; ; attempt++) {
      stats.attempts++;
      const order = bidirectionalOrder(attempt);
      if (tracer !== null && !first)
        tracer.restart(start, `attempt ${attempt + 1}, ${order} order`);
      first = false;
      const outcome = search.run(
        {
          start,
          end,
          closed,
          order,
          random,
          nodeCap: cap,
          connectivity: checksConnectivity(board, attempt),
          tracer,
        },
        budget,
        stats,
      );
      if (outcome === "found") {
        return { status: "found", tour: { board, path: search.path.slice(), closed } };
      }
      if (outcome === "exhausted") break;
      if (outcome === "aborted") return { status: "aborted", tour: null, reason: budget.reason };
      if (budget.stopped !== null) {
        return {
          status: "limit",
          tour: null,
          reason: `${budget.reason} (bidirectional search, ${stats.attempts} restarts, ${stats.nodes} nodes)`,
        };
      }
      cap *= 2;
    }
    if (sides.length === 1) {
      return {
        status: "impossible",
        tour: null,
        reason: `${describe(context, start)} (exhaustive bidirectional search, ${stats.nodes} nodes)`,
      };
    }
  }
  // Every start tried: only open tours with a required end get here (closed ones try one start).
  const kind = closed ? "closed" : "open";
  return {
    status: "impossible",
    tour: null,
    reason: `no ${kind} tour of ${board} ends at ${formatCell(board, end!)} (exhaustive bidirectional search from every start, ${stats.nodes} nodes)`,
  };
}
