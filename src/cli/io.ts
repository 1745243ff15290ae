/**
 * Everything a command may touch of the outside world. `run()` takes one, so tests drive the CLI
 * in-process with captured streams; only main.ts builds the real one from `process`.
 */
export interface OutputStream {
  write(chunk: string | Uint8Array): void;
  readonly isTTY?: boolean;
  /** Terminal width in columns, when a terminal. */
  readonly columns?: number;
}

/** Where a command streams its data: stdout or a file, with backpressure. */
export interface OutputSink {
  /**
   * Resolves when the sink can take more and is done with `chunk` (written, or copied): the
   * caller may then refill the same buffer (a streamed tour does).
   */
  write(chunk: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export interface CliIO {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Whether standard input is a terminal (then commands do not wait for piped input). */
  readonly stdinIsTTY: boolean;
  readStdin(): Promise<Uint8Array>;
  /**
   * Standard input line by line as it arrives (node:readline in main.ts), for interactive
   * commands (`knight play`). Optional: without it they read `readStdin()` whole and split it.
   */
  readStdinLines?(): AsyncIterable<string>;
  readFile(path: string): Promise<Uint8Array>;
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
   * A signal that fires on Ctrl-C. Asking for it replaces the default Ctrl-C (which ends the
   * process at once with 130) by this signal, so only commands that check it while they work
   * (async or chunked work: checkpointed counts, animations) should ask. Synchronous searches
   * keep the default and rely on their time and node limits.
   */
  interruptSignal(): AbortSignal;
  /** Physical memory in bytes, for default memory limits. */
  readonly totalMemory: number;
}
