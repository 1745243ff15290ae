import { existsSync, rmSync } from "node:fs";
import type { Board } from "../core/board.js";
import { KnightError, MemoryLimitError, OptionError } from "../core/errors.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import {
  type CountOptions,
  type CountResult,
  type CountStatus,
  checkNodeLimitMethod,
  count,
  countBudget,
  countSteps,
  progressOf,
  resultHeader,
} from "../count/count.js";
import { countMethod, planCount } from "../count/dispatch.js";
import { countRequest } from "../count/request.js";
import { Checkpoint } from "./checkpoint.js";
import { countCheckpointKey, workerSetup } from "./count-setup.js";
import type { WorkerNotice, WorkerProgress, WorkerReply, WorkerTask } from "./count-worker.js";
import { clearUnfinishedSnapshot } from "./frontier-snapshot.js";
import { checkFolderPath } from "./paths.js";
import { defaultWorkers, WorkerPool, workerScript } from "./pool.js";

export interface ParallelCountOptions extends CountOptions {
  /** Worker threads (default: the machine's cores). */
  readonly workers?: number | undefined;
  /**
   * Frontier method: threads sharing the sweep (default 1: the sweep on one worker thread;
   * more start `threads − 1` helper threads beside it, frontier-threads.ts). The CLI gives a
   * long sweep the machine's cores.
   */
  readonly threads?: number | undefined;
  /**
   * Checkpoint file: finished subproblems are appended as they complete, and a rerun with the
   * same file skips them. The file is kept (and complete) when the count is interrupted.
   */
  readonly checkpoint?: string | undefined;
  /** Split target for the backtracking method (default 128 subproblems). */
  readonly target?: number | undefined;
  /**
   * Frontier method with a checkpoint: how often the sweep's table is saved to
   * `checkpoint + ".frontier"` (default 60 s).
   */
  readonly snapshotEveryMs?: number | undefined;
  /** Least time between progress reports of a frontier sweep (default 200 ms). */
  readonly progressEveryMs?: number | undefined;
  /**
   * Frontier method: a folder where layers that do not fit under `maxBytes` go (sorted runs,
   * merged as the next cell reads them; removed when the sweep ends). Without it such a sweep
   * stops with a MemoryLimitError.
   */
  readonly spillDir?: string | undefined;
  /**
   * Told what the count does that the user should know: where a resumed count goes on from,
   * and what went wrong but did not stop it (a frontier checkpoint the disk had no room for:
   * the count goes on; the previous checkpoint is kept).
   */
  readonly onNotice?: ((text: string) => void) | undefined;
}

/**
 * Census counts of boards up to this many cells run in the calling thread unless workers or a
 * checkpoint are asked for: the whole count takes about half a second of CPU (6×7 closed, the
 * largest), and each worker thread would load the modules and build and warm up its own engine
 * again (6×7 closed, whole process: 1.28 s CPU on two workers, 0.91 s on one).
 */
const IN_THREAD_CENSUS_CELLS = 42;

function countsInThread(
  board: Board,
  method: string,
  options: ParallelCountOptions,
): method is "census" {
  return (
    method === "census" &&
    options.workers === undefined &&
    options.checkpoint === undefined &&
    board.cells <= IN_THREAD_CENSUS_CELLS
  );
}

/**
 * A count in this thread, its units one after another with a turn of the event loop between
 * them: the signal (Ctrl-C) is seen there, and the count stops with the finished units' tours.
 */
