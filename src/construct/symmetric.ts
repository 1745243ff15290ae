import { Board } from "../core/board.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { FinderStats, TourResult } from "../core/result.js";
import { CONSTRUCT_BYTES_PER_CELL, constructTour } from "./construct.js";
import type { SmallTourFinder } from "./finder.js";
import { Links } from "./links.js";

/**
 * Closed tours unchanged by a half turn, on huge boards, by building half and turning it.
 *
 * Cut the board in two halves H and ρ(H) (ρ: the 180° rotation) and build a closed tour C of H
 * with the construction. C and ρ(C) are two disjoint cycles covering the board, and their union
 * is already symmetric. To join them keeping the symmetry, find a move x–y of C with y a
 * knight's move from ρ(x); delete x–y and ρ(x)–ρ(y), add x–ρ(y) and y–ρ(x). That is the
 * construction's two-move exchange applied to a pair of moves that ρ swaps, so the result is
 * one cycle and ρ maps it onto itself. The moves must sit at the middle of the cut, so the
 * four mirror images of C are tried. With x in H's inner row at column c, y must be at column
 * n − 1 − c ± 1 and two columns from c, so 2c = n − 1 ± 1 ± 2: no such move exists when the side
 * along the cut (n) is odd. Those boards' symmetric tours are reversed by ρ (they use two moves
 * joining a cell to its own image), and are left to the quotient search of src/symmetry.
 *
 * Cost: O(cells) on top of the construction. Boards whose half has no construction (a half of 3
 * or 4 short rows, say 8×8 → 4×8) answer status "limit" too. `finder` supplies the small tours
 * the construction is tiled from (the library's `constructHalfTurnSymmetric()` passes solve's
 * `search`).
 */
export function constructSymmetricTour(
  board: Board,
  finder: SmallTourFinder,
  options: { readonly maxBytes?: number | undefined } = {},
): TourResult {
  const began = performance.now();
  const stats: FinderStats = { nodes: 0, backtracks: 0, attempts: 1, ms: 0 };
  const done = (result: Omit<TourResult, "stats">): TourResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats: { ...stats, method: "construct" } };
  };
  const limit = (reason: string) => done({ status: "limit", tour: null, reason });
  // A fast path callers fall back from: another geometry is "limit", not an error.
  if (!board.plain) {
    return limit(
      `the construction builds knight's tours of a plain rectangle, and ${board} is not one`,
    );
  }
  checkMemory(
    `constructing a symmetric tour of ${board.label}`,
    board.cells * (CONSTRUCT_BYTES_PER_CELL + 4),
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    board.label,
  );
  // Cut between the two middle rows (rows even) or, transposed, the two middle columns; when
  // both sides are even, try both cuts: the halves differ (8×12 → 4×12 or 8×6).
  const cuts = [false, true].filter((transpose) => (transpose ? board.cols : board.rows) % 2 === 0);
  if (cuts.length === 0) return limit(`${board} has an odd number of cells`);
  let last = "";
  for (const transpose of cuts) {
    const attempt = halfTurnTour(board, transpose, finder, options.maxBytes ?? DEFAULT_MAX_BYTES);
    if (typeof attempt !== "string")
      return done({ status: "found", tour: { board, path: attempt, closed: true } });
    last = attempt;
  }
  return limit(last);
}

/** The symmetric tour's path for one cut, or the reason it failed. */
function halfTurnTour(
  board: Board,
  transpose: boolean,
  finder: SmallTourFinder,
  maxBytes: number,
): Int32Array | string {
  const m = transpose ? board.cols : board.rows;
  const n = transpose ? board.rows : board.cols;
  if (n % 2 === 1) {
    return `the side along the cut of ${board} is odd: no pair of moves joins the halves symmetrically`;
  }
  const half = new Board(m / 2, n);
  const built = constructTour(half, finder, { closed: true, maxBytes });
  if (built.status !== "found" || built.tour === null) {
    return `the half board ${half} has no constructed closed tour (${built.reason ?? built.status})`;
  }
  const cells = m * n;
  const rho = (cell: number) => cells - 1 - cell;
  const work = new Board(m, n);
  const links = new Links(cells);
  // The half's tour mirrored left-right and/or top-bottom is a tour of the half too; the joins
  // need particular moves near the cut, so try all four images before giving up.
  const hRows = m / 2;
  const images = [
    (cell: number) => cell,
    (cell: number) => Math.floor(cell / n) * n + (n - 1 - (cell % n)),
    (cell: number) => (hRows - 1 - Math.floor(cell / n)) * n + (cell % n),
    (cell: number) => hRows * n - 1 - cell,
  ];
  const cycle = new Int32Array(built.tour.path.length);
  let joined = false;
  for (const image of images) {
    for (let k = 0; k < cycle.length; k++) cycle[k] = image(built.tour.path[k]!);
    layHalves(cycle, links, rho);
    joined = swapJoin(work, cycle, links, rho);
    if (joined) break;
  }
  if (!joined) return `no symmetric join found in the constructed tour of ${half}`;

  const path = new Int32Array(cells);
  const length = links.walk(0, path);
  if (length !== cells) return "internal: the symmetric join did not give one cycle";
  if (transpose) {
    // Work cell (r, c) of the m×n board is board cell (c, r).
    for (let i = 0; i < cells; i++) {
      const cell = path[i]!;
      path[i] = (cell % n) * board.cols + Math.floor(cell / n);
    }
  }
  return path;
}

/** The half's cycle on the top half and its turned copy on the bottom half. */
function layHalves(cycle: Int32Array, links: Links, rho: (cell: number) => number): void {
  const h = cycle.length;
  for (let k = 0; k < h; k++) {
    const x = cycle[k]!;
    const prev = cycle[(k + h - 1) % h]!;
    const next = cycle[(k + 1) % h]!;
    links.first[x] = prev;
    links.second[x] = next;
    links.first[rho(x)] = rho(prev);
    links.second[rho(x)] = rho(next);
  }
}

function swapJoin(
  board: Board,
  cycle: Int32Array,
  links: Links,
  rho: (cell: number) => number,
): boolean {
  const h = cycle.length;
  for (let k = 0; k < h; k++) {
    const x = cycle[k]!;
    const y = cycle[(k + 1) % h]!;
    if (!board.isKnightMove(y, rho(x))) continue;
    // x–y and ρ(x)–ρ(y) out; x–ρ(y) and y–ρ(x) in.
    links.exchange(x, y, rho(y), rho(x));
    return true;
  }
  return false;
}
