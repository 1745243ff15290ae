import type { Board } from "../board.js";
import { fileName } from "../cells.js";
import { binaryCellBytes, binaryHeader, encodeBinaryCells } from "./binary.js";

/**
 * Tour formats written from a stream of cells (a tour that is never held whole): binary, JSON
 * and the algebraic move list, byte for byte what `tourChunks` writes for the same path. Each
 * chunk is a new Uint8Array of about a megabyte, encoded digit by digit (no strings), so the
 * writer keeps pace with the disk. The numbered grid needs every cell's step before its first
 * line, so it cannot be streamed.
 */

/** Where the cells come from: `tourCells` (src/solve) gives one. */
export interface CellSource {
  readonly board: Board;
  readonly closed: boolean;
  /** Cells in the tour. */
  readonly length: number;
  reader(): { read(out: Uint32Array | Float64Array): number };
}

export type CellStreamFormat = "bin" | "json" | "algebraic";
export const CELL_STREAM_FORMATS: readonly CellStreamFormat[] = ["bin", "json", "algebraic"];

/** Cells a chunk: 256 KiB of binary (larger chunks are no faster, and cost resident memory). */
const CHUNK_CELLS = 1 << 16;

export interface CellChunkOptions {
  /** Cells a chunk (default 2¹⁶: 256 KiB of binary). */
  readonly chunkCells?: number;
  /**
   * Refill the same buffer for every chunk: no allocation and no garbage, so memory stays flat
   * however long the tour. The consumer must be done with a chunk (written it out, or copied
   * it) before it asks for the next — as a writer that awaits each write is.
   */
  readonly reuse?: boolean;
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

export function* cellSourceChunks(
  source: CellSource,
  format: CellStreamFormat,
  options: CellChunkOptions = {},
): Generator<Uint8Array> {
  const chunkCells = Math.max(1, Math.min(options.chunkCells ?? CHUNK_CELLS, source.length));
  const reuse = options.reuse ?? false;
  switch (format) {
    case "bin":
      yield* binaryCells(source, chunkCells, reuse);
      return;
    case "json":
      yield* textCells(source, chunkCells, reuse, jsonWriter(source));
      return;
    case "algebraic":
      yield* textCells(source, chunkCells, reuse, algebraicWriter(source));
      return;
  }
}

function* binaryCells(
  source: CellSource,
  chunkCells: number,
  reuse: boolean,
): Generator<Uint8Array> {
  const { board } = source;
  yield binaryHeader(board, source.length, source.closed);
  const reader = source.reader();
  const cellBytes = binaryCellBytes(board);
  if (cellBytes === 4 && LITTLE_ENDIAN) {
    // The array's own bytes are the file's: no encoding at all.
    let cells = new Uint32Array(chunkCells);
    for (;;) {
      const n = reader.read(cells);
      if (n === 0) return;
      yield new Uint8Array(cells.buffer, 0, 4 * n);
      if (!reuse) cells = new Uint32Array(chunkCells);
    }
  }
  const cells = new Float64Array(chunkCells);
  let bytes = new Uint8Array(chunkCells * cellBytes);
  for (;;) {
    const n = reader.read(cells);
    if (n === 0) return;
    yield encodeBinaryCells(cells.subarray(0, n), cellBytes, bytes).subarray(0, n * cellBytes);
    if (!reuse) bytes = new Uint8Array(chunkCells * cellBytes);
  }
}

/** A text writer: the header, each cell (with its separator), the trailer, as ASCII bytes. */
interface TextWriter {
  readonly header: string;
  readonly trailer: string;
  /** Most bytes one cell takes. */
  readonly cellBytes: number;
  /** Write cell number `index` into `out` at `at`; returns the new end. */
  put(out: Uint8Array, at: number, cell: number, index: number): number;
}

function* textCells(
  source: CellSource,
  chunkCells: number,
  reuse: boolean,
  writer: TextWriter,
): Generator<Uint8Array> {
  const encoder = new TextEncoder();
  yield encoder.encode(writer.header);
  const reader = source.reader();
  const cells = new Float64Array(chunkCells);
  let out = new Uint8Array(chunkCells * writer.cellBytes);
  let index = 0;
  for (;;) {
    const n = reader.read(cells);
    if (n === 0) break;
    let at = 0;
    for (let k = 0; k < n; k++) at = writer.put(out, at, cells[k]!, index++);
    yield out.subarray(0, at);
    if (!reuse) out = new Uint8Array(chunkCells * writer.cellBytes);
  }
  yield encoder.encode(writer.trailer);
}

/** Write the decimal digits of a non-negative integer. */
function putInt(out: Uint8Array, at: number, value: number): number {
  if (value < 10) {
    out[at] = 48 + value;
    return at + 1;
  }
  let digits = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) digits++;
  let v = value;
  for (let k = at + digits - 1; k >= at; k--) {
    const q = Math.floor(v / 10);
    out[k] = 48 + (v - 10 * q);
    v = q;
  }
  return at + digits;
}

const digitsOf = (value: number) => String(value).length;

function jsonWriter(source: CellSource): TextWriter {
  const { board } = source;
  const cols = board.cols;
  return {
    header: `{"rows":${board.rows},"cols":${board.cols},"closed":${source.closed},"path":[`,
    trailer: "]}\n",
    cellBytes: digitsOf(board.rows) + digitsOf(board.cols) + 4,
    put(out, at, cell, index) {
      const r = Math.floor(cell / cols);
      let p = at;
      if (index > 0) out[p++] = 44; // ,
      out[p++] = 91; // [
      p = putInt(out, p, r);
      out[p++] = 44;
      p = putInt(out, p, cell - r * cols);
      out[p++] = 93; // ]
      return p;
    },
  };
}

/** Columns whose file names are kept as bytes (one row of the board at most). */
const FILE_NAME_CACHE = 1 << 20;

function algebraicWriter(source: CellSource): TextWriter {
  const { board } = source;
  const { rows, cols } = board;
  const last = source.length - 1;
  const encoder = new TextEncoder();
  const names: Array<Uint8Array | undefined> = [];
  const nameOf = (c: number): Uint8Array => {
    if (c >= FILE_NAME_CACHE) return encoder.encode(fileName(c));
    let name = names[c];
    if (name === undefined) {
      name = encoder.encode(fileName(c));
      names[c] = name;
    }
    return name;
  };
  return {
    header: `# ${board.label} ${source.closed ? "closed" : "open"} tour\n`,
    trailer: "",
    cellBytes: fileName(cols - 1).length + digitsOf(rows) + 1,
    put(out, at, cell, index) {
      const r = Math.floor(cell / cols);
      const name = nameOf(cell - r * cols);
      out.set(name, at);
      let p = putInt(out, at + name.length, rows - r);
      out[p++] = index % 16 === 15 || index === last ? 10 : 32;
      return p;
    },
  };
}
