import type { Board } from "../../core/board.js";
import { progressOf, resultHeader } from "../../count/count.js";
import {
  combineLaneAnswers,
  FIRST_LANES,
  type LaneAnswer,
  LaneMismatch,
  laneModulus,
  laneSweeps,
  lanesWanted,
  laneTotal,
} from "../../count/frontier-split.js";
import { type CountRequest, countRequest } from "../../count/request.js";
import type { ParallelCountOptions } from "../count-parallel.js";
import type { LaneResult } from "../lane-worker.js";
import type { QueueRunOptions } from "./census-queue.js";
import { coordinate, type QueueOutcome } from "./coordinator.js";
import type { QueuedCountResult } from "./count-queue.js";
import { JOB_APP, JOB_VERSION, type LaneJob, laneName, runKeyOf } from "./jobs.js";
import { parseQueueUrl } from "./url.js";

/**
 * A frontier count through the job queue, one job per lane of each sweep (src/count/
 * frontier-split.ts): lanes 0 and 1 of every sweep at once; once lane 0's result is stored, its
 * bound says how many prime lanes the sweep needs, and those are sent (by the worker that
 * finished lane 0, and by any coordinator that reads it: job ids make the second send a no-op).
 * The set of lanes is a function of the stored results alone, so a restarted coordinator and
 * `--status` on any machine name the same lanes. The total is the CRT of each sweep's residues,
 * every residue checked against it (combineLaneAnswers); residues that do not fit together are a
 * loud error, as are two different results of one lane (the result store's conflicts).
 */
export async function countLanesOnQueue(
  board: Board,
  options: ParallelCountOptions,
  queue: QueueRunOptions,
): Promise<QueuedCountResult> {
  const request = countRequest(board, options);
  const sweeps = laneSweeps(request);
  const base = laneBase(board, request);
  const answers = sweeps.map(() => new Map<number, LaneAnswer>());
  const began = performance.now();
  const onProgress = progressOf(options);
  const wanted = (): string[] =>
    sweeps.flatMap((_, s) => {
      const lanes = lanesWanted(answers[s]!.get(0)?.bound);
      return Array.from({ length: lanes }, (_, lane) => laneName(s, lane));
    });
  const done = (): number => answers.reduce((n, lanes) => n + lanes.size, 0);
  const isDone = (name: string): boolean => {
    const { sweep, lane } = laneOf(name);
    return answers[sweep]?.has(lane) === true;
  };
  /** The lanes running, with the cells their workers last reported. */
  let running: { name: string; cells: number }[] = [];
  const outcome: QueueOutcome =
    sweeps.length === 0
      ? {
          status: "done",
          url: parseQueueUrl(queue.url).display,
          failed: [],
          conflicts: {},
          retried: 0,
          subproblems: 0,
        }
      : await coordinate(
          {
            runKey: runKeyOf({ ...base, sweep: 0, lane: 0 }),
            names: sweeps.flatMap((_, s) =>
              Array.from({ length: FIRST_LANES }, (_, lane) => laneName(s, lane)),
            ),
            job: (name) => ({ ...base, ...laneOf(name) }),
            more: wanted,
          },
          {
            ...queue,
            signal: options.signal,
            timeLimitMs: options.timeLimitMs,
            onResult: ({ name, json }) => {
              const answer = laneAnswer(name, json, sweeps.length);
              answers[answer.sweep]!.set(answer.lane, answer);
            },
            onActive: (active) => {
              running = [...active].map(([name, progress]) => ({
                name,
                cells: (progress as { visited?: number } | undefined)?.visited ?? 0,
              }));
            },
            onPoll: () =>
              onProgress?.({
                done: done(),
                total: wanted().length,
                count: 0n,
                nodes: 0,
                ms: performance.now() - began,
                // The running list is read every 2 s: lanes finished since are left out.
                lanes: { running: running.filter(({ name }) => !isDone(name)) },
              }),
          },
        );
  // Following to the end, or --status once every lane has a result.
  const complete =
    (outcome.status === "done" || outcome.status === "status") &&
    outcome.failed.length === 0 &&
    done() === wanted().length;
  const count = complete ? total(request, sweeps, answers) : 0n;
  const status =
    outcome.status === "aborted" ? "aborted" : outcome.status === "limit" ? "limit" : "done";
  return {
    ...resultHeader(request),
    count,
    status,
    method: "frontier",
    stats: { ms: performance.now() - began, units: done(), nodes: 0, peakStates: 0 },
    queue: outcome,
    lanes: { complete },
  };
}

/** The fields every lane job of this count shares. */
function laneBase(board: Board, request: CountRequest): Omit<LaneJob, "sweep" | "lane"> {
  return {
    app: JOB_APP,
    v: JOB_VERSION,
    kind: "lane",
    board: board.label,
    closed: request.kind === "closed",
    start: request.start,
    end: request.end,
    directed: request.directed,
    nonClosable: request.nonClosable,
  };
}

function laneOf(name: string): { sweep: number; lane: number } {
  const match = /^s(\d+)l(\d+)$/.exec(name);
  if (!match) throw new Error(`${name} is not a lane's name`);
  return { sweep: Number(match[1]), lane: Number(match[2]) };
}

/** A stored lane result, checked against its name and modulus. */
function laneAnswer(name: string, json: string, sweeps: number): LaneAnswer & { sweep: number } {
  const result = JSON.parse(json) as LaneResult;
  const { sweep, lane } = laneOf(name);
  const digits = (text: unknown): boolean => typeof text === "string" && /^\d+$/.test(text);
  if (
    result.sweep !== sweep ||
    result.lane !== lane ||
    sweep >= sweeps ||
    result.modulus !== laneModulus(lane).toString() ||
    !digits(result.residue) ||
    !digits(result.bound)
  ) {
    throw new Error(`the stored result of lane ${name} is not one: ${json.slice(0, 120)}`);
  }
  return { sweep, lane, residue: BigInt(result.residue), bound: BigInt(result.bound) };
}

/** The request's count from every sweep's lanes; residues that disagree are a loud error. */
function total(
  request: CountRequest,
  sweeps: ReturnType<typeof laneSweeps>,
  answers: readonly Map<number, LaneAnswer>[],
): bigint {
  const counts = new Map<string, bigint>();
  sweeps.forEach((sweep, s) => {
    try {
      counts.set(sweep.id, combineLaneAnswers(sweep.id, [...answers[s]!.values()]));
    } catch (error) {
      if (!(error instanceof LaneMismatch)) throw error;
      throw new Error(
        `RESULTS DISAGREE: ${error.message} — a bug or a faulty machine; count this board without --queue (or on a trusted machine) to tell which lane is wrong`,
      );
    }
  });
  return laneTotal(request, counts);
}
