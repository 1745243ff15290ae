import type { Board } from "../core/board.js";
import { isKnight } from "../core/piece.js";

/**
 * The statistics a census keeps for every tour it visits, in the order the search records
 * them. Each is a whole number per tour, symmetric under the board's symmetries and under
 * reversal, so a canonical subproblem's tallies stand for every subproblem of its class.
 *
 * The turns are Knuth's (TAOCP, Pre-Fascicle 8A, "A census of knight's tours"): `acute` turns
 * are under 90°, `obtuse` ones over 90° — a straight pass (180°) included — and `orthogonal`
 * ones 90° or 180°, so a straight pass counts in both of the last two. `angle37` … `angle180`
 * count each of the six angles a wedge can make, named by the knight's (36.87°, 53.13°, 90°,
 * 126.87°, 143.13°, 180°); for another leaper they count its own six angles in ascending order
 * (the giraffe's 28.07°, 61.93°, 90°, 118.07°, 151.93°, 180°). `unintersected` counts the moves
 * that no other move of the tour crosses.
 */
export const STAT_NAMES = [
  "acute",
  "obtuse",
  "orthogonal",
  "angle37",
  "angle53",
  "angle90",
  "angle127",
  "angle143",
  "angle180",
  "crossings",
  "unintersected",
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

/** Index of the first of the six angle counts (angle37); angle k is at ANGLE_STATS + k. */
export const ANGLE_STATS = 3;
/** Indices of the other statistics the search writes. */
export const CROSSINGS = 9;
export const UNINTERSECTED = 10;
/** Index of the swept area, kept doubled inside the search (the shoelace sum is an integer). */
export const SWEPT_AREA = 11;
export const MAX_SLOPE = 12;
export const MIN_SLOPE = 13;
export const TARNISH_SQUARES = 14;
export const WEDGES_USED = 15;

/**
 * The six angles as bits (bit k: the k-th smallest angle, `angle37` … `angle180` for the
 * knight) and each turn statistic as the set of angles it counts: Knuth's groups overlap at
 * 180°, which is obtuse and orthogonal.
 */
export const TURN_STAT_ANGLES: Readonly<Partial<Record<StatName, number>>> = {
  acute: 0b000011,
  obtuse: 0b111000,
  orthogonal: 0b100100,
  angle37: 0b000001,
  angle53: 0b000010,
  angle90: 0b000100,
  angle127: 0b001000,
  angle143: 0b010000,
  angle180: 0b100000,
};

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
 * Histogram lengths on a board of n cells (values 0..length − 1): turns, moves and slopes ≤ n;
 * crossings ≤ n·maxCross/2 (each move crosses at most maxCross others); the doubled swept area
 * ≤ n·maxTerm; Σ t² ≤ 8·Σ t = 16n (each move tarnishes two cells, a count is at most 8); 28
 * wedge letters.
 */
export function histogramSizes(n: number, maxCross: number, maxTerm: number): number[] {
  return [
    ...Array.from({ length: 9 }, () => n + 1),
    Math.ceil((n * maxCross) / 2) + 1,
    n + 1,
    n * maxTerm + 1,
    n + 1,
    n + 1,
    16 * n + 1,
    29,
  ];
}