async function countHere(
  board: Board,
  options: ParallelCountOptions,
  method: "census",
): Promise<CountResult> {
  const steps = countSteps(board, options, method);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Count tours on a pool of worker threads, optionally checkpointed. Same request and result as
 * `count` (the total is identical); status "aborted" (the signal) or "limit" (the time limit)
 * leaves the checkpoint ready to resume. The frontier method is one unit of work, run in one
 * worker; the backtracking method is split into subproblems spread over the pool. A census count
 * of a small board with neither `workers` nor `checkpoint` runs in this thread (see
 * IN_THREAD_CENSUS_CELLS), stopping between subproblems on the signal.
 *
 * @example
 * ```ts
 * import { Board } from "knight-tours";
 * import { countParallel } from "knight-tours/node";
 *
 * // Two worker threads; with { checkpoint: "6x6.ckpt" } an interrupted count resumes.
 * const result = await countParallel(new Board(6, 6), { closed: true, workers: 2 });
 * console.log(result.status, result.count); // → done 9862n
 * ```
 */
export async function countParallel(
  board: Board,
  options: ParallelCountOptions = {},
): Promise<CountResult> {
  const request = countRequest(board, options);
  const method = countMethod(options.method, board, request);
  checkNodeLimitMethod(options, method);
  if (method === "dlx") {
    // The exact-cover count is one search with no subproblems to share or checkpoint.
    if (options.checkpoint !== undefined || (options.workers ?? 1) > 1) {
      throw new OptionError(
        `method ${method} runs in one thread: it takes no checkpoint and no more than 1 worker`,
        method,
      );
    }
    return count(board, options);
  }
  if (countsInThread(board, method, options)) return countHere(board, options, method);
  // Checks the limits; the workers' searches do not see it: its node limit is checked as
  // subproblems finish, its time limit by a timer, its signal by a listener.
  const budget = countBudget(options);
  const workers = options.workers ?? defaultWorkers();
  if (!Number.isSafeInteger(workers) || workers < 1) {
    throw new OptionError(`workers must be a positive integer; got ${String(workers)}`, workers);
  }
  const threads = options.threads ?? 1;
  if (!Number.isSafeInteger(threads) || threads < 1) {
    throw new OptionError(`threads must be a positive integer; got ${String(threads)}`, threads);
  }
  const began = performance.now();
  const plan = planCount(request, method, options.target ?? 128);
  const total = plan.units.length;
  const key = countCheckpointKey(plan);
  if (options.spillDir !== undefined) checkFolderPath(options.spillDir, "--spill-dir");
  const checkpoint = options.checkpoint
    ? Checkpoint.open(options.checkpoint, key, total)
    : undefined;
  const done = checkpoint ? new Map(checkpoint.done) : new Map<number, bigint>();
  // A frontier sweep's own snapshot says where it resumes (count-worker.ts).
  if (checkpoint && done.size > 0 && done.size < total && method !== "frontier") {
    options.onNotice?.(
      `resuming: ${done.size} of ${total} subproblems already done, from the checkpoint ${checkpoint.path}`,
    );
  }
  const tasks: WorkerTask[] = plan.units
    .filter((unit) => !done.has(unit.id))
    .map((unit) =>
      "frontier" in unit
        ? {
            ...unit,
            progressEveryMs: options.progressEveryMs ?? 200,
            spillDir: options.spillDir,
            threads,
            snapshot: options.checkpoint
              ? {
                  path: `${options.checkpoint}.frontier`,
                  key: JSON.stringify(key),
                  every: options.snapshotEveryMs ?? 60_000,
                }
              : undefined,
          }
        : unit,
    );
  const totalNow = (): bigint => plan.total(done);
  let nodes = 0;
  let peakStates = 0;
  let status: CountStatus = "done";
  const onProgress = progressOf(options);
  const progress = (): void =>
    onProgress?.({
      done: done.size,
      total,
      count: totalNow(),
      nodes,
      ms: performance.now() - began,
    });

  if (tasks.length > 0) {
    const setup = workerSetup(request, options.maxBytes ?? DEFAULT_MAX_BYTES);
    const pool = new WorkerPool<WorkerTask, WorkerReply | WorkerProgress | WorkerNotice>(
      workerScript("count-worker"),
      Math.min(workers, tasks.length),
      setup,
    );
    const stop = (why: CountStatus): void => {
      if (status !== "done") return;
      status = why;
      void pool.terminate();
    };
    const onAbort = (): void => stop("aborted");
    const { signal } = budget;
    signal?.addEventListener("abort", onAbort);
    if (signal?.aborted) stop("aborted");
    const left = budget.remaining();
    const timer = Number.isFinite(left) ? setTimeout(() => stop("limit"), left) : undefined;
    progress();
    try {
      await pool.run(
        tasks,
        (reply) => {
          if (status !== "done") return;
          if ("notice" in reply) {
            options.onNotice?.(reply.notice);
            return;
          }
          if ("progress" in reply) {
            // A frontier sweep's cells, reported as units of the one task.
            onProgress?.({
              done: reply.progress.step,
              total: reply.progress.steps,
              count: 0n,
              nodes,
              ms: performance.now() - began,
              layer: {
                states: reply.progress.states,
                bytesInMemory: reply.progress.bytesInMemory,
                bytesOnDisk: reply.progress.bytesOnDisk,
                lane: reply.progress.lane,
                read: reply.progress.read,
                ahead: reply.progress.ahead,
              },
            });
            return;
          }
          if ("error" in reply) {
            if (reply.memory) {
              throw new MemoryLimitError(
                reply.error,
                board.label,
                reply.memory.bytes,
                reply.memory.limit,
              );
            }
            // Typed errors keep their code across the thread boundary (the CLI's exit code
            // depends on it); anything else is a bug in a subproblem.
            if (reply.code !== undefined)
              throw new KnightError(reply.code, reply.error, board.label);
            throw new Error(`subproblem ${reply.id}: ${reply.error}`);
          }
          const value = BigInt(reply.count);
          done.set(reply.id, value);
          checkpoint?.record(reply.id, value);
          nodes += reply.nodes;
          peakStates = Math.max(peakStates, reply.peakStates);
          // Checked as subproblems finish: the workers' searches do not see the node limit.
          const why = budget.check(nodes);
          if (why !== null) stop(why);
          progress();
        },
        (message) => "progress" in message || "notice" in message,
      );
    } finally {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      await pool.terminate();
      checkpoint?.close();
    }
  } else {
    checkpoint?.close();
    progress();
  }
  // A finished frontier count is in the checkpoint itself: its table snapshot is done with. A
  // stopped one keeps its snapshot, but not one its workers were writing when they were stopped.
  const snapshotPath = options.checkpoint ? `${options.checkpoint}.frontier` : undefined;
  if (method === "frontier" && snapshotPath) clearUnfinishedSnapshot(snapshotPath);
  if (method === "frontier" && status === "done" && snapshotPath && existsSync(snapshotPath))
    rmSync(snapshotPath);
  return {
    ...resultHeader(request),
    count: totalNow(),
    status,
    method,
    stats: { ms: performance.now() - began, units: done.size, nodes, peakStates },
  };
}
