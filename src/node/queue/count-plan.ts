import type { Board } from "../../core/board.js";
import { DEFAULT_MAX_BYTES } from "../../core/memory.js";
import { planCount } from "../../count/dispatch.js";
import { type CountRequest, countRequest } from "../../count/request.js";
import { type WorkerSetup, workerSetup } from "../count-setup.js";
import type { WorkerTask } from "../count-worker.js";

/** A count's query with cells as flat indices (-1: none), as a count job carries it. */
export interface CountQuery {
  readonly closed: boolean;
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
}

/**
 * A splittable count cut into subproblems — the same cut as the embedded parallel count (the
 * dispatcher's planCount): deterministic, so the coordinator and every worker build the same
 * plan from the query and a job need only carry a subproblem's id.
 */
export interface CountPlan {
  readonly request: CountRequest;
  readonly method: "backtrack" | "mates";
  readonly splitDepth: number;
  /** Subproblems (0 when the answer is known without searching). */
  readonly subproblems: number;
  /** What a count-worker thread is built with. */
  readonly setup: WorkerSetup;
  /** The count-worker message for subproblem `id`. */
  task(id: number): WorkerTask;
  /** The exact total from the subproblems' counts (weights and symmetry applied). */
  total(done: ReadonlyMap<number, bigint>): bigint;
}

export function countPlan(
  board: Board,
  query: CountQuery,
  method: "backtrack" | "mates",
  target: number,
): CountPlan {
  const request = countRequest(board, {
    closed: query.closed,
    start: query.start >= 0 ? query.start : undefined,
    end: query.end >= 0 ? query.end : undefined,
    directed: query.directed,
    nonClosable: query.nonClosable,
  });
  const setup = workerSetup(request, DEFAULT_MAX_BYTES);
  const plan = planCount(request, method, target);
  return {
    request,
    method,
    splitDepth: plan.splitDepth,
    subproblems: plan.units.length,
    setup,
    task: (id) => plan.units[id] as WorkerTask,
    total: (done) => plan.total(done),
  };
}
