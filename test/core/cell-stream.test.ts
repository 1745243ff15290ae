import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { TourParseError } from "../../src/core/errors.js";
import { binaryHeader, encodeBinaryCells } from "../../src/core/format/binary.js";
import {
  binaryCellBytes,
  binaryTourBytes,
  CELL_STREAM_FORMATS,
  type CellSource,
  cellSourceChunks,
  decodeBinaryCells,
  formatBinaryTour,
  parseBinaryHeader,
  parseBinaryTour,
  tourChunks,
} from "../../src/core/format/index.js";
import type { Tour } from "../../src/core/tour.js";

function shuffledTour(rows: number, cols: number, closed: boolean): Tour {
  const board = new Board(rows, cols);
  const path = Int32Array.from({ length: board.cells }, (_, i) => (i * 7919) % board.cells);
  return { board, path, closed };
}

/** A cell source over an array, read in pieces of `piece` cells. */
function sourceOf(tour: Tour, piece: number): CellSource {
  return {
    board: tour.board,
    closed: tour.closed,
    length: tour.path.length,
    reader() {
      let at = 0;
      return {
        read(out) {
          const n = Math.min(out.length, piece, tour.path.length - at);
          for (let k = 0; k < n; k++) out[k] = tour.path[at + k]!;
          at += n;
          return n;
        },
      };
    },
  };
}

function* mapCopy(chunks: Iterable<Uint8Array>): Generator<Uint8Array> {
  for (const chunk of chunks) yield chunk.slice();
}

const join = (chunks: Iterable<string | Uint8Array>): Uint8Array => {
  const parts = [...chunks].map((c) => (typeof c === "string" ? new TextEncoder().encode(c) : c));
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("cellSourceChunks(source, format)", () => {
  it.each(CELL_STREAM_FORMATS)("writes %s byte for byte as tourChunks does", (format) => {
    for (const [rows, cols, closed] of [
      [1, 1, false],
      [5, 7, false],
      [30, 31, true],
      [12, 70, true],
    ] as const) {
      const tour = shuffledTour(rows, cols, closed);
      for (const chunkCells of [7, 1 << 20]) {
        const streamed = join(cellSourceChunks(sourceOf(tour, 1000), format, { chunkCells }));
        expect(streamed).toEqual(join(tourChunks(tour, format)));
        // Reused buffers: each chunk copied before the next is asked for.
        const copied = [
          ...mapCopy(cellSourceChunks(sourceOf(tour, 1000), format, { chunkCells, reuse: true })),
        ];
        expect(join(copied)).toEqual(streamed);
      }
    }
  });
});

describe("binary format version 2", () => {
  it("keeps version 1 for boards of up to 2^32 cells", () => {
    expect(binaryCellBytes(new Board(65536, 65536, { streamed: true }))).toBe(4);
    expect(binaryHeader(new Board(8, 8), 64, true)[4]).toBe(1);
    expect(binaryTourBytes(new Board(8, 8), 64)).toBe(20 + 256);
  });

  it("gives boards over 2^32 cells a 32-byte header and the fewest bytes a cell", () => {
    const board = new Board(100_000, 100_000, { streamed: true });
    expect(binaryCellBytes(board)).toBe(5);
    expect(binaryCellBytes(new Board(2 ** 24, 2 ** 24, { streamed: true }))).toBe(6);
    const header = parseBinaryHeader(binaryHeader(board, board.cells, true));
    expect(header).toEqual({
      version: 2,
      headerBytes: 32,
      rows: 100_000,
      cols: 100_000,
      length: 1e10,
      closed: true,
      cellBytes: 5,
    });
    expect(binaryTourBytes(board, board.cells)).toBe(32 + 5e10);
  });

  it("encodes and decodes cells past 2^32 exactly", () => {
    const cells = [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, 1e10 - 1, 2 ** 40 - 1];
    for (const width of [5, 6, 7]) {
      const bytes = encodeBinaryCells(cells, width);
      expect(bytes.length).toBe(width * cells.length);
      const out = new Float64Array(cells.length);
      decodeBinaryCells(bytes, 0, cells.length, width, out);
      expect([...out]).toEqual(cells);
    }
  });

  it("reads a version-2 file of a small board as the same tour", () => {
    const tour = shuffledTour(6, 7, false);
    const v1 = formatBinaryTour(tour);
    const header = new Uint8Array(32);
    header.set(v1.subarray(0, 6));
    header[4] = 2;
    header[6] = 5;
    const view = new DataView(header.buffer);
    view.setUint32(8, 6, true);
    view.setUint32(16, 7, true);
    view.setUint32(24, 42, true);
    const file = new Uint8Array(32 + 5 * 42);
    file.set(header);
    encodeBinaryCells(tour.path, 5, file, 32);
    expect(parseBinaryTour(file)).toEqual(tour);
  });

  it("refuses unknown versions and cell widths", () => {
    const bytes = formatBinaryTour(shuffledTour(5, 5, false));
    bytes[4] = 3;
    expect(() => parseBinaryHeader(bytes)).toThrow(TourParseError);
    expect(() => parseBinaryHeader(bytes)).toThrow(/version 3: expected 1 or 2/);
    const v2 = binaryHeader(new Board(100_000, 100_000, { streamed: true }), 1, false);
    v2[6] = 9;
    expect(() => parseBinaryHeader(v2)).toThrow(/9 bytes a cell/);
  });
});
