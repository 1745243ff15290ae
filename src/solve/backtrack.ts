import type { Budget } from "../core/run.js";
import { type DfsOutcome, type DfsRequest, FixedOrderDfs } from "./stack.js";
import type { Tracer } from "./trace.js";
import type { SolveStats } from "./types.js";

/**
 * Recursion deeper than this hands the rest of the search to the explicit-stack loop: the JS
 * call stack holds some thousands of frames, and a path is as deep as the board has cells.
 */
export const MAX_RECURSION_DEPTH = 1000;

/**
 * The textbook recursive backtracking: try the moves in the graph's neighbour order
 * (KNIGHT_MOVES order for the knight), recurse, undo. Beyond MAX_RECURSION_DEPTH it continues with `dfs.searchFrom`, the
 * explicit-stack version of the same search, so large boards cannot overflow the call stack.
 */
export function backtrackSearch(
  dfs: FixedOrderDfs,
  request: DfsRequest,
  budget: Budget,
  stats: SolveStats,
): DfsOutcome {
  const { offsets, targets } = dfs.graph;
  const { path, visited } = dfs;
  const cells = path.length;
  const tracer = request.tracer ?? null;
  // Checks every CHECK_MASK + 1 nodes and at the node limit (Budget.nextCheck). After the
  // explicit-stack loop has counted nodes this is behind, and the next node checks early.
  let nextCheck = budget.nextCheck(stats.nodes);

  // Two copies of the same recursion: the textbook search does so little per node that even an
  // untaken branch per event showed (about 7%, docs/solvers.md "Trace"), so the untraced copy
  // has no event sites at all. Keep the two in step.
  const plain = (depth: number): DfsOutcome => {
    if (depth + 1 === cells) return dfs.complete(request) ? "found" : "exhausted";
    if (depth >= MAX_RECURSION_DEPTH) return dfs.searchFrom(depth, request, budget, stats);
    const head = path[depth]!;
    for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
      const cell = targets[i]!;
      if (visited[cell]) continue;
      visited[cell] = 1;
      path[depth + 1] = cell;
      if (depth + 2 > dfs.deepest) dfs.deepest = depth + 2;
      if (++stats.nodes >= nextCheck) {
        const stop = budget.check(stats.nodes);
        if (stop !== null) return stop;
        nextCheck = budget.nextCheck(stats.nodes);
      }
      const outcome = plain(depth + 1);
      if (outcome !== "exhausted") return outcome;
      visited[cell] = 0;
      stats.backtracks++;
    }
    return "exhausted";
  };

  const traced = (depth: number, tracer: Tracer): DfsOutcome => {
    if (depth + 1 === cells) return dfs.complete(request) ? "found" : "exhausted";
    if (depth >= MAX_RECURSION_DEPTH) return dfs.searchFrom(depth, request, budget, stats);
    const head = path[depth]!;
    for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
      const cell = targets[i]!;
      if (visited[cell]) continue;
      visited[cell] = 1;
      path[depth + 1] = cell;
      if (depth + 2 > dfs.deepest) dfs.deepest = depth + 2;
      tracer.advance(cell, depth + 1);
      if (++stats.nodes >= nextCheck) {
        const stop = budget.check(stats.nodes);
        if (stop !== null) return stop;
        nextCheck = budget.nextCheck(stats.nodes);
      }
      const outcome = traced(depth + 1, tracer);
      if (outcome !== "exhausted") return outcome;
      visited[cell] = 0;
      stats.backtracks++;
      // A full path that misses the end or the way back is refused, not searched below.
      if (depth + 2 === cells) {
        tracer.prune(cell, depth + 1, FixedOrderDfs.incompleteReason(request), cell);
      } else tracer.backtrack(cell, depth + 1);
    }
    return "exhausted";
  };
  return tracer === null ? plain(0) : traced(0, tracer);
}
