import { Board } from "../core/board.js";
import { isKnightError, TourParseError } from "../core/errors.js";
import { geometryToJsonObject } from "../core/format/json.js";
import { jsonErrorOffset } from "../core/format/json-locate.js";
import { lineAndColumn } from "../core/format/text-position.js";
import { createPiece, type Piece, parsePiece } from "../core/piece.js";
import { TOPOLOGIES, type Topology } from "../core/topology.js";
import { clueList, clueProblem, type Puzzle } from "./puzzle.js";

/**
 * Puzzle JSON: the board's size and geometry as tour JSON writes them, `closed`, and the clues
 * as [row, col, step] (row 0 on top, steps from 1).
 */
export interface PuzzleJson {
  rows: number;
  cols: number;
  closed: boolean;
  piece?: Array<[number, number]>;
  topology?: Topology;
  holes?: Array<[number, number]>;
  clues: Array<[number, number, number]>;
}

type Where = { line?: number; column?: number };

/** Read a puzzle: JSON when the text starts with `{`, else the text grid. */
export function parsePuzzle(text: string): Puzzle {
  return text.trimStart().startsWith("{") ? parsePuzzleJson(text) : parsePuzzleGrid(text);
}

/** The puzzle as one line of JSON (the format above). */
export function formatPuzzleJson(puzzle: Puzzle): string {
  const { board } = puzzle;
  const clues = clueList(puzzle).map(
    ([cell, step]) => `[${board.row(cell)},${board.col(cell)},${step}]`,
  );
  const geometry = Object.entries(geometryToJsonObject(board))
    .map(([key, value]) => `,"${key}":${JSON.stringify(value)}`)
    .join("");
  return `{"rows":${board.rows},"cols":${board.cols},"closed":${puzzle.closed}${geometry},"clues":[${clues.join(",")}]}`;
}

/**
 * The puzzle as a text grid: a header line for what is not the default (`closed`, `piece …`,
 * `topology …`), then one line per row, numbers right-aligned, `.` a blank cell, `#` a hole.
 */
export function formatPuzzleGrid(puzzle: Puzzle): string {
  const { board } = puzzle;
  const header: string[] = [];
  if (puzzle.closed) header.push("closed");
  if (board.piece.name !== "knight") header.push(`piece ${pieceName(board.piece)}`);
  if (board.topology !== "plane") header.push(`topology ${board.topology}`);
  const width = String(board.vertexCount).length;
  const lines: string[] = [];
  for (let r = 0; r < board.rows; r++) {
    const row: string[] = [];
    for (let c = 0; c < board.cols; c++) {
      const cell = board.cell(r, c);
      const token = board.isHole(cell)
        ? "#"
        : puzzle.clues[cell]
          ? String(puzzle.clues[cell])
          : ".";
      row.push(token.padStart(width));
    }
    lines.push(row.join(" "));
  }
  return [...header, ...lines].join("\n");
}

/** A piece as `--piece` reads it back: its name, or its leaps joined by `+`. */
function pieceName(piece: Piece): string {
  return /^[a-z]+$/.test(piece.name)
    ? piece.name
    : piece.leaps.map(([a, b]) => `${a},${b}`).join("+");
}

interface GridToken {
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/**
 * The text grid: optional header lines (`closed`, `open`, `piece NAME`, `topology NAME`, a colon
 * after the key allowed), then rows of numbers, `.` and `#` separated by spaces (a run like
 * `..#.` without spaces is read a cell per character). Blank lines and `//` comments are
 * skipped, and a form feed ends the puzzle (a printed sheet's answers follow it). Errors name
 * the line and column.
 */
function parsePuzzleGrid(text: string): Puzzle {
  const settings: { closed: boolean; piece?: Piece; topology?: Topology } = { closed: false };
  const rows: GridToken[][] = [];
  // A printed sheet has its answers after a form feed: the puzzle ends there.
  const page = text.split("\f", 1)[0]!;
  page.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("//")) return;
    if (/^[a-zA-Z]/.test(trimmed)) {
      if (rows.length > 0)
        fail(`a setting after the grid began: '${trimmed}'`, {
          line,
          column: raw.indexOf(trimmed) + 1,
        });
      readSetting(trimmed, settings, { line, column: raw.indexOf(trimmed) + 1 });
      return;
    }
    rows.push(rowTokens(raw, line));
  });
  if (rows.length === 0)
    fail("the puzzle has no rows: write rows of numbers, . (a blank cell) and # (a hole)", {});
  const cols = rows[0]!.length;
  for (const row of rows) {
    if (row.length !== cols) {
      const at = row[Math.min(row.length, cols)] ?? row[row.length - 1]!;
      fail(
        `this row has ${row.length} cells but the first row has ${cols}: every row must have the same number`,
        {
          line: at.line,
          column: row.length > cols ? at.column : at.column + at.text.length,
        },
      );
    }
  }
  const holes: number[] = [];
  for (const [r, row] of rows.entries()) {
    for (const [c, t] of row.entries()) if (t.text === "#") holes.push(r * cols + c);
  }
  const board = makeBoard(
    rows.length,
    cols,
    { ...settings, holes },
    { line: rows[0]![0]!.line, column: 1 },
  );
  const clues = new Int32Array(board.cells);
  const seen = new Map<number, number>();
  for (const [r, row] of rows.entries()) {
    for (const [c, t] of row.entries()) {
      if (t.text === "#" || t.text === ".") continue;
      addClue(board, clues, seen, r * cols + c, Number(t.text), { line: t.line, column: t.column });
    }
  }
  return { board, closed: settings.closed, clues };
}

