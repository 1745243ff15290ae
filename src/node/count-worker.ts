/**
 * Worker-thread side of the parallel counter: rebuilds the count's board (its whole geometry)
 * and request from the setup, then answers each unit of work (see CountUnit in
 * src/count/dispatch.ts) with `{ id, count }` (or `{ id, error }`). Search units go to the
 * dispatcher's UnitCounter, which refuses any unit it does not know; the frontier method runs
 * as one unit, `{ id: 0, frontier: true }`, with its snapshots and progress handled here.
 */
import { parentPort, workerData } from "node:worker_threads";
import { type ErrorCode, isKnightError, MemoryLimitError } from "../core/errors.js";
import { type CountUnit, UnitCounter } from "../count/dispatch.js";
import { frontierCountRequest } from "../count/frontier-request.js";
import type { FrontierSnapshot } from "../count/frontier-types.js";
import { setupRequest, type WorkerSetup } from "./count-setup.js";
import {
  loadSnapshot,
  type SnapshotFile,
  saveSnapshot,
  snapshotPace,
} from "./frontier-snapshot.js";
import { DiskSpill } from "./frontier-spill.js";
import { threadedFrontierCount } from "./frontier-threads.js";
import { forcedRelease } from "./release.js";

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
/** The forced collection, made once and only for a frontier sweep (the searches drop no buffers). */
let releaser: (() => void) | undefined;
const release = (): (() => void) => {
  releaser ??= forcedRelease();
  return releaser;
};
const request = setupRequest(setup);
/** The dispatcher's counter of search units (its searches built on their first unit). */
const counter = new UnitCounter(request);

parentPort?.on("message", (task: WorkerTask) => {
  try {
    if ("frontier" in task) {
      const file = task.snapshot;
      const saved = file ? loadSnapshot(file.path, file.key) : undefined;
      const finished: Record<string, string> = { ...(saved?.finished ?? {}) };
      if (file && saved) notify(task.id, resumeNotice(file.path, saved));
      const pace = snapshotPace(file?.every === 0);
      let lastProgress = 0;
      const skipped = (step: number, why: string): void =>
        notify(
          task.id,
          `the frontier checkpoint ${file?.path} (after cell ${step}) was not written: ${why}; the count goes on, and the previous checkpoint is kept`,
        );
      const spill = task.spillDir !== undefined ? new DiskSpill(task.spillDir) : undefined;
      let run: ReturnType<typeof frontierCountRequest>;
      try {
        run = frontierCountRequest(request, {
          maxBytes: setup.maxBytes,
          spill,
          resume: saved?.snapshot,
          finished,
          onRelease: release(),
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
              if (!pace.due()) return;
              const done = pace.timed(() =>
                saveSnapshot(file.path, { key: file.key, finished, snapshot }),
              );
              if (!done.saved) skipped(snapshot.step, done.why);
            }),
          countBoard:
            (task.threads ?? 1) > 1
              ? (board, options) =>
                  threadedFrontierCount(board, options, {
                    threads: task.threads!,
                    spillDir: task.spillDir,
                    snapshot: file && {
                      path: file.path,
                      key: file.key,
                      finished,
                      due: pace.due,
                      began: pace.began,
                      ended: pace.ended,
                      onSkipped: skipped,
                    },
                  })
              : undefined,
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
    const before = counter.nodes;
    const found = counter.count(task);
    const reply: WorkerReply = {
      id: task.id,
      count: String(found),
      nodes: counter.nodes - before,
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

function notify(id: number, notice: string): void {
  const message: WorkerNotice = { id, notice };
  parentPort?.postMessage(message);
}

/** What a resumed sweep says first: the cell it goes on from, or the sweeps already done. */
function resumeNotice(path: string, saved: SnapshotFile): string {
  const sweeps = Object.keys(saved.finished).length;
  const done = sweeps > 0 ? ` (${sweeps} sweep${sweeps === 1 ? "" : "s"} of it already done)` : "";
  const cells = setup.rows * setup.cols;
  const at = saved.snapshot
    ? `resuming from cell ${saved.snapshot.step + 1} of ${cells}`
    : "resuming";
  return `${at}${done}, from the checkpoint ${path}`;
}
