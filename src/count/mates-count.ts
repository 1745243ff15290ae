import { type Budget, knightGraph } from "../core/index.js";
import { boardSymmetries } from "./backtrack.js";
import type { CountProgress, CountResult, CountStatus } from "./count.js";
import { MatesSearch } from "./mates.js";
import type { CountRequest } from "./request.js";

/**
 * `count(board, { method: "mates" })`: the edge-choosing counter of src/count/mates.ts.
 *
 * How a request becomes Hamiltonian cycles (each counted once, undirected):
 * - closed: the cycles of the knight graph; directed = 2 ×. Closed from S to E (a knight's move
 *   apart): the cycles through the edge S–E, each read one way.
 * - open: the cycles of the knight graph plus a virtual vertex V joined to every cell, each an
 *   undirected path whose ends are V's two neighbours. From S (or to E): the cycles through V–S
 *   (V–E), each one directed path; from S to E: through both. With no end fixed, the directed
 *   count is Σ over start cells of the cycles through V–s; cells in one orbit of the board's
 *   symmetries count the same, so one per orbit is searched, weighted by the orbit size (about
 *   2.5 times faster on 6×6 than one search of the whole graph plus V, which also works).
 *   `nonClosable` drops cycles whose two neighbours of V are a knight's move apart.
 *
 * Each root is cut a few levels down into subproblems (ids by position, the same in every run),
 * counted one after another in this thread, with progress after each.
 */

export interface MatesSubproblem {
  readonly id: number;
  /** Edges (vertex pairs) the cycles must contain: the root. */
  readonly required: ReadonlyArray<readonly [number, number]>;
  /** Branch numbers below the root (see MatesSearch.cut). */
  readonly path: readonly number[];
  /** How many symmetric copies this subproblem stands for. */
  readonly weight: number;
}

export interface MatesPlan {
  /** Whether the search needs the virtual vertex (open tours). */
  readonly virtual: boolean;
  readonly nonClosable: boolean;
  readonly subproblems: readonly MatesSubproblem[];
  /** Final scale: total = Σ weight·count × multiply / divide. */
  readonly multiply: bigint;
  readonly divide: bigint;
  /** A count fixed without search (a board of one cell, a start equal to the end), or null. */
  readonly fixed: bigint | null;
}

interface Root {
  readonly required: ReadonlyArray<readonly [number, number]>;
  readonly weight: number;
}

/** Roots and scale for a request (no search). */
function translate(request: CountRequest): Omit<MatesPlan, "subproblems"> & { roots: Root[] } {
  const { board, kind, start, end, directed } = request;
  const n = board.cells;
  const base = { virtual: false, nonClosable: false, multiply: 1n, divide: 1n, fixed: null };
  if (kind === "closed") {
    if (start >= 0 && end >= 0 && start !== end) {
      return { ...base, roots: [{ required: [[start, end]], weight: 1 }] };
    }
    return { ...base, multiply: directed ? 2n : 1n, roots: [{ required: [], weight: 1 }] };
  }
  const open = { ...base, virtual: true, nonClosable: request.nonClosable };
  // A single cell is one open tour (of no moves) from and to itself.
  if (n === 1) return { ...open, fixed: 1n, roots: [] };
  if (start >= 0 && start === end) return { ...open, fixed: 0n, roots: [] };
  if (start >= 0 || end >= 0) {
    const required: Array<readonly [number, number]> = [];
    if (start >= 0) required.push([start, n]);
    if (end >= 0) required.push([end, n]);
    return { ...open, roots: [{ required, weight: 1 }] };
  }
  const symmetries = boardSymmetries(board);
  const roots: Root[] = [];
  for (let s = 0; s < n; s++) {
    const orbit = new Set(symmetries.map((perm) => perm[s]!));
    if (Math.min(...orbit) === s) roots.push({ required: [[s, n]], weight: orbit.size });
  }
  return { ...open, divide: directed ? 1n : 2n, roots };
}

/** Cut the request's search into at least `target` subproblems where the tree allows (default 64). */
export function matesPlan(request: CountRequest, target = 64): MatesPlan {
  const { roots, ...plan } = translate(request);
  const search = new MatesSearch(knightGraph(request.board), { virtual: plan.virtual });
  const perRoot = Math.ceil(target / Math.max(1, roots.length));
  const subproblems: MatesSubproblem[] = [];
  for (const root of roots) {
    const constraints = { required: root.required, nonClosable: plan.nonClosable };
    let paths = search.cut(constraints, 0);
    // Forced moves are levels of one branch, so the cut may go deep before it widens.
    for (let depth = 1; depth <= 4 * request.board.cells && paths.length < perRoot; depth++) {
      paths = search.cut(constraints, depth);
      // Every path ended above the cut (the whole tree is this shallow): no deeper cut helps.
      if (!paths.some((path) => path.length === depth)) break;
    }
    for (const path of paths) {
      subproblems.push({
        id: subproblems.length,
        required: root.required,
        path,
        weight: root.weight,
      });
    }
  }
  return { ...plan, subproblems };
}

/** Σ weight·count scaled: the plan's answer from per-subproblem counts (all present). */
export function matesTotal(plan: MatesPlan, counts: ReadonlyMap<number, bigint>): bigint {
  if (plan.fixed !== null) return plan.fixed;
  let sum = 0n;
  for (const sub of plan.subproblems) sum += BigInt(sub.weight) * (counts.get(sub.id) ?? 0n);
  return (sum * plan.multiply) / plan.divide;
}

/** Count a request with the mates engine in this thread (see the module comment). */
export function countByMates(
  request: CountRequest,
  budget: Budget,
  onProgress: ((progress: CountProgress) => void) | undefined,
  header: Omit<CountResult, "count" | "status" | "method" | "stats">,
): CountResult {
  const began = performance.now();
  const plan = matesPlan(request);
  const result = (count: bigint, status: CountStatus, units: number, nodes: number) => ({
    ...header,
    count: (count * plan.multiply) / plan.divide,
    status,
    method: "mates" as const,
    stats: { ms: performance.now() - began, units, nodes, peakStates: 0 },
  });
  if (plan.fixed !== null) return result(plan.fixed, "done", 0, 0);
  const search = new MatesSearch(knightGraph(request.board), { virtual: plan.virtual });
  const shouldStop = (): boolean => budget.shouldStop(search.nodes);
  let total = 0n;
  let done = 0;
  for (const sub of plan.subproblems) {
    const why = budget.check(search.nodes);
    if (why !== null) return result(total, why, done, search.nodes);
    const constraints = { required: sub.required, nonClosable: plan.nonClosable };
    const found = search.countPath(constraints, sub.path, shouldStop);
    if (found < 0) {
      // -1 - found: the cycles met before the stop, reported as "counted so far".
      total += BigInt(sub.weight) * BigInt(-1 - found);
      return result(total, budget.stopped ?? "aborted", done, search.nodes);
    }
    total += BigInt(sub.weight) * BigInt(found);
    done++;
    onProgress?.({
      done,
      total: plan.subproblems.length,
      count: (total * plan.multiply) / plan.divide,
      nodes: search.nodes,
      ms: performance.now() - began,
    });
  }
  return result(total, "done", done, search.nodes);
}
