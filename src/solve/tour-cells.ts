import { BlockCellReader, type CellArray } from "../construct/block-cells.js";
import { planBlockOrder } from "../construct/block-order.js";
import type { Board } from "../core/board.js";
import { checkCellOption } from "../core/cells.js";
import type { TourStatus } from "../core/result.js";
import { closedTourExists, openTourExists, tourExists } from "../theory/exists.js";
import { solve } from "./solve.js";
import type { SearchLimits } from "./types.js";

/**
 * A tour as a stream of cells in visiting order, for boards whose tour is too large to hold:
 * the block-order construction (src/construct/block-order.ts) writes it block by block with a
 * few kilobytes of state, so a 10¹⁰-cell tour streams in memory that does not grow with the
 * board. Shapes with no block order (open tours of 4-row boards, and 1×1) fall back to `solve`
 * (the whole-board construction or a search) and say so in `method` and `note`; every other
 * tour the theorems allow streams from blocks.
 */

/** Chunks are Uint32Array up to 2³² cells, Float64Array above (cells exact up to 2⁵³). */
export type CellChunk = Uint32Array | Float64Array;

export interface TourCellsOptions extends SearchLimits {
  /** A closed tour (default: open; an open request may get a closed tour, read as open). */
  readonly closed?: boolean | undefined;
  /** First cell. Closed tours start anywhere; open ones at the block order's start, or else fall back. */
  readonly start?: number | undefined;
  /** Seed of a fallback search. */
  readonly seed?: number | undefined;
  /** Memory ceiling of a fallback that holds the whole tour. */
  readonly maxBytes?: number | undefined;
  /**
   * `false`: no fallback; a shape with no block order answers status "limit" with the reason
   * (method "none"), at once. Default true.
   */
  readonly fallback?: boolean | undefined;
}

/** Fills the caller's array with the next cells; `read` returns how many (0 at the end). */
export interface CellReader {
  read(out: CellArray): number;
  readonly remaining: number;
}

export interface TourCells {
  readonly board: Board;
  /** "found", or why there are no cells ("impossible" with the reason, a fallback's stop). */
  readonly status: TourStatus;
  readonly reason?: string | undefined;
  readonly closed: boolean;
  /** "blocks" (streamed in constant memory), or the fallback's method ("construct", "search"). */
  readonly method: string;
  /** Whether the last cell is a knight's move from the first (an open request may get a cycle). */
  readonly cycle: boolean;
  /** Why a fallback was taken, when one was. */
  readonly note?: string | undefined;
  /** Cells the tour has: the board's cells (holes excepted) when found, 0 otherwise. */
  readonly length: number;
  /** A new reader from the first cell: the fastest way, into arrays the caller reuses. */
  reader(): CellReader;
  /**
   * The cells in chunks of `size` (default 65,536). With `reuse`, every chunk is the same array
   * refilled: read it before asking for the next (no allocation at all); without, each chunk is
   * a new array the caller may keep.
   */
  chunks(options?: { readonly size?: number; readonly reuse?: boolean }): Generator<CellChunk>;
  /** The cells one by one (convenient, and slower than chunks). */
  [Symbol.iterator](): Iterator<number>;
}

const DEFAULT_CHUNK = 1 << 16;

/**
 * The tour of `board` as a stream of cells (flat indices r·cols + c) in visiting order.
 * Boards beyond 2³¹ cells must be made with `new Board(rows, cols, { streamed: true })`.
 *
 * @example
 * ```ts
 * import { Board, tourCells } from "knight-tours";
 *
 * const tour = tourCells(new Board(1000, 1000), { closed: true });
 * console.log(tour.status, tour.method); // → found blocks
 * let sum = 0;
 * for (const chunk of tour.chunks({ reuse: true })) for (const cell of chunk) sum += cell;
 * console.log(sum === (1e6 * (1e6 - 1)) / 2); // → true: every cell once
 * ```
 */
