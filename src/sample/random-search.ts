import type { Board } from "../core/board.js";
import { type KnightGraph, knightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { SearchProgress, TourResult } from "../core/result.js";
import { Budget, type Limits } from "../core/run.js";
import type { Tour } from "../core/tour.js";
import { solve } from "../solve/solve.js";
import { GraphTourFinder } from "../symmetry/graph-tour.js";
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
 * 4. Closed tours are then printed from the requested start (default the top-left corner, a8,
 *    or the first cell that is not a hole), in a direction chosen by a fair coin.
 *
 * Off the knight's plain rectangle (tori, cylinders, other pieces, holes) step 2 is the
 * randomised finder on the move graph (GraphTourFinder: Warnsdorff's rule with random
 * tie-breaks and Pósa rotations, then an exhaustive search), and the start is any cell that is
 * not a hole: `solve`'s walkers and the knight's theorems are for the plain rectangle.
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

/** Start cells an open tour without a required start may try before giving up. */
const START_DRAWS = 64;

/** A random start cell for an open tour the theory does not rule out, avoiding `bad`; -1: none. */
function randomOpenStart(board: Board, random: Random, bad: Set<number>): number {
  for (let draw = 0; draw < 4 * START_DRAWS; draw++) {
    const cell = random.int(board.cells);
    if (bad.has(cell) || board.isHole(cell)) continue;
    if (!board.plain || tourExists(board, { start: cell }).exists !== false) return cell;
  }
  return -1;
}

/** A uniformly random cell that is not a hole. */
function randomCell(board: Board, random: Random): number {
  for (;;) {
    const cell = random.int(board.cells);
    if (!board.isHole(cell)) return cell;
  }
}

/**
 * One randomised tour (see the module comment); `graph` is reused across calls when given. The
 * searches run inside one budget (the caller's, when `limits.budget` is given), and each one's
 * nodes are counted against it as it finishes.
 */
export function randomTour(
  board: Board,
  request: RandomTourRequest,
  random: Random,
  limits: Limits<SearchProgress> = {},
  graph: KnightGraph = knightGraph(board),
  finder: GraphTourFinder | null = board.plain ? null : new GraphTourFinder(board),
): RandomTourResult {
  const { closed } = request;
  const chooseStart = !closed && request.start < 0;
  const bad = new Set<number>();
  const budget = Budget.start(limits);
  let nodes = 0;
  for (let draw = 0; ; draw++) {
    // A closed tour may be searched from any cell: it is turned to its printed start after.
    const from = closed
      ? randomCell(board, random)
      : chooseStart
        ? randomOpenStart(board, random, bad)
        : request.start;
    let result: TourResult;
    if (finder !== null) {
      result = finder.find({ closed, start: from }, random, { budget });
      nodes += result.stats.nodes;
      budget.spend(result.stats.nodes);
    } else {
      const seed = randomWord(random);
      const common = { closed, seed, start: from >= 0 ? from : undefined, budget };
      result = solve(board, {
        ...common,
        method: "warnsdorff",
        tieBreak: "random",
        maxAttempts: 8,
      });
      nodes += result.stats.nodes;
      budget.spend(result.stats.nodes);
      if (result.status !== "found") {
        result = solve(board, { ...common, method: "auto" });
        nodes += result.stats.nodes;
        budget.spend(result.stats.nodes);
      }
    }
    // No open tour from the drawn cell (some cells of 3×n boards): draw another.
    if (result.status === "impossible" && chooseStart && from >= 0 && draw < START_DRAWS) {
      bad.add(from);
      continue;
    }
    if (result.status !== "found" || result.tour === null) {
      return {
        status: result.status === "found" ? "stuck" : result.status,
        reason: result.reason ?? "the search found no tour",
        nodes,
      };
    }
    const path = result.tour.path.slice();
    const rotations = request.rotations ?? mixingRotations(board.vertexCount);
    if (closed) {
      mixClosedTour(graph, path, random, rotations);
      const printed = printFrom(path, request.start >= 0 ? request.start : board.firstCell, random);
      return { status: "found", tour: { board, path: printed, closed }, nodes };
    }
    mixOpenPath(graph, path, random, rotations, request.start >= 0);
    return { status: "found", tour: { board, path, closed }, nodes };
  }
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
