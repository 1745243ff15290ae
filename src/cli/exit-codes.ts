/** Exit codes of the `knight` command (the contract in ARCHITECTURE.md). */
export const ExitCode = {
  /** Done (also when a reader closed the pipe early, as `head` does after its lines). */
  Ok: 0,
  /** No such tour exists, or the tour checked is invalid. */
  NoTour: 1,
  /** Bad input: the message names the value and what is allowed. */
  BadInput: 2,
  /** A time or node limit ended the work undecided (with --json, the status object says how far it got). */
  Limit: 3,
  /**
   * The job queue (Redis at the `--queue` URL) could not be reached after a few attempts, or
   * refused the password (sysexits' EX_UNAVAILABLE).
   */
  QueueUnavailable: 69,
  /** A bug in knight itself (sysexits' EX_SOFTWARE): the message asks for a report. */
  Internal: 70,
  /** The output could not be written (sysexits' EX_IOERR): disk full, no permission, a directory; the message names the path and the cause, and no partial file is left under the name asked for. */
  WriteFailed: 74,
  /**
   * Some subproblems of a queued run failed after their retries; the message names them and
   * why, and `--retry-failed` runs them again (sysexits' EX_TEMPFAIL).
   */
  JobsFailed: 75,
  /** Interrupted (Ctrl-C or SIGTERM): the message says what was kept (a checkpoint, a journal). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The stable name of each exit code in `--json` error objects (`{"error":{"code":…}}`). */
export const EXIT_CODE_NAMES: Readonly<Record<ExitCode, string>> = {
  0: "OK",
  1: "NO_TOUR",
  2: "BAD_INPUT",
  3: "LIMIT",
  69: "QUEUE_UNAVAILABLE",
  70: "INTERNAL",
  74: "WRITE_FAILED",
  75: "JOBS_FAILED",
  130: "INTERRUPTED",
};

/** Thrown by a command to end with a given code and a one-line message on stderr. */
export class CliExit extends Error {
  readonly exitCode: ExitCode;
  /** The offending value, for `--json` error objects. */
  readonly value: unknown;
  /**
   * The command has printed its answer as JSON already (a verdict, a status object): `--json`
   * adds no error object after it.
   */
  readonly reported: boolean;
  constructor(exitCode: ExitCode, message = "", value?: unknown, reported = false) {
    super(message);
    this.exitCode = exitCode;
    this.value = value;
    this.reported = reported;
  }
}

/**
 * Standard output was closed by its reader (`knight enumerate 8 | head`): the command stops and
 * the run ends quietly with success, as Unix tools do.
 */
export class OutputClosed extends Error {
  constructor() {
    super("standard output was closed");
  }
}
