import { Board } from "../core/board.js";
import { createPiece } from "../core/piece.js";
import type { Topology } from "../core/topology.js";
import type { CountPlan } from "../count/dispatch.js";
import { type CountRequest, countRequest } from "../count/request.js";
import type { CheckpointKey } from "./checkpoint.js";

/**
 * What a count-worker thread is built with: the whole geometry (a worker rebuilds the board
 * from it, so a torus count is never run on a plane) and the query, cells as flat indices
 * (-1: none). Plain data: it crosses the thread boundary by structured clone.
 */
export interface WorkerSetup {
  readonly rows: number;
  readonly cols: number;
  /** The piece's leaps ([[1, 2]]: the knight). */
  readonly leaps: ReadonlyArray<readonly [number, number]>;
  readonly topology: Topology;
  /** Removed cells, flat indices. */
  readonly holes: readonly number[];
  readonly closed: boolean;
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
  readonly maxBytes: number;
}

/** The setup that rebuilds `request` in a worker. */
export function workerSetup(request: CountRequest, maxBytes: number): WorkerSetup {
  const { board } = request;
  return {
    rows: board.rows,
    cols: board.cols,
    leaps: board.piece.leaps.map(([a, b]) => [a, b] as const),
    topology: board.topology,
    holes: [...board.holes],
    closed: request.kind === "closed",
    start: request.start,
    end: request.end,
    directed: request.directed,
    nonClosable: request.nonClosable,
    maxBytes,
  };
}

/** The request a worker counts units of, rebuilt from its setup. */
export function setupRequest(setup: WorkerSetup): CountRequest {
  const board = new Board(setup.rows, setup.cols, {
    piece: createPiece(setup.leaps),
    topology: setup.topology,
    holes: setup.holes,
  });
  return countRequest(board, {
    closed: setup.closed,
    start: setup.start >= 0 ? setup.start : undefined,
    end: setup.end >= 0 ? setup.end : undefined,
    directed: setup.directed,
    nonClosable: setup.nonClosable,
  });
}

/**
 * The key a count's checkpoint file is written for. The board is named by its geometry key
 * (`6x6` on the knight's plain board, as before; `6x6 torus`, `8x8 minus a1,h8` otherwise), so
 * a checkpoint of one geometry never resumes a count of another.
 */
export function countCheckpointKey(plan: CountPlan): CheckpointKey {
  const { request } = plan;
  return {
    board: request.board.key,
    kind: request.kind,
    start: request.start,
    end: request.end,
    directed: request.directed,
    nonClosable: request.nonClosable,
    method: plan.method,
    splitDepth: plan.splitDepth,
  };
}
