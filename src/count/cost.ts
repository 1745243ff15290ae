import type { Board } from "../core/index.js";

/**
 * How long a count would take, in orders of magnitude, said before it starts: `knight count`
 * and the page's Count ask first above LONG_WORK_SECONDS rather than start blind.
 */

/** Work estimated above this asks first (`--yes` starts it at once). */
export const LONG_WORK_SECONDS = 600;

/**
 * Seconds of one core a frontier sweep takes, from the sweeps measured (docs/counting.md): 6×8
 * closed 3 s, 7×8 closed 143 s. Each row of width adds a factor of about 40 per cell; open
 * sweeps carry two loose ends as well (7×7 open: tens of GiB and hours by cell 33).
 */
export function frontierSeconds(board: Board, closed: boolean): number {
  const width = Math.min(board.rows, board.cols);
  const perCell = 0.06 * 40 ** (width - 6) * (closed ? 1 : 30);
  return board.cells * perCell;
}

/** "about 2 hours", "about 40 minutes", "about 10^14 years" (rounded: these are estimates). */
export function formatDuration(seconds: number): string {
  const units: Array<[string, number]> = [
    ["years", 365.25 * 86400],
    ["days", 86400],
    ["hours", 3600],
    ["minutes", 60],
  ];
  for (const [unit, size] of units) {
    const value = seconds / size;
    if (value >= 1.5) {
      if (value >= 1e4) return `about 10^${Math.floor(Math.log10(value))} ${unit}`;
      return `about ${Math.round(value).toLocaleString("en-US")} ${unit}`;
    }
  }
  return `about ${Math.max(1, Math.round(seconds))} s`;
}
