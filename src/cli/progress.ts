import type { SolveProgress } from "../solve/index.js";
import type { CliIO } from "./io.js";

/**
 * A one-line progress display on stderr for long searches: only when stderr is a terminal or
 * `--progress` asks for it, at most a few times a second.
 */
export function progressReporter(
  io: CliIO,
  forced: boolean,
  label: string,
): { update: (progress: SolveProgress) => void; done: () => void } | undefined {
  const tty = io.stderr.isTTY === true;
  if (!tty && !forced) return undefined;
  let last = 0;
  let shown = false;
  return {
    update(progress) {
      if (progress.ms - last < 250) return;
      last = progress.ms;
      shown = true;
      // Searches without restarts (a count) report 0 attempts: leave the word out.
      const attempts = progress.attempts > 0 ? `, ${progress.attempts} attempts` : "";
      const line = `${label}: ${progress.nodes.toLocaleString("en-US")} nodes${attempts}, ${(progress.ms / 1000).toFixed(1)} s`;
      io.stderr.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
    },
    done() {
      if (shown && tty) io.stderr.write("\r\u001b[K");
    },
  };
}
