import { type KnightGraph, knightGraph } from "../core/graph.js";
import { cellOrbits } from "./cell-orbits.js";
import { PathSearch } from "./path-search.js";
import type { CountRequest } from "./request.js";

/** The symmetries as permutations (they live in cell-orbits.ts; still exported from here). */
export { boardSymmetries } from "./cell-orbits.js";

/**
 * The backtracking counter, as a plan of independent subproblems. Every subproblem is "count
 * the Hamiltonian paths that begin with this prefix (and end at this cell)"; the answer is
 * `Σ weight × count`, then × `multiply` / `divide`. The plan is a pure function of the request
 * and the split target, so subproblem ids are stable: a checkpoint written by one run is valid
 * for the next, whatever the number of workers.
 *
 * How a request becomes paths:
 * - open, no end fixed: one root per start cell; cells in one orbit of the board's symmetries
 *   start equally many tours, so one start per orbit is searched, weighted by the orbit size
 *   (the geometry's own symmetries: on a torus every cell is in one orbit);
 *   undirected = directed / 2;
 * - open from S (to E): the paths from S (to E); a fixed end alone is a fixed start reversed;
 * - closed: a cycle through cell s (the start, else the first cell that is not a hole: the
 *   corner a8 on a plain board) leaves s by one neighbour a and returns by another, b; each
 *   pair a < b is a root [s, a] ending at b, so every drawn cycle is met once; directed = 2 ×
 *   that. Closed from S to E is the paths S…E when S and E
 *   are a move apart.
 * Any geometry: holes are never roots, a path is complete at the graph's vertex count, and a
 * disconnected graph other than the knight's plain one is answered 0 with no subproblems.
 */

export interface Subproblem {
  /** Position in the plan, 0-based: the id a checkpoint records. */
  readonly id: number;
  /** Cells the paths begin with. */
  readonly prefix: readonly number[];
  /** Required last cell, or -1. */
  readonly end: number;
  /** How many symmetric copies this subproblem stands for. */
  readonly weight: number;
}

export interface BacktrackPlan {
  readonly request: CountRequest;
  readonly subproblems: readonly Subproblem[];
  /** Final scale: total = Σ weight·count × multiply / divide. */
  readonly multiply: bigint;
  readonly divide: bigint;
  /** Number of cells in each prefix beyond the roots' own. */
  readonly splitDepth: number;
}

export interface PlanOptions {
  /** Cut the roots into at least this many subproblems when the board allows (default 128). */
  readonly target?: number;
  /**
   * Enumeration wants every tour, so it may not fold symmetric starts together: false turns
   * the orbit reduction off (default true).
   */
  readonly useSymmetry?: boolean;
}

interface Root {
  readonly prefix: number[];
  readonly end: number;
  readonly weight: number;
}

function roots(request: CountRequest, graph: KnightGraph, useSymmetry: boolean): Root[] {
  const { board, kind, start, end } = request;
  // A tour visits every cell: none on a disconnected graph (only other geometries get here
  // without searching, so the knight's plans stay as they were).
  if (!board.plain && graph.vertexCount > 1 && graph.unreachedCell() >= 0) return [];
  if (kind === "open") {
    if (start >= 0) return [{ prefix: [start], end, weight: 1 }];
    if (end >= 0) return [{ prefix: [end], end: -1, weight: 1 }];
    if (!useSymmetry) {
      const out: Root[] = [];
      for (let s = 0; s < board.cells; s++) {
        if (!board.isHole(s)) out.push({ prefix: [s], end: -1, weight: 1 });
      }
      return out;
    }
    return cellOrbits(board).map(({ cell, size }) => ({ prefix: [cell], end: -1, weight: size }));
  }
  if (start >= 0 && end >= 0 && start !== end) {
    return graph.adjacent(start, end) ? [{ prefix: [start], end, weight: 1 }] : [];
  }
  const s = start >= 0 ? start : end >= 0 ? end : board.firstCell;
  const neighbours = Array.from(graph.neighbours(s));
  const out: Root[] = [];
  for (const a of neighbours) {
    for (const b of neighbours) {
      if (a === b || (!request.directed && a > b)) continue;
      out.push({ prefix: [s, a], end: b, weight: 1 });
    }
  }
  return out;
}

/** The scale that turns Σ weight·count into the requested count. */
function scale(request: CountRequest): { multiply: bigint; divide: bigint } {
  const { kind, start, end, directed } = request;
  if (kind === "open") {
    // Roots from every start count directed paths; one path of one cell has no reverse.
    const halve = start < 0 && end < 0 && !directed && request.board.vertexCount > 1;
    return { multiply: 1n, divide: halve ? 2n : 1n };
  }
  return { multiply: 1n, divide: 1n };
}

/** Cut the request into subproblems (see the module comment). */
export function backtrackPlan(request: CountRequest, options: PlanOptions = {}): BacktrackPlan {
  const target = options.target ?? 128;
  const graph = knightGraph(request.board);
  const base = roots(request, graph, options.useSymmetry !== false);
  const search = new PathSearch(graph);
  let depth = 0;
  let subproblems: Subproblem[] = base.map((root, id) => ({ id, ...root }));
  // Deepen the cut one cell at a time until there are enough pieces (or nothing to cut).
  while (subproblems.length < target && depth < 8) {
    const deeper: Subproblem[] = [];
    let grew = false;
    for (const root of base) {
      search.run(
        root.prefix,
        root.end,
        (s) => {
          if (s.depth > root.prefix.length + depth) grew = true;
          deeper.push({
            id: deeper.length,
            prefix: Array.from(s.path.subarray(0, s.depth)),
            end: root.end,
            weight: root.weight,
          });
          return undefined;
        },
        root.prefix.length + depth + 1,
      );
    }
    if (!grew) break;
    depth++;
    subproblems = deeper;
  }
  return { request, subproblems, splitDepth: depth, ...scale(request) };
}

/**
 * Count the paths of one subproblem (without its weight). Returns -1 when `shouldStop` ended
 * the search first. `search` must be a PathSearch of the request's board (reuse one per thread).
 */
export function countSubproblem(
  search: PathSearch,
  subproblem: Pick<Subproblem, "prefix" | "end">,
  nonClosable: boolean,
  shouldStop: (() => boolean) | null = null,
): number {
  if (!nonClosable)
    return search.run(subproblem.prefix, subproblem.end, null, undefined, shouldStop);
  const graph = search.graph;
  let kept = 0;
  const found = search.run(
    subproblem.prefix,
    subproblem.end,
    (s) => {
      if (s.depth < 3 || !graph.adjacent(s.path[0]!, s.path[s.depth - 1]!)) kept++;
      return undefined;
    },
    undefined,
    shouldStop,
  );
  return found < 0 ? -1 : kept;
}

/** Σ weight·count scaled: the plan's answer from per-subproblem counts (all present). */
export function planTotal(plan: BacktrackPlan, counts: ReadonlyMap<number, bigint>): bigint {
  let sum = 0n;
  for (const sub of plan.subproblems) sum += BigInt(sub.weight) * (counts.get(sub.id) ?? 0n);
  return (sum * plan.multiply) / plan.divide;
}
