import type { Tour } from "../core/index.js";
import { tourStats } from "../stats/index.js";
import type { StatName } from "./stats.js";
import { directionOf, WEDGE_BY_DIRECTIONS } from "./wedges.js";

/**
 * The census statistics of one closed tour, computed from its path alone and the project's
 * `tourStats` (turns, crossings, slopes); the swept area, tarnish and wedges by direct sums.
 * Slow and plain: the reference the search's running tallies are tested against, and the check
 * of every witness a census returns.
 */
export function censusStatsOfTour(tour: Tour): Record<StatName, number> {
  const { board, path } = tour;
  const { cols } = board;
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
    // The two cells beside the midpoint of the move.
    const dr = br - ar;
    const dc = bc - ac;
    if (Math.abs(dr) === 2) {
      tarnish[(ar + dr / 2) * cols + ac]!++;
      tarnish[(ar + dr / 2) * cols + bc]!++;
    } else {
      tarnish[ar * cols + ac + dc / 2]!++;
      tarnish[br * cols + ac + dc / 2]!++;
    }
    const prev = path[(i + n - 1) % n]!;
    const d1 = directionOf(Math.floor(prev / cols) - ar, (prev % cols) - ac);
    const d2 = directionOf(dr, dc);
    used.add(WEDGE_BY_DIRECTIONS[d1 * 8 + d2]!);
  }
  let tarnishSquares = 0;
  for (const t of tarnish) tarnishSquares += t * t;
  const values: Record<StatName, number> = {
    acute: stats.angles.acute,
    obtuse: stats.angles.obtuse,
    orthogonal: stats.angles.right + stats.angles.straight,
    crossings: stats.crossings.total,
    sweptArea: Math.abs(twice) / 2,
    maxSlope: Math.max(...slopes),
    minSlope: Math.min(...slopes),
    tarnishSquares,
    wedgesUsed: used.size,
  };
  return values;
}

/** The statistic names in census order (re-exported for callers of the reference). */
