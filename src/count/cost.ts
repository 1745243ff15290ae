import type { Board } from "../core/index.js";

/**
 * How long a count would take, in orders of magnitude, said before it starts: `knight count`
 * and the page's Count ask first above LONG_WORK_SECONDS rather than start blind.
 */

/** Work estimated above this asks first (`--yes` starts it at once). */
export const LONG_WORK_SECONDS = 600;

/**
 * Seconds of one core a frontier sweep takes, from the sweeps measured (docs/counting.md): 6×8
 * closed 3 s, 7×8 closed 143 s, 6×40 closed 16 minutes. Each row of width
 * adds a factor of about 40 per cell; open sweeps carry two loose ends as well (7×7 open: tens
 * of GiB and hours by cell 33). The table fills over the first `width` lines, then stays near
 * its peak, where a line costs about five times what the filling ones did on average; and a
 * count past 2^64 sweeps once more per prime lane (frontier-lanes.ts).
 */
export function frontierSeconds(board: Board, closed: boolean): number {
  const width = Math.min(board.rows, board.cols);
  const length = Math.max(board.rows, board.cols);
  const growth = 40 ** (width - 6) * (closed ? 1 : 30);
  const filling = Math.min(length, width) * width * 0.06;
  const full = Math.max(0, length - width) * width * 0.33;
  return (filling + full) * growth * frontierLanes(board);
}

/**
 * The sweeps a count takes: one modulo 2^64, then a prime lane of 52 bits for each 52 bits of
 * the bound the first sweep proves (frontier.ts `countBound`). A knight's tour count passes 2^64
 * some 84 cells in (it has about one bit per cell less twenty: 6×n closed 6n − 22 bits), and
 * the bound grows by the log of the subsets tried at each later cell, about 2.3 bits: 6×40
 * closed, a count of 218 bits, is estimated at eight sweeps.
 */
function frontierLanes(board: Board): number {
  const boundBits = Math.max(0, board.cells - 84) * 2.3;
  return 1 + Math.ceil(boundBits / 52);
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

/**
 * What a frontier sweep holds at its largest: its peak layer (states), the bytes of an entry,
 * and the memory it would take with no ceiling (the table of the peak layer at three quarters
 * full, beside the layer it reads). Orders of magnitude from the knight's sweeps measured
 * (docs/counting.md): peak layers of about 1.4 million states 6 wide closed, 30 million 7 wide
 * (7×8), 890 million 8 wide (8×8); open, 7 million 6 wide and 390 million 7 wide (7×7, folded).
 * Each column of width multiplies them by about 25 closed and 60 open.
 */
export interface FrontierFootprint {
  readonly peakStates: number;
  readonly entryBytes: number;
  /** Bytes the sweep would hold at its peak with no ceiling. */
  readonly memoryBytes: number;
}

export function frontierFootprint(board: Board, closed: boolean): FrontierFootprint {
  const width = Math.min(board.rows, board.cols);
  const peakStates = closed ? 1.4e6 * 25 ** (width - 6) : 7e6 * 60 ** (width - 6);
  // Two key words and the count's two up to 8 wide; a word more beyond.
  const entryBytes = width <= 8 ? 16 : 20;
  const layer = peakStates * entryBytes;
  return { peakStates, entryBytes, memoryBytes: layer / 0.75 + layer };
}

/**
 * Disk a frontier sweep may need under a memory ceiling of `maxBytes`: its spilled runs (when
 * it does not fit: up to twice its peak layer, a state held by more than one run counted once
 * per run) and its checkpoint (up to twice the peak layer while a new one replaces the old).
 */
export function frontierDisk(
  footprint: FrontierFootprint,
  maxBytes: number,
): { readonly spillBytes: number; readonly checkpointBytes: number } {
  const layer = footprint.peakStates * footprint.entryBytes;
  return {
    spillBytes: footprint.memoryBytes > maxBytes ? 2 * layer : 0,
    checkpointBytes: 2 * layer,
  };
}
