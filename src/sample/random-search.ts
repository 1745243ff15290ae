import type { Board } from "../core/board.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { Tour } from "../core/tour.js";
import { solve } from "../solve/index.js";
import type { SearchLimits } from "../solve/types.js";
import { tourExists } from "../theory/exists.js";
import { mixClosedTour, mixingRotations, mixOpenPath } from "./mix.js";
import { randomWord } from "./random-bigint.js";

/**
 * Random tours for boards too large to count: a randomised search, NOT a uniform sample.
 *
 * 1. A start cell: the one asked for, else a uniformly random cell (open tours: redrawn while
 *    the theory says no open tour starts there, e.g. a minority-colour cell of an odd board).
 * 2. A tour from it: Warnsdorff walks with random tie-breaks (`solve`, method warnsdorff, up to
 *    8 walks, seeded from `random`); if they all get stuck, `solve`'s `auto` (the pruned search,
 *    or the construction on large boards) with the same seed.
 * 3. Scrambling: `mixingRotations(cells)` random Pósa rotations (see mix.ts) — the tail only when
 *    the start is fixed; for closed tours, tail rotations that keep the last arrangement whose
 *    ends meet again.
 * 4. Closed tours are then printed from the requested start (default the top-left corner, a8),
 *    in a direction chosen by a fair coin.
 */
export interface RandomTourRequest {
  readonly closed: boolean;
  /** Required first cell (flat index), or -1. */
  readonly start: number;
  /** Rotations applied after the search (default `mixingRotations(cells)`). */
  readonly rotations?: number;
}

export type RandomTourResult =
  | { readonly status: "found"; readonly tour: Tour; readonly nodes: number }
  | {
      readonly status: "impossible" | "limit" | "aborted" | "stuck";
      readonly reason: string;
      readonly nodes: number;
    };

/** Draws a start cell for an open tour without one; gives up (−1) after this many tries. */
const START_DRAWS = 256;

function randomStart(board: Board, closed: boolean, random: Random): number {
  if (closed) return random.int(board.cells);
  for (let draw = 0; draw < START_DRAWS; draw++) {
    const cell = random.int(board.cells);
    if (tourExists(board, { start: cell }).exists !== false) return cell;
  }
  return -1;
}

/** One randomised tour (see the module comment); `graph` is reused across calls when given. */
export function randomTour(
  board: Board,
  request: RandomTourRequest,
  random: Random,
  limits: SearchLimits = {},
  graph: KnightGraph = knightGraph(board),
): RandomTourResult {
  const { closed } = request;
  const from = request.start >= 0 ? request.start : randomStart(board, closed, random);
  const seed = randomWord(random);
  const common = { closed, seed, ...(from >= 0 ? { start: from } : {}), ...limits };
  let result = solve(board, {
    ...common,
    method: "warnsdorff",
    tieBreak: "random",
    maxAttempts: 8,
  });
  let nodes = result.stats.nodes;
  if (result.status !== "found") {
    result = solve(board, { ...common, method: "auto" });
    nodes += result.stats.nodes;
  }
  if (result.status !== "found" || result.tour === null) {
    return {
      status: result.status === "found" ? "stuck" : result.status,
      reason: result.reason ?? "the search found no tour",
      nodes,
    };
  }
  const path = result.tour.path.slice();
  const rotations = request.rotations ?? mixingRotations(board.cells);
  if (closed) {
    mixClosedTour(graph, path, random, rotations);
    return {
      status: "found",
      tour: { board, path: printFrom(path, Math.max(request.start, 0), random), closed },
      nodes,
    };
  }
  mixOpenPath(graph, path, random, rotations, request.start >= 0);
  return { status: "found", tour: { board, path, closed }, nodes };
}

/** The cycle `path` read from `cell`, forwards or backwards by a fair coin. */
function printFrom(path: Int32Array, cell: number, random: Random): Int32Array {
  const n = path.length;
  const at = path.indexOf(cell);
  const out = new Int32Array(n);
  const step = (randomWord(random) & 1) === 1 ? n - 1 : 1;
  for (let i = 0, j = at; i < n; i++, j = (j + step) % n) out[i] = path[j]!;
  return out;
}
