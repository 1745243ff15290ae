import { backtrackSearch } from "./backtrack.js";
import { describe, type SolveContext, startCells } from "./context.js";
import { FixedOrderDfs } from "./stack.js";
import type { SolveResult } from "./types.js";

/**
 * Default node limit of the exponential `backtrack` and `stack` methods (so they cannot hang):
 * `solve()` starts their budget with it when the caller gives no node limit and no budget.
 */
export const DEFAULT_DFS_NODE_LIMIT = 100_000_000;

/** `backtrack` and `stack`: the textbook fixed-order depth-first search. */
export function runFixedOrder(
  context: SolveContext,
  method: "backtrack" | "stack",
): Omit<SolveResult, "stats"> {
  const { board, graph, options, stats, budget, closed } = context;
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
    const request = { start, closed, end: options.end, tracer: context.tracer };
    // The start counts against the node limit too (Budget.nextCheck): a limit of 1 stops here.
    const stop =
      stats.nodes >= budget.nextCheck(stats.nodes - 1) ? budget.check(stats.nodes) : null;
    const outcome =
      stop ??
      (method === "backtrack"
        ? backtrackSearch(dfs, request, budget, stats)
        : dfs.searchFrom(0, request, budget, stats));
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
