/**
 * knight-tours/node: the Node-only part of the library — worker-thread counting with
 * checkpoints, the census and splittable counts on a job queue (BullMQ on Redis), and PNG
 * pictures. The browser-safe library is the package's main entry.
 *
 * @module knight-tours/node
 */

export {
  CensusJournal,
  type JournalEntry,
  type JournalKey,
} from "./census-journal.js";
export {
  censusParallel,
  type ParallelCensusOptions,
  type ParallelCensusProgress,
  type ParallelCensusResult,
} from "./census-parallel.js";
export { CHECKPOINT_VERSION, Checkpoint, type CheckpointKey } from "./checkpoint.js";
export { CheckpointLock } from "./checkpoint-lock.js";
export {
  cacheFolder,
  checkpointPathFor,
  defaultCheckpointPath,
  deviceOf,
  type PrivateFolder,
  privateSpillFolder,
} from "./count-defaults.js";
export { countParallel, type ParallelCountOptions } from "./count-parallel.js";
export { loadSnapshot, type SnapshotFile, saveSnapshot } from "./frontier-snapshot.js";
export { checkFilePath, checkFolderPath } from "./paths.js";
export { type PngOptions, renderPng, svgToPng } from "./png.js";
export { defaultWorkers, WorkerPool, workerScript } from "./pool.js";
export {
  censusOnQueue,
  type QueuedCensusResult,
  type QueueRunOptions,
} from "./queue/census-queue.js";
export type { QueueOutcome } from "./queue/coordinator.js";
export { countOnQueue, type QueuedCountResult } from "./queue/count-queue.js";
export { QueueUnavailableError } from "./queue/errors.js";
export { DEFAULT_LOCK_MS } from "./queue/lock.js";
export { parseQueueUrl } from "./queue/url.js";
export {
  type QueueWorkerOptions,
  type QueueWorkerSummary,
  runQueueWorker,
} from "./queue/worker.js";
export { SampleThread, type SampleThreadPlan } from "./sample-thread.js";
