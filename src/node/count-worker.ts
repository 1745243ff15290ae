/**
 * Worker-thread side of the parallel counter: builds the search once, then answers
 * `{ id, prefix, end }` messages with `{ id, count }` (or `{ id, error }`). The frontier
 * method runs as one unit, `{ id: 0, frontier: true }`; the mates counter's subproblems come as
 * `{ id, mates: { required, path } }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import {
  Board,
  type ErrorCode,
  isKnightError,
  knightGraph,
  MemoryLimitError,
} from "../core/index.js";
import {
  type CountRequest,
  countRequest,
  countSubproblem,
  type FrontierSnapshot,
  frontierCountRequest,
  MatesSearch,
  PathSearch,
} from "../count/index.js";
import { loadSnapshot, saveSnapshot } from "./frontier-snapshot.js";
import { DiskSpill } from "./frontier-spill.js";

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
  | {
      readonly id: number;
      /** A subproblem of the mates counter (MatesSubproblem without its weight). */
      readonly mates: {
        readonly required: ReadonlyArray<readonly [number, number]>;
        readonly path: readonly number[];
      };
    }
  | {
      readonly id: number;
      readonly frontier: true;
      /** Snapshot file of the sweep (resumed when present, rewritten every `every` ms). */
      readonly snapshot?:
        | { readonly path: string; readonly key: string; readonly every: number }
        | undefined;
      /** Least time between progress messages (the last cell is always reported). */
      readonly progressEveryMs: number;
      /** Folder for layers that do not fit in memory (a fresh subfolder, removed after). */
      readonly spillDir?: string | undefined;
    };

/** Sent while a frontier sweep runs (not a reply: the task is still going). */
export interface WorkerProgress {
  readonly id: number;
  readonly progress: {
    readonly step: number;
    readonly steps: number;
    readonly states: number;
    readonly bytesInMemory: number;
    readonly bytesOnDisk: number;
  };
}

/** Sent when a frontier checkpoint could not be written (the count goes on without it). */
export interface WorkerNotice {
  readonly id: number;
  readonly notice: string;
}

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
      readonly memory?: { readonly bytes: number; readonly limit: number } | undefined;
      /** The KnightError code when it was one (bad input found in the worker stays bad input). */
      readonly code?: ErrorCode | undefined;
    };

const setup = workerData as WorkerSetup;
const board = new Board(setup.rows, setup.cols);
const request: CountRequest = countRequest(board, {
  closed: setup.closed,
  start: setup.start >= 0 ? setup.start : undefined,
  end: setup.end >= 0 ? setup.end : undefined,
  directed: setup.directed,
  nonClosable: setup.nonClosable,
});
const search = new PathSearch(knightGraph(board));
/** The mates counter's search, built on its first task (open tours add the virtual vertex). */
let matesSearch: MatesSearch | undefined;

parentPort?.on("message", (task: WorkerTask) => {
  try {
    if ("frontier" in task) {
      const file = task.snapshot;
      const saved = file ? loadSnapshot(file.path, file.key) : undefined;
      const finished: Record<string, string> = { ...(saved?.finished ?? {}) };
      let lastProgress = 0;
      const spill = task.spillDir !== undefined ? new DiskSpill(task.spillDir) : undefined;
      let run: ReturnType<typeof frontierCountRequest>;
      try {
        run = frontierCountRequest(request, {
          maxBytes: setup.maxBytes,
          spill,
          resume: saved?.snapshot,
          finished,
          onLayer: ({ step, steps, states, bytesInMemory, bytesOnDisk }) => {
            const now = performance.now();
            if (now - lastProgress < task.progressEveryMs && step < steps) return;
            lastProgress = now;
            const message: WorkerProgress = {
              id: task.id,
              progress: { step, steps, states, bytesInMemory, bytesOnDisk },
            };
            parentPort?.postMessage(message);
          },
          snapshotEveryMs: file?.every,
          onSnapshot:
            file &&
            ((snapshot: FrontierSnapshot) => {
              const done = saveSnapshot(file.path, { key: file.key, finished, snapshot });
              if (!done.saved) {
                const message: WorkerNotice = {
                  id: task.id,
                  notice: `the frontier checkpoint ${file.path} (after cell ${snapshot.step}) was not written: ${done.why}; the count goes on, and the previous checkpoint is kept`,
                };
                parentPort?.postMessage(message);
              }
            }),
          onSweepDone:
            file &&
            ((sweep: string, count: bigint) => {
              finished[sweep] = count.toString();
              saveSnapshot(file.path, { key: file.key, finished, snapshot: undefined });
            }),
        });
      } finally {
        spill?.close();
      }
      const reply: WorkerReply = {
        id: task.id,
        count: run.count.toString(),
        nodes: 0,
        peakStates: run.peakStates,
      };
      parentPort?.postMessage(reply);
      return;
    }
    if ("mates" in task) {
      matesSearch ??= new MatesSearch(knightGraph(board), { virtual: !setup.closed });
      const before = matesSearch.nodes;
      const found = matesSearch.countPath(
        { required: task.mates.required, nonClosable: setup.nonClosable },
        task.mates.path,
      );
      const reply: WorkerReply = {
        id: task.id,
        count: String(found),
        nodes: matesSearch.nodes - before,
        peakStates: 0,
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
      memory:
        error instanceof MemoryLimitError ? { bytes: error.bytes, limit: error.limit } : undefined,
      code: isKnightError(error) ? error.code : undefined,
    };
    parentPort?.postMessage(reply);
  }
});
