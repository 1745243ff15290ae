/**
 * Worker-thread side of the parallel counter: rebuilds the count's board (its whole geometry)
 * and request from the setup, then answers each unit of work (see CountUnit in
 * src/count/dispatch.ts) with `{ id, count }` (or `{ id, error }`). Search units go to the
 * dispatcher's UnitCounter, which refuses any unit it does not know; the frontier method runs
 * as one unit, `{ id: 0, frontier: true }`, with its snapshots and progress handled here.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type ErrorCode, isKnightError, MemoryLimitError } from "../core/errors.js";
import type { CountUnit } from "../count/dispatch.js";
import type { StatesAhead } from "../count/frontier-ahead.js";
import type { UnitCounter } from "../count/unit-counter.js";
import { setupRequest, type WorkerSetup } from "./count-setup.js";

export type { WorkerSetup };

export type WorkerTask =
  | Exclude<CountUnit, { readonly frontier: true }>
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
      /** Threads sharing the sweep (1 or absent: this one alone). */
      readonly threads?: number | undefined;
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
    readonly lane: number;
    readonly read: number;
    readonly ahead: StatesAhead;
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
const request = setupRequest(setup);

parentPort?.on("message", (task: WorkerTask) => {
  void answer(task).then((reply) => parentPort?.postMessage(reply));
});

/**
 * The dispatcher's counter of search units (its searches built on their first unit), loaded
 * with the first search unit: a worker that sweeps the frontier never loads the searches.
 */
let counter: Promise<UnitCounter> | undefined;
const unitCounter = (): Promise<UnitCounter> =>
  (counter ??= import("../count/unit-counter.js").then(
    ({ UnitCounter }) => new UnitCounter(request),
  ));

/** The reply to one unit of work: its count, or the error that ended it. */
async function answer(task: WorkerTask): Promise<WorkerReply> {
  try {
    if ("frontier" in task) {
      const { sweepUnit } = await import("./count-worker-sweep.js");
      return sweepUnit(task, request, setup, notify);
    }
    const counting = await unitCounter();
    const before = counting.nodes;
    const found = counting.count(task);
    return {
      id: task.id,
      count: String(found),
      nodes: counting.nodes - before,
      peakStates: 0,
    };
  } catch (error) {
    return {
      id: task.id,
      error: error instanceof Error ? error.message : String(error),
      memory:
        error instanceof MemoryLimitError ? { bytes: error.bytes, limit: error.limit } : undefined,
      code: isKnightError(error) ? error.code : undefined,
    };
  }
}

function notify(id: number, notice: string): void {
  const message: WorkerNotice = { id, notice };
  parentPort?.postMessage(message);
}
