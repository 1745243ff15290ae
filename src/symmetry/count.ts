import {
  type Board,
  Budget,
  type Limits,
  OptionError,
  type Progress,
  type RunStatus,
} from "../core/index.js";
import { mapsOntoItself } from "./invariance.js";
import { buildQuotient, buildQuotientBy, gcd, type Quotient, type Rotation } from "./quotient.js";
import { QuotientPathSearch } from "./search.js";
import { symmetricKinds } from "./theory.js";
import { boardTransforms, type TransformName, transformPermutation } from "./transforms.js";

/**
 * Counting closed tours that a rotation maps onto themselves, by enumerating on the quotient
 * board (Knuth's SHAM folds the board in half the same way).
 *
 * A rotation ρ of order k (2 or 4) that maps a closed tour onto itself acts on the cycle as
 * a symmetry of the cycle with no fixed cell, so either
 * - it turns the cycle along itself by N/k steps ("rotating" kind): the tour's image in the
 *   quotient is a Hamiltonian cycle of the quotient whose total voltage generates Z_k;
 * - or (half turn only) it reverses the cycle ("reversing" kind): it then fixes exactly two
 *   moves, each joining a cell to its opposite cell (quotient loops), and the tour's image is a
 *   Hamiltonian path of the quotient between two loop orbits. On boards with both sides even no
 *   such move exists (a cell and its opposite differ by odd amounts in both row and column), so
 *   only boards with an odd side have this kind.
 * Both correspondences are one-to-one with undirected tours, so counting quotient cycles and
 * paths counts symmetric tours exactly.
 */

/**
 * What the symmetric counts report now and then: the run contract's totals, nodes over every
 * part of the count. The limits are checked every 2^16 search nodes; a count stopped by one
 * reports once more where it stopped.
 */
export type SymmetricCountProgress = Progress;

export interface SymmetricCountOptions extends Limits<SymmetricCountProgress> {
  readonly rotation: Rotation;
  /** Also count classes under the board's symmetries (8 on a square, 4 on a rectangle). */
  readonly upToSymmetry?: boolean | undefined;
  /**
   * How classes are counted: "burnside" (default) from the counts alone, using the theorem
   * that no closed tour has a mirror symmetry together with the rotation (see docs/symmetry.md);
   * "stabilisers" lifts every tour found and tests the other transforms on it — slower, and
   * independent of the theorem (tests and scripts cross-check the two).
   */
  readonly classMethod?: "burnside" | "stabilisers" | undefined;
  /**
   * Memoise the deep part of the search (default true). Off, the search is the plain pruned
   * depth-first search: the benchmarks use it as the baseline.
   */
  readonly memo?: boolean | undefined;
  /** Called with every symmetric tour found (a reused buffer: copy it to keep it). */
  readonly onTour?: ((path: Int32Array, reversing: boolean) => void) | undefined;
}

export interface SymmetricCount {
  readonly status: RunStatus;
  readonly rotation: Rotation;
  /** Undirected closed tours that the rotation maps onto themselves (both kinds). */
  readonly count: number;
  /** Of which the rotation moves along the cycle. */
  readonly rotating: number;
  /** Of which the rotation reverses the cycle (half turn, boards with an odd side). */
  readonly reversing: number;
  /** Classes of those tours under the board's symmetries, with `upToSymmetry`. */
  readonly classes?: number | undefined;
  /** Why the count is 0 without a search, when theory settles it. */
  readonly reason?: string;
  readonly stats: { nodes: number; ms: number };
}

/** Rejects requests that make no sense on the board (a quarter turn of a rectangle). */
export function checkRotation(board: Board, rotation: number): asserts rotation is Rotation {
  if (rotation !== 180 && rotation !== 90) {
    throw new OptionError(
      `bad symmetry '${String(rotation)}': expected 180 (a half turn) or 90 (a quarter turn)`,
      rotation,
    );
  }
  if (rotation === 90 && board.rows !== board.cols) {
    throw new OptionError(
      `a quarter turn does not map the ${board} board onto itself: --symmetry 90 needs a square board`,
      rotation,
    );
  }
}

