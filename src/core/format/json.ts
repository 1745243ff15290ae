import { Board, type BoardOptions } from "../board.js";
import { BoardSizeError, InvalidTourError, TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";
import { jsonErrorOffset } from "./json-locate.js";
import { lineAndColumn } from "./text-position.js";

/**
 * Tour JSON, the contract in ARCHITECTURE.md:
 * `{"rows":8,"cols":8,"closed":true,"path":[[0,0],[2,1],...]}` with cells as [row, col].
 */
export interface TourJson {
  rows: number;
  cols: number;
  closed: boolean;
  path: Array<[number, number]>;
}

/** One line of JSON, no spaces; built by hand so large tours do not build a nested object. */
export function formatTourJson(tour: Tour): string {
  const { board, path } = tour;
  const parts: string[] = new Array(path.length);
  for (let i = 0; i < path.length; i++)
    parts[i] = `[${board.row(path[i]!)},${board.col(path[i]!)}]`;
  return `{"rows":${board.rows},"cols":${board.cols},"closed":${tour.closed},"path":[${parts.join(",")}]}`;
}

function syntaxPosition(text: string): { line?: number; column?: number } {
  const offset = jsonErrorOffset(text);
  return offset < 0 ? {} : lineAndColumn(text, offset);
}

/** Where the value of top-level `key` starts (after its colon), for messages; {} if not found. */
function keyPosition(text: string, key: string): { line?: number; column?: number } {
  const match = new RegExp(`"${key}"\\s*:\\s*`).exec(text);
  return match ? lineAndColumn(text, match.index + match[0].length) : {};
}

/**
 * Where `path[index]` starts: scan the path array counting its top-level items (strings
 * skipped). Only called on the error path.
 */
function pathItemPosition(text: string, index: number): { line?: number; column?: number } {
  const match = /"path"\s*:\s*\[/.exec(text);
  if (!match) return {};
  let depth = 0;
  let item = 0;
  let inString = false;
  let itemStart = -1;
  for (let i = match.index + match[0].length; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth === 0 && itemStart < 0 && !" \t\r\n".includes(ch)) {
      if (item === index) return lineAndColumn(text, i);
      itemStart = i;
    }
    if (ch === '"') inString = true;
    else if (ch === "[" || ch === "{") depth++;
    else if (ch === "]" || ch === "}") {
      if (depth === 0) return {};
      depth--;
    } else if (ch === "," && depth === 0) {
      item++;
      itemStart = -1;
    }
  }
  return {};
}

/** A value for a message: JSON, cut when long (a whole nested array can be the culprit). */
function shown(value: unknown): string {
  if (value === undefined) return "nothing (the field is missing)";
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 40)}… (${text.length} characters)` : text;
}

function isPositiveInt(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 1;
}

/** Parse tour JSON. Unreadable text is a TourParseError; off-board cells are InvalidTourError. */
export function parseTourJson(text: string, options: BoardOptions = {}): Tour {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Engines word this differently; keep the first clause ("Unexpected token '}'").
    const detail =
      error instanceof Error ? error.message.split(/ in JSON|, "| is not valid/)[0] : "";
    throw new TourParseError(`not valid JSON: ${detail}`, syntaxPosition(text));
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new TourParseError(
      'tour JSON must be an object like {"rows":8,"cols":8,"closed":true,"path":[[0,0],...]}',
    );
  }
  const { rows, cols, closed, path } = data as Record<string, unknown>;
  if (!isPositiveInt(rows)) {
    throw new TourParseError(
      `"rows" must be a positive integer, got ${shown(rows)}`,
      keyPosition(text, "rows"),
    );
  }
  if (!isPositiveInt(cols)) {
    throw new TourParseError(
      `"cols" must be a positive integer, got ${shown(cols)}`,
      keyPosition(text, "cols"),
    );
  }
  if (closed !== undefined && typeof closed !== "boolean") {
    throw new TourParseError(
      `"closed" must be true or false, got ${shown(closed)}`,
      keyPosition(text, "closed"),
    );
  }
  if (!Array.isArray(path)) {
    throw new TourParseError(
      `"path" must be an array of [row, col] pairs, got ${shown(path)}`,
      keyPosition(text, "path"),
    );
  }
  let board: Board;
  try {
    board = new Board(rows, cols, options);
  } catch (error) {
    if (error instanceof BoardSizeError) throw new TourParseError(error.message);
    throw error;
  }
  const cells = new Int32Array(path.length);
  for (let i = 0; i < path.length; i++) {
    const pair = path[i] as unknown;
    if (
      !Array.isArray(pair) ||
      pair.length !== 2 ||
      !Number.isInteger(pair[0]) ||
      !Number.isInteger(pair[1])
    ) {
      throw new TourParseError(
        `path[${i}] must be a [row, col] pair of integers, got ${shown(pair)}`,
        pathItemPosition(text, i),
      );
    }
    const [r, c] = pair as [number, number];
    if (!board.contains(r, c)) {
      throw new InvalidTourError(
        `step ${i + 1} is [${r},${c}], which is not on the ${board} board (rows 0..${rows - 1}, columns 0..${cols - 1})`,
        pair,
      );
    }
    cells[i] = board.cell(r, c);
  }
  return { board, path: cells, closed: closed ?? false };
}
