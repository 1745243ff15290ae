import type { Board } from "../core/board.js";
import { pieceMoves } from "../core/piece.js";
import { wrapsColumns, wrapsRows } from "../core/topology.js";

/**
 * How a move is drawn. On a plane every move is one straight segment between two cell centres.
 * On a cylinder (columns wrap) or a torus (rows too) a move may leave the board by one edge and
 * come back by the opposite one: it is drawn as the straight leap it is, cut where it crosses an
 * edge, each piece moved back onto the board — so a wrapped move shows as two (at a corner
 * three) half-segments that end on the border, never as a long line across the board.
 *
 * Coordinates are board units: cell (r, c) is centred at (c + 0.5, r + 0.5), as in the SVG.
 */

/** A straight piece of a drawn move: from (x1, y1) to (x2, y2), in board units. */
export type Segment = readonly [x1: number, y1: number, x2: number, y2: number];

/**
 * The displacement (rows, columns) the piece makes to go from `a` to `b`. On a plane it is just
 * the difference of the cells' rows and columns; on a wrapped axis it is the leap's own leg
 * (congruent to the difference modulo the side), the shortest detour preferred, so a move that
 * is a leap without wrapping is drawn without wrapping. A pair that is no move at all keeps the
 * plain difference (a straight line: the validator, not the picture, refuses it).
 */
export function moveDisplacement(board: Board, a: number, b: number): [number, number] {
  const { rows, cols } = board;
  const dr0 = Math.floor(b / cols) - Math.floor(a / cols);
  const dc0 = (b % cols) - (a % cols);
  if (board.topology === "plane") return [dr0, dc0];
  const rowWrap = wrapsRows(board.topology);
  const colWrap = wrapsColumns(board.topology);
  let best: [number, number] = [dr0, dc0];
  let bestDetour = Number.POSITIVE_INFINITY;
  for (const [dr, dc] of movesOf(board)) {
    const rowsFit = rowWrap ? mod(dr - dr0, rows) === 0 : dr === dr0;
    const colsFit = colWrap ? mod(dc - dc0, cols) === 0 : dc === dc0;
    if (!rowsFit || !colsFit) continue;
    const detour = Math.abs(dr - dr0) + Math.abs(dc - dc0);
    if (detour < bestDetour) {
      best = [dr, dc];
      bestDetour = detour;
      if (detour === 0) break;
    }
  }
  return best;
}

/** Whether the move from `a` to `b` is drawn across an edge (never on a plane). */
export function wrapsAround(board: Board, a: number, b: number): boolean {
  if (board.topology === "plane") return false;
  const [dr, dc] = moveDisplacement(board, a, b);
  const { cols } = board;
  return dr !== Math.floor(b / cols) - Math.floor(a / cols) || dc !== (b % cols) - (a % cols);
}

/**
 * The pieces of the move from `a` to `b` as drawn: one segment from centre to centre when it
 * does not wrap, else the leap cut at every edge it crosses, each piece translated back onto
 * the board. The first piece starts at `a`'s centre, the last ends at `b`'s.
 */
export function moveSegments(board: Board, a: number, b: number): Segment[] {
  const { rows, cols } = board;
  const x1 = (a % cols) + 0.5;
  const y1 = Math.floor(a / cols) + 0.5;
  const [dr, dc] = moveDisplacement(board, a, b);
  const x2 = x1 + dc;
  const y2 = y1 + dr;
  if (x2 > 0 && x2 < cols && y2 > 0 && y2 < rows) return [[x1, y1, x2, y2]];
  // Where the straight leap crosses a vertical line x = k·cols or a horizontal one y = k·rows.
  const cuts: number[] = [0, 1];
  for (const [from, delta, side] of [
    [x1, dc, cols],
    [y1, dr, rows],
  ] as const) {
    if (delta === 0) continue;
    const lo = Math.min(from, from + delta);
    const hi = Math.max(from, from + delta);
    for (let k = Math.ceil(lo / side); k * side <= hi; k++) {
      const t = (k * side - from) / delta;
      if (t > 0 && t < 1) cuts.push(t);
    }
  }
  cuts.sort((p, q) => p - q);
  const pieces: Segment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const t0 = cuts[i]!;
    const t1 = cuts[i + 1]!;
    if (t1 - t0 < 1e-12) continue; // two edges crossed at once: a corner
    // The copy of the board this piece lies in, from its midpoint.
    const mid = (t0 + t1) / 2;
    const ox = Math.floor((x1 + dc * mid) / cols) * cols;
    const oy = Math.floor((y1 + dr * mid) / rows) * rows;
    pieces.push([
      clean(x1 + dc * t0 - ox),
      clean(y1 + dr * t0 - oy),
      clean(x1 + dc * t1 - ox),
      clean(y1 + dr * t1 - oy),
    ]);
  }
  return pieces;
}

/** Every step of the board's piece (cached per piece: a picture asks for each move). */
const movesCache = new WeakMap<object, ReadonlyArray<readonly [number, number]>>();
function movesOf(board: Board): ReadonlyArray<readonly [number, number]> {
  let moves = movesCache.get(board.piece);
  if (moves === undefined) {
    moves = pieceMoves(board.piece);
    movesCache.set(board.piece, moves);
  }
  return moves;
}

function mod(value: number, n: number): number {
  return ((value % n) + n) % n;
}

/** Exact edges stay exact: crossing points are rationals, so round away float noise. */
function clean(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}
