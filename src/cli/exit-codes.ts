/**
 * Exit codes of the `knight` command (the contract in ARCHITECTURE.md). What each one means is
 * said once, in EXIT_CODE_TABLE below: every command's help, the README and docs/cli.md print
 * that table.
 */
export const ExitCode = {
  Ok: 0,
  NoTour: 1,
  BadInput: 2,
  Limit: 3,
  /** sysexits' EX_UNAVAILABLE. */
  QueueUnavailable: 69,
  /** sysexits' EX_SOFTWARE. */
  Internal: 70,
  /** sysexits' EX_IOERR. */
  WriteFailed: 74,
  /** sysexits' EX_TEMPFAIL. */
  JobsFailed: 75,
  /**
   * 128 + SIGINT, what a shell reports for a process Ctrl-C ended; SIGTERM ends a run the same
   * way, with the same line (during synchronous work too: see term-watch.ts).
   */
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

/** The one table of exit codes: the same for every command, in its help, the README and docs. */
export const EXIT_CODE_TABLE: ReadonlyArray<{ readonly code: ExitCode; readonly meaning: string }> =
  [
    { code: 0, meaning: "done (also when a reader such as head closed the pipe early)" },
    {
      code: 1,
      meaning: "no such tour exists, or the tour checked is invalid (the reason is printed)",
    },
    { code: 2, meaning: "bad input: the message names the value and what is allowed" },
    {
      code: 3,
      meaning: 'a time or node limit ended the work (--json: status "limit", partial result kept)',
    },
    { code: 69, meaning: "the job queue (--queue) cannot be reached, or refused the password" },
    {
      code: 70,
      meaning: "an internal error: a bug (please report it), or two results of a subproblem differ",
    },
    { code: 74, meaning: "the output could not be written (a full disk, no permission)" },
    {
      code: 75,
      meaning: "queued subproblems failed after their retries (--retry-failed runs them again)",
    },
    {
      code: 130,
      meaning: 'interrupted (Ctrl-C, SIGTERM): what was kept is said (--json: status "aborted")',
    },
  ];

/** The table as help text: `Exit codes:` and one indented line per code. */
export function exitCodesHelp(): string {
  const rows = EXIT_CODE_TABLE.map(({ code, meaning }) => `  ${String(code).padEnd(4)} ${meaning}`);
  return `Exit codes (the same for every command):\n${rows.join("\n")}`;
}

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
