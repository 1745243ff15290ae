import { Census } from "../../census/census.js";
import { CensusTotals, type SubproblemResult } from "../../census/result.js";
import type { Board } from "../../core/board.js";
import { OptionError } from "../../core/errors.js";
import { isKnight } from "../../core/piece.js";
import { CensusJournal } from "../census-journal.js";
import {
  type ParallelCensusOptions,
  type ParallelCensusResult,
  selectNames,
  shuffled,
} from "../census-parallel.js";
import { coordinate, type QueueOutcome } from "./coordinator.js";
import { JOB_APP, JOB_VERSION, runKeyOf } from "./jobs.js";
import { QueueProgress } from "./progress.js";

/** How a census or count uses the queue (the `--queue`, `--detach`, `--status`, `--retry-failed` flags). */
export interface QueueRunOptions {
  readonly url: string;
  readonly mode: "follow" | "detach" | "status";
  readonly retryFailed?: boolean | undefined;
  readonly connectAttempts?: number | undefined;
  readonly pollMs?: number | undefined;
}

export interface QueuedCensusResult extends ParallelCensusResult {
  readonly queue: QueueOutcome;
}

/**
 * The census of `board` through the job queue: the same selection, merge and summary as
 * `censusParallel`, with the subproblems run by `knight worker` processes anywhere. The
 * journal, if given, mirrors the results read from Redis. Status "done" when every selected
 * subproblem has a result; otherwise the totals cover those that have one.
 */
export async function censusOnQueue(
  board: Board,
  options: ParallelCensusOptions,
  queue: QueueRunOptions,
): Promise<QueuedCensusResult> {
  if (options.workers !== undefined) {
    throw new OptionError(
      "--workers sets this machine's threads; with --queue the workers are `knight worker URL --workers N` processes",
      options.workers,
    );
  }
  const census = new Census(board, options.split);
  if (!isKnight(board.piece)) {
    // A job names its board by size only (`8x8`), so a worker would census the knight.
    throw new OptionError(
      `--queue carries knight censuses only, and this is the ${board} census: run it on this machine (--workers N, --journal FILE, --range I:J to share it out by hand)`,
      "--queue",
    );
  }
  const withStats = options.stats !== false;
  const names = selectNames(census, options.names);
  const multiplicity = new Map(census.subproblems().map((e) => [e.name, e.multiplicity]));
  const base = {
    app: JOB_APP,
    v: JOB_VERSION,
    kind: "census",
    board: board.label,
    split: census.split.id,
    stats: withStats,
  } as const;
  const journal =
    options.journal === undefined
      ? undefined
      : CensusJournal.open(options.journal, {
          board: board.label,
          split: census.split.id,
          stats: withStats,
        });
  const totals = new CensusTotals();
  const progress = new QueueProgress(names.length, options.onProgress);
  const began = performance.now();
  let outcome: QueueOutcome;
  try {
    outcome = await coordinate(
      {
        runKey: runKeyOf({ ...base, name: "" }),
        names: shuffled(names),
        job: (name) => ({ ...base, name }),
      },
      {
        ...queue,
        signal: options.signal,
        timeLimitMs: options.timeLimitMs,
        onResult: ({ name, json, ms }) => {
          const result = JSON.parse(json) as SubproblemResult;
          if (result.name !== name || result.multiplicity !== multiplicity.get(name)) {
            throw new Error(
              `the stored result of ${name} is not a result of ${name}: ${json.slice(0, 80)}`,
            );
          }
          totals.add(result);
          journal?.record({ name, ms, result });
          progress.add(BigInt(result.tours), result.nodes, ms);
        },
        onPoll: () => progress.report(totals.done, totals.nodes),
      },
    );
  } finally {
    journal?.close();
  }
  const status =
    outcome.status === "aborted" ? "aborted" : outcome.status === "limit" ? "limit" : "done";
  return {
    status,
    reason: status === "limit" ? "the time limit ended the census" : "",
    census,
    names,
    totals,
    ms: performance.now() - began,
    queue: outcome,
  };
}
