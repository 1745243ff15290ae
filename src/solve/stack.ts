import type { KnightGraph } from "../core/graph.js";
import type { Budget } from "../core/run.js";
import type { TraceReason, Tracer } from "./trace.js";
import type { SolveStats } from "./types.js";

/** What a fixed-order depth-first search ended with. */
export type DfsOutcome = "found" | "exhausted" | "limit" | "aborted";

export interface DfsRequest {
  readonly start: number;
  readonly end?: number | undefined;
  readonly closed: boolean;
  /** Receives every advance, backtrack and prune (null or absent: no trace, no cost). */
  readonly tracer?: Tracer | null;
}

/**
 * The state of the textbook depth-first search (plain backtracking): the path, visited
 * marks and, per depth, the index of the next move to try (in the graph's neighbour order:
 * KNIGHT_MOVES order for the knight). No pruning and no ordering: it is kept for comparison,
 * and it is exponential — on 8×8 it usually runs into its limit.
 *
 * `backtrack` (recursive) and `stack` (the same search with an explicit stack) share this state,
 * so the recursive version can hand a deep subtree over to the iterative loop.
 */
export class FixedOrderDfs {
  readonly graph: KnightGraph;
  readonly path: Int32Array;
  readonly visited: Uint8Array;
  /** next[d]: how many neighbours of path[d] have been tried. */
  readonly next: Uint8Array;
  deepest = 0;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    // The path holds the tour's cells (holes excluded); visited marks span the board.
    this.path = new Int32Array(graph.vertexCount);
    this.visited = new Uint8Array(graph.board.cells);
    this.next = new Uint8Array(graph.vertexCount);
  }

  /** Put `start` on an empty board (depth 0). */
  reset(start: number): void {
    this.visited.fill(0);
    this.visited[start] = 1;
    this.path[0] = start;
    this.next[0] = 0;
    this.deepest = 1;
  }

  /** Whether the full path at hand meets the request's end conditions. */
  /** Why a full path fails `complete` (for the trace). */
  static incompleteReason(request: DfsRequest): TraceReason {
    return request.closed ? "not-closing" : "wrong-end";
  }

  complete(request: DfsRequest): boolean {
    const last = this.path[this.path.length - 1]!;
    // A cycle needs three cells: two would use their one move twice.
    if (request.closed) return this.path.length > 2 && this.graph.adjacent(last, request.start);
    return request.end === undefined || last === request.end;
  }

  /**
   * The explicit-stack loop (a frame = cell + index of the next candidate):
   * searches the subtree below the path prefix `path[0 .. root]` and never backtracks above
   * `root`. "exhausted" means that subtree holds no tour.
   */
  searchFrom(root: number, request: DfsRequest, budget: Budget, stats: SolveStats): DfsOutcome {
    const { offsets, targets } = this.graph;
    const { path, visited, next } = this;
    const cells = path.length;
    if (root + 1 === cells) return this.complete(request) ? "found" : "exhausted";
    const tracer = request.tracer ?? null;
    // Hoisted: without a listener each event site costs one predictable branch, no allocation.
    const tracing = tracer !== null;
    // Checks every CHECK_MASK + 1 nodes and at the node limit (Budget.nextCheck).
    let nextCheck = budget.nextCheck(stats.nodes);
    let depth = root;
    next[depth] = 0;
    for (;;) {
      const head = path[depth]!;
      const from = offsets[head]!;
      const degree = offsets[head + 1]! - from;
      let advanced = false;
      while (next[depth]! < degree) {
        const cell = targets[from + next[depth]!]!;
        next[depth]!++;
        if (visited[cell]) continue;
        visited[cell] = 1;
        path[++depth] = cell;
        next[depth] = 0;
        if (depth >= this.deepest) this.deepest = depth + 1;
        if (tracing) tracer.advance(cell, depth);
        if (++stats.nodes >= nextCheck) {
          const stop = budget.check(stats.nodes);
          if (stop !== null) return stop;
          nextCheck = budget.nextCheck(stats.nodes);
        }
        if (depth + 1 === cells) {
          if (this.complete(request)) return "found";
          visited[cell] = 0;
          depth--;
          stats.backtracks++;
          if (tracing) tracer.prune(cell, depth + 1, FixedOrderDfs.incompleteReason(request), cell);
          continue;
        }
        advanced = true;
        break;
      }
      if (advanced) continue;
      if (depth === root) return "exhausted";
      visited[path[depth]!] = 0;
      depth--;
      stats.backtracks++;
      if (tracing) tracer.backtrack(path[depth + 1]!, depth + 1);
    }
  }
}
