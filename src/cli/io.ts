/**
 * Everything a command may touch of the outside world. `run()` takes one, so tests drive the CLI
 * in-process with captured streams; only main.ts builds the real one from `process`
 * (node-io.ts).
 */
export interface OutputStream {
  write(chunk: string | Uint8Array): void;
  readonly isTTY?: boolean;
  /** Terminal width in columns, when a terminal. */
  readonly columns?: number;
}

/**
 * Where a command streams its data: stdout or a file, with backpressure. A file is written under
 * a temporary name in the same folder and renamed to its own name by `close()`, so the name
 * asked for never holds a partial file; `abort()` (or an error, Ctrl-C, the end of the process)
 * removes the temporary file instead. Errors are the file system's (`code` ENOSPC, EACCES, …).
 */
export interface OutputSink {
  /**
   * Resolves when the sink can take more and is done with `chunk` (written, or copied): the
   * caller may then refill the same buffer (a streamed tour does).
   */
  write(chunk: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
  /** Give up: remove the temporary file (nothing for standard output). */
  abort?(): Promise<void>;
}

export interface CliIO {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Whether standard input is a terminal (then commands do not wait for piped input). */
  readonly stdinIsTTY: boolean;
  /**
   * Standard input whole. `maxBytes` (when given) refuses more: the read stops there and
   * rejects with an `InputTooLarge` error rather than holding gigabytes.
   */
  readStdin(maxBytes?: number): Promise<Uint8Array>;
  /**
   * Standard input line by line as it arrives (node:readline in main.ts), for interactive
   * commands (`knight play`). Optional: without it they read `readStdin()` whole and split it.
   */
  readStdinLines?(): AsyncIterable<string>;
  /** A file whole; `maxBytes` as for `readStdin` (checked on the file's size before reading). */
  readFile(path: string, maxBytes?: number): Promise<Uint8Array>;
  /**
   * FILE, or standard input for none or `-`, as a stream of chunks, for inputs too large to
   * hold (a binary tour of 10¹⁰ cells). Optional: without it commands read their input whole.
   */
  openInput?(path?: string): AsyncIterable<Uint8Array>;
  /** Free bytes of the file system holding `path` (statfs), to refuse huge outputs up front. */
  freeBytes?(path: string): Promise<number>;
  /** Open standard output (no path, or `-`) or a file for streamed writing. */
  openOutput(path?: string): Promise<OutputSink>;
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * The signal of Ctrl-C and SIGTERM. Asking for it says the command checks it while it works
   * (async or chunked work: checkpointed counts, listings, animations) and stops cleanly on it,
   * printing what was kept; a command that never asked is ended at once by the interrupt (its
   * temporary files removed), with one line and exit 130.
   */
  interruptSignal(): AbortSignal;
  /**
   * Run synchronous work (a search that never yields to the event loop) so that Ctrl-C can cut
   * it short: it then throws `CliExit(Interrupted)`. Optional: without it the work runs as is.
   */
  runInterruptible?<T>(work: () => T): T;
  /**
   * Get ready for `runInterruptible` (once per process): SIGTERM then cuts the work short as
   * Ctrl-C does, rather than end the process with no line.
   */
  prepareInterruptible?(): Promise<void>;
  /**
   * Say what an interruption keeps (`checkpoint 6x6.ckpt: 12 units; rerun to resume`), for the
   * line printed when a second Ctrl-C ends the command before its clean stop is done.
   */
  keepOnInterrupt?(describe: () => string): void;
  /**
   * What to print on standard output when an interrupt ends the command at once (one that
   * never asked for `interruptSignal`, or during start-up): the `--json` envelope, so a script
   * reading standard output gets `status: "aborted"` whenever the command was interrupted.
   */
  onAbruptInterrupt?(report: () => void): void;
  /** Physical memory in bytes, for default memory limits. */
  readonly totalMemory: number;
}
