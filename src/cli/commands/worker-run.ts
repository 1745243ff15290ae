import { defaultWorkers } from "../../node/pool.js";
import { parseQueueUrl } from "../../node/queue/url.js";
import { runQueueWorker } from "../../node/queue/worker.js";
import type { CommandContext } from "../context.js";
import { checkWorkers } from "../parallel-options.js";
import { queueError } from "../queue-options.js";
import type { WorkerFlags } from "./worker.js";

/** `knight worker`: what registerWorker's action runs (loaded then, with the code it needs). */
export async function runWorker(
  url: string,
  flags: WorkerFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  checkWorkers(flags.workers);
  const address = parseQueueUrl(url);
  const concurrency = flags.workers ?? defaultWorkers();
  const signal = io.interruptSignal();
  const log = (line: string): void => io.stderr.write(`knight worker: ${line}\n`);
  try {
    const summary = await runQueueWorker({
      url,
      concurrency,
      lockMs: flags.lock,
      maxBytes: context.maxBytes(),
      signal,
      log,
      onReady: () =>
        log(`taking jobs from ${address.display} on ${concurrency} thread(s); Ctrl-C stops`),
    });
    log(
      `stopped: ${summary.done} job(s) done, ${summary.failed} failed attempt(s), ${summary.returned} returned to the queue`,
    );
  } catch (error) {
    throw queueError(error);
  }
}
