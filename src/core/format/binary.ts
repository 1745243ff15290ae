import { Board, type BoardOptions } from "../board.js";
import { InvalidTourError, TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";

/**
 * The compact binary tour format, for boards too large for text. Version 1, for boards of up
 * to 2³² cells:
 *
 *     offset  size  field
 *     0       4     magic "KTUR"
 *     4       1     version (1)
 *     5       1     flags (bit 0: closed)
 *     6       2     reserved (0)
 *     8       4     rows   (uint32, little-endian)
 *     12      4     cols   (uint32, little-endian)
 *     16      4     cells in the path (uint32, little-endian)
 *     20      4·n   the path: flat cells r·cols + c as uint32, little-endian
 *
 * 4 bytes a cell: a 10,000×10,000 tour is 400 MB, against about 1.3 GB of JSON.
 *
 * Version 2, for boards of more than 2³² cells, whose cells need more than 32 bits:
 *
 *     offset  size  field
 *     0       4     magic "KTUR"
 *     4       1     version (2)
 *     5       1     flags (bit 0: closed)
 *     6       1     bytes a cell, w (5 to 7: the fewest that hold every cell of the board)
 *     7       1     reserved (0)
 *     8       8     rows   (uint64, little-endian)
 *     16      8     cols   (uint64, little-endian)
 *     24      8     cells in the path (uint64, little-endian)
 *     32      w·n   the path: flat cells as w-byte little-endian integers
 *
 * Writers use version 1 whenever it can hold the board, so files of boards that always had a
 * format keep it byte for byte; readers take both. Sizes are numbers (exact up to 2⁵³).
 */
export const BINARY_MAGIC = "KTUR";
export const BINARY_HEADER_BYTES = 20;
const HEADER_V2_BYTES = 32;
const LIMIT_V1 = 2 ** 32;

/** What a binary tour's header says. */
export interface BinaryHeader {
  readonly version: 1 | 2;
  readonly headerBytes: number;
  readonly rows: number;
  readonly cols: number;
  /** Cells in the path. */
  readonly length: number;
  readonly closed: boolean;
  /** Bytes a cell: 4 in version 1. */
  readonly cellBytes: number;
}

/** Bytes a cell of `board` takes in the binary format: 4 up to 2³² cells, else the fewest. */
export function binaryCellBytes(board: Board): number {
  if (board.cells <= LIMIT_V1) return 4;
  let bytes = 5;
  while (2 ** (8 * bytes) < board.cells) bytes++;
  return bytes;
}

/** Size in bytes of the binary file of a tour of `length` cells of `board`. */
export function binaryTourBytes(board: Board, length: number): number {
  const cellBytes = binaryCellBytes(board);
  return (cellBytes === 4 ? BINARY_HEADER_BYTES : HEADER_V2_BYTES) + cellBytes * length;
}

/** The header of a binary tour: version 1 (20 bytes) when it holds the board, else version 2. */
export function binaryHeader(board: Board, length: number, closed: boolean): Uint8Array {
  const cellBytes = binaryCellBytes(board);
  const v1 = cellBytes === 4;
  const header = new Uint8Array(v1 ? BINARY_HEADER_BYTES : HEADER_V2_BYTES);
  const view = new DataView(header.buffer);
  for (let i = 0; i < 4; i++) header[i] = BINARY_MAGIC.charCodeAt(i);
  header[4] = v1 ? 1 : 2;
  header[5] = closed ? 1 : 0;
  if (v1) {
    view.setUint32(8, board.rows, true);
    view.setUint32(12, board.cols, true);
    view.setUint32(16, length, true);
  } else {
    header[6] = cellBytes;
    setUint64(view, 8, board.rows);
    setUint64(view, 16, board.cols);
    setUint64(view, 24, length);
  }
  return header;
}

function setUint64(view: DataView, at: number, value: number): void {
  view.setUint32(at, value % LIMIT_V1, true);
  view.setUint32(at + 4, Math.floor(value / LIMIT_V1), true);
}

function getUint64(view: DataView, at: number): number {
  const high = view.getUint32(at + 4, true);
  if (high >= 2 ** 21) throw new TourParseError("binary tour header has a size over 2^53");
  return high * LIMIT_V1 + view.getUint32(at, true);
}

/** Whether `bytes` start like a binary tour. */
export function isBinaryTour(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  for (let i = 0; i < 4; i++) if (bytes[i] !== BINARY_MAGIC.charCodeAt(i)) return false;
  return true;
}

/**
 * Read the header at the start of `bytes` (at least its first 32 bytes, or the whole file when
 * shorter). A bad magic, version, cell width or board is a TourParseError.
 */
export function parseBinaryHeader(bytes: Uint8Array): BinaryHeader {
  if (!isBinaryTour(bytes))
    throw new TourParseError("not a binary tour: it does not start with KTUR");
  const version = bytes[4];
  if (version !== 1 && version !== 2)
    throw new TourParseError(`unsupported binary tour version ${version}: expected 1 or 2`);
  const headerBytes = version === 1 ? BINARY_HEADER_BYTES : HEADER_V2_BYTES;
  if (bytes.length < headerBytes)
    throw new TourParseError(`truncated binary tour: the header needs ${headerBytes} bytes`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const closed = (bytes[5]! & 1) === 1;
  const header: BinaryHeader =
    version === 1
      ? {
          version: 1,
          headerBytes,
          rows: view.getUint32(8, true),
          cols: view.getUint32(12, true),
          length: view.getUint32(16, true),
          closed,
          cellBytes: 4,
        }
      : {
          version: 2,
          headerBytes,
          rows: getUint64(view, 8),
          cols: getUint64(view, 16),
          length: getUint64(view, 24),
          closed,
          cellBytes: bytes[6]!,
        };
  if (header.rows < 1 || header.cols < 1)
    throw new TourParseError(`binary tour header has a ${header.rows}x${header.cols} board`);
  if (header.cellBytes < 4 || header.cellBytes > 7)
    throw new TourParseError(
      `binary tour header has ${header.cellBytes} bytes a cell: expected 4 to 7`,
    );
  return header;
}

/** Encode a whole tour (header + path) in one buffer. */
export function formatBinaryTour(tour: Tour): Uint8Array {
  const n = tour.path.length;
  const header = binaryHeader(tour.board, n, tour.closed);
  const cellBytes = binaryCellBytes(tour.board);
  const out = new Uint8Array(header.length + cellBytes * n);
  out.set(header);
  encodeBinaryCells(tour.path, cellBytes, out, header.length);
  return out;
}

/**
 * Write `cells` as `cellBytes`-byte little-endian integers into `out` from `at` (a new array
 * when absent). Returns `out`.
 */
export function encodeBinaryCells(
  cells: ArrayLike<number>,
  cellBytes: number,
  out: Uint8Array = new Uint8Array(cells.length * cellBytes),
  at = 0,
): Uint8Array {
  const n = cells.length;
  if (cellBytes === 4) {
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    for (let i = 0; i < n; i++) view.setUint32(at + 4 * i, cells[i]!, true);
    return out;
  }
  for (let i = 0; i < n; i++) {
    let cell = cells[i]!;
    let p = at + cellBytes * i;
    // Low 32 bits by arithmetic (cells pass 2³²), then the high bytes one by one.
    const low = cell % LIMIT_V1;
    out[p++] = low & 0xff;
    out[p++] = (low >>> 8) & 0xff;
    out[p++] = (low >>> 16) & 0xff;
    out[p++] = low >>> 24;
    cell = Math.floor(cell / LIMIT_V1);
    for (let k = 4; k < cellBytes; k++) {
      out[p++] = cell & 0xff;
      cell >>>= 8;
    }
  }
  return out;
}

/** Read `count` cells of `cellBytes` bytes from `bytes` at `at` into `out`. */
export function decodeBinaryCells(
  bytes: Uint8Array,
  at: number,
  count: number,
  cellBytes: number,
  out: Float64Array | Uint32Array,
): void {
  if (cellBytes === 4) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < count; i++) out[i] = view.getUint32(at + 4 * i, true);
    return;
  }
  for (let i = 0; i < count; i++) {
    const p = at + cellBytes * i;
    let high = 0;
    for (let k = cellBytes - 1; k >= 4; k--) high = high * 256 + bytes[p + k]!;
    out[i] =
      high * LIMIT_V1 +
      (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16)) +
      bytes[p + 3]! * 2 ** 24;
  }
}