/**
 * Count the closed tours of `board` invariant under the rotation (undirected, as drawn
 * figures), split by kind, and with `upToSymmetry` the classes under the board's symmetries.
 * 8×8, half turn: 2,432,932 tours, 608,233 classes (Knuth).
 *
 * @example
 * ```ts
 * import { Board, countSymmetricTours } from "knight-tours";
 *
 * console.log(countSymmetricTours(new Board(6, 6), { rotation: 180 }).count); // → 78
 * console.log(countSymmetricTours(new Board(6, 6), { rotation: 90 }).count); // → 10
 * ```
 */
export function countSymmetricTours(board: Board, options: SymmetricCountOptions): SymmetricCount {
  const began = performance.now();
  checkRotation(board, options.rotation);
  const budget = Budget.start(options);
  const result = countWithin(board, options, budget, 0, began);
  reportStop(options, budget, result.status, result.stats.nodes);
  return result;
}

/** A count stopped by a limit reports once more where it stopped (its owner's callback only). */
function reportStop(
  limits: Limits<SymmetricCountProgress>,
  budget: Budget,
  status: RunStatus,
  nodes: number,
): void {
  if (status !== "done" && limits.budget === undefined) {
    limits.onProgress?.({ nodes, ms: budget.elapsed() });
  }
}

/**
 * One count inside `budget`, after `nodesBefore` nodes of earlier counts in the same budget
 * (its search starts its node total there, so the budget sees one rising total across nested
 * counts; the result's stats count this count's nodes only).
 */
function countWithin(
  board: Board,
  options: SymmetricCountOptions,
  budget: Budget,
  nodesBefore: number,
  began: number = performance.now(),
): SymmetricCount {
  const { rotation } = options;
  const zero = (reason: string): SymmetricCount => ({
    status: "done",
    rotation,
    count: 0,
    rotating: 0,
    reversing: 0,
    classes: options.upToSymmetry ? 0 : undefined,
    reason,
    stats: { nodes: 0, ms: performance.now() - began },
  });
  if (board.cells % 2 === 1) {
    return zero(
      `a closed tour needs an even number of cells; ${board} has ${board.cells} (and the centre cell is fixed by every rotation)`,
    );
  }
  const quotient = buildQuotient(board, rotation);
  if (quotient.size < 3) return zero(`the ${board} board is too small for a closed tour`);

  const search = new QuotientPathSearch(quotient, {
    memoBits: options.memo === false ? 0 : undefined,
  });
  search.nodes = nodesBefore;
  const byStabilisers = options.upToSymmetry === true && options.classMethod === "stabilisers";
  const enumerate = new SymmetricEnumeration(quotient, options, byStabilisers);
  // The search checks every 2^16 nodes; a first check here makes a zero limit stop at once.
  const status = budget.check(search.nodes) ?? enumerate.run(search, budget);
  const count = enumerate.rotating + enumerate.reversing;
  let classes: number | undefined;
  if (options.upToSymmetry && status === "done") {
    if (byStabilisers) {
      classes = enumerate.stabiliserSum / boardTransforms(board).length;
    } else {
      // Burnside: classes = (1/|G|) Σ_g #(tours fixed by the rotation and by g). No closed tour
      // has a mirror symmetry together with a half turn, so only rotations contribute: on a
      // rectangle (|G| = 4) the identity and the half turn fix all `count`; on a square
      // (|G| = 8) the quarter turns fix the 90°-symmetric ones as well.
      let nodes = 0;
      if (board.rows !== board.cols) classes = (2 * count) / 4;
      else if (rotation === 90) classes = (4 * count) / 8;
      else {
        const quarter = countWithin(
          board,
          { ...options, rotation: 90, upToSymmetry: false },
          budget,
          search.nodes,
        );
        nodes = quarter.stats.nodes;
        classes = quarter.status === "done" ? (2 * count + 2 * quarter.count) / 8 : undefined;
      }
      search.nodes += nodes;
    }
  }
  return {
    status,
    rotation,
    count,
    rotating: enumerate.rotating,
    reversing: enumerate.reversing,
    classes,
    stats: { nodes: search.nodes - nodesBefore, ms: performance.now() - began },
  };
}

