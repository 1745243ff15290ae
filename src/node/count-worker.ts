/**
 * Worker-thread side of the parallel counter: builds the search once, then answers
 * `{ id, prefix, end }` messages with `{ id, count }` (or `{ id, error }`). The frontier
 * method runs as one unit, `{ id: 0, frontier: true }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { Board } from "../core/board.js";
import { MemoryLimitError } from "../core/errors.js";
import { knightGraph } from "../core/graph.js";
import { countSubproblem } from "../count/backtrack.js";
import { frontierCountRequest } from "../count/frontier-request.js";
import { PathSearch } from "../count/path-search.js";
import { type CountRequest, countRequest } from "../count/request.js";

export interface WorkerSetup {
  readonly rows: number;
  readonly cols: number;
  readonly closed: boolean;
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
  readonly maxBytes: number;
}

export type WorkerTask =
  | { readonly id: number; readonly prefix: readonly number[]; readonly end: number }
  | { readonly id: number; readonly frontier: true };

export type WorkerReply =
  | {
      readonly id: number;
      readonly count: string;
      readonly nodes: number;
      readonly peakStates: number;
    }
  | {
      readonly id: number;
      readonly error: string;
      /** Set when the error was a MemoryLimitError, to rethrow it as one. */
      readonly memory?: { readonly bytes: number; readonly limit: number };
    };

const setup = workerData as WorkerSetup;
const board = new Board(setup.rows, setup.cols);
const request: CountRequest = countRequest(board, {
  closed: setup.closed,
  ...(setup.start >= 0 ? { start: setup.start } : {}),
  ...(setup.end >= 0 ? { end: setup.end } : {}),
  directed: setup.directed,
  nonClosable: setup.nonClosable,
});
const search = new PathSearch(knightGraph(board));

parentPort?.on("message", (task: WorkerTask) => {
  try {
    if ("frontier" in task) {
      const run = frontierCountRequest(request, { maxBytes: setup.maxBytes });
      const reply: WorkerReply = {
        id: task.id,
        count: run.count.toString(),
        nodes: 0,
        peakStates: run.peakStates,
      };
      parentPort?.postMessage(reply);
      return;
    }
    const before = search.nodes;
    const found = countSubproblem(search, task, request.nonClosable);
    const reply: WorkerReply = {
      id: task.id,
      count: String(found),
      nodes: search.nodes - before,
      peakStates: 0,
    };
    parentPort?.postMessage(reply);
  } catch (error) {
    const reply: WorkerReply = {
      id: task.id,
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof MemoryLimitError
        ? { memory: { bytes: error.bytes, limit: error.limit } }
        : {}),
    };
    parentPort?.postMessage(reply);
  }
});
