import { isKnight } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { tourStats } from "../stats/tour-stats.js";
import { censusMoves, directionIn } from "./leaper.js";
import type { StatName } from "./stats.js";
import { WEDGE_BY_DIRECTIONS } from "./wedges.js";

/** A tour's census statistics: tarnishSquares only for the knight (`censusStatNames`). */
export type CensusStatValues = Record<Exclude<StatName, "tarnishSquares">, number> & {
  tarnishSquares?: number;
};

/**
 * The census statistics of one closed tour, computed from its path alone and the project's
 * `tourStats` (turns, crossings, slopes); the swept area, tarnish and wedges by direct sums.
 * Slow and plain: the reference the search's running tallies are tested against, and the check
 * of every witness a census returns. Any board the census takes (leaper.ts); tarnish for the
 * knight only.
 */
export function censusStatsOfTour(tour: Tour): CensusStatValues {
  const { board, path } = tour;
  const { cols } = board;
  const moves = censusMoves(board);
  const knight = isKnight(board.piece);
  const n = path.length;
  const stats = tourStats(tour);
  const slopes = Object.values(stats.slopes);
  let twice = 0;
  const tarnish = new Int32Array(board.cells);
  const used = new Set<number>();
  for (let i = 0; i < n; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    const ar = Math.floor(a / cols);
    const ac = a % cols;
    const br = Math.floor(b / cols);
    const bc = b % cols;
    twice += ac * br - bc * ar;
    const dr = br - ar;
    const dc = bc - ac;
    // The two cells beside the midpoint of a knight move.
    if (knight && Math.abs(dr) === 2) {
      tarnish[(ar + dr / 2) * cols + ac]!++;
      tarnish[(ar + dr / 2) * cols + bc]!++;
    } else if (knight) {
      tarnish[ar * cols + ac + dc / 2]!++;
      tarnish[br * cols + ac + dc / 2]!++;
    }
    const prev = path[(i + n - 1) % n]!;
    const d1 = directionIn(moves, Math.floor(prev / cols) - ar, (prev % cols) - ac);
    const d2 = directionIn(moves, dr, dc);
    used.add(WEDGE_BY_DIRECTIONS[d1 * 8 + d2]!);
  }
  let tarnishSquares = 0;
  for (const t of tarnish) tarnishSquares += t * t;
  const a = stats.angles;
  // The census takes only 8-move leapers, whose turns make six angles (tourStats's classes).
  const angle = (k: number) => a.byClass[k]!;
  const values: CensusStatValues = {
    acute: a.acute,
    obtuse: a.obtuse,
    orthogonal: a.orthogonal,
    angle37: angle(0),
    angle53: angle(1),
    angle90: angle(2),
    angle127: angle(3),
    angle143: angle(4),
    angle180: angle(5),
    crossings: stats.crossings.total,
    unintersected: stats.crossings.unintersected,
    sweptArea: Math.abs(twice) / 2,
    maxSlope: Math.max(...slopes),
    minSlope: Math.min(...slopes),
    ...(knight ? { tarnishSquares } : {}),
    wedgesUsed: used.size,
  };
  return values;
}
