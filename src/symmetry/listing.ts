import type { Board } from "../core/board.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { SymmetricEnumeration } from "./enumeration.js";
import { forEachSymmetry, symmetryGroup } from "./group.js";
import { mapsOntoItself } from "./invariance.js";
import { trivialQuotient } from "./quotient.js";
import { QuotientPathSearch } from "./search.js";

/**
 * Classes of tours by listing them: every closed tour of the geometry is met once (the cycle
 * search of count.ts on the quotient by the trivial group, which is the move graph itself), and
 * its stabiliser in the geometry's group is measured. By Burnside's lemma the classes number
 * (1/|G|) Σ_g Fix(g) = (1/|G|) Σ_tours |Stab(tour)|, so no tour is stored and no canonical form
 * is needed. The cost is the listing: fine for the small tori, cylinders and holed boards this
 * serves, hopeless for 8×8 (the plain rectangle keeps its folded Burnside count, count.ts).
 */

/** Group elements held as permutations at once: beyond, each is rebuilt per tour. */
const MAX_HELD_ENTRIES = 1 << 24;

/**
 * Every closed tour of `board` (an undirected cycle, met once), inside `budget`: `visit` sees
 * the cells in order in a reused buffer. Returns how the listing ended and its search nodes.
 */
export function forEachClosedTour(
  board: Board,
  budget: Budget,
  nodesBefore: number,
  visit: (path: Int32Array) => void,
): { status: RunStatus; nodes: number } {
  if (board.vertexCount < 3) return { status: "done", nodes: 0 };
  const quotient = trivialQuotient(board);
  const search = new QuotientPathSearch(quotient);
  search.nodes = nodesBefore;
  const listing = new SymmetricEnumeration(quotient, { onTour: (path) => visit(path) }, false, {
    rotating: true,
    reversing: false,
  });
  const status = budget.check(search.nodes) ?? listing.run(search, budget);
  return { status, nodes: search.nodes - nodesBefore };
}

export interface TourClassCount {
  readonly status: RunStatus;
  /** Undirected closed tours of the board (so far, when stopped). */
  readonly tours: bigint;
  /** Their classes under the geometry's symmetries (0 unless done). */
  readonly classes: bigint;
  /** The size of the geometry's symmetry group. */
  readonly group: number;
  /** fixed[i]: the tours that the group's i-th element (`symmetryGroup` order) maps onto themselves. */
  readonly fixed: readonly number[];
  readonly stats: { nodes: number; ms: number };
}

/**
 * The closed tours of any geometry and their classes under its symmetries (`geometrySymmetries`:
 * turns and mirrors its topology and holes keep, the shifts of a torus or cylinder), by listing
 * every tour (see the module comment). Only `filter`ed tours are counted when a filter is given
 * (it must be a union of classes: e.g. "invariant under a half turn", when the half turn's
 * group is normal in the geometry's).
 *
 * @example
 * ```ts
 * import { Board, countTourClasses } from "knight-tours";
 *
 * const torus = countTourClasses(new Board(3, 4, { topology: "torus" }));
 * console.log(torus.tours, torus.classes, torus.group); // → 14934n 381n 48
 * ```
 */
export function countTourClasses(
  board: Board,
  limits: Limits<Progress> = {},
  filter?: (path: Int32Array, next: Int32Array, prev: Int32Array) => boolean,
): TourClassCount {
  const began = performance.now();
  const budget = Budget.start(limits);
  const group = symmetryGroup(board).length;
  const next = new Int32Array(board.cells);
  const prev = new Int32Array(board.cells);
  const held = group * board.cells <= MAX_HELD_ENTRIES ? heldPermutations(board) : null;
  let tours = 0;
  let stabilisers = 0;
  const fixedBy = new Array<number>(group).fill(0);
  const { status, nodes } = forEachClosedTour(board, budget, 0, (path) => {
    const n = path.length;
    for (let i = 0; i < n; i++) {
      const a = path[i]!;
      const b = path[i + 1 === n ? 0 : i + 1]!;
      next[a] = b;
      prev[b] = a;
    }
    if (filter !== undefined && !filter(path, next, prev)) return;
    tours++;
    // The identity fixes every tour; the others are tested (most fail at the first move).
    fixedBy[0]!++;
    if (held !== null) {
      for (let i = 0; i < held.length; i++) {
        if (mapsOntoItself(path, next, prev, held[i]!) !== 0) fixedBy[i + 1]!++;
      }
    } else {
      let i = 0;
      forEachSymmetry(board, (_symmetry, perm) => {
        if (i > 0 && mapsOntoItself(path, next, prev, perm) !== 0) fixedBy[i]!++;
        i++;
        return undefined;
      });
    }
  });
  // Burnside: the classes are the average number of tours an element fixes.
  for (const f of fixedBy) stabilisers += f;
  if (status !== "done" && limits.budget === undefined) {
    limits.onProgress?.({ nodes, ms: budget.elapsed() });
  }
  return {
    status,
    tours: BigInt(tours),
    classes: status === "done" ? BigInt(stabilisers / group) : 0n,
    group,
    fixed: fixedBy,
    stats: { nodes, ms: performance.now() - began },
  };
}

/** Copies of every group element's permutation but the identity's. */
function heldPermutations(board: Board): Int32Array[] {
  const out: Int32Array[] = [];
  let first = true;
  forEachSymmetry(board, (_symmetry, perm) => {
    if (!first) out.push(perm.slice());
    first = false;
    return undefined;
  });
  return out;
}
