/**
 * A puzzle in an address: `8x8_1a8.12d1…` — the board, then each clue as its number and cell
 * name, in step order; then, when they apply, `-c` for a closed puzzle, `-h` with the holes'
 * cell names (`8x8_1a3-ha8.e8`), `-p` with a piece other than the knight (`-pcamel`, as
 * parsePiece reads it) and `-t` with edges other than the plane (`-ttorus`). Codes without the
 * suffixes (the first links) read as before: an open knight's puzzle on a plain board. Short enough to share, and read back by the worker,
 * which checks the clues with the library (createPuzzle) and solves the puzzle.
 */
import {
  type Board,
  formatCell,
  type GeometryOptions,
  HOLY_KNIGHT_GRID,
  parseCell,
  parsePiece,
  parsePuzzle,
  parseTopology,
  type Topology,
} from "../src/index.js";

/** The largest side of a puzzle board the page makes or reads. */
const PUZZLE_MAX_SIDE = 12;

interface PuzzleCode {
  readonly rows: number;
  readonly cols: number;
  /** [cell, step] pairs. */
  readonly clues: ReadonlyArray<readonly [number, number]>;
  /** The answer is a closed tour. */
  readonly closed: boolean;
  /** The holes' cells, ascending. */
  readonly holes: readonly number[];
  /** The piece's name (knight when the code names none). */
  readonly piece: string;
  readonly topology: Topology;
}

export function encodePuzzle(board: Board, clues: Int32Array, closed = false): string {
  const parts: Array<[number, string]> = [];
  clues.forEach((step, cell) => {
    if (step > 0) parts.push([step, `${step}${formatCell(board, cell)}`]);
  });
  parts.sort((a, b) => a[0] - b[0]);
  let code = `${board.rows}x${board.cols}_${parts.map((p) => p[1]).join(".")}`;
  if (closed) code += "-c";
  if (board.holes.length > 0) code += `-h${board.holes.map((h) => formatCell(board, h)).join(".")}`;
  if (board.piece.name !== "knight") code += `-p${board.piece.name}`;
  if (board.topology !== "plane") code += `-t${board.topology}`;
  return code;
}

/**
 * The board size, clues, closedness and holes of a code; an Error naming what cannot be read.
 * `boardOf` builds the board with the holes, so the clues' cell names are read on it.
 */
export function decodePuzzle(
  code: string,
  boardOf: (rows: number, cols: number, geometry: GeometryOptions) => Board,
): PuzzleCode {
  const match = /^(\d+)x(\d+)_([^-]*)((?:-[^-]*)*)$/.exec(code);
  if (!match) throw new Error(`“${code}” is not a puzzle: it should look like 8x8_1a8.12d1`);
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  if (!(rows >= 3 && cols >= 3 && rows <= PUZZLE_MAX_SIDE && cols <= PUZZLE_MAX_SIDE)) {
    throw new Error(
      `the puzzle board ${rows}×${cols} is not one the page plays: sides run from 3 to ${PUZZLE_MAX_SIDE}`,
    );
  }
  let closed = false;
  let holeNames: string[] = [];
  let piece = "knight";
  let topology: Topology = "plane";
  for (const suffix of match[4]!.split("-").slice(1)) {
    if (suffix === "c") closed = true;
    else if (suffix.startsWith("p")) piece = parsePiece(suffix.slice(1)).name;
    else if (suffix.startsWith("t")) topology = parseTopology(suffix.slice(1));
    else if (suffix.startsWith("h"))
      holeNames = suffix
        .slice(1)
        .split(".")
        .filter((p) => p !== "");
    else {
      throw new Error(
        `“-${suffix}” is not part of a puzzle: after the clues come -c (closed), -h with the holes (-ha1.h8), -p with the piece (-pcamel) and -t with the edges (-ttorus)`,
      );
    }
  }
  // The cell names of a board do not depend on its holes: read the holes on the plain board.
  const plain = boardOf(rows, cols, {});
  const holes = [...new Set(holeNames.map((name) => parseCell(name, plain)))].sort((a, b) => a - b);
  const board = boardOf(rows, cols, { holes, piece, topology });
  const clues: Array<readonly [number, number]> = [];
  for (const part of match[3]!.split(".").filter((p) => p !== "")) {
    const clue = /^(\d+)([a-z]+\d+)$/.exec(part);
    if (!clue) throw new Error(`the clue “${part}” is not a number and a square, like 12d1`);
    clues.push([parseCell(clue[2]!, board), Number(clue[1])]);
  }
  return { rows, cols, clues, closed, holes, piece, topology };
}

/**
 * The holy knight's board as a puzzle code, read from the library's text grid: it has many
 * answers, so the page plays it as a tour-finding task.
 */
export function holyKnightCode(): string {
  const puzzle = parsePuzzle(HOLY_KNIGHT_GRID);
  return encodePuzzle(puzzle.board, puzzle.clues, puzzle.closed);
}

/**
 * The date of the puzzle of the day, `YYYY-MM-DD`: the address's `?date=` when it has one (so a
 * test, or anyone, can fix the day), else `now`'s UTC date. A `date` that is not a real day is
 * an Error naming it.
 */
export function puzzleDate(search: string, now: Date = new Date()): string {
  const asked = new URLSearchParams(search).get("date");
  if (asked === null || asked === "") return now.toISOString().slice(0, 10);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? new Date(`${asked}T00:00:00Z`) : null;
  if (day === null || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== asked) {
    throw new Error(`the date “${asked}” is not a day: write it as YYYY-MM-DD, like 2026-01-31`);
  }
  return asked;
}

/** The puzzle of the day's seed: its date as the number YYYYMMDD. */
export function dailySeed(date: string): number {
  return Number(date.replaceAll("-", ""));
}
