import { Worker } from "node:worker_threads";
import type { Board } from "../core/board.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { Topology } from "../core/topology.js";
import { frontierCountBoard } from "../count/frontier.js";
import { frontierCountShard, type ShardSnapshotSink } from "../count/frontier-shard.js";
import { lanePlanFor } from "../count/frontier-shard-plan.js";
import { type ShardShared, ShardSync, shardShared } from "../count/frontier-shard-sync.js";
import type { FrontierOptions, FrontierResult, FrontierSnapshot } from "../count/frontier-types.js";
import {
  appendSnapshot,
  finishSnapshot,
  type SnapshotSaved,
  startSnapshot,
} from "./frontier-snapshot.js";
import { workerScript } from "./pool.js";

/**
 * The frontier sweep on `threads` threads (src/count/frontier-shard.ts): this thread is thread
 * 0 — it runs its share, reports progress and writes the snapshot's header — and `threads − 1`
 * worker threads run the rest (frontier-thread-worker.ts). The call is synchronous, like
 * frontierCountBoard: the threads meet through shared memory alone. Each worker has its own
 * spill folder under `spillDir` and reads its share of a resumed snapshot from the file.
 */
export interface ThreadedSweepOptions {
  readonly threads: number;
  /** Where the workers' spilled layers go (each in a fresh subfolder, removed after). */
  readonly spillDir?: string | undefined;
  /**
   * The snapshot file (FrontierOptions.resume, when given, is read from it by the workers), and
   * what thread 0 writes in its header.
   */
  readonly snapshot?: ThreadedSnapshotFile | undefined;
}

export interface ThreadedSnapshotFile {
  readonly path: string;
  readonly key: string;
  readonly finished: Readonly<Record<string, string>>;
  /** Whether a snapshot is due now (the pacing of count-worker.ts). */
  readonly due?: (() => boolean) | undefined;
  /** Told when a snapshot was begun and ended (pacing). */
  readonly began?: (() => void) | undefined;
  readonly ended?: (() => void) | undefined;
  /** Told when a snapshot could not be written. */
  readonly onSkipped?: ((step: number, why: string) => void) | undefined;
}

/** What a worker of the sweep is started with (plain data and shared memory). */
export interface ThreadSetup {
  readonly me: number;
  readonly shared: ShardShared;
  readonly board: {
    readonly rows: number;
    readonly cols: number;
    readonly leaps: ReadonlyArray<readonly [number, number]>;
    readonly topology: Topology;
    readonly holes: readonly number[];
  };
  readonly mode: FrontierOptions["mode"];
  readonly ends: readonly number[];
  readonly fold: boolean | undefined;
  readonly maxBytes: number | undefined;
  readonly spillDir: string | undefined;
  /** The snapshot file to resume from (its key), when the sweep resumes. */
  readonly resume: { readonly path: string; readonly key: string } | undefined;
  /** The snapshot file the workers append their shares to (`path.tmp`). */
  readonly snapshotPath: string | undefined;
}

export function threadedFrontierCount(
  board: Board,
  options: FrontierOptions,
  threaded: ThreadedSweepOptions,
): FrontierResult {
  const { threads } = threaded;
  if (board.vertexCount < 2) return frontierCountBoard(board, options);
  // Entries of the widest lane (the key words do not change between lanes), row by row or in a
  // free order of the cells (frontier-shard-plan.ts).
  const { n, stride } = lanePlanFor(board, options);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const shared = shardShared(threads, n, maxBytes, stride);
  const file = threaded.snapshot;
  if (options.resume && !file) {
    throw new Error("a frontier sweep on several threads resumes from a snapshot file only");
  }
  const base: Omit<ThreadSetup, "me"> = {
    shared,
    board: {
      rows: board.rows,
      cols: board.cols,
      leaps: board.piece.leaps.map(([a, b]) => [a, b] as const),
      topology: board.topology,
      holes: [...board.holes],
    },
    mode: options.mode,
    ends: [...(options.ends ?? [])],
    fold: options.fold,
    maxBytes: options.maxBytes,
    spillDir: threaded.spillDir,
    resume: options.resume && file ? { path: file.path, key: file.key } : undefined,
    snapshotPath: file?.path,
  };
  const workers: Worker[] = [];
  const sync = new ShardSync(shared, 0);
  try {
    for (let me = 1; me < threads; me++) {
      const worker = new Worker(workerScript("frontier-thread-worker"), {
        workerData: { ...base, me } satisfies ThreadSetup,
      });
      worker.unref();
      workers.push(worker);
    }
    const result = frontierCountShard(board, options, {
      sync,
      snapshots: file && headSink(file, options.resume),
    });
    // The workers close their spill folders, then meet here once more.
    sync.barrier();
    return result;
  } finally {
    for (const worker of workers) void worker.terminate();
  }
}

/** Thread 0's side of the snapshots: the header, its own share, and the rename. */
function headSink(
  file: ThreadedSnapshotFile,
  _resume: FrontierSnapshot | undefined,
): ShardSnapshotSink {
  let step = 0;
  let skipped: SnapshotSaved = { saved: true };
  return {
    begin: (header) => {
      if (file.due && !file.due()) return false;
      file.began?.();
      step = header.step;
      const started = startSnapshot(file.path, {
        key: file.key,
        finished: { ...file.finished },
        snapshot: header,
      });
      if (!started.saved) {
        file.ended?.();
        file.onSkipped?.(step, started.why);
      }
      return started.saved;
    },
    append: (chunks) => {
      skipped = appendSnapshot(file.path, chunks);
      return skipped.saved;
    },
    end: (ok) => {
      finishSnapshot(file.path, ok);
      file.ended?.();
      if (!ok) {
        file.onSkipped?.(
          step,
          skipped.saved ? "a thread could not write its share (the disk filled up)" : skipped.why,
        );
      }
      skipped = { saved: true };
    },
  };
}

/** A worker's side of the snapshots: its share, appended (the others are thread 0's). */
export function shareSink(path: string): ShardSnapshotSink {
  return {
    begin: () => false,
    append: (chunks) => appendSnapshot(path, chunks).saved,
    end: () => {},
  };
}
