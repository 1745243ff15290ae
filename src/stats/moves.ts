import type { Leap } from "../core/piece.js";
import { wrapsColumns, wrapsRows } from "../core/topology.js";
import type { Tour } from "../core/tour.js";
import { moveCount } from "./crossings.js";

/**
 * What every move of a tour is, on any geometry: which of the piece's leaps it makes, and
 * whether it crosses an edge of a wrapped board (a move the page cannot draw as one segment).
 * These need no straight segments, so they are the statistics a torus or cylinder keeps.
 */

/** How many moves of the tour make one leap of the piece. */
export interface MoveKind {
  readonly leap: Leap;
  readonly moves: number;
}

export interface TourMoves {
  /** One entry per leap of the piece, in its order. */
  readonly kinds: readonly MoveKind[];
  /** Moves across an edge of a wrapped board (0 on a plane board). */
  readonly wrapped: number;
  /** Total length in units of a square's side: Σ moves × √(a² + b²) over the leaps. */
  readonly length: number;
}

/** The moves of a tour by leap, those across an edge, and the length. O(N × leaps). */
export function tourMoves(tour: Tour): TourMoves {
  const { path, board } = tour;
  const { rows, cols } = board;
  const leaps = board.piece.leaps;
  const counts = leaps.map(() => 0);
  const wrapRows = wrapsRows(board.topology);
  const wrapCols = wrapsColumns(board.topology);
  const n = path.length;
  let wrapped = 0;
  for (let i = 0, m = moveCount(tour); i < m; i++) {
    const a = path[i]!;
    const b = path[i + 1 === n ? 0 : i + 1]!;
    const dr = Math.floor(b / cols) - Math.floor(a / cols);
    const dc = (b % cols) - (a % cols);
    // A move drawn straight on the page first; else the leap it makes across an edge.
    let k = leaps.findIndex(([x, y]) => fits(dr, dc, x, y, 0, 0));
    if (k < 0) {
      k = leaps.findIndex(([x, y]) => fits(dr, dc, x, y, wrapRows ? rows : 0, wrapCols ? cols : 0));
      if (k >= 0) wrapped++;
    }
    if (k >= 0) counts[k]!++;
  }
  // One product per leap (the knight's length is moves × √5, as it always was).
  let length = 0;
  leaps.forEach(([x, y], i) => {
    length += counts[i]! * Math.sqrt(x * x + y * y);
  });
  return { kinds: leaps.map((leap, i) => ({ leap, moves: counts[i]! })), wrapped, length };
}

/** Whether (dr, dc) is the leap {x, y} either way round, modulo the wrapped sides (0: no wrap). */
function fits(dr: number, dc: number, x: number, y: number, rows: number, cols: number): boolean {
  const leg = (d: number, l: number, size: number) =>
    size === 0 ? d === l || d === -l : (d - l) % size === 0 || (d + l) % size === 0;
  return (leg(dr, x, rows) && leg(dc, y, cols)) || (leg(dr, y, rows) && leg(dc, x, cols));
}

/** The length as a sum of roots: `100 × √5`, `3 × √5 + 4 × √10`. */
export function lengthText(kinds: readonly MoveKind[]): string {
  return kinds.map(({ leap: [a, b], moves }) => `${moves} × √${a * a + b * b}`).join(" + ");
}
