import type { Job, Queue } from "bullmq";
import { connectRedis, redisOptions } from "./connection.js";
import { enqueueJobs } from "./enqueue.js";
import { jobIdOf, QUEUE_NAME, type QueueJob } from "./jobs.js";
import { ResultStore, type StoredResult } from "./results.js";
import { parseQueueUrl } from "./url.js";

/** A run as the coordinator sees it: its key, its selected subproblems, and their jobs. */
export interface QueueRunSpec {
  readonly runKey: string;
  /** Selected subproblem names, in the order they are enqueued. */
  readonly names: readonly string[];
  job(name: string): QueueJob;
  /**
   * Subproblems to add once results are in, asked after every read (a run whose later
   * subproblems depend on earlier results: a frontier count's prime lanes on lane 0's bound).
   * Must depend on the stored results alone, so every coordinator and `--status` agree.
   */
  readonly more?: (() => readonly string[]) | undefined;
}

export interface CoordinateOptions {
  readonly url: string;
  /** follow (enqueue, then wait for the end), detach (enqueue only), status (read only). */
  readonly mode: "follow" | "detach" | "status";
  /** Put the run's failed jobs back in the queue first (their attempts start again). */
  readonly retryFailed?: boolean | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly timeLimitMs?: number | undefined;
  /** Between reads of new results (default 500 ms). */
  readonly pollMs?: number | undefined;
  readonly connectAttempts?: number | undefined;
  /** Each selected subproblem's stored result, once, as it is found (old ones first). */
  onResult(result: StoredResult): void;
  /** After each read (to report progress). */
  readonly onPoll?: (() => void) | undefined;
  /**
   * The run's running jobs (name → the progress its worker last reported), read every 2 s
   * while following; for runs of few long jobs (a frontier count's lanes).
   */
  readonly onActive?: ((active: ReadonlyMap<string, unknown>) => void) | undefined;
}

export interface FailedSubproblem {
  readonly name: string;
  readonly reason: string;
}

export interface QueueOutcome {
  /**
   * done: every selected subproblem has a result; failed: some failed for good (the others
   * are done); detached, status: returned without waiting; aborted, limit: stopped following
   * (the workers go on).
   */
  readonly status: "done" | "failed" | "detached" | "status" | "aborted" | "limit";
  /** The URL with its password masked. */
  readonly url: string;
  readonly failed: readonly FailedSubproblem[];
  /** Subproblems whose second result disagreed with the first (subproblem → that result). */
  readonly conflicts: Readonly<Record<string, string>>;
  /** Failed jobs put back by retryFailed. */
  readonly retried: number;
  /** Subproblems selected. */
  readonly subproblems: number;
}

/** Idle this long with results missing and no job waiting or running: look for lost jobs. */
const RECONCILE_AFTER_MS = 10_000;

/**
 * The coordinator of a queued run: sends every selected subproblem without a stored result to
 * the queue (job ids make a second send a no-op), then reads results as workers store them
 * until each subproblem has a result or has failed for good. It can be killed and started again
 * at any time: the results and the jobs live in Redis, and a restart reads them back.
 */
export async function coordinate(
  spec: QueueRunSpec,
  options: CoordinateOptions,
): Promise<QueueOutcome> {
  const address = parseQueueUrl(options.url);
  const client = await connectRedis(address, { attempts: options.connectAttempts });
  const { Queue } = await import("bullmq");
  const queue = new Queue(QUEUE_NAME, { connection: redisOptions(address) });
  queue.on("error", () => {
    // Connection trouble: BullMQ reconnects and the commands wait.
  });
  const store = new ResultStore(client, spec.runKey);
  // The selection grows when spec.more asks for more (see QueueRunSpec.more): `run` is the spec
  // with the names so far, which every step below reads.
  const names = [...spec.names];
  const run: QueueRunSpec = { ...spec, names };
  const selected = new Set(names);
  const seen = new Set<string>();
  let offset = 0;
  /** Read new results and grow the selection until neither changes; the news and the names added. */
  const pull = async (): Promise<{ news: number; added: string[] }> => {
    let news = 0;
    const added: string[] = [];
    for (;;) {
      const fresh = await store.logFrom(offset);
      offset += fresh.length;
      const wanted = fresh.filter((name) => selected.has(name) && !seen.has(name));
      for (const result of await store.results(wanted)) {
        seen.add(result.name);
        options.onResult(result);
      }
      news += wanted.length;
      const more = (spec.more?.() ?? []).filter((name) => !selected.has(name));
      if (more.length === 0) return { news, added };
      for (const name of more) {
        names.push(name);
        selected.add(name);
        added.push(name);
      }
      news += more.length;
      // Their results may be stored already (another coordinator sent them): read the log again.
      offset = 0;
    }
  };
  const outcome = (
    status: QueueOutcome["status"],
    failed: readonly FailedSubproblem[],
    conflicts: Record<string, string>,
    retried: number,
  ): QueueOutcome => ({
    status,
    url: address.display,
    failed,
    conflicts,
    retried,
    subproblems: names.length,
  });
  try {
    await pull();
    let retried = 0;
    if (options.retryFailed) retried = await retryFailed(queue, run, seen);
    let failed = await failedOf(queue, run, seen);
    const conflictsNow = async (): Promise<Record<string, string>> =>
      Object.fromEntries(
        Object.entries(await store.conflicts()).filter(([name]) => selected.has(name)),
      );
    if (options.mode === "status") {
      return outcome("status", failed, await conflictsNow(), retried);
    }
    const failedNames = new Set(failed.map((f) => f.name));
    await enqueue(
      queue,
      run,
      names.filter((name) => !seen.has(name) && !failedNames.has(name)),
    );
    if (options.mode === "detach")
      return outcome("detached", failed, await conflictsNow(), retried);

    const began = Date.now();
    let lastNews = Date.now();
    let lastFailedCheck = Date.now();
    for (;;) {
      const { news, added } = await pull();
      if (news > 0) lastNews = Date.now();
      await enqueue(
        queue,
        run,
        added.filter((name) => !seen.has(name)),
      );
      options.onPoll?.();
      const now = Date.now();
      if (now - lastFailedCheck >= 2000 || seen.size + failed.length >= names.length) {
        failed = await failedOf(queue, run, seen);
        if (options.onActive) options.onActive(await activeOf(queue, run));
        lastFailedCheck = now;
      }
      if (seen.size + failed.length >= names.length) {
        const status = failed.length > 0 ? "failed" : "done";
        return outcome(status, failed, await conflictsNow(), retried);
      }
      if (options.signal?.aborted) return outcome("aborted", failed, await conflictsNow(), retried);
      if (options.timeLimitMs !== undefined && now - began >= options.timeLimitMs) {
        return outcome("limit", failed, await conflictsNow(), retried);
      }
      if (now - lastNews >= RECONCILE_AFTER_MS) {
        lastNews = now;
        await reconcile(queue, run, seen, new Set(failed.map((f) => f.name)));
      }
      await sleep(options.pollMs ?? 500, options.signal);
    }
  } finally {
    await queue.close();
    client.disconnect();
  }
}

