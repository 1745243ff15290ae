import { Board } from "../core/board.js";
import { decodeBinaryCells, isBinaryTour, parseBinaryHeader } from "../core/format/binary.js";
import { checkMemory } from "../core/memory.js";
import type { TourValidation } from "../core/validate.js";
import { TourChecker } from "../core/validate-stream.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO } from "./io.js";

/**
 * `knight verify` on a binary tour read as a stream: the header, then the cells a chunk at a
 * time into TourChecker (one bit a cell), so a tour far larger than memory (10¹⁰ cells, 50 GB)
 * is checked in cells / 8 bytes. Text formats are read whole as before: the bytes gathered
 * while looking are handed back.
 */

export type StreamedInput =
  | {
      readonly kind: "verdict";
      readonly board: Board;
      readonly closed: boolean;
      readonly verdict: TourValidation;
    }
  /** Not a binary tour: standard input as read (a file is simply read again). */
  | { readonly kind: "bytes"; readonly bytes: Uint8Array }
  | { readonly kind: "file" };

/** Cells decoded at a time. */
const BATCH = 1 << 18;

/**
 * The board of a binary tour of `rows` × `cols`: a binary tour carries no piece, topology or
 * holes, so `knight verify`'s geometry flags supply them (the knight's plain board without).
 */
export type BinaryBoard = (rows: number, cols: number) => Promise<Board>;

export async function verifyStreamed(
  file: string | undefined,
  io: CliIO,
  maxBytes: number,
  requireClosed: boolean | undefined,
  binaryBoard?: BinaryBoard,
): Promise<StreamedInput | undefined> {
  if (io.openInput === undefined) return undefined;
  const stdin = file === undefined || file === "-";
  // No file and a terminal on standard input: the whole-input path says what is missing.
  if (file === undefined && io.stdinIsTTY) return undefined;
  const source = stdin ? "standard input" : file;
  const chunks = io.openInput(file)[Symbol.asyncIterator]();
  let head: Uint8Array = new Uint8Array(0);
  const gathered: Uint8Array[] = [];
  // Enough bytes for either header.
  try {
    while (head.length < 32) {
      const next = await chunks.next();
      if (next.done) break;
      gathered.push(next.value);
      head = concat(gathered);
    }
  } catch {
    // Unreadable (no such file, a folder, no permission): the whole-input path words it.
    return stdin ? undefined : { kind: "file" };
  }
  if (!isBinaryTour(head)) {
    await chunks.return?.();
    if (!stdin) return { kind: "file" };
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      gathered.push(next.value);
    }
    return { kind: "bytes", bytes: concat(gathered) };
  }
  let header: ReturnType<typeof parseBinaryHeader>;
  try {
    header = parseBinaryHeader(head);
  } catch (error) {
    throw new CliExit(ExitCode.BadInput, `${source}: ${(error as Error).message}`);
  }
  const board =
    binaryBoard === undefined
      ? new Board(header.rows, header.cols, { streamed: true })
      : await binaryBoard(header.rows, header.cols);
  checkMemory(
    `checking a tour of ${board.label} (one bit a cell)`,
    TourChecker.bytesFor(board),
    maxBytes,
    board.label,
  );
  const closed = requireClosed ?? header.closed;
  const checker = new TourChecker(board, { closed });
  const width = header.cellBytes;
  const cells = width === 4 ? new Uint32Array(BATCH) : new Float64Array(BATCH);
  let carry = head.subarray(header.headerBytes);
  let bytesRead = head.length;
  let cellsRead = 0;
  let tooLong = false;
  const feed = (bytes: Uint8Array): boolean => {
    let at = 0;
    while (bytes.length - at >= width) {
      const count = Math.min(BATCH, Math.floor((bytes.length - at) / width));
      decodeBinaryCells(bytes, at, count, width, cells);
      at += count * width;
      if (cellsRead + count > header.length) tooLong = true;
      // Cells past the header's count are not checked: the size is the fault.
      const checked = Math.min(count, header.length - cellsRead);
      cellsRead += count;
      if (!checker.push(cells, checked) || tooLong) return false;
    }
    carry = bytes.slice(at);
    return true;
  };
  let going = feed(carry);
  while (going) {
    const next = await chunks.next();
    if (next.done) break;
    bytesRead += next.value.length;
    going = feed(carry.length === 0 ? next.value : concat([carry, next.value]));
  }
  if (!going) await chunks.return?.();
  const expected = header.headerBytes + width * header.length;
  const sizeWrong = tooLong || (going && (cellsRead !== header.length || carry.length !== 0));
  if (sizeWrong && !checker.failed) {
    throw new CliExit(
      ExitCode.BadInput,
      `${source}: binary tour of ${header.length} cells should be ${expected} bytes, but it is ${tooLong ? "longer" : bytesRead}`,
    );
  }
  return { kind: "verdict", board, closed, verdict: checker.finish() };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
