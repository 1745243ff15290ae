import { OptionError } from "../core/errors.js";
import { longestLeg } from "../core/piece.js";
import type { Tour } from "../core/tour.js";

/**
 * Crossings: pairs of moves whose segments meet at a point inside both. (Two knight moves
 * sharing a cell meet only there; a knight move has no lattice point inside it, and two moves
 * on one line never overlap, so every other meeting is a proper crossing.)
 *
 * Near-linear: a move spans a 2×3 or 3×2 box, so it can only cross a move whose box's top-left
 * cell is within 2 rows and 2 columns of its own. Moves are bucketed by that cell (CSR: at most
 * 4 moves a bucket), and each move is tested against the 25 nearby buckets: O(M) tests in all.
 * For another piece the window is its longest leg L instead of 2 ((2L + 1)² buckets); a move of
 * a leap with a lattice point inside (like {2,4}) may touch another at a cell or run along it:
 * neither is a crossing. Crossings are of straight segments on the page: plane boards only.
 */

export interface Crossings {
  /** Pairs of crossing moves. */
  readonly total: number;
  /** perMove[i]: how many moves cross move i (move i joins path[i] and path[i+1], wrapping). */
  readonly perMove: Int32Array;
  /** Index of the most-crossed move (the first in tour order on ties), -1 if none cross. */
  readonly mostCrossed: number;
  /** How many moves cross it. */
  readonly mostCrossings: number;
  /** Moves that no other move crosses (Knuth's "unintersected" moves). */
  readonly unintersected: number;
}

/** Number of moves of the tour: N for a closed tour, N − 1 for an open one. */
export function moveCount(tour: Tour): number {
  const n = tour.path.length;
  return tour.closed && n > 2 ? n : Math.max(0, n - 1);
}

function orient(ar: number, ac: number, br: number, bc: number, cr: number, cc: number): number {
  const v = (br - ar) * (cc - ac) - (bc - ac) * (cr - ar);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/**
 * Whether segments a–b and c–d (cells as row/col) cross at a point inside both: they cross
 * properly when each separates the other's ends strictly. Shared ends never count.
 */
export function segmentsCross(
  ar: number,
  ac: number,
  br: number,
  bc: number,
  cr: number,
  cc: number,
  dr: number,
  dc: number,
): boolean {
  const o1 = orient(ar, ac, br, bc, cr, cc);
  const o2 = orient(ar, ac, br, bc, dr, dc);
  const o3 = orient(cr, cc, dr, dc, ar, ac);
  const o4 = orient(cr, cc, dr, dc, br, bc);
  return o1 * o2 < 0 && o3 * o4 < 0;
}

/** Count crossings of a tour's moves, per move and in total. O(N). */
export function crossings(tour: Tour): Crossings {
  const { path, board } = tour;
  const { cols, cells } = board;
  if (board.topology !== "plane") {
    throw new OptionError(
      `crossings are counted on plane boards, and ${board} wraps: a move across an edge has no straight segment on the page`,
      board.topology,
    );
  }
  const reach = longestLeg(board.piece);
  const n = path.length;
  const m = moveCount(tour);
  const perMove = new Int32Array(m);
  // Endpoints as rows and columns, and the bucket (top-left cell of the box) of each move.
  const ar = new Int32Array(m);
  const ac = new Int32Array(m);
  const br = new Int32Array(m);
  const bc = new Int32Array(m);
  const bucketStart = new Int32Array(cells + 1);
  const bucketOf = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    const a = path[i]!;
    const b = path[i + 1 === n ? 0 : i + 1]!;
    ar[i] = Math.floor(a / cols);
    ac[i] = a - ar[i]! * cols;
    br[i] = Math.floor(b / cols);
    bc[i] = b - br[i]! * cols;
    const key = Math.min(ar[i]!, br[i]!) * cols + Math.min(ac[i]!, bc[i]!);
    bucketOf[i] = key;
    bucketStart[key + 1]!++;
  }
  for (let k = 0; k < cells; k++) bucketStart[k + 1]! += bucketStart[k]!;
  const fill = bucketStart.slice(0, cells);
  const members = new Int32Array(m);
  for (let i = 0; i < m; i++) members[fill[bucketOf[i]!]!++] = i;

  let total = 0;
  const rows = board.rows;
  for (let i = 0; i < m; i++) {
    const r0 = Math.floor(bucketOf[i]! / cols);
    const c0 = bucketOf[i]! - r0 * cols;
    const iTop = r0;
    const iLeft = c0;
    const iBottom = Math.max(ar[i]!, br[i]!);
    const iRight = Math.max(ac[i]!, bc[i]!);
    // Half the window: each pair is met once, from the move whose bucket comes first (row-major;
    // within a bucket, the lower index).
    for (let r = r0; r <= Math.min(rows - 1, r0 + reach); r++) {
      for (let c = Math.max(0, c0 - reach); c <= Math.min(cols - 1, c0 + reach); c++) {
        if (r === r0 && c < c0) continue;
        const key = r * cols + c;
        const own = r === r0 && c === c0;
        for (let k = bucketStart[key]!; k < bucketStart[key + 1]!; k++) {
          const j = members[k]!;
          if (own && j <= i) continue;
          // Boxes must overlap with positive area before a proper crossing is possible.
          if (r >= iBottom || c >= iRight) continue;
          if (Math.max(ar[j]!, br[j]!) <= iTop || Math.max(ac[j]!, bc[j]!) <= iLeft) continue;
          if (segmentsCross(ar[i]!, ac[i]!, br[i]!, bc[i]!, ar[j]!, ac[j]!, br[j]!, bc[j]!)) {
            perMove[i]!++;
            perMove[j]!++;
            total++;
          }
        }
      }
    }
  }
  let mostCrossed = -1;
  let mostCrossings = 0;
  let unintersected = 0;
  for (let i = 0; i < m; i++) {
    if (perMove[i]! > mostCrossings) {
      mostCrossings = perMove[i]!;
      mostCrossed = i;
    }
    if (perMove[i] === 0) unintersected++;
  }
  return { total, perMove, mostCrossed, mostCrossings, unintersected };
}
