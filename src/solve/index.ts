import type { Board } from "../core/board.js";
import { knightGraph } from "../core/graph.js";
import { createRandom } from "../core/random.js";
import { tourExists } from "../theory/exists.js";
import type { SearchLimits, SolveResult, SolveStats } from "./types.js";
import { WarnsdorffWalker } from "./warnsdorff.js";

export type {
  SearchLimits,
  SolveProgress,
  SolveResult,
  SolveStats,
  SolveStatus,
} from "./types.js";
export { WarnsdorffWalker } from "./warnsdorff.js";

export interface SolveOptions extends SearchLimits {
  /** Ask for a closed tour (the last cell a knight's move from the first). */
  readonly closed?: boolean;
  /** First cell (flat index); default: cell 0 (a8, the top-left corner as printed). */
  readonly start?: number;
  /** Required last cell for an open tour (flat index). */
  readonly end?: number;
  /** Seed of the PRNG used for randomised restarts. */
  readonly seed?: number;
  /** Greedy walks to try before giving up with status "limit"; default 10,000. */
  readonly maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 10_000;

/**
 * Find a knight's tour. Impossible requests (by the theorems in theory/) answer
 * `status: "impossible"` with the reason. Otherwise Warnsdorff's rule is walked from the start,
 * first with fixed-order tie-breaks, then with seeded random ones, until a walk meets the request
 * or a limit ends the search.
 */
export function solve(board: Board, options: SolveOptions = {}): SolveResult {
  const began = performance.now();
  const { closed = false, start = 0, end, seed = 1, signal, onProgress } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const stats: SolveStats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
  const finish = (result: Omit<SolveResult, "stats">): SolveResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };

  const existence = tourExists(board, { closed, start, ...(end === undefined ? {} : { end }) });
  if (existence.exists === false) {
    return finish({ status: "impossible", tour: null, reason: existence.reason });
  }

  const graph = knightGraph(board);
  const walker = new WarnsdorffWalker(graph);
  const random = createRandom(seed);
  const cells = board.cells;
  let longest: Int32Array | undefined;

  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (signal?.aborted)
      return finish({ status: "aborted", tour: null, reason: "the search was aborted" });
    if (options.timeLimitMs !== undefined && performance.now() - began > options.timeLimitMs) {
      return finish({
        status: "limit",
        tour: null,
        reason: `the time limit of ${options.timeLimitMs} ms ran out`,
      });
    }
    if (options.nodeLimit !== undefined && stats.nodes >= options.nodeLimit) {
      return finish({
        status: "limit",
        tour: null,
        reason: `the node limit of ${options.nodeLimit} was reached`,
      });
    }
    const length = walker.walk(start, attempt === 0 ? null : random);
    stats.attempts++;
    stats.nodes += length;
    if (onProgress && (attempt & 63) === 63) {
      onProgress({ nodes: stats.nodes, attempts: stats.attempts, ms: performance.now() - began });
    }
    const path = walker.path;
    if (length === cells) {
      const last = path[cells - 1]!;
      const meets = cells === 1 || (!closed && (end === undefined || last === end));
      if (meets || (closed && graph.adjacent(last, start))) {
        return finish({ status: "found", tour: { board, path: path.slice(), closed } });
      }
    } else if (longest === undefined || length > longest.length) {
      longest = path.slice(0, length);
    }
  }
  // One deterministic greedy walk that got stuck is the classic outcome: report how far it got.
  if (maxAttempts === 1 && longest !== undefined) {
    return finish({
      status: "stuck",
      tour: null,
      partial: longest,
      reason: `Warnsdorff's rule got stuck after ${longest.length} of ${cells} cells`,
    });
  }
  return finish({
    status: "limit",
    tour: null,
    ...(longest === undefined ? {} : { partial: longest }),
    reason: `no tour found in ${stats.attempts} greedy walks (the attempt limit)`,
  });
}