/**
 * One enumeration: the rotating kind from quotient cycles through a least-degree orbit s
 * (split by the pair of neighbours the cycle uses at s, so each undirected cycle is met once),
 * then the reversing kind from paths between loop orbits.
 */
class SymmetricEnumeration {
  rotating = 0;
  reversing = 0;
  /** Σ over tours found of the size of their stabiliser in the board's symmetry group. */
  stabiliserSum = 0;
  private readonly quotient: Quotient;
  private readonly options: SymmetricCountOptions;
  private readonly lifted: Int32Array;
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  /** Board transforms outside the rotation group, whose invariance each tour is tested for. */
  private readonly others: Int32Array[];
  private readonly groupSize: number;

  private readonly stabilisers: boolean;
  private readonly kinds: { rotating: boolean; reversing: boolean } | undefined;

  constructor(
    quotient: Quotient,
    options: SymmetricCountOptions,
    stabilisers: boolean,
    kinds?: { rotating: boolean; reversing: boolean },
  ) {
    this.quotient = quotient;
    this.kinds = kinds;
    this.options = options;
    this.stabilisers = stabilisers;
    const cells = quotient.board.cells;
    this.lifted = new Int32Array(cells);
    this.next = new Int32Array(cells);
    this.prev = new Int32Array(cells);
    const inGroup: TransformName[] =
      quotient.order === 4
        ? ["identity", "rotate90", "rotate180", "rotate270"]
        : ["identity", quotient.generator];
    this.groupSize = inGroup.length;
    this.others = boardTransforms(quotient.board)
      .filter((name) => !inGroup.includes(name))
      .map((name) => transformPermutation(quotient.board, name));
  }

  private get needsTours(): boolean {
    return this.stabilisers || this.options.onTour !== undefined;
  }

  /** Stabiliser bookkeeping and the caller's callback for one lifted tour. */
  private record(reversing: boolean): void {
    const { lifted, next, prev } = this;
    if (this.stabilisers) {
      const n = lifted.length;
      for (let i = 0; i < n; i++) {
        const a = lifted[i]!;
        const b = lifted[i + 1 === n ? 0 : i + 1]!;
        next[a] = b;
        prev[b] = a;
      }
      let stabiliser = this.groupSize;
      for (const perm of this.others) {
        if (mapsOntoItself(lifted, next, prev, perm) !== 0) stabiliser++;
      }
      this.stabiliserSum += stabiliser;
    }
    this.options.onTour?.(lifted, reversing);
  }

