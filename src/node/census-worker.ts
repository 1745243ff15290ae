/**
 * Worker-thread side of the parallel census: builds the board's census once, then answers
 * `{ name }` messages with `{ name, ms, result }` (or `{ name, error }`).
 */
import { parentPort, workerData } from "node:worker_threads";
import { Census } from "../census/census.js";
import type { SubproblemResult } from "../census/result.js";
import type { SplitName } from "../census/split.js";
import { Board } from "../core/board.js";
import { type ErrorCode, isKnightError } from "../core/errors.js";
import { createPiece } from "../core/piece.js";

export interface CensusWorkerSetup {
  readonly rows: number;
  readonly cols: number;
  readonly stats: boolean;
  /** The split (default `centre`). */
  readonly split?: SplitName;
  /** The piece's leaps when it is not the knight (the census takes plane boards only). */
  readonly piece?: ReadonlyArray<readonly [number, number]>;
}

export interface CensusWorkerTask {
  readonly name: string;
}

export type CensusWorkerReply =
  | { readonly name: string; readonly ms: number; readonly result: SubproblemResult }
  /** Sent while a subproblem runs (not a reply): its tours so far. */
  | { readonly name: string; readonly visited: number }
  | { readonly name: string; readonly error: string; readonly code?: ErrorCode };

const setup = workerData as CensusWorkerSetup;
const census = new Census(
  new Board(
    setup.rows,
    setup.cols,
    setup.piece === undefined ? {} : { piece: createPiece(setup.piece) },
  ),
  setup.split,
);

parentPort?.on("message", (task: CensusWorkerTask) => {
  try {
    const began = performance.now();
    const run = census.runSubproblem(task.name, {
      stats: setup.stats,
      onProgress: (p) => parentPort?.postMessage({ name: task.name, visited: p.visited }),
    });
    // No limits are passed: a worker's subproblem runs to its end or the thread is terminated.
    if (run.status !== "done") throw new Error(`subproblem ${task.name} stopped: ${run.status}`);
    const reply: CensusWorkerReply = {
      name: task.name,
      ms: performance.now() - began,
      result: run.result,
    };
    parentPort?.postMessage(reply);
  } catch (error) {
    const reply: CensusWorkerReply = {
      name: task.name,
      error: error instanceof Error ? error.message : String(error),
      ...(isKnightError(error) ? { code: error.code } : {}),
    };
    parentPort?.postMessage(reply);
  }
});
