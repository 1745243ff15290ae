import { dirname, resolve } from "node:path";
import { parseBoard } from "../core/board.js";
import { fileName } from "../core/cells.js";
import { binaryTourBytes } from "../core/format/binary.js";
import {
  CELL_STREAM_FORMATS,
  type CellStreamFormat,
  cellSourceChunks,
} from "../core/format/cell-stream.js";
import { formatBytes } from "../core/memory.js";
import type { tourCells } from "../solve/tour-cells.js";
import type { CommandContext } from "./context.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import { cellOption } from "./options.js";
import { writeOutput } from "./output.js";

/**
 * `knight tour` for large boards, streamed: the block-order construction (tourCells) writes the
 * tour cell by cell in visiting order straight into the output, a few megabytes at a time with
 * back-pressure, so the whole process runs in constant memory and at about the speed of the disk
 * (a 10⁸-cell tour in well under a second, a 10¹⁰-cell one in minutes). Boards from
 * STREAM_MIN_CELLS cells on take this way when the request is one it serves (a binary, JSON or
 * algebraic tour, closed or open, from any start of a closed tour); anything else — a grid, a
 * picture, --end, --symmetry, --trace, a method, a shape with no block order — keeps the
 * whole-tour path.
 */

/** Smaller boards keep the whole-tour path (their tours print as they always have). */
export const STREAM_MIN_CELLS = 1_000_000;

export interface StreamFlags {
  readonly format: string;
  readonly closed?: boolean | undefined;
  readonly start?: string | undefined;
  readonly end?: string | undefined;
  readonly symmetry?: string | undefined;
  readonly method?: string | undefined;
  readonly trace?: string | true | undefined;
  readonly traceLimit?: number | undefined;
  readonly animate?: boolean | undefined;
  readonly out?: string | undefined;
  readonly stats?: boolean | undefined;
}

/** Whether `knight tour` serves this request by streaming; true when it has written the tour. */
export async function streamTour(
  boardSpec: string,
  flags: StreamFlags,
  { io }: CommandContext,
): Promise<boolean> {
  const format = flags.format as CellStreamFormat;
  if (
    !CELL_STREAM_FORMATS.includes(format) ||
    flags.end !== undefined ||
    flags.symmetry !== undefined ||
    flags.trace !== undefined ||
    flags.traceLimit !== undefined ||
    flags.animate === true ||
    (flags.method ?? "auto") !== "auto"
  ) {
    return false;
  }
  let board: ReturnType<typeof parseBoard>;
  try {
    board = parseBoard(boardSpec, { streamed: true });
  } catch {
    return false; // the whole-tour path words the error
  }
  if (board.cells < STREAM_MIN_CELLS) return false;
  const closed = flags.closed === true;
  const began = performance.now();
  // The block-order construction loads only for a board this large.
  const { tourCells } = await import("../solve/tour-cells.js");
  const tour = tourCells(board, {
    closed,
    start: cellOption(flags.start, board, "--start"),
    fallback: false,
  });
  if (tour.status === "impossible") {
    throw new CliExit(
      ExitCode.NoTour,
      `no ${closed ? "closed" : "open"} tour of ${board}: ${tour.reason}`,
    );
  }
  if (tour.status !== "found") return false;
  await checkFreeSpace(flags.out, outputBytes(tour, format), io);
  // The output layer's write resolves once a chunk is handed on, so one buffer is refilled.
  await writeOutput(cellSourceChunks(tour, format, { reuse: true }), flags.out, io);
  if (flags.stats) {
    const ms = performance.now() - began;
    io.stderr.write(
      `status found; method blocks; nodes 0; backtracks 0; attempts 1; time ${ms.toFixed(2)} ms; closed: ${tour.cycle ? "yes" : "no"}\n`,
    );
  }
  return true;
}

/** Bytes the output takes: exact for binary, an upper bound for text. */
function outputBytes(tour: ReturnType<typeof tourCells>, format: CellStreamFormat): number {
  const { board } = tour;
  const digits = (n: number) => String(n).length;
  switch (format) {
    case "bin":
      return binaryTourBytes(board, tour.length);
    case "json":
      return tour.length * (digits(board.rows) + digits(board.cols) + 4) + 64;
    case "algebraic":
      return tour.length * (fileName(board.cols - 1).length + digits(board.rows) + 1) + 64;
  }
}

/** Refuse at once, before writing a byte, an output larger than the free space of its disk. */
async function checkFreeSpace(
  out: string | undefined,
  bytes: number,
  io: CommandContext["io"],
): Promise<void> {
  if (out === undefined || out === "-" || io.freeBytes === undefined) return;
  let free: number;
  try {
    free = await io.freeBytes(dirname(resolve(out)));
  } catch {
    return; // no such folder, say: opening the file reports it
  }
  if (bytes > free) {
    throw new CliExit(
      ExitCode.BadInput,
      `not enough disk space for '${out}': the tour needs ${formatBytes(bytes)} (${bytes} bytes) and the disk has ${formatBytes(free)} free`,
    );
  }
}
