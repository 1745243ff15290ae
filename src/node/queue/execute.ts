import { Census } from "../../census/census.js";
import { SPLITS, type SplitName } from "../../census/split.js";
import { Board } from "../../core/board.js";
import { DEFAULT_MAX_BYTES } from "../../core/memory.js";
import { FIRST_LANES, laneSweeps, lanesWanted } from "../../count/frontier-split.js";
import { countRequest } from "../../count/request.js";
import type { CensusWorkerReply, CensusWorkerSetup } from "../census-worker.js";
import { type WorkerSetup, workerSetup } from "../count-setup.js";
import type { WorkerProgress, WorkerReply } from "../count-worker.js";
import type { LaneReply, LaneTask } from "../lane-worker.js";
import { type CountPlan, countPlan } from "./count-plan.js";
import {
  type CountJob,
  JobRejected,
  jobIdOf,
  type LaneJob,
  type QueueJob,
  runKeyOf,
} from "./jobs.js";
import { canonicalJson } from "./results.js";
import type { JobThreads } from "./threads.js";

/** A finished job: its result as canonical JSON (what is stored and compared), time, summary. */
export interface JobOutput {
  readonly json: string;
  readonly ms: number;
  /** For the worker's log and the job's return value: "31905973 tours". */
  readonly summary: string;
  /** Jobs this result calls for (a frontier count's prime lanes, once lane 0 knows its bound). */
  readonly followUps?: readonly QueueJob[] | undefined;
}

/** Runs a validated job; `onVisited` hears a census subproblem's tours so far. */
export type ExecuteJob = (
  job: QueueJob,
  onVisited: (visited: number) => void,
  signal: AbortSignal,
) => Promise<JobOutput>;

export interface ExecutorOptions {
  /** Memory ceiling of one frontier lane (default DEFAULT_MAX_BYTES). */
  readonly laneMaxBytes?: number | undefined;
}

/**
 * The default way a queue worker runs a job: checks that the subproblem exists in this
 * worker's own split or plan (a rejection if not), then runs it on a worker thread with the
 * very code of the embedded census and count (census-worker.ts, count-worker.ts, and for a
 * frontier count's lanes lane-worker.ts).
 */
export function threadExecutor(threads: JobThreads, options: ExecutorOptions = {}): ExecuteJob {
  const censuses = new Map<string, Census>();
  const plans = new Map<string, CountPlan>();
  const lanes = new Map<string, { setup: WorkerSetup; sweeps: number }>();
  return async (job, onVisited, signal) => {
    if (job.kind === "lane") {
      const key = runKeyOf(job);
      let run = lanes.get(key);
      if (run === undefined) {
        run = laneSetup(job, options.laneMaxBytes ?? DEFAULT_MAX_BYTES);
        lanes.set(key, run);
      }
      if (job.sweep >= run.sweeps) {
        throw new JobRejected(
          jobIdOf(job),
          `this count has ${run.sweeps} sweep(s), so no sweep ${job.sweep}: another version of knight-tours made it`,
        );
      }
      return runLane(threads, run.setup, job, onVisited, signal);
    }
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

/** A lane job's thread setup and its count's number of sweeps (a rejection for a bad query). */
function laneSetup(job: LaneJob, maxBytes: number): { setup: WorkerSetup; sweeps: number } {
  try {
    const request = countRequest(boardOf(job), {
      closed: job.closed,
      start: job.start >= 0 ? job.start : undefined,
      end: job.end >= 0 ? job.end : undefined,
      directed: job.directed,
      nonClosable: job.nonClosable,
    });
    return { setup: workerSetup(request, maxBytes), sweeps: laneSweeps(request).length };
  } catch (error) {
    if (error instanceof JobRejected) throw error;
    throw new JobRejected(jobIdOf(job), (error as Error).message);
  }
}

/** One lane on a thread; `onVisited` hears the cells swept so far. */
async function runLane(
  threads: JobThreads,
  setup: WorkerSetup,
  job: LaneJob,
  onVisited: (visited: number) => void,
  signal: AbortSignal,
): Promise<JobOutput> {
  const began = performance.now();
  const task: LaneTask = { sweep: job.sweep, lane: job.lane };
  const reply = await threads.run<LaneReply>(
    "lane-worker",
    setup,
    task,
    (message) => "progress" in message,
    (message) => {
      if ("progress" in message) onVisited(message.progress.step);
    },
    signal,
  );
  if ("error" in reply) throw new Error(reply.error);
  if (!("result" in reply)) throw new Error("lane worker sent no result");
  const { result } = reply;
  const bound = result.bound === "0" ? "" : `, bound ${result.bound}`;
  // Lane 0 knows how many lanes its sweep needs: the worker sends the rest, so a detached
  // count finishes with no coordinator following it (a coordinator sends them too: same ids).
  const lanes = job.lane === 0 ? lanesWanted(BigInt(result.bound)) : 0;
  const followUps: LaneJob[] = [];
  for (let lane = FIRST_LANES; lane < lanes; lane++) followUps.push({ ...job, lane });
  return {
    json: canonicalJson(result),
    ms: performance.now() - began,
    summary: `${result.residue} mod ${result.modulus}${bound}`,
    followUps,
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
