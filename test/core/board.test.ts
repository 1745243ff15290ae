import { describe, expect, it } from "vitest";
import { Board, parseBoard } from "../../src/core/board.js";
import { BoardSizeError, ErrorCode, MemoryLimitError } from "../../src/core/errors.js";

describe("Board", () => {
  it("maps (r, c) to flat indices r * cols + c and back", () => {
    const board = new Board(3, 5);
    expect(board.cells).toBe(15);
    expect(board.cell(2, 4)).toBe(14);
    expect(board.row(14)).toBe(2);
    expect(board.col(14)).toBe(4);
    expect(board.label).toBe("3x5");
    expect(String(board)).toBe("3×5");
  });

  it("handles 1×1 and 10,000×10,000 without allocating", () => {
    expect(new Board(1, 1).cells).toBe(1);
    expect(new Board(10_000, 10_000).cells).toBe(100_000_000);
  });

  it("colours cells by r + c parity and knows knight moves", () => {
    const board = new Board(8, 8);
    expect(board.colour(0)).toBe(0);
    expect(board.colour(1)).toBe(1);
    expect(board.isKnightMove(board.cell(0, 0), board.cell(2, 1))).toBe(true);
    expect(board.isKnightMove(board.cell(0, 0), board.cell(1, 1))).toBe(false);
  });

  it.each([0, -3, 1.5, Number.NaN, Number.POSITIVE_INFINITY])("rejects a side of %s", (side) => {
    expect(() => new Board(side, 4)).toThrow(BoardSizeError);
    expect(() => new Board(4, side)).toThrow(/positive integer/);
  });

  it("rejects boards over the memory limit, naming the bytes needed", () => {
    try {
      new Board(1000, 1000, { maxBytes: 1_000_000 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(MemoryLimitError);
      const e = error as MemoryLimitError;
      expect(e.code).toBe(ErrorCode.TooLarge);
      expect(e.bytes).toBe(5_000_000);
      expect(e.message).toMatch(/1000×1000.*5000000 bytes/);
    }
    expect(() => new Board(100_000, 100_000)).toThrow(MemoryLimitError);
  });
});

describe("parseBoard", () => {
  it.each([
    ["8", 8, 8],
    ["6x8", 6, 8],
    ["6X8", 6, 8],
    ["6×8", 6, 8],
    [" 3 x 10 ", 3, 10],
  ])("reads %j", (spec, rows, cols) => {
    const board = parseBoard(spec);
    expect([board.rows, board.cols]).toEqual([rows, cols]);
  });

  it.each(["0", "-3", "8x", "x8", "1e9", "8.5", "", "eight", "0x5", "8x8x8"])(
    "rejects %j, naming it",
    (spec) => {
      try {
        parseBoard(spec);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(BoardSizeError);
        expect((error as BoardSizeError).value).toBe(spec);
        expect((error as Error).message).toContain(`'${spec}'`);
      }
    },
  );
});
