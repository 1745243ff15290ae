import { knightGraph } from "../core/graph.js";
import { cellOrbits } from "./cell-orbits.js";
import { MatesSearch } from "./mates.js";
import type { CountRequest } from "./request.js";

/**
 * `count(board, { method: "mates" })`: the edge-choosing counter of src/count/mates.ts.
 *
 * How a request becomes Hamiltonian cycles (each counted once, undirected):
 * - closed: the cycles of the move graph; directed = 2 ×. Closed from S to E (a move apart):
 *   the cycles through the edge S–E, each read one way.
 * - open: the cycles of the move graph plus a virtual vertex V joined to every cell, each an
 *   undirected path whose ends are V's two neighbours. From S (or to E): the cycles through V–S
 *   (V–E), each one directed path; from S to E: through both. With no end fixed, the directed
 *   count is Σ over start cells of the cycles through V–s; cells in one orbit of the board's
 *   symmetries count the same, so one per orbit is searched, weighted by the orbit size (about
 *   2.5 times faster on 6×6 than one search of the whole graph plus V, which also works; on a
 *   torus every cell is in one orbit). `nonClosable` drops cycles whose two neighbours of V are
 *   a move apart.
 * Any geometry: holes are never roots nor joined to V (see MatesSearch); a disconnected graph
 * other than the knight's plain one is answered 0 without search.
 *
 * Each root is cut a few levels down into subproblems (ids by position, the same in every run);
 * the dispatcher (dispatch.ts) hands them out as units of work.
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
  // The virtual vertex's id: one past the last cell (holes keep their ids).
  const n = board.cells;
  const base = { virtual: false, nonClosable: false, multiply: 1n, divide: 1n, fixed: null };
  // A tour visits every cell: none on a disconnected graph (other geometries only, so the
  // knight's plans stay as they were; there the search finds the 0 itself).
  if (!board.plain && board.vertexCount > 1 && knightGraph(board).unreachedCell() >= 0) {
    return { ...base, fixed: 0n, roots: [] };
  }
  if (kind === "closed") {
    if (start >= 0 && end >= 0 && start !== end) {
      return { ...base, roots: [{ required: [[start, end]], weight: 1 }] };
    }
    return { ...base, multiply: directed ? 2n : 1n, roots: [{ required: [], weight: 1 }] };
  }
  const open = { ...base, virtual: true, nonClosable: request.nonClosable };
  // A single cell is one open tour (of no moves) from and to itself.
  if (board.vertexCount === 1) return { ...open, fixed: 1n, roots: [] };
  if (start >= 0 && start === end) return { ...open, fixed: 0n, roots: [] };
  if (start >= 0 || end >= 0) {
    const required: Array<readonly [number, number]> = [];
    if (start >= 0) required.push([start, n]);
    if (end >= 0) required.push([end, n]);
    return { ...open, roots: [{ required, weight: 1 }] };
  }
  const roots = cellOrbits(board).map(({ cell, size }) => ({
    required: [[cell, n]] as const,
    weight: size,
  }));
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
