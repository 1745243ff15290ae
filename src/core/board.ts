import { BoardSizeError } from "./errors.js";
import { checkMemory, DEFAULT_MAX_BYTES, MAX_TYPED_ARRAY_LENGTH } from "./memory.js";

/**
 * The smallest memory any tour needs per cell: the path itself (Int32Array, 4 bytes) and a
 * visited mark (1 byte). Boards over the limit are refused before anything is allocated.
 */
export const MIN_BYTES_PER_CELL = 5;

export interface BoardOptions {
  /** Refuse boards whose minimal working memory is over this many bytes. */
  readonly maxBytes?: number;
  /**
   * The board is only streamed (`tourCells`, a streamed `knight tour`): nothing allocates an
   * array of its cells, so the per-cell memory checks and the 2^31-cell cap of flat indices
   * held in an Int32Array do not apply. Its cells must still be a safe integer count.
   */
  readonly streamed?: boolean;
}

/**
 * A rectangular board of `rows` × `cols` cells. Cells are flat indices `r * cols + c`, row 0 at
 * the top as printed. A Board owns no arrays: it is a shape, cheap to create and compare.
 */
export class Board {
  readonly rows: number;
  readonly cols: number;
  /** rows × cols. */
  readonly cells: number;

  constructor(rows: number, cols: number = rows, options: BoardOptions = {}) {
    checkSide("rows", rows);
    checkSide("columns", cols);
    const cells = rows * cols;
    const label = `${rows}x${cols}`;
    if (options.streamed === true && !Number.isSafeInteger(cells)) {
      throw new BoardSizeError(`a ${label} board has too many cells to number exactly`, label);
    }
    // Flat indices must fit an Int32Array: the whole library stores cells that way.
    if (options.streamed !== true && cells > MAX_TYPED_ARRAY_LENGTH) {
      checkMemory(
        `the ${rows}×${cols} board (${cells} cells, over the 2^31-1 cells a flat index can address)`,
        cells * MIN_BYTES_PER_CELL,
        Math.min(
          options.maxBytes ?? DEFAULT_MAX_BYTES,
          MAX_TYPED_ARRAY_LENGTH * MIN_BYTES_PER_CELL,
        ),
        label,
      );
    }
    if (options.streamed !== true) {
      checkMemory(
        `the ${rows}×${cols} board`,
        cells * MIN_BYTES_PER_CELL,
        options.maxBytes ?? DEFAULT_MAX_BYTES,
        label,
      );
    }
    this.rows = rows;
    this.cols = cols;
    this.cells = cells;
    Object.freeze(this);
  }

  /** The flat index of (r, c). No bounds check: validate at the boundary with `contains`. */
  cell(r: number, c: number): number {
    return r * this.cols + c;
  }

  row(cell: number): number {
    return Math.floor(cell / this.cols);
  }

  col(cell: number): number {
    return cell % this.cols;
  }

  contains(r: number, c: number): boolean {
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols && Number.isInteger(r + c);
  }

  /** Colour of a cell: 0 when r + c is even (the colour of a1 on odd boards' majority), else 1. */
  colour(cell: number): 0 | 1 {
    return ((this.row(cell) + this.col(cell)) & 1) as 0 | 1;
  }

  /** Whether a knight jumps from `a` to `b` in one move. */
  isKnightMove(a: number, b: number): boolean {
    const dr = Math.abs(this.row(a) - this.row(b));
    const dc = Math.abs(this.col(a) - this.col(b));
    return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
  }

  equals(other: Board): boolean {
    return this.rows === other.rows && this.cols === other.cols;
  }

  /** `8x8`, `6x8`: the form the CLI reads back. */
  get label(): string {
    return `${this.rows}x${this.cols}`;
  }

  /** `8×8`: the form for sentences. */
  toString(): string {
    return `${this.rows}×${this.cols}`;
  }
}

function checkSide(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new BoardSizeError(
      `board ${name} must be a positive integer, got ${String(value)}`,
      value,
    );
  }
}

/**
 * Parse a board spec: `8` (8×8) or `6x8` (6 rows, 8 columns; `×` and `X` also accepted).
 * Anything else — `8x`, `0`, `-3`, `1e9`, `8.5` — is a BoardSizeError naming the text.
 */
export function parseBoard(spec: string, options: BoardOptions = {}): Board {
  const text = spec.trim();
  const match = /^(\d+)(?:\s*[xX×]\s*(\d+))?$/.exec(text);
  if (!match) {
    throw new BoardSizeError(
      `bad board '${spec}': expected N (an N×N board) or RxC (R rows, C columns) with positive integers, e.g. 8 or 6x8`,
      spec,
    );
  }
  const rows = Number(match[1]);
  const cols = match[2] === undefined ? rows : Number(match[2]);
  if (rows < 1 || cols < 1) {
    throw new BoardSizeError(`bad board '${spec}': rows and columns must be at least 1`, spec);
  }
  if (!Number.isSafeInteger(rows) || !Number.isSafeInteger(cols)) {
    throw new BoardSizeError(`bad board '${spec}': the size is too large to represent`, spec);
  }
  return new Board(rows, cols, options);
}