  run(search: QuotientPathSearch, budget: Budget): RunStatus {
    const q = this.quotient;
    const { arcOffsets, arcTo, arcVolt, nbrOffsets, nbrTo, order, size } = q;
    const counts = new Float64Array(order);

    // The colour argument rules a kind out on some boards (theory.ts); skip its search there.
    const kinds = this.kinds ?? symmetricKinds(q.board, q.rotation);
    // Rotating kind: cycles through s, entered from u and left to w, u < w distinct neighbours.
    let s = 0;
    for (let v = 1; v < size; v++) {
      if (nbrOffsets[v + 1]! - nbrOffsets[v]! < nbrOffsets[s + 1]! - nbrOffsets[s]!) s = v;
    }
    const sNbrs = Array.from(nbrTo.subarray(nbrOffsets[s]!, nbrOffsets[s + 1]!)).sort(
      (a, b) => a - b,
    );
    const arcsBetween = (from: number, to: number): number[] => {
      const volts: number[] = [];
      for (let i = arcOffsets[from]!; i < arcOffsets[from + 1]!; i++) {
        if (arcTo[i] === to) volts.push(arcVolt[i]!);
      }
      return volts;
    };
    const orbitsBuf = new Int32Array(size);
    const voltsBuf = new Int32Array(size);
    for (let i = 0; kinds.rotating && i < sNbrs.length; i++) {
      for (let j = i + 1; j < sNbrs.length; j++) {
        const u = sNbrs[i]!;
        const w = sNbrs[j]!;
        const into = arcsBetween(s, u); // s → u voltages
        const outOf = arcsBetween(w, s); // w → s voltages
        const accepted = (total: number) => gcd(((total % order) + order) % order, order) === 1;
        counts.fill(0);
        const visitor = this.needsTours
          ? (orbits: Int32Array, volts: Int32Array, length: number) => {
              for (const v1 of into) {
                for (const v2 of outOf) {
                  const total = v1 + volts[length - 1]! + v2;
                  if (!accepted(total)) continue;
                  orbitsBuf[0] = s;
                  voltsBuf[0] = 0;
                  for (let k = 0; k < length; k++) {
                    orbitsBuf[k + 1] = orbits[k]!;
                    voltsBuf[k + 1] = (v1 + volts[k]!) % order;
                  }
                  this.lift(orbitsBuf, voltsBuf, size, order, total % order);
                  this.record(false);
                }
              }
              return false;
            }
          : undefined;
        const outcome = search.run(u, w, s, counts, budget, visitor);
        for (let t = 0; t < order; t++) {
          for (const v1 of into) {
            for (const v2 of outOf) if (accepted(v1 + t + v2)) this.rotating += counts[t]!;
          }
        }
        if (outcome === "limit" || outcome === "aborted") return outcome;
      }
    }

    // Reversing kind (half turn): paths between two loop orbits, closed by the loop moves.
    if (kinds.reversing) {
      const loopOrbits = [...new Set(q.loops.map(([orbit]) => orbit))].sort((a, b) => a - b);
      for (let i = 0; i < loopOrbits.length; i++) {
        for (let j = i + 1; j < loopOrbits.length; j++) {
          counts.fill(0);
          const visitor = this.needsTours
            ? (orbits: Int32Array, volts: Int32Array, length: number) => {
                this.liftReversing(orbits, volts, length);
                this.record(true);
                return false;
              }
            : undefined;
          const outcome = search.run(loopOrbits[i]!, loopOrbits[j]!, -1, counts, budget, visitor);
          this.reversing += counts[0]! + counts[1]!;
          if (outcome === "limit" || outcome === "aborted") return outcome;
        }
      }
    }
    return "done";
  }

  /** A quotient cycle of total voltage `turn` lifted to `order` copies: one closed tour. */
  private lift(
    orbits: Int32Array,
    volts: Int32Array,
    length: number,
    order: number,
    turn: number,
  ): void {
    const { powers, rep } = this.quotient;
    const out = this.lifted;
    let k = 0;
    for (let copy = 0, shift = 0; copy < order; copy++, shift = (shift + turn) % order) {
      for (let i = 0; i < length; i++)
        out[k++] = powers[(volts[i]! + shift) % order]![rep[orbits[i]!]!]!;
    }
  }

  /** A quotient path P between loop orbits lifted to P followed by the half turn of P reversed. */
  private liftReversing(orbits: Int32Array, volts: Int32Array, length: number): void {
    const { powers, rep } = this.quotient;
    const out = this.lifted;
    for (let i = 0; i < length; i++) {
      const cell = powers[volts[i]! % 2]![rep[orbits[i]!]!]!;
      out[i] = cell;
      out[2 * length - 1 - i] = powers[1]![cell]!;
    }
  }
}

