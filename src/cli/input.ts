import { InvalidTourError } from "../core/errors.js";
import { isBinaryTour, parseBinaryTour } from "../core/format/binary.js";
import { checkTourTextSize, parseTour, tourLines } from "../core/format/tour-text.js";
import type { Tour } from "../core/tour.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import { InputTooLarge, MAX_INPUT_BYTES } from "./input-limit.js";
import type { CliIO } from "./io.js";

/**
 * Read the bytes of FILE, or of standard input for `-` or no file. A terminal on standard input
 * with no file means the user forgot the input: say so instead of waiting forever.
 */
export async function readInput(
  file: string | undefined,
  io: CliIO,
  what = "a tour",
): Promise<{ bytes: Uint8Array; source: string }> {
  if (file === undefined || file === "-") {
    if (file === undefined && io.stdinIsTTY) {
      throw new CliExit(
        ExitCode.BadInput,
        `no input: give a FILE, or pipe ${what} into standard input`,
      );
    }
    try {
      return { bytes: await io.readStdin(MAX_INPUT_BYTES), source: "standard input" };
    } catch (error) {
      if (error instanceof InputTooLarge) throw new CliExit(ExitCode.BadInput, error.message, "-");
      throw error;
    }
  }
  try {
    return { bytes: await io.readFile(file, MAX_INPUT_BYTES), source: file };
  } catch (error) {
    if (error instanceof InputTooLarge) throw new CliExit(ExitCode.BadInput, error.message, file);
    throw new CliExit(ExitCode.BadInput, `cannot read '${file}': ${whyUnreadable(error)}`, file);
  }
}

/** Why a file could not be read, in words (the file system's code, or its message). */
export function whyUnreadable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT"
    ? "no such file"
    : code === "EISDIR"
      ? "it is a directory"
      : code === "EACCES"
        ? "permission denied"
        : String((error as Error).message);
}

/**
 * Decode input bytes as UTF-8 text (a leading byte-order mark is dropped). Bytes that are not
 * UTF-8 are refused with their position, not read as U+FFFD and reported later as a puzzling
 * token. Text past V8's string limit (about 512 MB) cannot be held: such tours must travel in
 * the binary format.
 */
export function decodeText(
  bytes: Uint8Array,
  source: string,
  expected = "expected a tour as JSON, a numbered grid, a move list or the binary format",
): string {
  if (bytes.length > MAX_INPUT_BYTES) {
    throw new CliExit(
      ExitCode.BadInput,
      `${source} is ${bytes.length} bytes, too large to read as text (the limit is ${MAX_INPUT_BYTES} bytes); write huge tours with --format bin`,
    );
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const { line, column } = lineAndColumnOfByte(bytes, at);
    throw new CliExit(
      ExitCode.BadInput,
      `${source}: not UTF-8 text: byte ${at + 1} (0x${bytes[at]!.toString(16).padStart(2, "0")}, line ${line}, column ${column}) is not valid UTF-8; ${expected}`,
    );
  }
}

/** Offset of the first byte that does not begin or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length =
      b < 0x80
        ? 1
        : b >= 0xc2 && b < 0xe0
          ? 2
          : b >= 0xe0 && b < 0xf0
            ? 3
            : b >= 0xf0 && b < 0xf5
              ? 4
              : 0;
    if (length === 0 || i + length > bytes.length) return i;
    if (length > 1) {
      try {
        decoder.decode(bytes.subarray(i, i + length));
      } catch {
        return i;
      }
    }
    i += length;
  }
  return Math.max(0, bytes.length - 1);
}

/** 1-based line and column (in bytes) of byte `offset`. */
function lineAndColumnOfByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** One tour read, or why its text is no tour; `line` for a line of JSON-lines input. */
export interface TourEntry {
  readonly line: number | undefined;
  readonly tour?: Tour;
  readonly error?: CliExit;
}

/**
 * Read the tours of FILE or standard input in any format (JSON, grid, algebraic, binary, and
 * JSON lines of several tours as `enumerate` and `sample` print them). Unreadable input ends
 * with exit 2 naming the source; text that reads but is no tour (a repeated step, a cell off the
 * board) ends with exit 1, "invalid tour: …". With several tours, each line's fault is its
 * entry's `error` instead, naming the line, so every line gets checked.
 */
export async function readTourInputs(
  file: string | undefined,
  io: CliIO,
  maxBytes: number,
): Promise<TourEntry[]> {
  const { bytes, source } = await readInput(file, io);
  return tourEntries(bytes, source, file, maxBytes);
}

/** The tours in `bytes` read from `source`, as `readTourInputs` gives them. */
export function tourEntries(
  bytes: Uint8Array,
  source: string,
  file: string | undefined,
  maxBytes: number,
): TourEntry[] {
  if (isBinaryTour(bytes)) {
    return [
      { line: undefined, tour: parseOne(() => parseBinaryTour(bytes, { maxBytes }), file, source) },
    ];
  }
  // A text far larger than the board it names is refused from its first bytes, undecoded.
  const head = new TextDecoder().decode(bytes.subarray(0, 4096), { stream: true });
  parseOne(() => checkTourTextSize(head, bytes.length, "bytes"), file, source);
  const text = decodeText(bytes, source);
  const lines = tourLines(text);
  if (lines === undefined) {
    return [
      {
        line: undefined,
        tour: parseOne(() => parseTour(text, undefined, { maxBytes }), file, source),
      },
    ];
  }
  return lines.map(({ line, text: json }) => {
    try {
      return {
        line,
        tour: parseOne(() => parseTour(json, "json", { maxBytes }), file, source, line),
      };
    } catch (error) {
      if (error instanceof CliExit) return { line, error };
      throw error;
    }
  });
}

function parseOne<T>(parse: () => T, file: string | undefined, source: string, line?: number): T {
  const at = line === undefined ? "" : `line ${line}: `;
  try {
    return parse();
  } catch (error) {
    if (error instanceof CliExit) throw error;
    if (error instanceof InvalidTourError) {
      throw new CliExit(ExitCode.NoTour, `${inputLabel(file)}${at}invalid tour: ${error.message}`);
    }
    if (error instanceof Error) {
      throw new CliExit(ExitCode.BadInput, `${source}: ${at}${error.message}`);
    }
    throw error;
  }
}

/** The exit code of a run over entries: the gravest fault (unreadable over invalid). */
export function worstExit(entries: readonly TourEntry[]): ExitCode {
  let code: ExitCode = ExitCode.Ok;
  for (const entry of entries) {
    const c = entry.error?.exitCode ?? ExitCode.Ok;
    if (c === ExitCode.BadInput || (c === ExitCode.NoTour && code === ExitCode.Ok)) code = c;
  }
  return code;
}

/**
 * `FILE: ` before a message about the tour read from FILE; nothing for standard input (the
 * user knows what they piped).
 */
export function inputLabel(file: string | undefined): string {
  return file === undefined || file === "-" ? "" : `${file}: `;
}
