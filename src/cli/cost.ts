import { formatDuration, LONG_WORK_SECONDS } from "../count/cost.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO } from "./io.js";

/**
 * Before long work: a rough estimate of its time from the board and the method, and above
 * LONG_WORK_SECONDS a question (or, without a terminal, a refusal) rather than a blind start.
 * The figures are orders of magnitude, said as such; `--yes` skips the question. The page's
 * Count asks the same way, from the same figures (src/count/cost.ts).
 */

export {
  formatDuration,
  frontierInFreeOrder,
  frontierInWasm,
  frontierLanes,
  frontierSeconds,
  frontierWallSeconds,
  LONG_WORK_SECONDS,
} from "../count/cost.js";

/** Search nodes a second of one thread (PathSearch: 6×6 open, 36.7 million nodes in 4.3 s CPU). */
const NODES_PER_SECOND = 1e7;

/** Seconds a pruned path search of `nodes` nodes takes on `threads` threads. */
export function searchSeconds(nodes: number, threads: number): number {
  return nodes / NODES_PER_SECOND / Math.max(1, threads);
}

/**
 * Go ahead with work estimated at `seconds` (`what` says what and how it was estimated), or
 * not: below LONG_WORK_SECONDS, or with `yes`, at once; on a terminal, after the user answers
 * y; otherwise refused (exit 2) with the estimate and the flag that starts it anyway.
 */
export async function confirmLongWork(
  io: CliIO,
  command: string,
  what: string,
  seconds: number,
  yes: boolean,
): Promise<void> {
  if (seconds <= LONG_WORK_SECONDS || yes) return;
  const estimate = `${what} would take ${formatDuration(seconds)}`;
  const interactive = !io.stdinIsTTY ? false : io.stderr.isTTY === true;
  if (interactive && io.readStdinLines !== undefined) {
    io.stderr.write(`knight ${command}: ${estimate}. Start it? [y/N] `);
    for await (const line of io.readStdinLines()) {
      if (/^\s*y(es)?\s*$/i.test(line)) return;
      break;
    }
    throw new CliExit(ExitCode.BadInput, "not started (add --yes to start it without asking)");
  }
  throw new CliExit(
    ExitCode.BadInput,
    `${estimate}: not started without --yes (add --yes to start it anyway)`,
    seconds,
  );
}
