import type { Job, Queue } from "bullmq";
import { DEFAULT_MAX_BYTES } from "../../core/memory.js";
import { connectRedis, redisOptions } from "./connection.js";
import { enqueueJobs } from "./enqueue.js";
import { type ExecuteJob, threadExecutor } from "./execute.js";
import { describeRun, JobRejected, parseJob, QUEUE_NAME, runKeyOf, subproblemOf } from "./jobs.js";
import { DEFAULT_LOCK_MS } from "./lock.js";
import { ResultStore } from "./results.js";
import { JobThreads } from "./threads.js";
import { parseQueueUrl } from "./url.js";

export interface QueueWorkerOptions {
  /** The queue's Redis, redis://… or rediss://… */
  readonly url: string;
  /** Jobs run at once, each on its own worker thread. */
  readonly concurrency: number;
  /**
   * Lock duration in ms (default 30 s). The lock is renewed every half of it while a job runs;
   * a job whose worker died is taken again by another worker about this long after.
   */
  readonly lockMs?: number | undefined;
  /** Stop: running jobs go back to the queue, the worker closes and the promise resolves. */
  readonly signal?: AbortSignal | undefined;
  /** One line per event (a job done, failed, rejected, returned). */
  readonly log?: ((line: string) => void) | undefined;
  /** Called once connected, before the first job. */
  readonly onReady?: (() => void) | undefined;
  /**
   * Memory of this worker's frontier lanes together (default DEFAULT_MAX_BYTES), shared
   * evenly by the jobs that run at once; a lane past its share spills to the temporary folder.
   */
  readonly maxBytes?: number | undefined;
  /** Bounded first connection (default 5 attempts). */
  readonly connectAttempts?: number | undefined;
  /** How a job runs (default: on a worker thread). Tests pass their own. */
  readonly execute?: ExecuteJob | undefined;
  /**
   * false: never renew locks, as a worker stalled for longer than its lock would (tests of a
   * job completed twice). Default true.
   */
  readonly renewLocks?: boolean | undefined;
}

export interface QueueWorkerSummary {
  /** Jobs completed by this worker (results new or equal to the stored ones). */
  readonly done: number;
  /** Attempts that failed (retried or not). */
  readonly failed: number;
  /** Jobs handed back to the queue when the worker stopped. */
  readonly returned: number;
}

/** How long a stop waits for Redis to take the running jobs back before dropping the connection. */
const STOP_GRACE_MS = 5000;

// From jobs.ts, not enqueue.ts: the public types (knight-tours/node) must not reach bullmq's,
// which need Node's type definitions a user may not have.
export { JOB_ATTEMPTS } from "./jobs.js";

/**
 * Take jobs from the queue until `signal` aborts: validate each, run it on a worker thread,
 * store its result once (ResultStore), and log which run it belonged to. On stop, the jobs
 * still running are terminated and moved back to waiting, so another worker takes them at once.
 */
