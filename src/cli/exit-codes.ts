/** Exit codes of the `knight` command (the contract in ARCHITECTURE.md). */
export const ExitCode = {
  /** Done. */
  Ok: 0,
  /** No such tour exists, or the tour checked is invalid. */
  NoTour: 1,
  /** Bad input: the message names the value and what is allowed. */
  BadInput: 2,
  /** A time or node limit ended the search undecided. */
  Limit: 3,
  /**
   * The job queue (Redis at the `--queue` URL) could not be reached after a few attempts, or
   * refused the password (sysexits' EX_UNAVAILABLE).
   */
  QueueUnavailable: 69,
  /** A bug in knight itself (sysexits' EX_SOFTWARE): the message asks for a report. */
  Internal: 70,
  /**
   * Some subproblems of a queued run failed after their retries; the message names them and
   * why, and `--retry-failed` runs them again (sysexits' EX_TEMPFAIL).
   */
  JobsFailed: 75,
  /** Interrupted (Ctrl-C). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** Thrown by a command to end with a given code and a one-line message on stderr. */
export class CliExit extends Error {
  readonly exitCode: ExitCode;
  constructor(exitCode: ExitCode, message = "") {
    super(message);
    this.exitCode = exitCode;
  }
}
