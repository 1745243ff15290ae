import type { Board } from "../core/index.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO } from "./io.js";

/**
 * Before long work: a rough estimate of its time from the board and the method, and above
 * LONG_WORK_SECONDS a question (or, without a terminal, a refusal) rather than a blind start.
 * The figures are orders of magnitude, said as such; `--yes` skips the question.
 */

/** Work estimated above this asks first (`--yes` starts it at once). */
export const LONG_WORK_SECONDS = 600;

/** Search nodes a second of one thread (PathSearch: 6×6 open, 36.7 million nodes in 4.3 s CPU). */
const NODES_PER_SECOND = 1e7;

/**
 * Seconds of one core a frontier sweep takes, from the sweeps measured (docs/counting.md): 6×8
 * closed 3 s, 7×8 closed 143 s. Each row of width adds a factor of about 40 per cell; open
 * sweeps carry two loose ends as well (7×7 open: tens of GiB and hours by cell 33).
 */
export function frontierSeconds(board: Board, closed: boolean): number {
  const width = Math.min(board.rows, board.cols);
  const perCell = 0.06 * 40 ** (width - 6) * (closed ? 1 : 30);
  return board.cells * perCell;
}

/** Seconds a pruned path search of `nodes` nodes takes on `threads` threads. */
export function searchSeconds(nodes: number, threads: number): number {
  return nodes / NODES_PER_SECOND / Math.max(1, threads);
}

/** "about 2 hours", "about 40 minutes", "about 10^14 years" (rounded: these are estimates). */
export function formatDuration(seconds: number): string {
  const units: Array<[string, number]> = [
    ["years", 365.25 * 86400],
    ["days", 86400],
    ["hours", 3600],
    ["minutes", 60],
  ];
  for (const [unit, size] of units) {
    const value = seconds / size;
    if (value >= 1.5) {
      if (value >= 1e4) return `about 10^${Math.floor(Math.log10(value))} ${unit}`;
      return `about ${Math.round(value).toLocaleString("en-US")} ${unit}`;
    }
  }
  return `about ${Math.max(1, Math.round(seconds))} s`;
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
