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
  /** A bug in knight itself (sysexits' EX_SOFTWARE): the message asks for a report. */
  Internal: 70,
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
