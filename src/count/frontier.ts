import { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import { freeCycleLane } from "./free-frontier.js";
import { type FreePlan, freePlan, pathPlan } from "./free-plan.js";
import { chosenFreeOrder } from "./frontier-geometry.js";
import { type LaneRun, rowLanePlan, runLane } from "./frontier-lane.js";
import { combineLanes, primeLanesFor } from "./frontier-lanes.js";
import { type RowOrder, sweepGraph } from "./frontier-order.js";
import {
  type FrontierMode,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  MAX_FRONTIER_SIDE,
  sweepId,
} from "./frontier-types.js";

/**
 * Frontier dynamic programming ("dynamic enumeration", a transfer matrix): count Hamiltonian
 * cycles or Hamiltonian paths of the knight graph of a rows × cols board by sweeping the cells
 * in row-major order (a torus: its rows interleaved from both ends, frontier-order.ts; below,
 * "earlier" and "ahead" are in the sweep's order) and keeping, for every possible state of the
 * frontier, how many partial edge sets lead to it. See docs/counting.md for a worked example.
 *
 * When cell `v` is processed it chooses 0, 1 or 2 of its edges to earlier cells (every edge is
 * decided exactly once, by its later end). A processed cell stays in the frontier while it has
 * unprocessed neighbours; with row-major order a knight reaches at most 2·cols + 1 cells ahead,
 * so the frontier is a sliding window of W = 2·cols + 1 cells. Each window slot holds a code:
 *
 * - 0 GONE: the cell has degree 2 (or has left as a path end) — it takes no more edges;
 * - 1 FREE: degree 0 so far;
 * - 2 TAIL (path mode only): degree 1, the end of a partial path whose other end is a finished
 *   tour end;
 * - SECOND and SECOND + d: degree 1, the two ends of one partial path ("mates"): the earlier
 *   end holds SECOND + d, d being how many slots ahead its mate is, and the later end holds
 *   SECOND (3 in path mode, 2 in cycle mode, which has no TAIL).
 *
 * Mates named by distance are canonical as they stand (equal frontiers, equal keys): the key is
 * the w codes packed into as few bits as they need (frontier-layout.ts: 52 bits for 6-wide
 * boards, 56 for 7-wide paths, 63 for 8-wide cycles — two 32-bit words). The number of tour
 * ends already fixed is the number of TAIL codes, and a finished structure only appears at the
 * last cell, where it is added to the result instead of stored, so neither takes key bits.
 *
 * Two shortcuts cut the work without changing a count: at the end of each row a state and its
 * mirror image (left–right) share one entry, since the rows still to come are symmetric
 * (FrontierOptions.fold), and on boards of an odd number of cells a path end fixed on the
 * colour the corners do not have is dropped at once (such a path cannot cover the board).
 *
 * Counts are modulo 2^64 (two 32-bit words an entry; 16 bytes with the key), exact when no sum
 * carried out of 64 bits; otherwise more runs modulo primes finish the count by the Chinese
 * remainder theorem (frontier-lanes.ts). Memory: the layer being read (dense, exactly sized)
 * and the table being built (sized from the growth measured one row earlier) stay under
 * `maxBytes` together; when they would not, and a spill store is given, the layer goes to disk
 * and the table drains sorted runs to disk whenever it is full (frontier-layer.ts).
 */

export { FrontierStop } from "./frontier-exact.js";
export type { LaneRun } from "./frontier-lane.js";
export { countBound } from "./frontier-lanes.js";
export {
  type FrontierLayerInfo,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  MAX_FRONTIER_WINDOW,
} from "./frontier-types.js";

/**
 * Count Hamiltonian cycles (mode "cycle") or paths (mode "path", optionally with required ends)
 * of the knight graph on rows × cols. Boards of one cell are the caller's business.
 * The frontier is 2·cols + 1 cells wide: pass the board with cols ≤ rows.
 */
export function frontierCount(
  rows: number,
  cols: number,
  options: FrontierOptions,
): FrontierResult {
  if (Math.min(rows, cols) > MAX_FRONTIER_SIDE || cols > 2 * MAX_FRONTIER_SIDE) {
    throw new OptionError(
      `the frontier method counts boards whose smaller side is at most ${MAX_FRONTIER_SIDE}; got ${rows}×${cols}`,
      `${rows}x${cols}`,
    );
  }
  return frontierCountBoard(new Board(rows, cols), options);
}

/** The snapshot to resume from, refused when it belongs to another sweep than this request's. */
export function resumeFor(board: Board, options: FrontierOptions): FrontierOptions["resume"] {
  const resume = options.resume;
  if (resume === undefined) return undefined;
  const order = sweepGraph(moveGraph(board), options.order).rowOrder;
  const sweep = sweepId(board, options.mode, options.ends ?? [], order);
  if (resume.sweep !== sweep) {
    throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
  }
  return resume;
}

/**
 * The sweep on any board as it stands — any piece, holes, columns wrapped — in row-major order,
 * its window read off the move graph (`sweepWindow`; refused past MAX_FRONTIER_WINDOW). `ends`
 * are cells of this board. Turning a wide plane board first is the caller's choice
 * (frontier-request.ts does); a torus is swept with its rows interleaved (frontier-order.ts).
 */
export function frontierCountBoard(board: Board, options: FrontierOptions): FrontierResult {
  if (board.vertexCount < 2) return { count: 0n, peakStates: 0, transitions: 0, lanes: 0 };
  const free = freeCyclePlan(board, options);
  if (free) {
    const sweep = freeSweepId(board, options.mode, chosenFreeOrder(board)!);
    const resume = options.resume;
    if (resume && resume.sweep !== sweep) {
      throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
    }
    return countByLanes(resume, (lane, residues, laneResume) =>
      freeCycleLane(free, lane, { ...options, resume: laneResume, sweep, residues }),
    );
  }
  const resume = resumeFor(board, options);
  return countByLanes(resume, (lane, residues, laneResume) =>
    sweepLane(board, options, lane, residues, laneResume),
  );
}

/**
 * One lane of a sweep alone (lane 0: modulo 2^64 with its bound; lane i ≥ 1: modulo
 * lanePrime(i − 1)), for a queue that runs the lanes as separate jobs (src/node/queue). The
 * lanes of a count need nothing from each other: combining them is the caller's business.
 */
export function frontierLane(board: Board, options: FrontierOptions, lane: number): LaneRun {
  if (!Number.isSafeInteger(lane) || lane < 0) throw new Error(`lane ${lane} is not 0 or more`);
  if (board.vertexCount < 2) return { residue: 0n, bound: 0n, peakStates: 0, transitions: 0 };
  const free = freeCyclePlan(board, { ...options, resume: undefined });
  if (free) return freeCycleLane(free, lane, { ...options, resume: undefined });
  return sweepLane(board, { ...options, resume: undefined }, lane, [], undefined);
}

/**
 * The plan of a count in a free order of the cells (free-frontier.ts), when it should take one:
 * tours with no ends fixed — closed, or open as cycles through one more vertex (free-plan.ts
 * `pathPlan`) — not resuming a row sweep's snapshot (a free count's snapshot resumes here), nor
 * asked for a row order or the row sweep without its fold (those name the row sweep: the second
 * computations of docs/results.md), and where chooseFreeOrder prefers it (the cells' order
 * decides for both kinds).
 */
export function freeCyclePlan(board: Board, options: FrontierOptions): FreePlan | undefined {
  // The knight's plain boards stay with the row sweep, tuned for them (the free order's proxy
  // was never below a fiftieth of the rows' there: 6×6).
  if (board.plain || (options.ends?.length ?? 0) > 0) return undefined;
  if (options.order !== undefined || options.fold === false) return undefined;
  if (options.resume && !options.resume.sweep.includes(FREE_SWEEP)) return undefined;
  const order = chosenFreeOrder(board);
  if (!order) return undefined;
  const graph = moveGraph(board);
  return options.mode === "cycle" ? freePlan(graph, order) : pathPlan(graph, order);
}

/** What marks a free count's sweep id (its snapshots resume only a free count). */
const FREE_SWEEP = "::free:";

/**
 * The sweep id of a count in a free order (its snapshots' `sweep`): the board, the kind, and a
 * hash of the order, so a snapshot never resumes a count in another order (a later version's
 * greedy choice, say).
 */
function freeSweepId(board: Board, mode: FrontierMode, order: Int32Array): string {
  let hash = 0x811c9dc5;
  for (const cell of order) hash = Math.imul(hash ^ cell, 0x01000193) >>> 0;
  return `${board.key}:${mode}${FREE_SWEEP}${order.length}:${hash.toString(16)}`;
}

/**
 * The id of the sweep a count of `board` runs (frontier-request.ts keys snapshots and finished
 * sweeps by it): the free order's when it takes the board, else the rows'.
 */
export function countSweepId(
  board: Board,
  mode: FrontierMode,
  ends: readonly number[],
  rowOrder: RowOrder,
): string {
  const order = ends.length === 0 && !board.plain ? chosenFreeOrder(board) : undefined;
  return order ? freeSweepId(board, mode, order) : sweepId(board, mode, ends, rowOrder);
}

/**
 * The lanes of a count: lane 0 modulo 2^64, then, when a sum passed 2^64, as many prime lanes
 * as the bound on the count asks for (frontier-lanes.ts), from `resume`'s lane on. `runLane`
 * sweeps one lane (on this thread, or its share on each of several: frontier-shard.ts).
 */
export function countByLanes(
  resume: FrontierSnapshot | undefined,
  runLane: (lane: number, residues: bigint[], resume: FrontierSnapshot | undefined) => LaneRun,
): FrontierResult {
  const residues: bigint[] = (resume?.residues ?? []).map((r) => BigInt(r));
  let peakStates = 0;
  let transitions = 0;
  let lanesNeeded = 1;
  let bound = 0n;
  for (let lane = residues.length; lane < lanesNeeded; lane++) {
    const run = runLane(lane, residues, resume?.lane === lane ? resume : undefined);
    peakStates = Math.max(peakStates, run.peakStates);
    transitions += run.transitions;
    residues.push(run.residue);
    if (lane === 0 && run.bound > 0n) {
      bound = run.bound;
      lanesNeeded = 1 + primeLanesFor(bound);
    } else if (lane === 0 && resume && resume.lane > 0) {
      lanesNeeded = resume.lane + 1;
    }
  }
  if (lanesNeeded < residues.length) lanesNeeded = residues.length;
  const count =
    residues.length === 1 ? residues[0]! : combineLanes(residues[0]!, residues.slice(1));
  return { count, peakStates, transitions, lanes: residues.length };
}

/** One lane of the row sweep (frontier-lane.ts `runLane` on the rows' plan). */
function sweepLane(
  board: Board,
  options: FrontierOptions,
  lane: number,
  residues: readonly bigint[],
  resume: FrontierSnapshot | undefined,
): LaneRun {
  return runLane(rowLanePlan(board, options), lane, options, residues, resume);
}
