import { Board } from "../core/board.js";
import type { SmallTourFinder } from "./finder.js";

/**
 * The small tours the construction is tiled from: closed tours of r×c blocks (5 ≤ r, c ≤ 10,
 * r·c even) and open tours of odd×odd blocks from their top-left corner. They are found by the
 * caller's finder (solve's `search`) the first time a size is needed, then kept for the life of
 * the process (a few dozen sizes at most, each under 100 cells). Every such block has the tour
 * asked for, so a failure is a bug, not an answer: it throws and is not cached.
 */

const cache = new Map<string, Int32Array>();

/** Blocks are at most 10×10: a search there takes milliseconds; the limit only guards bugs. */
const BLOCK_TIME_LIMIT_MS = 30_000;

function find(
  rows: number,
  cols: number,
  closed: boolean,
  finder: SmallTourFinder,
  seed: number,
): Int32Array {
  const key = `${rows}x${cols}:${closed ? "closed" : "open"}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const board = new Board(rows, cols);
  const result = finder(board, { closed, start: 0, seed, timeLimitMs: BLOCK_TIME_LIMIT_MS });
  if (result.status !== "found" || result.tour === null) {
    throw new Error(
      `no ${closed ? "closed" : "open"} tour of the ${rows}x${cols} block (${result.status}: ${result.reason ?? ""})`,
    );
  }
  cache.set(key, result.tour.path);
  return result.tour.path;
}

/** A closed tour of a rows×cols block, cells as local flat indices. */
export function closedBlockTour(
  rows: number,
  cols: number,
  finder: SmallTourFinder,
  seed = 1,
): Int32Array {
  return find(rows, cols, true, finder, seed);
}

/** An open tour of a rows×cols block starting at its top-left corner. */
export function openBlockTour(
  rows: number,
  cols: number,
  finder: SmallTourFinder,
  seed = 1,
): Int32Array {
  return find(rows, cols, false, finder, seed);
}

/** Forget cached block tours (tests use it to regenerate them). */
export function clearBlockTours(): void {
  cache.clear();
}