/** Decode a binary tour (either version). A cell index past the board is an InvalidTourError. */
export function parseBinaryTour(bytes: Uint8Array, options: BoardOptions = {}): Tour {
  const header = parseBinaryHeader(bytes);
  const { rows, cols, length, cellBytes, headerBytes } = header;
  const expectedBytes = headerBytes + cellBytes * length;
  if (bytes.length !== expectedBytes) {
    throw new TourParseError(
      `binary tour of ${length} cells should be ${expectedBytes} bytes, but it is ${bytes.length}`,
    );
  }
  const board = new Board(rows, cols, options);
  const path = new Int32Array(length);
  const cells = new Float64Array(Math.min(length, 1 << 16));
  for (let i = 0; i < length; i += cells.length) {
    const count = Math.min(cells.length, length - i);
    decodeBinaryCells(bytes, headerBytes + cellBytes * i, count, cellBytes, cells);
    for (let k = 0; k < count; k++) {
      const cell = cells[k]!;
      if (cell >= board.cells) {
        throw new InvalidTourError(
          `step ${i + k + 1} is cell ${cell}, which is not on the ${board} board (cells 0..${board.cells - 1})`,
          cell,
        );
      }
      path[i + k] = cell;
    }
  }
  return { board, path, closed: header.closed };
}
