import { Board, type BoardOptions } from "../board.js";
import { InvalidTourError, TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";

/**
 * The compact binary tour format, for boards too large for text:
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
 */
export const BINARY_MAGIC = "KTUR";
export const BINARY_HEADER_BYTES = 20;
const VERSION = 1;

/** The 20-byte header of a binary tour. */
export function binaryHeader(board: Board, length: number, closed: boolean): Uint8Array {
  const header = new Uint8Array(BINARY_HEADER_BYTES);
  const view = new DataView(header.buffer);
  for (let i = 0; i < 4; i++) header[i] = BINARY_MAGIC.charCodeAt(i);
  header[4] = VERSION;
  header[5] = closed ? 1 : 0;
  view.setUint32(8, board.rows, true);
  view.setUint32(12, board.cols, true);
  view.setUint32(16, length, true);
  return header;
}

/** Whether `bytes` start like a binary tour. */
export function isBinaryTour(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  for (let i = 0; i < 4; i++) if (bytes[i] !== BINARY_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Encode a whole tour (header + path) in one buffer. */
export function formatBinaryTour(tour: Tour): Uint8Array {
  const n = tour.path.length;
  const out = new Uint8Array(BINARY_HEADER_BYTES + 4 * n);
  out.set(binaryHeader(tour.board, n, tour.closed));
  const view = new DataView(out.buffer);
  for (let i = 0; i < n; i++) view.setUint32(BINARY_HEADER_BYTES + 4 * i, tour.path[i]!, true);
  return out;
}

/** Decode a binary tour. A cell index past the board is an InvalidTourError. */
export function parseBinaryTour(bytes: Uint8Array, options: BoardOptions = {}): Tour {
  if (!isBinaryTour(bytes))
    throw new TourParseError("not a binary tour: it does not start with KTUR");
  if (bytes.length < BINARY_HEADER_BYTES)
    throw new TourParseError("truncated binary tour: the header needs 20 bytes");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[4] !== VERSION)
    throw new TourParseError(`unsupported binary tour version ${bytes[4]}: expected ${VERSION}`);
  const rows = view.getUint32(8, true);
  const cols = view.getUint32(12, true);
  const length = view.getUint32(16, true);
  if (rows < 1 || cols < 1)
    throw new TourParseError(`binary tour header has a ${rows}x${cols} board`);
  const expectedBytes = BINARY_HEADER_BYTES + 4 * length;
  if (bytes.length !== expectedBytes) {
    throw new TourParseError(
      `binary tour of ${length} cells should be ${expectedBytes} bytes, but it is ${bytes.length}`,
    );
  }
  const board = new Board(rows, cols, options);
  const path = new Int32Array(length);
  for (let i = 0; i < length; i++) {
    const cell = view.getUint32(BINARY_HEADER_BYTES + 4 * i, true);
    if (cell >= board.cells) {
      throw new InvalidTourError(
        `step ${i + 1} is cell ${cell}, which is not on the ${board} board (cells 0..${board.cells - 1})`,
        cell,
      );
    }
    path[i] = cell;
  }
  return { board, path, closed: (bytes[5]! & 1) === 1 };
}
