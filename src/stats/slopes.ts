import type { Tour } from "../core/index.js";

/**
 * Move slopes. Every knight move lies on a line of slope ±2 (steep) or ±1/2 (shallow), as drawn
 * with rank 1 at the bottom (so "up and to the right" is positive). The direction of travel does
 * not matter.
 */
export type Slope = "2" | "-2" | "1/2" | "-1/2";

export type SlopeHistogram = Record<Slope, number>;

/** The slope of the move from cell a to cell b on a board with `cols` columns. */
export function slopeOf(cols: number, a: number, b: number): Slope {
  const up = Math.floor(a / cols) - Math.floor(b / cols); // rows grow downwards
  const right = (b % cols) - (a % cols);
  const positive = up * right > 0;
  const steep = Math.abs(up) === 2;
  return steep ? (positive ? "2" : "-2") : positive ? "1/2" : "-1/2";
}

/** How many moves of the tour have each slope. O(N). */
export function slopeHistogram(tour: Tour): SlopeHistogram {
  const { path, closed } = tour;
  const cols = tour.board.cols;
  const n = path.length;
  const histogram: SlopeHistogram = { "2": 0, "-2": 0, "1/2": 0, "-1/2": 0 };
  const moves = closed && n > 2 ? n : n - 1;
  for (let i = 0; i < moves; i++)
    histogram[slopeOf(cols, path[i]!, path[i + 1 === n ? 0 : i + 1]!)]++;
  return histogram;
}
