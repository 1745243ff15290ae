import { Census, SPLITS, type SplitName } from "../../census/index.js";
import { Board } from "../../core/index.js";
import type { CensusWorkerReply, CensusWorkerSetup } from "../census-worker.js";
import type { WorkerProgress, WorkerReply } from "../count-worker.js";
import { type CountPlan, countPlan } from "./count-plan.js";
import { type CountJob, JobRejected, jobIdOf, type QueueJob, runKeyOf } from "./jobs.js";
import { canonicalJson } from "./results.js";
import type { JobThreads } from "./threads.js";

/** A finished job: its result as canonical JSON (what is stored and compared), time, summary. */
export interface JobOutput {
  readonly json: string;
  readonly ms: number;
  /** For the worker's log and the job's return value: "31905973 tours". */
  readonly summary: string;
}

/** Runs a validated job; `onVisited` hears a census subproblem's tours so far. */
export type ExecuteJob = (
  job: QueueJob,
  onVisited: (visited: number) => void,
  signal: AbortSignal,
) => Promise<JobOutput>;

/**
 * The default way a queue worker runs a job: checks that the subproblem exists in this
 * worker's own split or plan (a rejection if not), then runs it on a worker thread with the
 * very code of the embedded census and count (census-worker.ts, count-worker.ts).
 */
export function threadExecutor(threads: JobThreads): ExecuteJob {
  const censuses = new Map<string, Census>();
  const plans = new Map<string, CountPlan>();
  return async (job, onVisited, signal) => {
    if (job.kind === "census") {
      // A split id starts with its kind (`knuth-8x8-v1`, `edge-8x8-v1`): Knuth's central
      // bunches and the small boards' central wedges are both the `centre` split.
      const kind = job.split.split("-")[0]!;
      const split: SplitName = (SPLITS as readonly string[]).includes(kind)
        ? (kind as SplitName)
        : "centre";
      const key = `${job.board} ${split}`;
      let census = censuses.get(key);
      if (census === undefined) {
        try {
          census = new Census(boardOf(job), split);
        } catch (error) {
          throw new JobRejected(jobIdOf(job), (error as Error).message);
        }
        censuses.set(key, census);
      }
      if (census.split.id !== job.split) {
        throw new JobRejected(
          jobIdOf(job),
          `split ${job.split} is not this worker's split of ${job.board} (${census.split.id}): another version of knight-tours made it`,
        );
      }
      let canonical: string;
      try {
        canonical = census.entry(job.name).name;
      } catch {
        canonical = "";
      }
      if (canonical !== job.name) {
        throw new JobRejected(
          jobIdOf(job),
          `${job.name} is not a subproblem of the ${job.board} census`,
        );
      }
      const setup: CensusWorkerSetup = {
        rows: census.board.rows,
        cols: census.board.cols,
        stats: job.stats,
        split,
      };
      const reply = await threads.run<CensusWorkerReply>(
        "census-worker",
        setup,
        { name: job.name },
        (message) => "visited" in message,
        (message) => {
          if ("visited" in message) onVisited(message.visited);
        },
        signal,
      );
      if ("error" in reply) throw new Error(reply.error);
      if (!("result" in reply)) throw new Error("census worker sent no result");
      return {
        json: canonicalJson(reply.result),
        ms: reply.ms,
        summary: `${reply.result.tours} tours`,
      };
    }
    const key = runKeyOf(job);
    let plan = plans.get(key);
    if (plan === undefined) {
      plan = countPlanOf(job);
      plans.set(key, plan);
    }
    const began = performance.now();
    const reply = await threads.run<WorkerReply | WorkerProgress>(
      "count-worker",
      plan.setup,
      plan.task(job.id),
      (message) => "progress" in message,
      () => {},
      signal,
    );
    if ("progress" in reply) throw new Error("count worker sent progress as its reply");
    if ("error" in reply) throw new Error(reply.error);
    return {
      json: canonicalJson({ id: reply.id, count: reply.count, nodes: reply.nodes }),
      ms: performance.now() - began,
      summary: `${reply.count} tours`,
    };
  };
}

function boardOf(job: QueueJob): Board {
  const [rows, cols] = job.board.split("x").map(Number) as [number, number];
  try {
    return new Board(rows, cols);
  } catch (error) {
    throw new JobRejected(jobIdOf(job), (error as Error).message);
  }
}

/** This worker's own plan of a count job's query; it must have the shape the job names. */
function countPlanOf(job: CountJob): CountPlan {
  let plan: CountPlan;
  try {
    plan = countPlan(boardOf(job), job, job.method, job.target);
  } catch (error) {
    if (error instanceof JobRejected) throw error;
    throw new JobRejected(jobIdOf(job), (error as Error).message);
  }
  if (plan.splitDepth !== job.splitDepth || plan.subproblems !== job.subproblems) {
    throw new JobRejected(
      jobIdOf(job),
      `this worker cuts the count into ${plan.subproblems} subproblems at depth ${plan.splitDepth}, the job says ${job.subproblems} at depth ${job.splitDepth}: another version of knight-tours made it`,
    );
  }
  return plan;
}
