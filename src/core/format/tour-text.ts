// A tour as text: written in a format, the format of a text told, read back within size limits.
// (Moved out of index.ts so that modules import it, not the folder's re-exports.)
import type { BoardOptions } from "../board.js";
import { TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";
import { formatAlgebraic, parseAlgebraic } from "./algebraic.js";
import { formatGrid, parseGrid } from "./grid.js";
import { formatTourJson, parseTourJson } from "./json.js";

export type TourFormat = "json" | "grid" | "algebraic";
export const TOUR_FORMATS: readonly TourFormat[] = ["grid", "json", "algebraic"];

export function formatTour(tour: Tour, format: TourFormat): string {
  switch (format) {
    case "json":
      return formatTourJson(tour);
    case "grid":
      return formatGrid(tour);
    case "algebraic":
      return formatAlgebraic(tour);
  }
}

/** Which format a text is in: JSON starts with `{`, a grid with a number, a move list with a letter. */
export function detectTourFormat(text: string): TourFormat | undefined {
  // Line by line without splitting the whole text: only the first lines matter.
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const t = text.slice(at, end).trim();
    at = end + 1;
    if (t === "") continue;
    // JSON that is not an object (an array, null) still reads as JSON, to say what is wrong.
    if (t.startsWith("{") || t.startsWith("[") || /^(null|true|false)$/.test(t)) return "json";
    if (t.startsWith("#")) {
      if (/^#\s*\d+\s*[xX×]\s*\d+/.test(t)) return "algebraic";
      continue;
    }
    // A grid row starts with a step, `.` (unvisited) or dashes (a hole).
    if (/^[\d.]/.test(t) || /^-+(\s|$)/.test(t)) return "grid";
    if (/^[a-zA-Z]/.test(t)) return "algebraic";
    return undefined;
  }
  return undefined;
}

/**
 * The most text a tour of a board may take: generous for any writer (pretty-printed JSON spends
 * some 50 characters a cell), yet small enough that a file far larger than its board is refused
 * before it is parsed, not after gigabytes of parsing.
 */
const MAX_CHARS_PER_CELL = 128;
const MAX_EXTRA_CHARS = 4096;

/** The board a tour text names near its start (JSON "rows"/"cols", a move list's header). */
function declaredBoard(text: string, kind: TourFormat): { rows: number; cols: number } | undefined {
  const head = text.slice(0, MAX_EXTRA_CHARS);
  if (kind === "json") {
    const rows = /"rows"\s*:\s*(\d{1,9})\b/.exec(head);
    const cols = /"cols"\s*:\s*(\d{1,9})\b/.exec(head);
    return rows && cols ? { rows: Number(rows[1]), cols: Number(cols[1]) } : undefined;
  }
  if (kind === "algebraic") {
    const m = /^\s*#\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})/.exec(head);
    return m ? { rows: Number(m[1]), cols: Number(m[2]) } : undefined;
  }
  return undefined;
}

/**
 * Refuse a text far longer than any tour of the board it names, from its first characters
 * (`head`) and its `length` alone, so a reader can refuse it before decoding the rest. JSON lines
 * of several tours are measured line by line instead, as each is parsed.
 */
export function checkTourTextSize(
  head: string,
  length: number,
  unit: "characters" | "bytes" = "characters",
): void {
  const kind = detectTourFormat(head.slice(0, MAX_EXTRA_CHARS));
  if (kind === undefined) return;
  const firstLine = head.trimStart().split("\n", 1)[0]!.trim();
  if (
    kind === "json" &&
    firstLine.endsWith("}") &&
    head.trimStart().length > firstLine.length + 1
  ) {
    return;
  }
  const board = declaredBoard(head, kind);
  if (board === undefined) return;
  const most = board.rows * board.cols * MAX_CHARS_PER_CELL + MAX_EXTRA_CHARS;
  if (length > most) {
    throw new TourParseError(
      `the text is ${length} ${unit}, more than a tour of the ${board.rows}×${board.cols} board it names can take (at most ${most}: ${MAX_CHARS_PER_CELL} a cell); is it a tour of that board?`,
    );
  }
}

function checkTextSize(text: string, kind: TourFormat): void {
  const board = declaredBoard(text, kind);
  if (board === undefined) return;
  const most = board.rows * board.cols * MAX_CHARS_PER_CELL + MAX_EXTRA_CHARS;
  if (text.length > most) checkTourTextSize(text.slice(0, MAX_EXTRA_CHARS), text.length);
}

/**
 * The lines of JSON-lines text (NDJSON, one tour a line, as `knight enumerate` and `knight
 * sample` print), with their 1-based line numbers; undefined when the text is a single tour.
 */
export function tourLines(text: string): Array<{ line: number; text: string }> | undefined {
  const lines: Array<{ line: number; text: string }> = [];
  let at = 0;
  let number = 1;
  while (at <= text.length) {
    let end = text.indexOf("\n", at);
    if (end < 0) end = text.length;
    const line = text.slice(at, end).trim();
    if (line !== "") {
      // One whole object a line: a pretty-printed tour opens with a bare "{" instead.
      if (!(line.startsWith("{") && line.endsWith("}"))) return undefined;
      lines.push({ line: number, text: line });
    }
    at = end + 1;
    number++;
  }
  return lines.length > 1 ? lines : undefined;
}

/** Read a tour in any of the formats (or the one given). */
export function parseTour(text: string, format?: TourFormat, options: BoardOptions = {}): Tour {
  const kind = format ?? detectTourFormat(text);
  if (kind !== undefined) checkTextSize(text, kind);
  switch (kind) {
    case "json":
      return parseTourJson(text, options);
    case "grid":
      return parseGrid(text, options);
    case "algebraic":
      return parseAlgebraic(text, options);
    default:
      throw new TourParseError(
        text.trim() === ""
          ? "the input is empty: expected a tour as JSON, a numbered grid or an algebraic move list"
          : 'not a tour: expected JSON ({"rows":…}), a numbered grid or an algebraic move list (a1 c2 …)',
      );
  }
}