/**
 * Closed tours (undirected) that a mirror maps onto themselves. A mirror whose axis runs
 * through cells fixes at least 3 of them on any board with a closed tour, but a symmetry of a
 * cycle that is its own inverse fixes at most 2 cells: none. A mirror between two columns (or
 * rows) fixes no cell and no move (a move is never horizontal), so it moves the tour along
 * itself by N/2 steps, from a cell to its mirror image, which has the other colour when that
 * side is even: N/2 must be odd. The rest is a quotient count like the rotations'.
 */
export function countMirrorSymmetricTours(
  board: Board,
  mirror: Mirror,
  limits: Limits<SymmetricCountProgress> = {},
): { status: RunStatus; count: number } {
  const budget = Budget.start(limits);
  const result = countMirrorWithin(board, mirror, budget, 0);
  reportStop(limits, budget, result.status, result.nodes);
  return { status: result.status, count: result.count };
}

/** The mirrors of a board: left–right, top–bottom and the two diagonals (square boards). */
export type Mirror = "mirror-lr" | "mirror-tb" | "transpose" | "antitranspose";

function countMirrorWithin(
  board: Board,
  mirror: Mirror,
  budget: Budget,
  nodesBefore: number,
): { status: RunStatus; count: number; nodes: number } {
  const perm = transformPermutation(board, mirror);
  let fixed = 0;
  for (let v = 0; v < board.cells; v++) if (perm[v] === v) fixed++;
  if (fixed > 0 || board.cells % 4 === 0 || board.cells % 2 === 1) {
    return { status: "done", count: 0, nodes: 0 };
  }
  const quotient = buildQuotientBy(board, mirror);
  if (quotient.size < 3) return { status: "done", count: 0, nodes: 0 };
  const search = new QuotientPathSearch(quotient);
  search.nodes = nodesBefore;
  const enumerate = new SymmetricEnumeration(quotient, { rotation: 180 }, false, {
    rotating: true,
    reversing: false,
  });
  const status = budget.check(search.nodes) ?? enumerate.run(search, budget);
  return { status, count: enumerate.rotating, nodes: search.nodes - nodesBefore };
}

/**
 * Classes of all closed tours of `board` under its symmetries, by Burnside's lemma, from
 * `total` (the undirected closed-tour count, from src/count): (total + Σ_{g ≠ id} Fix(g)) / |G|.
 * The rotations' Fix come from `countSymmetricTours`, the mirrors' from
 * `countMirrorSymmetricTours`, all in one budget (one clock, one node allowance).
 * 6×6: (9862 + 78 + 10 + 10) / 8 = 1245.
 *
 * @example
 * ```ts
 * import { Board, countClosedTourClasses } from "knight-tours";
 *
 * console.log(countClosedTourClasses(new Board(6, 6), 9862n).classes); // → 1245n
 * ```
 */
export function countClosedTourClasses(
  board: Board,
  total: bigint,
  limits: Limits<SymmetricCountProgress> = {},
): { status: RunStatus; classes: bigint; fixed: Record<string, number> } {
  const budget = Budget.start(limits);
  const fixed: Record<string, number> = { identity: Number(total) };
  let sum = total;
  let nodes = 0;
  for (const name of boardTransforms(board)) {
    if (name === "identity") continue;
    let result: { status: RunStatus; count: number; nodes: number };
    if (name === "rotate180" || name === "rotate90" || name === "rotate270") {
      const rotation = name === "rotate180" ? 180 : 90;
      const counted = countWithin(board, { rotation }, budget, nodes);
      result = { ...counted, nodes: counted.stats.nodes };
    } else {
      result = countMirrorWithin(board, name, budget, nodes);
    }
    nodes += result.nodes;
    if (result.status !== "done") {
      reportStop(limits, budget, result.status, nodes);
      return { status: result.status, classes: 0n, fixed };
    }
    fixed[name] = result.count;
    sum += BigInt(result.count);
  }
  return { status: "done", classes: sum / BigInt(boardTransforms(board).length), fixed };
}
