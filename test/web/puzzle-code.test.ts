/**
 * The puzzle codes of the page's links (web/puzzle-code.ts), without a browser: the round trip
 * with holes and closed, the first links (no suffixes) still read, bad codes refused in words,
 * and the date of the puzzle of the day fixed by `?date=` or an injected clock.
 */
import { describe, expect, it } from "vitest";
import {
  Board,
  createPuzzle,
  type GeometryOptions,
  HOLY_KNIGHT_GRID,
  parsePuzzle,
  solvePuzzle,
  validateTour,
} from "../../src/index.js";
import {
  dailySeed,
  decodePuzzle,
  encodePuzzle,
  holyKnightCode,
  puzzleDate,
} from "../../web/puzzle-code.js";

const boardOf = (rows: number, cols: number, geometry: GeometryOptions) =>
  new Board(rows, cols, geometry);

/** A code read back: its board and clues by cell, as the page holds them. */
function read(code: string) {
  const got = decodePuzzle(code, boardOf);
  const board = boardOf(got.rows, got.cols, got);
  const clues = new Int32Array(board.cells);
  for (const [cell, step] of got.clues) clues[cell] = step;
  return { got, board, clues };
}

describe("puzzle codes", () => {
  it("round-trip a holed, closed puzzle: same holes, clues and closedness", () => {
    const board = new Board(6, 6, { holes: [0, 5, 30, 35] });
    const clues = new Int32Array(board.cells);
    clues[1] = 1;
    clues[14] = 9;
    clues[33] = 32;
    const code = encodePuzzle(board, clues, true);
    expect(code).toMatch(/-c-h/);
    const { got, board: back, clues: backClues } = read(code);
    expect(got.closed).toBe(true);
    expect(back.holes).toEqual(board.holes);
    expect([...backClues]).toEqual([...clues]);
    expect(encodePuzzle(back, backClues, got.closed)).toBe(code);
  });

  it("round-trip another piece and edges: the piece's name and the topology", () => {
    const board = new Board(7, 7, { piece: "knight+camel", topology: "torus", holes: [24] });
    const clues = new Int32Array(board.cells);
    clues[0] = 1;
    clues[48] = 48;
    const code = encodePuzzle(board, clues);
    expect(code).toBe("7x7_1a7.48g1-hd4-pknight+camel-ttorus");
    const { got, board: back } = read(code);
    expect([got.piece, got.topology, got.closed]).toEqual(["knight+camel", "torus", false]);
    expect(back.piece).toEqual(board.piece);
    expect(back.holes).toEqual([24]);
    expect(() => decodePuzzle("7x7_1a7-pbishop", boardOf)).toThrow(/bishop/);
    expect(() => decodePuzzle("7x7_1a7-tsphere", boardOf)).toThrow(/sphere/);
  });

  it("reads the first links (no suffix) as open puzzles without holes", () => {
    const { got, board } = read("8x8_1a8.12d1");
    expect(got.closed).toBe(false);
    expect(got.holes).toEqual([]);
    expect(got.clues).toEqual([
      [board.cell(0, 0), 1],
      [board.cell(7, 3), 12],
    ]);
    expect(encodePuzzle(board, read("8x8_1a8.12d1").clues)).toBe("8x8_1a8.12d1");
  });

  it("encodes the Rosetta holy knight's board so that it reads back and solves", () => {
    const code = holyKnightCode();
    const { got, board } = read(code);
    expect(board.vertexCount).toBe(36);
    expect(got.holes.length).toBe(28);
    const puzzle = createPuzzle(board, got.clues, { closed: got.closed });
    // The same puzzle as the library's text grid (shown in docs/puzzles.md).
    const holy = parsePuzzle(HOLY_KNIGHT_GRID);
    expect(board.holes).toEqual(holy.board.holes);
    expect([...puzzle.clues]).toEqual([...holy.clues]);
    const answer = solvePuzzle(puzzle);
    expect(answer.status).toBe("solved");
    expect(validateTour(board, answer.tour!).valid).toBe(true);
  });

  it("refuses an unknown suffix, a bad hole name and a clue on a hole, naming them", () => {
    expect(() => decodePuzzle("8x8_1a8-x", boardOf)).toThrow(/“-x” is not part of a puzzle/);
    expect(() => decodePuzzle("8x8_1a8-hz99", boardOf)).toThrow(/z99/);
    const { got, board } = read("5x5_1a5-ha5");
    expect(() => createPuzzle(board, got.clues)).toThrow(/hole/);
  });
});

describe("the date of the puzzle of the day", () => {
  it("is the clock's UTC date, on either side of midnight", () => {
    expect(puzzleDate("", new Date("2026-12-03T23:59:59.999Z"))).toBe("2026-12-03");
    expect(puzzleDate("", new Date("2026-12-04T00:00:00Z"))).toBe("2026-12-04");
    expect(dailySeed("2026-12-04")).toBe(20261204);
  });
  it("is fixed by ?date=, whatever the clock says", () => {
    expect(puzzleDate("?date=2026-01-31", new Date("2030-05-05T00:00:00Z"))).toBe("2026-01-31");
  });
  it("refuses a date that is not a day, naming it", () => {
    expect(() => puzzleDate("?date=2026-02-30")).toThrow(/“2026-02-30” is not a day/);
    expect(() => puzzleDate("?date=tomorrow")).toThrow(/“tomorrow”.*YYYY-MM-DD/);
  });
});
