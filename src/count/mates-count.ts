import { knightGraph } from "../core/graph.js";
import type { CountOptions, CountResult, CountStatus } from "./count.js";
import { type MatesConstraints, MatesSearch } from "./mates.js";
import type { CountRequest } from "./request.js";

/**
 * `count(board, { method: "mates" })`: the edge-choosing counter of src/count/mates.ts.
 *
 * How a request becomes Hamiltonian cycles (each counted once, undirected):
 * - closed: the cycles of the knight graph; directed = 2 ×. Closed from S to E (a knight's move
 *   apart): the cycles through the edge S–E, each read one way.
 * - open: the cycles of the knight graph plus a virtual vertex V joined to every cell; a cycle
 *   is an undirected path, so directed = 2 ×. From S (or to E): the cycles through V–S (V–E),
 *   each one directed path; from S to E: through both. `nonClosable` drops cycles whose two
 *   neighbours of V are a knight's move apart.
 *
 * The search tree is cut a few levels down into subproblems (ids by position; the same in every
 * run), counted one after another in this thread, with progress after each.
 */

export interface MatesPlan {
  readonly constraints: MatesConstraints;
  /** Whether the search needs the virtual vertex (open tours). */
  readonly virtual: boolean;
  /** Branch paths, one per subproblem (see MatesSearch.cut). */
  readonly subproblems: readonly (readonly number[])[];
  /** Final scale: total = Σ counts × multiply. */
  readonly multiply: bigint;
  /** A count fixed without search (boards of one cell, impossible ends), or null. */
  readonly fixed: bigint | null;
}

/** Constraints and scale for a request (no search). */
function translate(
  request: CountRequest,
): Pick<MatesPlan, "constraints" | "virtual" | "multiply" | "fixed"> {
  const { board, kind, start, end, directed, nonClosable } = request;
  const n = board.cells;
  const none = { constraints: {}, virtual: false, multiply: 1n };
  if (kind === "closed") {
    if (start >= 0 && end >= 0 && start !== end) {
      return { ...none, constraints: { required: [[start, end]] }, fixed: null };
    }
    return { ...none, multiply: directed ? 2n : 1n, fixed: null };
  }
  // A single cell is one open tour (of no moves) from and to itself.
  if (n === 1) return { ...none, fixed: 1n };
  if (start >= 0 && start === end) return { ...none, fixed: 0n };
  const required: Array<readonly [number, number]> = [];
  if (start >= 0) required.push([start, n]);
  if (end >= 0) required.push([end, n]);
  const oneWay = required.length > 0;
  return {
    constraints: { required, nonClosable },
    virtual: true,
    multiply: !oneWay && directed ? 2n : 1n,
    fixed: null,
  };
}

/** Cut the request's search into at least `target` subproblems where the tree allows (default 64). */
export function matesPlan(request: CountRequest, target = 64): MatesPlan {
  const base = translate(request);
  if (base.fixed !== null) return { ...base, subproblems: [] };
  const search = new MatesSearch(knightGraph(request.board), { virtual: base.virtual });
  let subproblems = search.cut(base.constraints, 0);
  // Forced moves are levels of one branch, so the cut may have to go deep before it widens.
  for (let depth = 1; depth <= 4 * request.board.cells && subproblems.length < target; depth++) {
    const deeper = search.cut(base.constraints, depth);
    subproblems = deeper;
    // Every path ended above the cut (the whole tree is this shallow): no deeper cut helps.
    if (!deeper.some((path) => path.length === depth)) break;
  }
  return { ...base, subproblems };
}

/** Count a request with the mates engine in this thread (see the module comment). */
export function countByMates(
  request: CountRequest,
  options: CountOptions,
  header: Omit<CountResult, "count" | "status" | "method" | "stats">,
): CountResult {
  const began = performance.now();
  const deadline =
    options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : began + options.timeLimitMs;
  const stopReason = (): "aborted" | "limit" | null =>
    options.signal?.aborted ? "aborted" : performance.now() > deadline ? "limit" : null;
  const plan = matesPlan(request);
  const result = (count: bigint, status: CountStatus, units: number, nodes: number) => ({
    ...header,
    count: count * plan.multiply,
    status,
    method: "mates" as const,
    stats: { ms: performance.now() - began, units, nodes, peakStates: 0 },
  });
  if (plan.fixed !== null) return result(plan.fixed, "done", 0, 0);
  const search = new MatesSearch(knightGraph(request.board), { virtual: plan.virtual });
  const shouldStop = (): boolean => stopReason() !== null;
  let total = 0n;
  let done = 0;
  for (const path of plan.subproblems) {
    const why = stopReason();
    if (why !== null) return result(total, why, done, search.nodes);
    const found = search.countPath(plan.constraints, path, shouldStop);
    if (found < 0) {
      // -1 - found: the cycles met before the stop, reported as "counted so far".
      total += BigInt(-1 - found);
      return result(total, stopReason() ?? "aborted", done, search.nodes);
    }
    total += BigInt(found);
    done++;
    options.onProgress?.({
      done,
      total: plan.subproblems.length,
      count: total * plan.multiply,
      ms: performance.now() - began,
    });
  }
  return result(total, "done", done, search.nodes);
}
