import { availableParallelism } from "node:os";
import { CliExit, ExitCode } from "./exit-codes.js";

/** The most worker threads per core a command starts. */
const WORKERS_PER_CORE = 4;

/**
 * `--workers 1000000` would start one thread per subproblem, each with its own heap: gigabytes
 * and seconds of start-up for nothing. Refuse more than a few per core.
 */
export function checkWorkers(workers: number | undefined, flag = "--workers"): void {
  const most = WORKERS_PER_CORE * availableParallelism();
  if (workers !== undefined && workers > most) {
    throw new CliExit(
      ExitCode.BadInput,
      `${flag} ${workers}: at most ${most} on this machine (${WORKERS_PER_CORE} per core); more threads only add start-up time and memory`,
    );
  }
}

/**
 * A file-system error on a state file (`--checkpoint`, `--journal`: a directory, a missing
 * folder, no permission) is bad input naming the flag and the file, not an internal error.
 */
export function stateFileError(error: unknown, flag: string, path: string | undefined): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (path === undefined || typeof code !== "string" || !code.startsWith("E")) return error;
  const why =
    code === "EISDIR"
      ? "it is a directory"
      : code === "ENOENT"
        ? "its folder does not exist"
        : code === "EACCES" || code === "EPERM"
          ? "permission denied"
          : (error as Error).message;
  return new CliExit(ExitCode.BadInput, `${flag} '${path}': ${why}`);
}
