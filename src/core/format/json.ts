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

export function tourToJsonObject(tour: Tour): TourJson {
  const { board, path } = tour;
  const cells: Array<[number, number]> = new Array(path.length);
  for (let i = 0; i < path.length; i++) cells[i] = [board.row(path[i]!), board.col(path[i]!)];
  return { rows: board.rows, cols: board.cols, closed: tour.closed, path: cells };
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
  if (!isPositiveInt(rows))
    throw new TourParseError(`"rows" must be a positive integer, got ${JSON.stringify(rows)}`);
  if (!isPositiveInt(cols))
    throw new TourParseError(`"cols" must be a positive integer, got ${JSON.stringify(cols)}`);
  if (closed !== undefined && typeof closed !== "boolean") {
    throw new TourParseError(`"closed" must be true or false, got ${JSON.stringify(closed)}`);
  }
  if (!Array.isArray(path)) throw new TourParseError('"path" must be an array of [row, col] pairs');
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
        `path[${i}] must be a [row, col] pair of integers, got ${JSON.stringify(pair)}`,
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
