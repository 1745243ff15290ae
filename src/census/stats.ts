import { type Board, isKnight } from "../core/index.js";

/**
 * The statistics a census keeps for every tour it visits, in the order the search records
 * them. Each is a whole number per tour, symmetric under the board's symmetries and under
 * reversal, so a canonical subproblem's tallies stand for every subproblem of its class.
 */
export const STAT_NAMES = [
  "acute",
  "obtuse",
  "orthogonal",
  "crossings",
  "sweptArea",
  "maxSlope",
  "minSlope",
  "tarnishSquares",
  "wedgesUsed",
] as const;

export type StatName = (typeof STAT_NAMES)[number];

export const STAT_COUNT = STAT_NAMES.length;

/** Why a census of another piece than the knight keeps no tarnish. */
export const TARNISH_KNIGHT_ONLY =
  "tarnish is a knight's statistic (a knight move jumps over the two cells beside its midpoint)";

/** The statistics a census of `board` keeps, in census order: tarnish only for the knight. */
export function censusStatNames(board: Board): readonly StatName[] {
  return isKnight(board.piece) ? STAT_NAMES : STAT_NAMES.filter((n) => n !== "tarnishSquares");
}

/** Index of the swept area, kept doubled inside the search (the shoelace sum is an integer). */
export const SWEPT_AREA = 4;

/** The decimal text of a recorded value: the swept area is stored doubled. */
export function formatStatValue(stat: number, value: number): string {
  if (stat !== SWEPT_AREA) return String(value);
  return value % 2 === 0 ? String(value / 2) : `${(value - 1) / 2}.5`;
}

/** Parse `formatStatValue` back to the recorded number. */
export function parseStatValue(stat: number, text: string): number {
  return stat === SWEPT_AREA ? Math.round(Number(text) * 2) : Number(text);
}

export function statIndex(name: string): number {
  const i = (STAT_NAMES as readonly string[]).indexOf(name);
  return i;
}

/**
 * Histogram lengths on a board of n cells (values 0..length − 1): turns and slopes ≤ n;
 * crossings ≤ n·maxCross/2 (each move crosses at most maxCross others); the doubled swept area
 * ≤ n·maxTerm; Σ t² ≤ 8·Σ t = 16n (each move tarnishes two cells, a count is at most 8); 28
 * wedge letters.
 */
export function histogramSizes(n: number, maxCross: number, maxTerm: number): number[] {
  return [
    n + 1,
    n + 1,
    n + 1,
    Math.ceil((n * maxCross) / 2) + 1,
    n * maxTerm + 1,
    n + 1,
    n + 1,
    16 * n + 1,
    29,
  ];
}
