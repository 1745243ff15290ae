import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { fileIndex, fileName, formatCell, parseCell } from "../../src/core/cells.js";
import { CellError } from "../../src/core/errors.js";

describe("cells", () => {
  const board = new Board(8, 8);

  it("names files a..z, aa, ab, … and reads them back", () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(fileName)).toEqual([
      "a",
      "z",
      "aa",
      "ab",
      "az",
      "ba",
      "zz",
      "aaa",
    ]);
    fc.assert(fc.property(fc.nat(100_000), (col) => fileIndex(fileName(col)) === col));
  });

  it("puts a1 at the bottom left and 0,0 at the top left", () => {
    expect(parseCell("a1", board)).toBe(board.cell(7, 0));
    expect(parseCell("h8", board)).toBe(board.cell(0, 7));
    expect(parseCell("0,0", board)).toBe(0);
    expect(parseCell("7, 7", board)).toBe(63);
    expect(formatCell(board, 0)).toBe("a8");
    expect(formatCell(board, 0, "rc")).toBe("0,0");
  });

  it("round-trips every cell of random boards in both notations", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 60 }),
        fc.nat(),
        (r, c, k) => {
          const b = new Board(r, c);
          const cell = k % b.cells;
          return (
            parseCell(formatCell(b, cell), b) === cell &&
            parseCell(formatCell(b, cell, "rc"), b) === cell
          );
        },
      ),
    );
  });

  it.each([
    ["z99", /'z99' is not on the 8×8 board: files are a..h and ranks 1..8/],
    ["3,-1", /'3,-1' is not on the 8×8 board: row must be 0..7 and column 0..7/],
    ["e", /bad cell 'e'/],
    ["a0", /'a0' is not on the 8×8 board/],
    ["", /bad cell ''/],
  ])("rejects %j, naming the cell and the board", (text, message) => {
    expect(() => parseCell(text, board)).toThrow(CellError);
    expect(() => parseCell(text, board)).toThrow(message);
  });
});

describe("formatCell refuses an index off the board", () => {
  // It printed nonsense: 99 on 5×5 was "e-14", -1 was "6", 1.5 was "b5".
  it.each([99, 25, -1, 1.5, Number.NaN])("%s on 5×5", (cell) => {
    const board = new Board(5, 5);
    expect(() => formatCell(board, cell)).toThrow(CellError);
    expect(() => formatCell(board, cell)).toThrow(/not on the 5×5 board \(cells 0\.\.24\)/);
  });

  it("names every cell of the board", () => {
    const board = new Board(3, 4);
    for (let cell = 0; cell < board.cells; cell++) {
      expect(parseCell(formatCell(board, cell), board)).toBe(cell);
    }
  });
});
