import { type Command, Option } from "commander";
import { DEFAULT_LOCK_MS } from "../../node/queue/lock.js";
import type { CommandContext } from "../context.js";
import { positiveInteger, seconds } from "../options.js";

export interface WorkerFlags {
  workers?: number;
  lock: number;
}

export function registerWorker(program: Command, context: CommandContext): void {
  program
    .command("worker")
    .description("take census and count jobs from a job queue (BullMQ on Redis) and run them")
    .argument(
      "<url>",
      "the queue's Redis: redis://[:PASSWORD@]HOST[:PORT][/DB], or rediss:// for TLS",
    )
    .option(
      "-w, --workers <n>",
      "jobs at once, each on its own worker thread (default: the machine's cores)",
      positiveInteger("--workers"),
    )
    .addOption(
      new Option(
        "--lock <seconds>",
        "job lock, renewed every half of it while a job runs: a job whose worker died is taken again about this long after",
      )
        .argParser(seconds("--lock"))
        // Kept in milliseconds, shown in the unit the flag takes.
        .default(DEFAULT_LOCK_MS, `${DEFAULT_LOCK_MS / 1000} s`),
    )
    .addHelpText(
      "after",
      `
Jobs come from \`knight census … --queue URL\` and \`knight count … --queue URL\` on any machine;
each is one subproblem, validated before it runs, run on a worker thread, its result stored in
Redis once (a second, different result of the same subproblem is reported as a disagreement).
A job that throws is tried 3 times, then marked failed (--retry-failed on the census or count
sends it again). Ctrl-C or SIGTERM stops the worker: its running jobs go back to the queue.
One line per job on standard error names the census or count it belongs to. docs/cluster.md.

Exit 0 means the worker stopped cleanly.

Examples:
  knight worker redis://127.0.0.1:6379
  knight worker redis://:PASSWORD@HOST:6379 --workers 8`,
    )
    .action(async (url: string, flags: WorkerFlags) => {
      const { runWorker } = await import("./worker-run.js");
      await runWorker(url, flags, context);
    });
}