export function tourCells(board: Board, options: TourCellsOptions = {}): TourCells {
  const closed = options.closed ?? false;
  checkCellOption(board, options.start, "start");
  const existence = !board.plain
    ? tourExists(board, { closed, start: options.start })
    : closed
      ? closedTourExists(board)
      : openTourExists(board);
  if (existence.exists === false) {
    return emptyTour(board, closed, "impossible", existence.reason, "none");
  }
  // The block order is the knight's on a plain rectangle: other geometries go to `solve`.
  if (!board.plain) {
    const note = `the block order builds knight's tours of a plain rectangle; ${board} is not one`;
    if (options.fallback === false) return emptyTour(board, closed, "limit", note, "none", note);
    return solved(board, closed, options, note);
  }
  // An open request on a board with closed tours gets a closed tour, read from its start.
  const asClosed = closed || closedTourExists(board).exists === true;
  let plan = planBlockOrder(board.rows, board.cols, asClosed);
  if (typeof plan === "string" && asClosed && !closed) {
    plan = planBlockOrder(board.rows, board.cols, false);
  }
  let note = typeof plan === "string" ? plan : undefined;
  if (typeof plan !== "string") {
    const order = plan;
    const start = order.closed ? (options.start ?? 0) : undefined;
    const first = new BlockCellReader(order, start);
    const one = new Float64Array(1);
    first.read(one);
    if (options.start === undefined || one[0] === options.start) {
      return streamOf(board, closed, order.closed, () => new BlockCellReader(order, start));
    }
    note = `the block order's open tours of ${board} start at cell ${one[0]}, not ${options.start}`;
  }
  if (options.fallback === false) return emptyTour(board, closed, "limit", note, "none", note);
  return solved(board, closed, options, note);
}

/** The fallback: a tour found whole by `solve`, then streamed from memory. */
function solved(
  board: Board,
  closed: boolean,
  options: TourCellsOptions,
  note: string | undefined,
): TourCells {
  const result = solve(board, {
    closed,
    start: options.start,
    seed: options.seed,
    maxBytes: options.maxBytes,
    timeLimitMs: options.timeLimitMs,
    nodeLimit: options.nodeLimit,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  const method = result.stats.method ?? "search";
  if (result.status !== "found" || result.tour === null) {
    return emptyTour(board, closed, result.status, result.reason, method, note);
  }
  const path = result.tour.path;
  const cycle = path.length > 2 && board.isMove(path[0]!, path[path.length - 1]!);
  return streamOf(board, closed, cycle, () => arrayReader(path), method, note);
}

function emptyTour(
  board: Board,
  closed: boolean,
  status: TourStatus,
  reason: string | undefined,
  method: string,
  note?: string,
): TourCells {
  return {
    ...streamOf(board, closed, false, () => arrayReader(new Int32Array(0)), method, note),
    status,
    reason,
    length: 0,
  };
}

function arrayReader(path: Int32Array): CellReader {
  let at = 0;
  return {
    get remaining() {
      return path.length - at;
    },
    read(out) {
      const n = Math.min(out.length, path.length - at);
      out.set(path.subarray(at, at + n));
      at += n;
      return n;
    },
  };
}

function streamOf(
  board: Board,
  closed: boolean,
  cycle: boolean,
  reader: () => CellReader,
  method = "blocks",
  note?: string,
): TourCells {
  const wide = board.cells > 2 ** 32;
  const make = (size: number): CellChunk => (wide ? new Float64Array(size) : new Uint32Array(size));
  return {
    board,
    status: "found",
    closed,
    cycle,
    method,
    note,
    length: board.vertexCount,
    reader,
    *chunks({ size = DEFAULT_CHUNK, reuse = false } = {}) {
      const source = reader();
      let chunk = make(Math.max(1, Math.min(size, board.vertexCount)));
      for (;;) {
        const n = source.read(chunk);
        if (n === 0) return;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
        if (!reuse) chunk = make(chunk.length);
      }
    },
    *[Symbol.iterator]() {
      for (const chunk of this.chunks({ reuse: true })) yield* chunk;
    },
  };
}
