import type { BoardOptions } from "../board.js";
import { TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";
import { formatAlgebraic, parseAlgebraic } from "./algebraic.js";
import { formatGrid, parseGrid } from "./grid.js";
import { formatTourJson, parseTourJson } from "./json.js";

export { formatAlgebraic, parseAlgebraic } from "./algebraic.js";
export {
  binaryCellBytes,
  binaryTourBytes,
  decodeBinaryCells,
  formatBinaryTour,
  isBinaryTour,
  parseBinaryHeader,
  parseBinaryTour,
} from "./binary.js";
export {
  CELL_STREAM_FORMATS,
  type CellSource,
  type CellStreamFormat,
  cellSourceChunks,
} from "./cell-stream.js";
export { type StreamFormat, tourChunks } from "./chunks.js";
export { formatGrid, parseGrid } from "./grid.js";
export { formatTourJson, parseTourJson, type TourJson, tourToJsonObject } from "./json.js";

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
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t === "") continue;
    // JSON that is not an object (an array, null) still reads as JSON, to say what is wrong.
    if (t.startsWith("{") || t.startsWith("[") || /^(null|true|false)$/.test(t)) return "json";
    if (t.startsWith("#")) {
      if (/^#\s*\d+\s*[xX×]\s*\d+/.test(t)) return "algebraic";
      continue;
    }
    if (/^[\d.]/.test(t)) return "grid";
    if (/^[a-zA-Z]/.test(t)) return "algebraic";
    return undefined;
  }
  return undefined;
}

/** Read a tour in any of the formats (or the one given). */
export function parseTour(text: string, format?: TourFormat, options: BoardOptions = {}): Tour {
  const kind = format ?? detectTourFormat(text);
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
