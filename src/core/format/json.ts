import { Board, type BoardOptions, type GeometryOptions } from "../board.js";
import { BoardSizeError, InvalidTourError, OptionError, TourParseError } from "../errors.js";
import { createPiece, isKnight } from "../piece.js";
import { TOPOLOGIES, type Topology } from "../topology.js";
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
  /** The piece's leaps, when it is not the knight: `[[1,4]]` for the giraffe. */
  piece?: Array<[number, number]>;
  /** `cylinder` or `torus`, when the board wraps. */
  topology?: Topology;
  /** The removed cells as [row, col], when there are any. */
  holes?: Array<[number, number]>;
  path: Array<[number, number]>;
}

/** The geometry fields of tour JSON: only those that differ from the knight on a plain board. */
export function geometryToJsonObject(board: Board): Pick<TourJson, "piece" | "topology" | "holes"> {
  const out: Pick<TourJson, "piece" | "topology" | "holes"> = {};
  if (!isKnight(board.piece)) out.piece = board.piece.leaps.map(([a, b]) => [a, b]);
  if (board.topology !== "plane") out.topology = board.topology;
  if (board.holes.length > 0) out.holes = board.holes.map((h) => [board.row(h), board.col(h)]);
  return out;
}

/** A tour as the plain object of tour JSON (for embedding in larger JSON documents). */
export function tourToJsonObject(tour: Tour): TourJson {
  const { board, path } = tour;
  const cells: Array<[number, number]> = new Array(path.length);
  for (let i = 0; i < path.length; i++) cells[i] = [board.row(path[i]!), board.col(path[i]!)];
  return {
    rows: board.rows,
    cols: board.cols,
    closed: tour.closed,
    ...geometryToJsonObject(board),
    path: cells,
  };
}

/** One line of JSON, no spaces; built by hand so large tours do not build a nested object. */
export function formatTourJson(tour: Tour): string {
  const { board, path } = tour;
  const parts: string[] = new Array(path.length);
  for (let i = 0; i < path.length; i++)
    parts[i] = `[${board.row(path[i]!)},${board.col(path[i]!)}]`;
  const geometry = Object.entries(geometryToJsonObject(board))
    .map(([key, value]) => `,"${key}":${JSON.stringify(value)}`)
    .join("");
  return `{"rows":${board.rows},"cols":${board.cols},"closed":${tour.closed}${geometry},"path":[${parts.join(",")}]}`;
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
  const geometry = geometryFromJson(text, data as Record<string, unknown>, rows, cols);
  let board: Board;
  try {
    board = new Board(rows, cols, { ...options, ...geometry });
  } catch (error) {
    if (error instanceof BoardSizeError || error instanceof OptionError) {
      throw new TourParseError(error.message);
    }
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

function isPair(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    Number.isInteger(value[0]) &&
    Number.isInteger(value[1])
  );
}

/** The optional `piece`, `topology` and `holes` of tour JSON, checked. */
function geometryFromJson(
  text: string,
  data: Record<string, unknown>,
  rows: number,
  cols: number,
): GeometryOptions {
  const { piece, topology, holes } = data;
  const out: { -readonly [K in keyof GeometryOptions]: GeometryOptions[K] } = {};
  if (piece !== undefined) {
    if (!Array.isArray(piece) || piece.length === 0 || !piece.every(isPair)) {
      throw new TourParseError(
        `"piece" must be a non-empty array of leaps like [[1,2]], got ${shown(piece)}`,
        keyPosition(text, "piece"),
      );
    }
    try {
      out.piece = createPiece(piece);
    } catch (error) {
      if (error instanceof OptionError) {
        throw new TourParseError(`"piece": ${error.message}`, keyPosition(text, "piece"));
      }
      throw error;
    }
  }
  if (topology !== undefined) {
    if (typeof topology !== "string" || !(TOPOLOGIES as readonly string[]).includes(topology)) {
      throw new TourParseError(
        `"topology" must be one of ${TOPOLOGIES.join(", ")}, got ${shown(topology)}`,
        keyPosition(text, "topology"),
      );
    }
    out.topology = topology as Topology;
  }
  if (holes !== undefined) {
    if (!Array.isArray(holes) || !holes.every(isPair)) {
      throw new TourParseError(
        `"holes" must be an array of [row, col] pairs, got ${shown(holes)}`,
        keyPosition(text, "holes"),
      );
    }
    for (const [r, c] of holes) {
      if (r < 0 || r >= rows || c < 0 || c >= cols) {
        throw new TourParseError(
          `hole [${r},${c}] is not on the ${rows}×${cols} board`,
          keyPosition(text, "holes"),
        );
      }
    }
    out.holes = holes.map(([r, c]) => r * cols + c);
  }
  return out;
}
