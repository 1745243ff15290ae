import { CliExit, ExitCode, OutputClosed } from "./exit-codes.js";
import type { CliIO, OutputSink } from "./io.js";

/**
 * The one output layer of the commands: every byte a command prints as data goes through a sink
 * opened here, and every failure to write becomes one line naming the target and the cause
 * (exit 74), or, for a reader that closed the pipe, a quiet stop with success.
 */

/** What the file system's error codes mean, in the words of one diagnostic line. */
const CAUSES: Readonly<Record<string, string>> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "the disk quota is used up",
  EFBIG: "the file is larger than the file system allows",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  EISDIR: "it is a directory",
  ENOENT: "its folder does not exist",
  ENOTDIR: "a part of the path is not a folder",
  ENAMETOOLONG: "the name is too long",
  EIO: "an input/output error",
  EPIPE: "the reader closed the pipe",
  EBADF: "it is not open for writing",
  EEXIST: "a temporary file of that name exists",
};

function isStdout(target: string | undefined): boolean {
  return target === undefined || target === "-";
}

/** `'out.json'`, or `standard output`. */
export function targetName(target: string | undefined): string {
  return isStdout(target) ? "standard output" : `'${target}'`;
}

/**
 * The error a failed write ends the command with: `OutputClosed` for a closed pipe on standard
 * output, `CliExit(WriteFailed)` for any file-system error, anything else unchanged (a bug).
 */
export function writeFailure(error: unknown, target: string | undefined): unknown {
  if (error instanceof CliExit || error instanceof OutputClosed) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return error;
  if (code === "EPIPE" && isStdout(target)) return new OutputClosed();
  const cause = CAUSES[code] ?? (error as Error).message;
  return new CliExit(
    ExitCode.WriteFailed,
    `cannot write ${targetName(target)}: ${cause} (${code})`,
    target ?? "-",
  );
}

/**
 * Open `target` (a file, or standard output for none or `-`) for writing, with every failure
 * mapped by `writeFailure`; a failed write removes the temporary file at once.
 */
export async function openSink(target: string | undefined, io: CliIO): Promise<OutputSink> {
  let sink: OutputSink;
  try {
    sink = await io.openOutput(target);
  } catch (error) {
    throw writeFailure(error, target);
  }
  const fail = async (error: unknown): Promise<never> => {
    await sink.abort?.().catch(() => undefined);
    throw writeFailure(error, target);
  };
  return {
    write: (chunk) => sink.write(chunk).catch(fail),
    close: () => sink.close().catch(fail),
    abort: () => sink.abort?.() ?? Promise.resolve(),
  };
}

/**
 * Write `data` (a text, ending with a newline, or a stream of chunks) to `--out FILE` or
 * standard output. The file appears under its name only when complete.
 */
export async function writeOutput(
  data: string | Iterable<string | Uint8Array>,
  out: string | undefined,
  io: CliIO,
): Promise<void> {
  const sink = await openSink(out, io);
  try {
    if (typeof data === "string") {
      await sink.write(data.endsWith("\n") ? data : `${data}\n`);
    } else {
      for (const chunk of data) await sink.write(chunk);
    }
  } catch (error) {
    await sink.abort?.();
    throw error;
  }
  await sink.close();
}

/**
 * Print `text` on standard output through the output layer (backpressure, closed pipes, write
 * errors), for the commands' one-shot results.
 */
export function printOut(text: string, io: CliIO): Promise<void> {
  return writeOutput(text, undefined, io);
}
