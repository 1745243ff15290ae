/**
 * Typed errors. Every error the library throws for bad input is a `KnightError` with a stable
 * `code` (tests and callers check the code, not the wording) and the offending `value`.
 * An impossible request is not an error: solvers answer it with `status: "impossible"`.
 */

export const ErrorCode = {
  /** A board size that is not a positive integer, or a malformed board spec like `8x`. */
  BadSize: "BAD_SIZE",
  /** A board whose arrays would need more memory than the limit allows. */
  TooLarge: "TOO_LARGE",
  /** A cell that does not parse, or lies off the board. */
  BadCell: "BAD_CELL",
  /** A tour text (JSON, grid, algebraic) that cannot be read. */
  BadTour: "BAD_TOUR",
  /** A tour text that reads fine but describes no tour: a repeated step, a cell off the board. */
  InvalidTour: "INVALID_TOUR",
  /** An option value outside its allowed set or range. */
  BadOption: "BAD_OPTION",
  /** An exact-cover problem text (Knuth's DLX format) that cannot be read. */
  BadCover: "BAD_COVER",
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export class KnightError extends Error {
  override readonly name: string = "KnightError";
  readonly code: ErrorCode;
  readonly value: unknown;

  constructor(code: ErrorCode, message: string, value?: unknown) {
    super(message);
    this.code = code;
    this.value = value;
  }
}

/** A board size that is not a positive integer (or a board spec that does not parse). */
export class BoardSizeError extends KnightError {
  override readonly name = "BoardSizeError";
  constructor(message: string, value: unknown) {
    super(ErrorCode.BadSize, message, value);
  }
}

/** A request whose memory need is over the limit; `bytes` is the estimated need. */
export class MemoryLimitError extends KnightError {
  override readonly name = "MemoryLimitError";
  readonly bytes: number;
  readonly limit: number;
  constructor(message: string, value: unknown, bytes: number, limit: number) {
    super(ErrorCode.TooLarge, message, value);
    this.bytes = bytes;
    this.limit = limit;
  }
}

/** A cell that does not parse or is not on the board. */
export class CellError extends KnightError {
  override readonly name = "CellError";
  constructor(message: string, value: unknown) {
    super(ErrorCode.BadCell, message, value);
  }
}

/** A tour text that cannot be read; `line` and `column` are 1-based when known. */
export class TourParseError extends KnightError {
  override readonly name = "TourParseError";
  readonly line: number | undefined;
  readonly column: number | undefined;
  constructor(message: string, where: { line?: number; column?: number } = {}, value?: unknown) {
    const at =
      where.line === undefined
        ? ""
        : where.column === undefined
          ? ` (line ${where.line})`
          : ` (line ${where.line}, column ${where.column})`;
    super(ErrorCode.BadTour, message + at, value);
    this.line = where.line;
    this.column = where.column;
  }
}

/**
 * A tour text that parses but cannot be a tour (a step number used twice, a cell off the
 * board): the CLI reports it like any invalid tour (exit 1), not as unreadable input.
 */
export class InvalidTourError extends KnightError {
  override readonly name = "InvalidTourError";
  constructor(message: string, value?: unknown) {
    super(ErrorCode.InvalidTour, message, value);
  }
}

/** An option outside its allowed values. */
export class OptionError extends KnightError {
  override readonly name = "OptionError";
  constructor(message: string, value: unknown) {
    super(ErrorCode.BadOption, message, value);
  }
}

export function isKnightError(error: unknown): error is KnightError {
  return error instanceof KnightError;
}