function enqueue(queue: Queue, spec: QueueRunSpec, names: readonly string[]): Promise<void> {
  return enqueueJobs(
    queue,
    names.map((name) => spec.job(name)),
  );
}

/** The run's running jobs, each with its last reported progress. */
async function activeOf(queue: Queue, spec: QueueRunSpec): Promise<Map<string, unknown>> {
  const prefix = `${spec.runKey}/`;
  const out = new Map<string, unknown>();
  for (const job of await queue.getActive()) {
    if (job?.id?.startsWith(prefix)) out.set(job.id.slice(prefix.length), job.progress);
  }
  return out;
}

/** The run's jobs that failed for good and have no result, with BullMQ's reasons. */
async function failedOf(
  queue: Queue,
  spec: QueueRunSpec,
  seen: ReadonlySet<string>,
): Promise<FailedSubproblem[]> {
  const out: FailedSubproblem[] = [];
  for (const job of await runJobs(queue, spec, "failed")) {
    const name = job.id!.slice(spec.runKey.length + 1);
    if (!seen.has(name)) out.push({ name, reason: job.failedReason || "no reason given" });
  }
  return out;
}

async function retryFailed(
  queue: Queue,
  spec: QueueRunSpec,
  seen: ReadonlySet<string>,
): Promise<number> {
  let retried = 0;
  for (const job of await runJobs(queue, spec, "failed")) {
    if (seen.has(job.id!.slice(spec.runKey.length + 1))) continue;
    await job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
    retried++;
  }
  return retried;
}

/** Failed jobs of this run's selection (the queue is shared by every run). */
async function runJobs(queue: Queue, spec: QueueRunSpec, state: "failed"): Promise<Job[]> {
  const selected = new Set(spec.names);
  const prefix = `${spec.runKey}/`;
  const out: Job[] = [];
  const page = 1000;
  for (let start = 0; ; start += page) {
    const jobs = state === "failed" ? await queue.getFailed(start, start + page - 1) : [];
    for (const job of jobs) {
      const id = job?.id;
      if (id === undefined || !id.startsWith(prefix)) continue;
      if (selected.has(id.slice(prefix.length))) out.push(job);
    }
    if (jobs.length < page) break;
  }
  return out;
}

/**
 * Nothing waits or runs, yet results are missing: a job was lost (a Redis restart without
 * fsync, a job removed by hand) or completed with its result lost. Send those again.
 */
async function reconcile(
  queue: Queue,
  spec: QueueRunSpec,
  seen: ReadonlySet<string>,
  failed: ReadonlySet<string>,
): Promise<void> {
  const counts = await queue.getJobCounts(
    "waiting",
    "active",
    "delayed",
    "prioritized",
    "waiting-children",
  );
  if (Object.values(counts).some((n) => n > 0)) return;
  const missing = spec.names.filter((name) => !seen.has(name) && !failed.has(name));
  const lost: string[] = [];
  for (const name of missing) {
    const id = jobIdOf(spec.job(name));
    const state = await queue.getJobState(id);
    if (state === "completed") await queue.remove(id);
    if (state === "completed" || state === "unknown") lost.push(name);
  }
  await enqueue(queue, spec, lost);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
