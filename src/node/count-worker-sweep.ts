// The frontier sweep of a count worker (count-worker.ts), loaded by the worker that gets the
// sweep's one unit: the workers that count search units never load the sweep, its snapshots or
// its threads.
import { parentPort } from "node:worker_threads";
import { frontierCountRequest } from "../count/frontier-request.js";
import type { FrontierSnapshot } from "../count/frontier-types.js";
import type { CountRequest } from "../count/request.js";
import type { WorkerProgress, WorkerReply, WorkerSetup, WorkerTask } from "./count-worker.js";
import {
  clearUnfinishedSnapshot,
  loadSnapshot,
  type SnapshotFile,
  saveSnapshot,
  snapshotPace,
} from "./frontier-snapshot.js";
import { DiskSpill } from "./frontier-spill.js";
import { threadedFrontierCount } from "./frontier-threads.js";
import { forcedRelease } from "./release.js";

/** The forced collection, made once and only for a frontier sweep (the searches drop no buffers). */
let releaser: (() => void) | undefined;
const release = (): (() => void) => {
  releaser ??= forcedRelease();
  return releaser;
};

/** Sweep the frontier unit `task` of `request`; `notify` sends a notice about it. */
export function sweepUnit(
  task: Extract<WorkerTask, { readonly frontier: true }>,
  request: CountRequest,
  setup: WorkerSetup,
  notify: (id: number, notice: string) => void,
): WorkerReply {
  const file = task.snapshot;
  // A run killed mid-write leaves the snapshot's `.tmp`; this run holds the checkpoint now.
  if (file) clearUnfinishedSnapshot(file.path);
  const saved = file ? loadSnapshot(file.path, file.key) : undefined;
  const finished: Record<string, string> = { ...(saved?.finished ?? {}) };
  if (file && saved) notify(task.id, resumeNotice(file.path, saved, setup));
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
      onLayer: ({ step, steps, states, bytesInMemory, bytesOnDisk, lane, read, ahead }) => {
        const now = performance.now();
        if (now - lastProgress < task.progressEveryMs && step < steps) return;
        lastProgress = now;
        const message: WorkerProgress = {
          id: task.id,
          progress: { step, steps, states, bytesInMemory, bytesOnDisk, lane, read, ahead },
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
  return reply;
}

/** What a resumed sweep says first: the cell it goes on from, or the sweeps already done. */
function resumeNotice(path: string, saved: SnapshotFile, setup: WorkerSetup): string {
  const sweeps = Object.keys(saved.finished).length;
  const done = sweeps > 0 ? ` (${sweeps} sweep${sweeps === 1 ? "" : "s"} of it already done)` : "";
  const steps = saved.snapshot?.steps ?? setup.rows * setup.cols;
  const at = saved.snapshot
    ? `resuming from cell ${saved.snapshot.step + 1} of ${steps}`
    : "resuming";
  return `${at}${done}, from the checkpoint ${path}`;
}