function rowTokens(raw: string, line: number): GridToken[] {
  const tokens: GridToken[] = [];
  for (const match of raw.matchAll(/\S+/g)) {
    const column = match.index + 1;
    const word = match[0];
    if (/^\d+$/.test(word)) tokens.push({ text: String(Number(word)), line, column });
    else if (/^[.#]+$/.test(word)) {
      for (let i = 0; i < word.length; i++)
        tokens.push({ text: word[i]!, line, column: column + i });
    } else {
      fail(`'${word}' is not a number, . (a blank cell) or # (a hole)`, { line, column });
    }
  }
  return tokens;
}

function readSetting(
  text: string,
  settings: { closed: boolean; piece?: Piece; topology?: Topology },
  where: Where,
): void {
  const [key = "", value = ""] = text.split(/\s*[:\s]\s*/, 2);
  const word = key.toLowerCase();
  if (word === "closed" || word === "open") {
    settings.closed = word === "closed";
    return;
  }
  if (word === "piece") {
    try {
      settings.piece = parsePiece(value);
    } catch (error) {
      if (isKnightError(error)) fail(`piece: ${error.message}`, where);
      throw error;
    }
    return;
  }
  if (word === "topology") {
    if (!(TOPOLOGIES as readonly string[]).includes(value)) {
      fail(`unknown topology '${value}': expected ${TOPOLOGIES.join(", ")}`, where);
    }
    settings.topology = value as Topology;
    return;
  }
  fail(
    `unknown setting '${key}': the header lines are closed, open, piece NAME and topology NAME`,
    where,
  );
}

function makeBoard(
  rows: number,
  cols: number,
  geometry: { piece?: Piece; topology?: Topology; holes: number[] },
  where: Where,
): Board {
  try {
    return new Board(rows, cols, {
      ...(geometry.piece === undefined ? {} : { piece: geometry.piece }),
      ...(geometry.topology === undefined ? {} : { topology: geometry.topology }),
      holes: geometry.holes,
    });
  } catch (error) {
    if (isKnightError(error)) fail(error.message, where);
    throw error;
  }
}

function addClue(
  board: Board,
  clues: Int32Array,
  seen: Map<number, number>,
  cell: number,
  step: number,
  where: Where,
): void {
  const problem = clueProblem(board, cell, step, clues[cell] ?? 0, seen.get(step));
  if (problem !== null) fail(problem, where);
  clues[cell] = step;
  seen.set(step, cell);
}

function fail(message: string, where: Where): never {
  throw new TourParseError(`bad puzzle: ${message}`, where);
}

/** Puzzle JSON (see PuzzleJson); errors name the line and column of the value at fault. */
function parsePuzzleJson(text: string): Puzzle {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const offset = jsonErrorOffset(text);
    fail("the JSON does not parse", offset < 0 ? {} : lineAndColumn(text, offset));
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    fail(
      "puzzle JSON is an object with rows, cols and clues",
      lineAndColumn(text, text.search(/\S/)),
    );
  }
  const object = data as Record<string, unknown>;
  const at = (key: string): Where => keyPosition(text, key);
  const rows = object.rows;
  const cols = object.cols;
  for (const [key, value] of [
    ["rows", rows],
    ["cols", cols],
  ] as const) {
    if (!Number.isSafeInteger(value) || (value as number) < 1)
      fail(`"${key}" must be a positive whole number, got ${JSON.stringify(value)}`, at(key));
  }
  if (object.closed !== undefined && typeof object.closed !== "boolean")
    fail(`"closed" must be true or false`, at("closed"));
  const piece = object.piece === undefined ? undefined : jsonPiece(object.piece, at("piece"));
  const topology = object.topology;
  if (topology !== undefined && !(TOPOLOGIES as readonly unknown[]).includes(topology)) {
    fail(
      `"topology" must be one of ${TOPOLOGIES.join(", ")}, got ${JSON.stringify(topology)}`,
      at("topology"),
    );
  }
  const holes = jsonCells(object.holes ?? [], "holes", 2, text, rows as number, cols as number);
  const board = makeBoard(
    rows as number,
    cols as number,
    {
      ...(piece ? { piece } : {}),
      ...(topology ? { topology: topology as Topology } : {}),
      holes: holes.map(([r, c]) => r! * (cols as number) + c!),
    },
    at("holes"),
  );
  if (!Array.isArray(object.clues))
    fail(`"clues" must be an array of [row, col, step]`, at("clues"));
  const items = jsonCells(object.clues, "clues", 3, text, board.rows, board.cols);
  const clues = new Int32Array(board.cells);
  const seen = new Map<number, number>();
  for (const [i, [r, c, step]] of items.entries()) {
    addClue(board, clues, seen, board.cell(r!, c!), step!, itemPosition(text, "clues", i));
  }
  return { board, closed: object.closed === true, clues };
}

