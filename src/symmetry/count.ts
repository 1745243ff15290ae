import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { SymmetricEnumeration } from "./enumeration.js";
import { groupIsNormal, rotationOnGeometry } from "./geometry.js";
import { symmetryGroup, symmetryName } from "./group.js";
import { mapsOntoItself } from "./invariance.js";
import { countTourClasses } from "./listing.js";
import { buildQuotient, buildQuotientBy, type Quotient, type Rotation } from "./quotient.js";
import { QuotientPathSearch } from "./search.js";
import { boardTransforms, transformPermutation } from "./transforms.js";

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
 *
 * Other geometries (tori, cylinders, other pieces, holes) fold the same way when the rotation
 * is one of their symmetries and fixes no cell a tour passes (geometry.ts); the knight's colour
 * arguments are not used there, and their classes are counted from each tour's stabiliser in
 * the geometry's group, never from the knight's theorem about mirrors.
 */

/**
 * What the symmetric counts report now and then: the run contract's totals, nodes over every
 * part of the count. The limits are checked every 2^16 search nodes; a count stopped by one
 * reports once more where it stopped.
 */
export type SymmetricCountProgress = Progress;

export interface SymmetricCountOptions extends Limits<SymmetricCountProgress> {
  readonly rotation: Rotation;
  /**
   * Also count classes under the board's symmetries (8 on a square, 4 on a rectangle; the
   * geometry's group on a torus, cylinder or holed board).
   */
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
  let quotient: Quotient;
  if (board.plain) {
    if (board.cells % 2 === 1) {
      return zero(
        `a closed tour needs an even number of cells; ${board} has ${board.cells} (and the centre cell is fixed by every rotation)`,
      );
    }
    quotient = buildQuotient(board, rotation);
    if (quotient.size < 3) return zero(`the ${board} board is too small for a closed tour`);
  } else {
    const reason = rotationOnGeometry(board, rotation);
    if (reason !== null) return zero(reason);
    quotient = buildQuotient(board, rotation);
    if (options.upToSymmetry && !groupIsNormal(quotient)) {
      throw new OptionError(
        `the ${rotation}°-symmetric tours of ${board} have no classes of their own: some of its symmetries (the shifts) carry them to tours symmetric under another turn; count them without --up-to-symmetry`,
        rotation,
      );
    }
    // Folded to one or two orbits, a cycle of the quotient is degenerate: list the tours.
    if (quotient.size < 3) return countByListing(board, quotient, options, budget, began);
  }
  const search = new QuotientPathSearch(quotient, {
    memoBits: options.memo === false ? 0 : undefined,
  });
  search.nodes = nodesBefore;
  // Off the plain rectangle classes always come from stabilisers: the Burnside shortcut below
  // rests on a theorem about knight's tours.
  const byStabilisers =
    options.upToSymmetry === true && (options.classMethod === "stabilisers" || !board.plain);
  const enumerate = new SymmetricEnumeration(quotient, options, byStabilisers);
  // The search checks every 2^16 nodes; a first check here makes a zero limit stop at once.
  const status = budget.check(search.nodes) ?? enumerate.run(search, budget);
  const count = enumerate.rotating + enumerate.reversing;
  let classes: number | undefined;
  if (options.upToSymmetry && status === "done") {
    if (byStabilisers) {
      classes = enumerate.stabiliserSum / symmetryGroup(board).length;
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
  if (!board.plain) {
    throw new OptionError(
      `counting mirror-symmetric tours by folding rests on facts about the knight on a plain rectangle (no move is horizontal or vertical), and ${board} is not one; countTourClasses counts any geometry's tours and classes`,
      mirror,
    );
  }
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
  const enumerate = new SymmetricEnumeration(quotient, {}, false, {
    rotating: true,
    reversing: false,
  });
  const status = budget.check(search.nodes) ?? enumerate.run(search, budget);
  return { status, count: enumerate.rotating, nodes: search.nodes - nodesBefore };
}

/**
 * Classes of all closed tours of `board` under its symmetries, by Burnside's lemma, from
 * `total` (the undirected closed-tour count, from src/count): (total + Σ_{g ≠ id} Fix(g)) / |G|.
 * Other geometries than the plain rectangle are counted by listing their tours
 * (`countTourClasses`), and `total` is checked against the listing; `fixed` is then keyed by
 * `symmetryName` (`shift 0,2`, `rotate90 + shift 1,1`, …).
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
  if (!board.plain) return classesByListing(board, total, limits);
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

function classesByListing(
  board: Board,
  total: bigint,
  limits: Limits<SymmetricCountProgress>,
): { status: RunStatus; classes: bigint; fixed: Record<string, number> } {
  const listed = countTourClasses(board, limits);
  const fixed: Record<string, number> = {};
  const group = symmetryGroup(board);
  listed.fixed.forEach((count, i) => {
    fixed[symmetryName(group[i]!)] = count;
  });
  if (listed.status !== "done") return { status: listed.status, classes: 0n, fixed };
  if (listed.tours !== total) {
    throw new Error(
      `internal: ${board} has ${listed.tours} closed tours by listing, but ${total} were given`,
    );
  }
  return { status: "done", classes: listed.classes, fixed };
}

/**
 * A count by listing every closed tour and keeping those the rotation maps onto themselves:
 * for geometries so small that the fold leaves fewer than 3 orbits (a quotient cycle through
 * one or two orbits is degenerate).
 */
function countByListing(
  board: Board,
  quotient: Quotient,
  options: SymmetricCountOptions,
  budget: Budget,
  began: number,
): SymmetricCount {
  const sigma = quotient.powers[1]!;
  let rotating = 0;
  let reversing = 0;
  const listed = countTourClasses(board, { budget }, (path, next, prev) => {
    const how = mapsOntoItself(path, next, prev, sigma);
    if (how === 0) return false;
    if (how === 1) rotating++;
    else reversing++;
    options.onTour?.(path, how === -1);
    return true;
  });
  const done = listed.status === "done";
  return {
    status: listed.status,
    rotation: options.rotation,
    count: rotating + reversing,
    rotating,
    reversing,
    classes: options.upToSymmetry && done ? Number(listed.classes) : undefined,
    stats: { nodes: listed.stats.nodes, ms: performance.now() - began },
  };
}
