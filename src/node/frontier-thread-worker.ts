/**
 * A worker thread of a frontier sweep on several threads (frontier-threads.ts): rebuilds the
 * board, runs its share of every cell (src/count/frontier-shard.ts) in step with the others,
 * and exits. It posts nothing: a failure is recorded in the shared memory, where thread 0
 * reads it and rethrows it as its own.
 */
import { workerData } from "node:worker_threads";
import { Board } from "../core/board.js";
import { createPiece } from "../core/piece.js";
import { describeError, frontierCountShard, ShardStopped } from "../count/frontier-shard.js";
import { ShardAborted, ShardSync } from "../count/frontier-shard-sync.js";
import { loadSnapshot } from "./frontier-snapshot.js";
import { DiskSpill } from "./frontier-spill.js";
import type { ThreadSetup } from "./frontier-threads.js";
import { shareSink } from "./frontier-threads.js";
import { forcedRelease } from "./release.js";

const setup = workerData as ThreadSetup;
const sync = new ShardSync(setup.shared, setup.me);
let spill: DiskSpill | undefined;
try {
  const { rows, cols, leaps, topology, holes } = setup.board;
  const board = new Board(rows, cols, { piece: createPiece(leaps), topology, holes });
  spill = setup.spillDir !== undefined ? new DiskSpill(setup.spillDir) : undefined;
  const resume = setup.resume && loadSnapshot(setup.resume.path, setup.resume.key)?.snapshot;
  if (setup.resume && !resume) {
    throw new Error(`the frontier snapshot ${setup.resume.path} could not be read`);
  }
  frontierCountShard(
    board,
    {
      mode: setup.mode,
      ends: setup.ends,
      fold: setup.fold,
      maxBytes: setup.maxBytes,
      spill,
      resume,
      onRelease: forcedRelease(),
    },
    { sync, snapshots: setup.snapshotPath ? shareSink(setup.snapshotPath) : undefined },
  );
  spill?.close();
  spill = undefined;
  sync.barrier();
} catch (error) {
  if (!(error instanceof ShardAborted) && !(error instanceof ShardStopped)) {
    sync.fail(describeError(error));
  }
} finally {
  spill?.close();
}