function jsonPiece(value: unknown, where: Where): Piece {
  try {
    if (typeof value === "string") return parsePiece(value);
    if (Array.isArray(value)) return createPiece(value as Array<[number, number]>);
  } catch (error) {
    if (isKnightError(error)) fail(`"piece": ${error.message}`, where);
    throw error;
  }
  return fail(`"piece" must be a name like "giraffe" or leaps like [[1,4]]`, where);
}

/** An array of [row, col, …] whole numbers, rows and columns on the board. */
function jsonCells(
  value: unknown,
  key: string,
  size: number,
  text: string,
  rows: number,
  cols: number,
): number[][] {
  if (!Array.isArray(value)) fail(`"${key}" must be an array`, keyPosition(text, key));
  return value.map((item, i) => {
    const shape = size === 3 ? "[row, col, step]" : "[row, col]";
    if (
      !Array.isArray(item) ||
      item.length !== size ||
      !item.every((x) => Number.isSafeInteger(x))
    ) {
      fail(
        `${key}[${i}] must be ${shape} in whole numbers, got ${JSON.stringify(item)}`,
        itemPosition(text, key, i),
      );
    }
    const [r, c] = item as number[];
    if (r! < 0 || r! >= rows || c! < 0 || c! >= cols) {
      fail(
        `${key}[${i}] is at row ${r}, column ${c}, outside the ${rows}×${cols} board (rows 0..${rows - 1}, columns 0..${cols - 1})`,
        itemPosition(text, key, i),
      );
    }
    return item as number[];
  });
}

function keyPosition(text: string, key: string): Where {
  const match = new RegExp(`"${key}"\\s*:\\s*`).exec(text);
  return match ? lineAndColumn(text, match.index + match[0].length) : {};
}

/** Where item `index` of the top-level array `key` starts (strings skipped). */
function itemPosition(text: string, key: string, index: number): Where {
  const match = new RegExp(`"${key}"\\s*:\\s*\\[`).exec(text);
  if (!match) return {};
  let depth = 0;
  let item = 0;
  let atStart = true;
  for (let i = match.index + match[0].length; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) continue;
    if (depth === 0 && atStart) {
      if (item === index) return lineAndColumn(text, i);
      atStart = false;
    }
    if (ch === "[" || ch === "{") depth++;
    else if (ch === "]" || ch === "}") {
      if (depth === 0) return {};
      depth--;
    } else if (ch === "," && depth === 0) {
      item++;
      atStart = true;
    } else if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    }
  }
  return {};
}

/**
 * Rosetta Code's "Solve a Holy Knight's tour" board as a text grid: an 8×8 board with 28 squares
 * cut out (`#`) and only the start given, so it has many answers (48,422 open tours).
 *
 * @example
 * const puzzle = parsePuzzle(HOLY_KNIGHT_GRID);
 * puzzle.board.vertexCount; // 36
 */
export const HOLY_KNIGHT_GRID = [
  "# . . . # # # #",
  "# . # . . # # #",
  "# . . . . . . .",
  ". . . # # . # .",
  ". # . # # . . .",
  "1 . . . . . . #",
  "# # . . # . # #",
  "# # # . . . # #",
].join("\n");
