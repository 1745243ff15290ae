import type { Board } from "../../core/board.js";
import { OptionError } from "../../core/errors.js";
import { type CountResult, type CountStatus, progressOf, resultHeader } from "../../count/count.js";
import { countMethod } from "../../count/dispatch.js";
import { countRequest } from "../../count/request.js";
import { Checkpoint } from "../checkpoint.js";
import type { ParallelCountOptions } from "../count-parallel.js";
import type { QueueRunOptions } from "./census-queue.js";
import { coordinate, type QueueOutcome } from "./coordinator.js";
import { countPlan } from "./count-plan.js";
import { type CountJob, JOB_APP, JOB_VERSION, runKeyOf } from "./jobs.js";
import { countLanesOnQueue } from "./lane-queue.js";
import { parseQueueUrl } from "./url.js";

export interface QueuedCountResult extends CountResult {
  readonly queue: QueueOutcome;
  /** A frontier count by lanes: whether every lane it needs has a result (else no count yet). */
  readonly lanes?: { readonly complete: boolean } | undefined;
}

/**
 * A frontier count goes by lanes (lane-queue.ts). Otherwise:
 * a splittable count (backtrack, mates) through the job queue: the same plan, total and result
 * as `countParallel`, with the subproblems run by `knight worker` processes. `checkpoint`, if
 * given, mirrors the counts read from Redis.
 */
export async function countOnQueue(
  board: Board,
  options: ParallelCountOptions,
  queue: QueueRunOptions,
): Promise<QueuedCountResult> {
  const request = countRequest(board, options);
  // A job names its board by size alone (RxC, checked by every worker): other geometries
  // would be counted on the plain board, so they are refused here.
  if (!board.plain) {
    throw new OptionError(
      `--queue counts the knight on plain rectangles only (a job names its board by size), and ${board} is not one; count it without --queue (--workers N uses this machine's threads)`,
      board.key,
    );
  }
  // Without the request auto picks as before the census method (mates on the small boards):
  // queue jobs carry backtrack and mates subproblems and frontier lanes, not census ones.
  const method = countMethod(options.method, board);
  if (method !== "backtrack" && method !== "mates" && method !== "frontier") {
    const what =
      method === "census"
        ? "census subproblems run on this machine's --workers only"
        : `${method} is one search`;
    throw new OptionError(
      `--queue runs a count split into jobs: --method backtrack or mates (subproblems) or frontier (one job per modulus lane); ${what}${options.method === "auto" || options.method === undefined ? ", picked by auto" : ""}`,
      method,
    );
  }
  if (options.workers !== undefined) {
    throw new OptionError(
      "--workers sets this machine's threads; with --queue the workers are `knight worker URL --workers N` processes",
      options.workers,
    );
  }
  if (method === "frontier") {
    if (options.checkpoint !== undefined) {
      throw new OptionError(
        `--checkpoint ${options.checkpoint}: a frontier count on the queue keeps its lanes' results in Redis (rerun the same command to follow it again); drop --checkpoint`,
        options.checkpoint,
      );
    }
    return countLanesOnQueue(board, options, queue);
  }
  const query = {
    closed: request.kind === "closed",
    start: request.start,
    end: request.end,
    directed: request.directed,
    nonClosable: request.nonClosable,
  };
  const target = options.target ?? 128;
  const plan = countPlan(board, query, method, target);
  const began = performance.now();
  const done = new Map<number, bigint>();
  let nodes = 0;
  const checkpoint =
    options.checkpoint === undefined
      ? undefined
      : Checkpoint.open(
          options.checkpoint,
          {
            board: board.label,
            kind: request.kind,
            start: request.start,
            end: request.end,
            directed: request.directed,
            nonClosable: request.nonClosable,
            method,
            splitDepth: plan.splitDepth,
          },
          Math.max(1, plan.subproblems),
        );
  const base = {
    app: JOB_APP,
    v: JOB_VERSION,
    kind: "count",
    board: board.label,
    ...query,
    method,
    target,
    splitDepth: plan.splitDepth,
    subproblems: plan.subproblems,
  } as const;
  const onProgress = progressOf(options);
  let outcome: QueueOutcome;
  try {
    outcome =
      plan.subproblems === 0
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
              runKey: runKeyOf({ ...base, id: 0 } satisfies CountJob),
              names: Array.from({ length: plan.subproblems }, (_, id) => String(id)),
              job: (name) => ({ ...base, id: Number(name) }),
            },
            {
              ...queue,
              signal: options.signal,
              timeLimitMs: options.timeLimitMs,
              onResult: ({ name, json }) => {
                const result = JSON.parse(json) as { id: number; count: string; nodes: number };
                if (String(result.id) !== name || !/^\d+$/.test(result.count)) {
                  throw new Error(
                    `the stored result of subproblem ${name} is not one: ${json.slice(0, 80)}`,
                  );
                }
                const count = BigInt(result.count);
                done.set(result.id, count);
                nodes += result.nodes;
                if (!checkpoint?.done.has(result.id)) checkpoint?.record(result.id, count);
              },
              onPoll: () =>
                onProgress?.({
                  done: done.size,
                  total: plan.subproblems,
                  count: plan.total(done),
                  nodes,
                  ms: performance.now() - began,
                }),
            },
          );
  } finally {
    checkpoint?.close();
  }
  const status: CountStatus =
    outcome.status === "aborted" ? "aborted" : outcome.status === "limit" ? "limit" : "done";
  return {
    ...resultHeader(request),
    count: plan.total(done),
    status,
    method,
    stats: { ms: performance.now() - began, units: done.size, nodes, peakStates: 0 },
    queue: outcome,
  };
}
