import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import type { Budget } from "../core/run.js";
import {
  countSweepId,
  type FrontierLayerInfo,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  frontierCountBoard,
} from "./frontier.js";
import { sweepBoard } from "./frontier-geometry.js";
import type { FrontierSpill } from "./frontier-layer.js";
import { sweepGraph } from "./frontier-order.js";
import type { CountRequest } from "./request.js";

/**
 * Answer a count request with the frontier sweep. The sweep counts undirected Hamiltonian
 * cycles and paths (optionally with required ends); this maps the request onto those:
 *
 * - closed: cycles C (directed 2C); closed from S to E: paths with ends S, E when S, E are a
 *   move apart (each such path plus the edge SE is one cycle);
 * - open: paths P (directed 2P); from S: paths with S as an end (each read once, from S);
 *   from S to E: paths with ends S and E;
 * - non-closable: a path whose ends are a move apart is a cycle minus one of its edges, so
 *   subtract n·C (all paths, n the cells toured), 2·C (paths from S: the two cycle edges at S)
 *   or all of them (S, E adjacent).
 *
 * The sweep takes the board as `sweepBoard` turns it (a plane wider than tall is transposed:
 * the window grows with the number of columns).
 */
export interface FrontierRun {
  readonly count: bigint;
  readonly peakStates: number;
  readonly sweeps: number;
}

export interface FrontierHooks {
  readonly maxBytes?: number | undefined;
  /** Where layers that do not fit under maxBytes go (see FrontierOptions.spill). */
  readonly spill?: FrontierSpill | undefined;
  /** The run's budget, checked between cells (see FrontierOptions.budget). */
  readonly budget?: Budget | undefined;
  readonly onStep?: ((step: number, steps: number, states: number) => void) | undefined;
  /** Every cell's figures (see FrontierOptions.onLayer). */
  readonly onLayer?: ((info: FrontierLayerInfo) => void) | undefined;
  /** Snapshots of the sweep in progress (see FrontierOptions.onSnapshot). */
  readonly onSnapshot?: ((snapshot: FrontierSnapshot) => void) | undefined;
  readonly snapshotEveryMs?: number | undefined;
  /** Called after the sweep drops a large buffer (see FrontierOptions.onRelease). */
  readonly onRelease?: (() => void) | undefined;
  /** Resume the sweep this snapshot belongs to. */
  readonly resume?: FrontierSnapshot | undefined;
  /** Sweeps already finished by an earlier run (sweep id → count), skipped. */
  readonly finished?: Readonly<Record<string, string>> | undefined;
  /** Called when a sweep finishes, to record it next to the snapshot. */
  readonly onSweepDone?: ((sweep: string, count: bigint) => void) | undefined;
  /**
   * Runs each sweep instead of frontierCountBoard (the same contract): the sweep on several
   * threads (src/node/frontier-threads.ts).
   */
  readonly countBoard?: ((board: Board, options: FrontierOptions) => FrontierResult) | undefined;
}

export function frontierCountRequest(
  request: CountRequest,
  hooks: FrontierHooks = {},
): FrontierRun {
  const { board, kind, directed, nonClosable } = request;
  const n = board.vertexCount;
  const swept = sweepBoard(board);
  const transpose = swept.rows !== board.rows;
  const map = (cell: number): number =>
    cell < 0 || !transpose ? cell : board.col(cell) * board.rows + board.row(cell);
  const start = map(request.start);
  const end = map(request.end);
  // The order of the rows the sweep picks (frontier-order.ts): part of a sweep's identity.
  const order = sweepGraph(moveGraph(swept)).rowOrder;
  let peakStates = 0;
  let sweeps = 0;
  const sweep = (mode: "cycle" | "path", ends: number[]): bigint => {
    const id = countSweepId(swept, mode, ends, order);
    const known = hooks.finished?.[id];
    if (known !== undefined) return BigInt(known);
    const { resume, finished: _finished, onSweepDone, countBoard, ...rest } = hooks;
    const result = (countBoard ?? frontierCountBoard)(swept, {
      mode,
      ends,
      ...rest,
      resume: resume?.sweep === id ? resume : undefined,
    });
    peakStates = Math.max(peakStates, result.peakStates);
    sweeps++;
    onSweepDone?.(id, result.count);
    return result.count;
  };
  const done = (count: bigint): FrontierRun => ({ count, peakStates, sweeps });

  if (n === 1) {
    // One cell: the one-cell path is an open tour (it has no reverse); no closed tour.
    return done(kind === "open" ? 1n : 0n);
  }
  if (n === 2 && nonClosable) {
    // Two cells: the one path's ends are a move apart, yet no 2-cell cycle is counted.
    return done(0n);
  }
  const bothEnds = start >= 0 && end >= 0;
  if (bothEnds && start === end) {
    if (kind === "open") return done(0n);
  } else if (bothEnds) {
    const adjacent = moveGraph(swept).isMove(start, end);
    if (kind === "closed") return done(adjacent ? sweep("path", [start, end]) : 0n);
    if (nonClosable && adjacent) return done(0n);
    return done(sweep("path", [start, end]));
  }
  const one = start >= 0 ? start : end;
  if (kind === "closed") {
    const cycles = sweep("cycle", []);
    return done(directed ? 2n * cycles : cycles);
  }
  if (one >= 0) {
    let paths = sweep("path", [one]);
    if (nonClosable) paths -= 2n * sweep("cycle", []);
    return done(paths);
  }
  let paths = sweep("path", []);
  if (nonClosable) paths -= BigInt(n) * sweep("cycle", []);
  return done(directed ? 2n * paths : paths);
}
