import { OptionError } from "../core/errors.js";
import { isKnight, type Piece } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { gcd } from "./gcd.js";

/**
 * Move slopes. Every knight move lies on a line of slope ±2 (steep) or ±1/2 (shallow), as drawn
 * with rank 1 at the bottom (so "up and to the right" is positive). The direction of travel does
 * not matter. Another piece's moves have their own slopes (`slopeKeys`: the giraffe's ±4 and
 * ±1/4), written as reduced fractions; `∞` is vertical. Slopes are of straight segments on the
 * page, so they are measured on plane boards only.
 */
export type Slope = "2" | "-2" | "1/2" | "-1/2";

/** Moves per slope, keyed by the slope's text (`2`, `-1/2`, `∞`; the knight's four keys). */
export type SlopeHistogram = Record<string, number>;

/** The slope of the move from cell a to cell b on a board with `cols` columns (knight moves). */
export function slopeOf(cols: number, a: number, b: number): Slope {
  const up = Math.floor(a / cols) - Math.floor(b / cols); // rows grow downwards
  const right = (b % cols) - (a % cols);
  const positive = up * right > 0;
  const steep = Math.abs(up) === 2;
  return steep ? (positive ? "2" : "-2") : positive ? "1/2" : "-1/2";
}

/** The text of the slope up / right (reduced; `∞` vertical, `0` horizontal). */
export function slopeText(up: number, right: number): string {
  if (right === 0) return "∞";
  if (up === 0) return "0";
  const sign = up * right > 0 ? "" : "-";
  const g = gcd(up, right);
  const p = Math.abs(up) / g;
  const q = Math.abs(right) / g;
  return q === 1 ? `${sign}${p}` : `${sign}${p}/${q}`;
}

/**
 * The slopes of a piece's moves, each once, in the order reports list them: per leap {a, b},
 * steep positive, steep negative, shallow positive, shallow negative (the knight: 2, -2, 1/2,
 * -1/2).
 */
export function slopeKeys(piece: Piece): string[] {
  const keys: string[] = [];
  for (const [a, b] of piece.leaps) {
    for (const key of [slopeText(b, a), slopeText(-b, a), slopeText(a, b), slopeText(-a, b)]) {
      if (!keys.includes(key)) keys.push(key);
    }
  }
  return keys;
}

/**
 * How many moves of the tour have each slope. O(N).
 *
 * @throws OptionError on a wrapped board (a move across an edge has no slope on the page).
 */
export function slopeHistogram(tour: Tour): SlopeHistogram {
  const { path, closed, board } = tour;
  const cols = board.cols;
  const n = path.length;
  const moves = closed && n > 2 ? n : n - 1;
  if (isKnight(board.piece) && board.topology === "plane") {
    const histogram: SlopeHistogram = { "2": 0, "-2": 0, "1/2": 0, "-1/2": 0 };
    for (let i = 0; i < moves; i++)
      histogram[slopeOf(cols, path[i]!, path[i + 1 === n ? 0 : i + 1]!)]!++;
    return histogram;
  }
  if (board.topology !== "plane") {
    throw new OptionError(
      `slopes are measured on plane boards, and ${board} wraps: a move across an edge has no straight segment on the page`,
      board.topology,
    );
  }
  const histogram: SlopeHistogram = {};
  for (const key of slopeKeys(board.piece)) histogram[key] = 0;
  for (let i = 0; i < moves; i++) {
    const a = path[i]!;
    const b = path[i + 1 === n ? 0 : i + 1]!;
    const key = slopeText(Math.floor(a / cols) - Math.floor(b / cols), (b % cols) - (a % cols));
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  return histogram;
}
