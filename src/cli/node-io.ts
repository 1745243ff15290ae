// The real CliIO, built from `process` (used by main.ts only): files written atomically, standard
// output with backpressure and its failures, Ctrl-C and SIGTERM on one path, bounded reads.
import { createReadStream, createWriteStream, unlinkSync, type WriteStream } from "node:fs";
import { rename, stat, statfs, unlink } from "node:fs/promises";
import { totalmem } from "node:os";
import { basename, dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { Script } from "node:vm";
import { OptionError } from "../core/errors.js";
import { fileProblem, fileRefusal } from "../core/path-kind.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import { InputTooLarge } from "./input-limit.js";
import type { CliIO, OutputSink } from "./io.js";
import { tidyMessage } from "./message.js";
import { writeFailure } from "./output.js";
import { startTermWatch, type TermWatch } from "./term-watch.js";

/** Temporary files of outputs not yet complete, by temporary name → the name asked for. */
const pending = new Map<string, string>();
let tempSerial = 0;

// Whatever ends the process (an error, Ctrl-C, a closed pipe), no temporary file stays behind.
process.on("exit", () => {
  for (const temp of pending.keys()) {
    try {
      unlinkSync(temp);
    } catch {
      // Already gone.
    }
  }
});

function errno(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * A file sink: written to `.NAME.PID.N.tmp` beside NAME and renamed over it when complete, so NAME
 * is never a partial file. NAME must be a regular file or a new file in an existing folder:
 * devices, folders and FIFOs are refused (exit 2) — `/dev/null` would lose the work, a FIFO
 * would block for ever; standard output is the place for a pipe.
 */
async function openFile(path: string): Promise<OutputSink> {
  const info = await stat(path).catch(() => undefined);
  const folder = dirname(path);
  const problem = fileProblem(
    info,
    folder,
    info ? undefined : await stat(folder).catch(() => undefined),
  );
  if (problem !== undefined) throw new OptionError(fileRefusal("--out", path, problem), path);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${++tempSerial}.tmp`);
  const stream = createWriteStream(temp, { flags: "wx" });
  pending.set(temp, path);
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure ??= error;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
  } catch (error) {
    pending.delete(temp);
    // The folder exists (checked above) yet takes no new file: a pseudo-file system (/proc).
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new CliExit(
        ExitCode.WriteFailed,
        `cannot write '${path}': its folder '${dirname(path)}' takes no new files (ENOENT)`,
        path,
      );
    }
    throw error;
  }
  const abort = async (): Promise<void> => {
    stream.destroy();
    if (pending.delete(temp)) await unlink(temp).catch(() => undefined);
  };
  return {
    write: (chunk) => writeChunk(stream, chunk, () => failure),
    close: async () => {
      if (failure) throw failure;
      await new Promise<void>((resolve, reject) => {
        stream.once("error", reject);
        stream.end(() => (failure ? reject(failure) : resolve()));
      });
      await rename(temp, path);
      pending.delete(temp);
    },
    abort,
  };
}

/** Write one chunk, resolving when the stream can take more ('drain'), rejecting on an error. */
function writeChunk(
  stream: WriteStream | NodeJS.WriteStream,
  chunk: string | Uint8Array,
  failed: () => Error | undefined,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const before = failed();
    if (before) {
      reject(before);
      return;
    }
    const onError = (error: Error) => reject(error);
    stream.once("error", onError);
    const ok = stream.write(chunk, (error) => {
      stream.off("error", onError);
      if (error) reject(error);
      else if (ok) resolve();
    });
    if (!ok)
      stream.once("drain", () => {
        stream.off("error", onError);
        resolve();
      });
  });
}

/** `knight COMMAND` for the lines printed outside `run()` (a failed standard output, a signal). */
function commandLabel(argv: readonly string[]): string {
  const name = argv.find((arg) => /^[a-z]+$/.test(arg));
  return name === undefined ? "knight" : `knight ${name}`;
}

/** Read a stream whole, refusing more than `maxBytes` as soon as it is passed. */
async function readAll(stream: Readable, source: string, maxBytes?: number): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  let total = 0;
  for await (const part of stream as AsyncIterable<Buffer>) {
    total += part.length;
    if (maxBytes !== undefined && total > maxBytes) {
      stream.destroy();
      throw new InputTooLarge(source, maxBytes);
    }
    parts.push(part);
  }
  return new Uint8Array(Buffer.concat(parts, total));
}

/** The CliIO of this process, for the command line `argv`. */
export function nodeIO(argv: readonly string[]): CliIO {
  const label = commandLabel(argv);
  const out = process.stdout;
  let stdoutFailure: Error | undefined;

  // A closed pipe (`knight enumerate 8 | head`) ends the run quietly with success, as Unix tools
  // do; any other failure of standard output (a full disk) is one line and exit 74. Both end
  // the process at once: nothing more can be said on standard output.
  // A run that has ended already (main.ts sets its code before the last flush) keeps its own
  // code: bad input whose JSON error could not be printed is still bad input (exit 2).
  out.on("error", (error: NodeJS.ErrnoException) => {
    stdoutFailure ??= error;
    const settled = typeof process.exitCode === "number" ? process.exitCode : ExitCode.Ok;
    const failure = writeFailure(error, undefined);
    if (failure instanceof CliExit) {
      process.stderr.write(`${label}: ${tidyMessage(failure.message)}\n`);
      process.exit(settled !== ExitCode.Ok ? settled : failure.exitCode);
    }
    process.exit(settled);
  });
  // A closed standard error must not turn into an uncaught exception either.
  process.stderr.on("error", () => undefined);

  // One interruption path: Ctrl-C and SIGTERM.
  const controller = new AbortController();
  let asked = false;
  let signals = 0;
  let keep: (() => string) | undefined;
  let report: (() => void) | undefined;
  const kept = (): string => {
    const notes: string[] = [];
    const note = keep?.();
    if (note) notes.push(note);
    const files = [...new Set(pending.values())];
    if (files.length > 0) notes.push(`nothing written to ${files.map((f) => `'${f}'`).join(", ")}`);
    return notes.length > 0 ? `; ${notes.join("; ")}` : "";
  };
  const onSignal = (): void => {
    signals++;
    // A command that checks the signal stops cleanly and says what it kept. One that does not,
    // or a second signal while the clean stop is under way, ends here and now.
    if (asked && signals === 1) {
      controller.abort();
      return;
    }
    process.stderr.write(`${label}: interrupted${signals > 1 ? " again" : ""}${kept()}\n`);
    // Writes to a pipe, a file or a terminal are synchronous here (Linux, macOS): the envelope
    // is out before the exit.
    report?.();
    process.exit(ExitCode.Interrupted);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const workKey = Symbol.for("knight-tours.cli.work");
  const script = new Script(`globalThis[Symbol.for("knight-tours.cli.work")]()`);
  let termWatch: TermWatch | undefined;

  return {
    stdout: out,
    stderr: process.stderr,
    stdinIsTTY: Boolean(process.stdin.isTTY),
    readStdin: (maxBytes) => readAll(process.stdin, "standard input", maxBytes),
    readStdinLines: stdinLines,
    readFile: async (path, maxBytes) => {
      const info = await stat(path);
      if (info.isDirectory()) throw errno("EISDIR", `'${path}' is a directory`);
      // A regular file's size is known before reading: refuse it without reading a byte.
      if (maxBytes !== undefined && info.isFile() && info.size > maxBytes) {
        throw new InputTooLarge(`'${path}'`, maxBytes, info.size);
      }
      return readAll(createReadStream(path), `'${path}'`, maxBytes);
    },
    // A binary tour larger than memory is checked as it streams in (knight verify).
    openInput: (path) =>
      path === undefined || path === "-"
        ? process.stdin
        : createReadStream(path, { highWaterMark: 1 << 22 }),
    // A streamed tour larger than the free disk is refused before its first byte (knight tour).
    freeBytes: async (path) => {
      const fs = await statfs(path);
      return fs.bavail * fs.bsize;
    },
    openOutput: async (path) => {
      if (path !== undefined && path !== "-") return openFile(path);
      return {
        write: (chunk) => writeChunk(out, chunk, () => stdoutFailure),
        // Wait until every byte before has been handed to the system. With nothing queued
        // there is nothing to wait for: an empty write would still fail on a full device and
        // turn a run that printed nothing there (`--out FILE > /dev/full`) into a failure.
        close: () =>
          out.writableLength === 0
            ? Promise.resolve()
            : new Promise<void>((resolve, reject) =>
                out.write("", (error) => (error ? reject(error) : resolve())),
              ),
      };
    },
    env: process.env,
    interruptSignal: () => {
      asked = true;
      return controller.signal;
    },
    // Synchronous work never lets the event loop run, so no signal handler can: V8 is asked to
    // break off the script on SIGINT instead (what the REPL does), and the watcher thread of
    // term-watch.ts turns SIGTERM into SIGINT meanwhile. The main thread's SIGTERM handler is
    // off during the work: the signal is the watcher's alone then, never handled twice.
    prepareInterruptible: async () => {
      termWatch = await startTermWatch();
    },
    runInterruptible: <T>(work: () => T): T => {
      const global = globalThis as unknown as Record<symbol, () => T>;
      global[workKey] = work;
      process.off("SIGTERM", onSignal);
      termWatch?.busy(true);
      try {
        return script.runInThisContext({ breakOnSigint: true }) as T;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ERR_SCRIPT_EXECUTION_INTERRUPTED") {
          throw new CliExit(ExitCode.Interrupted, `interrupted${kept()}`);
        }
        throw error;
      } finally {
        termWatch?.busy(false);
        delete global[workKey];
        process.on("SIGTERM", onSignal);
      }
    },
    keepOnInterrupt: (describe) => {
      keep = describe;
    },
    onAbruptInterrupt: (describe) => {
      report = describe;
    },
    totalMemory: totalmem(),
  };
}

/**
 * Standard input line by line; when the reader stops (a question answered, `break`), standard
 * input is paused: a terminal left reading kept the process alive after its work was done
 * (`knight count 7` answered "y" printed its count and never exited).
 */
async function* stdinLines(): AsyncGenerator<string> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    yield* lines;
  } finally {
    lines.close();
    process.stdin.pause();
  }
}
