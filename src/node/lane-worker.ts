/**
 * Worker-thread side of a queued frontier count's lane (src/node/queue/execute.ts): rebuilds the
 * count's request from the setup, lists its sweeps as the coordinator does (laneSweeps), and
 * answers each task — one lane of one sweep — with the lane's residue and, for lane 0, its
 * bound. Layers past the memory ceiling go to a private folder of the temporary folder, removed
 * after the lane (or by the next count once this process is gone). Progress messages after
 * every cell, at most one a second.
 */
import { tmpdir } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { frontierLane } from "../count/frontier.js";
import { laneModulus, laneSweeps, storedBound } from "../count/frontier-split.js";
import { privateSpillFolder } from "./count-defaults.js";
import { setupRequest, type WorkerSetup } from "./count-setup.js";
import { DiskSpill } from "./frontier-spill.js";
import { forcedRelease } from "./release.js";

export interface LaneTask {
  /** The sweep's index in laneSweeps(request). */
  readonly sweep: number;
  readonly lane: number;
}

/** What a lane job stores: decimal strings, the same wherever it ran (no times, no sizes). */
export interface LaneResult {
  readonly sweep: number;
  readonly lane: number;
  readonly modulus: string;
  readonly residue: string;
  /**
   * Lane 0: 0 when its residue is the count, else an upper bound on the count (a power of two:
   * storedBound). Others: "0".
   */
  readonly bound: string;
}

export type LaneReply =
  | { readonly progress: { readonly step: number; readonly steps: number } }
  | { readonly result: LaneResult; readonly peakStates: number }
  | { readonly error: string };

const setup = workerData as WorkerSetup;
const request = setupRequest(setup);
const sweeps = laneSweeps(request);
let release: (() => void) | undefined;

parentPort?.on("message", (task: LaneTask) => {
  const post = (reply: LaneReply): void => parentPort?.postMessage(reply);
  const folder = privateSpillFolder(tmpdir());
  const spill = new DiskSpill(folder.path);
  try {
    const sweep = sweeps[task.sweep];
    if (sweep === undefined) throw new Error(`the count has no sweep ${task.sweep}`);
    release ??= forcedRelease();
    let last = 0;
    const run = frontierLane(
      sweep.board,
      {
        mode: sweep.mode,
        ends: sweep.ends,
        maxBytes: setup.maxBytes,
        spill,
        onRelease: release,
        onLayer: ({ step, steps }) => {
          const now = performance.now();
          if (now - last < 1000 && step < steps) return;
          last = now;
          post({ progress: { step, steps } });
        },
      },
      task.lane,
    );
    post({
      result: {
        sweep: task.sweep,
        lane: task.lane,
        modulus: laneModulus(task.lane).toString(),
        residue: run.residue.toString(),
        bound: storedBound(run.bound).toString(),
      },
      peakStates: run.peakStates,
    });
  } catch (error) {
    post({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    spill.close();
    folder.remove();
  }
});