export async function runQueueWorker(options: QueueWorkerOptions): Promise<QueueWorkerSummary> {
  const address = parseQueueUrl(options.url);
  const client = await connectRedis(address, { attempts: options.connectAttempts });
  const { Worker, UnrecoverableError, WaitingError, Queue } = await import("bullmq");
  const log = options.log ?? (() => {});
  const threads = new JobThreads(options.concurrency);
  const execute =
    options.execute ??
    threadExecutor(threads, {
      laneMaxBytes: Math.floor((options.maxBytes ?? DEFAULT_MAX_BYTES) / options.concurrency),
    });
  /** Where follow-up jobs go (opened on the first). */
  let followQueue: Queue | undefined;
  const stores = new Map<string, ResultStore>();
  const stopping = new AbortController();
  const lockMs = options.lockMs ?? DEFAULT_LOCK_MS;
  let done = 0;
  let failed = 0;
  let returned = 0;

  const processor = async (job: Job, token?: string): Promise<string> => {
    let parsed: ReturnType<typeof parseJob>;
    try {
      parsed = parseJob(job.id, job.data);
    } catch (error) {
      failed++;
      log((error as Error).message);
      throw new UnrecoverableError((error as Error).message);
    }
    const runKey = runKeyOf(parsed);
    const name = subproblemOf(parsed);
    const what = `${describeRun(parsed)} ${parsed.kind === "census" ? name : `subproblem ${name}`}`;
    let store = stores.get(runKey);
    if (store === undefined) {
      store = new ResultStore(client, runKey);
      stores.set(runKey, store);
    }
    let lastReport = 0;
    const onVisited = (visited: number): void => {
      const now = performance.now();
      if (now - lastReport < 5000) return;
      lastReport = now;
      job.updateProgress({ visited }).catch(() => {});
    };
    let output: Awaited<ReturnType<ExecuteJob>>;
    try {
      output = await execute(parsed, onVisited, stopping.signal);
    } catch (error) {
      if (stopping.signal.aborted) {
        returned++;
        await job.moveToWait(token);
        throw new WaitingError();
      }
      failed++;
      const message = (error as Error).message;
      if (error instanceof JobRejected) {
        log(message);
        throw new UnrecoverableError(message);
      }
      const attempt = job.attemptsMade + 1;
      const attempts = job.opts.attempts ?? 1;
      log(
        `${what}: failed (attempt ${attempt} of ${attempts}${attempt < attempts ? ", will be retried" : ""}): ${message}`,
      );
      throw error;
    }
    const outcome = await store.record(name, output.json, output.ms);
    if (outcome.kind === "conflict") {
      failed++;
      const message = `RESULTS DISAGREE for ${what}: this run gave ${clip(output.json)}, the stored result is ${clip(outcome.first)} — a bug or a faulty machine; the first result is kept and the disagreement is recorded`;
      log(message);
      throw new UnrecoverableError(message);
    }
    if (output.followUps !== undefined && output.followUps.length > 0) {
      if (followQueue === undefined) {
        followQueue = new Queue(QUEUE_NAME, { connection: redisOptions(address) });
        followQueue.on("error", () => {
          // Connection trouble: BullMQ reconnects and the commands wait.
        });
      }
      await enqueueJobs(followQueue, output.followUps);
    }
    done++;
    const again = outcome.kind === "same" ? " (already stored: the same result, counted once)" : "";
    log(`${what}: ${output.summary} in ${(output.ms / 1000).toFixed(1)} s${again}`);
    return output.summary;
  };

  const worker = new Worker(QUEUE_NAME, processor, {
    connection: redisOptions(address),
    concurrency: options.concurrency,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A stall is the worker's fault (killed, cut off), not the job's: allow many.
    maxStalledCount: 20,
    skipLockRenewal: options.renewLocks === false,
    // After a connection error BullMQ waits this long before its next try (default 15 s).
    runRetryDelay: 2000,
    autorun: false,
  });
  const reported = new Set<string>();
  worker.on("error", (error: Error) => {
    // Connection trouble is retried by BullMQ; say it once per kind of error.
    if (!reported.has(error.message)) {
      reported.add(error.message);
      log(`queue connection: ${error.message} (retrying)`);
    }
  });
  const running = worker.run();
  options.onReady?.();
  await new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  stopping.abort();
  // Running jobs go back to waiting and the connections close; with Redis gone that would wait
  // for it forever, so after a grace period the connections are dropped instead (the jobs'
  // locks then expire and other workers take them again).
  const closed = await Promise.race([
    worker
      .close()
      .then(
        () => running,
        () => undefined,
      )
      .then(() => true),
    delay(STOP_GRACE_MS).then(() => false),
  ]);
  if (!closed) {
    log(
      "the queue does not answer: stopping without handing the running jobs back (their locks expire, then other workers take them)",
    );
    await Promise.race([worker.disconnect().catch(() => {}), delay(STOP_GRACE_MS)]);
  }
  await threads.close();
  await Promise.race([followQueue?.close().catch(() => {}), delay(STOP_GRACE_MS)]);
  client.disconnect();
  return { done, failed, returned };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
