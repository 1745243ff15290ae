import type { Command } from "commander";
import { OptionError } from "../core/errors.js";
import type { QueueRunOptions } from "../node/queue/census-queue.js";
import type { QueueOutcome } from "../node/queue/coordinator.js";
import { QueueUnavailableError } from "../node/queue/errors.js";
import { CliExit, ExitCode } from "./exit-codes.js";

/**
 * The job-queue flags that `census` and `count` share: `--queue URL` sends the subproblems to
 * BullMQ on Redis (run by `knight worker` processes anywhere) and follows them; `--detach`
 * returns once they are sent, `--status` reads the merged results so far, `--retry-failed`
 * puts failed subproblems back first.
 */
export interface QueueFlags {
  queue?: string;
  detach?: boolean;
  status?: boolean;
  retryFailed?: boolean;
}

export function addQueueOptions(command: Command): Command {
  return command
    .option(
      "--queue <url>",
      "run the subproblems on a job queue (Redis: redis://[:PASSWORD@]HOST[:PORT], rediss:// for TLS), taken by `knight worker` processes",
    )
    .option("--detach", "with --queue: send the subproblems and return at once")
    .option("--status", "with --queue: print the merged results so far, from any machine")
    .option("--retry-failed", "with --queue: send the subproblems that failed again");
}

/** The queue settings the flags ask for, or undefined without --queue (bad combinations exit 2). */
export function queueRun(flags: QueueFlags): QueueRunOptions | undefined {
  const given = (["detach", "status", "retryFailed"] as const).filter((key) => flags[key]);
  const flag = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  if (flags.queue === undefined) {
    if (given.length > 0) {
      throw new OptionError(`${flag(given[0]!)} needs --queue URL`, flag(given[0]!));
    }
    return undefined;
  }
  if (flags.status && (flags.detach || flags.retryFailed)) {
    throw new OptionError(
      `--status only reads; it excludes ${flags.detach ? "--detach" : "--retry-failed"}`,
      "--status",
    );
  }
  return {
    url: flags.queue,
    mode: flags.status ? "status" : flags.detach ? "detach" : "follow",
    retryFailed: flags.retryFailed === true,
  };
}

/** An unreachable queue is its own exit code, with the connector's one-line reason. */
export function queueError(error: unknown): unknown {
  return error instanceof QueueUnavailableError
    ? new CliExit(ExitCode.QueueUnavailable, error.message)
    : error;
}

/** Before any output: a detached run says what it sent and ends (exit 0). */
export function queueDetached(
  outcome: QueueOutcome,
  what: string,
  left: number,
  noun = "subproblems",
): void {
  if (outcome.status !== "detached") return;
  const retried = outcome.retried > 0 ? ` (${outcome.retried} failed ones sent again)` : "";
  throw new CliExit(
    ExitCode.Ok,
    `${what}: ${left} ${noun} without a result are on the queue at ${outcome.url}${retried}; follow with the same command, or --status`,
  );
}

/**
 * After the summary: results that disagree (loud, exit 70), failed subproblems (named with
 * their reasons, exit 75), or a follower stopped while the workers go on (130, 3).
 */
export function queueVerdict(
  outcome: QueueOutcome,
  done: number,
  selected: number,
  noun = "subproblems",
): void {
  const one = noun.slice(0, -1);
  const conflicts = Object.entries(outcome.conflicts);
  if (conflicts.length > 0) {
    const names = conflicts.map(([name]) => name).join(", ");
    throw new CliExit(
      ExitCode.Internal,
      `RESULTS DISAGREE: ${conflicts.length} ${one}(s) were run twice with different results (${names}) — a bug or a faulty machine; the first result of each is the one counted. Run them again on a trusted machine (knight census/count without --queue, with --bunches) to tell which is right`,
    );
  }
  const failed = outcome.failed.length;
  const shown = outcome.failed
    .slice(0, 5)
    .map((f) => `${f.name} (${f.reason})`)
    .join("; ");
  const list = `${shown}${failed > 5 ? `; and ${failed - 5} more` : ""}`;
  if (outcome.status === "status") {
    if (done === selected) return;
    throw new CliExit(
      ExitCode.Ok,
      `${done} of ${selected} ${noun} done${failed > 0 ? `; ${failed} failed: ${list} (--retry-failed sends them again)` : ""}`,
    );
  }
  if (failed > 0) {
    throw new CliExit(
      ExitCode.JobsFailed,
      `${failed} of ${selected} ${noun} failed: ${list}. Rerun the same command with --retry-failed to run them again`,
    );
  }
  const stopped = `the jobs stay on the queue and the workers go on: rerun the same command (or --status) to follow again`;
  if (outcome.status === "aborted") {
    throw new CliExit(
      ExitCode.Interrupted,
      `stopped following after ${done} of ${selected} ${noun}; ${stopped}`,
    );
  }
  if (outcome.status === "limit") {
    throw new CliExit(
      ExitCode.Limit,
      `the time limit ended the following after ${done} of ${selected} ${noun}; ${stopped}`,
    );
  }
}
