import { fileName } from "./cells.js";
import { BoardSizeError, OptionError } from "./errors.js";
import { checkMemory, DEFAULT_MAX_BYTES, MAX_TYPED_ARRAY_LENGTH } from "./memory.js";
import { isKnight, KNIGHT, type Piece, parsePiece } from "./piece.js";
import { TOPOLOGIES, type Topology, wrapsColumns, wrapsRows } from "./topology.js";

/**
 * The smallest memory any tour needs per cell: the path itself (Int32Array, 4 bytes) and a
 * visited mark (1 byte). Boards over the limit are refused before anything is allocated.
 */
export const MIN_BYTES_PER_CELL = 5;

/**
 * What a board is besides its size: the piece that tours it, how its edges meet, and the cells
 * cut out of it. Every field defaults to the plain board of the knight's tour.
 */
export interface GeometryOptions {
  /** The piece (or its name, as `parsePiece` reads it); the knight {1,2} by default. */
  readonly piece?: Piece | string;
  /** `plane` (default), `cylinder` (columns wrap) or `torus` (rows and columns wrap). */
  readonly topology?: Topology;
  /** Removed cells, as flat indices `r * cols + c`: a tour visits every other cell. */
  readonly holes?: Iterable<number>;
}

export interface BoardOptions extends GeometryOptions {
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
 * A board: `rows` × `cols` cells, the piece that moves on it, how its edges meet (its topology)
 * and the cells cut out (its holes) — the whole geometry a tour lives on. Cells are flat indices
 * `r * cols + c` over the full rectangle, row 0 at the top as printed; a hole keeps its index but
 * has no moves, and a tour visits the `vertexCount` other cells. A Board is a value, cheap to
 * create and compare (`key`); the moves themselves live in the move graph (`moveGraph`).
 *
 * @example
 * ```ts
 * import { Board } from "knight-tours";
 *
 * console.log(String(new Board(6, 6, { topology: "torus" }))); // → 6×6 torus
 * console.log(String(new Board(10, 10, { piece: "giraffe" }))); // → 10×10 giraffe
 * const holed = new Board(8, 8, { holes: [56, 7] }); // a1 and h8
 * console.log(String(holed), holed.vertexCount); // → 8×8 minus a1, h8 62
 * ```
 */
export class Board {
  readonly rows: number;
  readonly cols: number;
  /** rows × cols: the range of flat cell indices (holes included). */
  readonly cells: number;
  readonly piece: Piece;
  readonly topology: Topology;
  /** The removed cells, ascending. */
  readonly holes: readonly number[];
  /** The cells a tour visits: rows × cols minus the holes. */
  readonly vertexCount: number;
  /** The first cell that is not a hole: where closed tours start and print from by default. */
  readonly firstCell: number;
  /** The knight on a plane board with no holes: what the knight-only parts need. */
  readonly plain: boolean;
  /** One string per geometry (`8x8`, `6x6 torus`, `10x10 giraffe`, `8x8 minus a1,h8`). */
  readonly key: string;
  readonly #holeMask: Uint8Array | null;

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
    this.piece = pieceOption(options.piece);
    this.topology = topologyOption(options.topology);
    this.holes = holesOption(options.holes, rows, cols);
    this.#holeMask = null;
    if (this.holes.length > 0) {
      const mask = new Uint8Array(cells);
      for (const h of this.holes) mask[h] = 1;
      this.#holeMask = mask;
    }
    this.vertexCount = cells - this.holes.length;
    // Holes are ascending: the first cell missing from their prefix 0, 1, 2, … is no hole.
    let first = 0;
    while (first < this.holes.length && this.holes[first] === first) first++;
    this.firstCell = first;
    this.plain = isKnight(this.piece) && this.topology === "plane" && this.holes.length === 0;
    this.key = describe(this, "x", ",");
    Object.freeze(this);
  }

  /** Whether `cell` is cut out of the board. */
  isHole(cell: number): boolean {
    return this.#holeMask !== null && this.#holeMask[cell] === 1;
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

  /**
   * Whether the piece goes from `a` to `b` in one move on this board: arithmetic on rows and
   * columns (wrapped where the topology wraps), holes excluded, never a move from a cell to
   * itself.
   */
  isMove(a: number, b: number): boolean {
    // The knight on a plain rectangle (the constructions join millions of blocks with this test)
    // keeps its two comparisons; the general test below loops over leaps and wraps.
    if (this.plain) {
      const dr = Math.abs(this.row(a) - this.row(b));
      const dc = Math.abs(this.col(a) - this.col(b));
      return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
    }
    if (a === b || this.isHole(a) || this.isHole(b)) return false;
    const dr = this.row(b) - this.row(a);
    const dc = this.col(b) - this.col(a);
    const rowWrap = wrapsRows(this.topology);
    const colWrap = wrapsColumns(this.topology);
    for (const [x, y] of this.piece.leaps) {
      if (legFits(dr, x, this.rows, rowWrap) && legFits(dc, y, this.cols, colWrap)) return true;
      if (legFits(dr, y, this.rows, rowWrap) && legFits(dc, x, this.cols, colWrap)) return true;
    }
    return false;
  }

  /** Same as `isMove` (the name from before other pieces). */
  isKnightMove(a: number, b: number): boolean {
    return this.isMove(a, b);
  }

  /** The same geometry: size, piece, topology and holes. */
  equals(other: Board): boolean {
    return this.key === other.key;
  }

  /** `8x8`, `6x8`: the form the CLI reads back. */
  get label(): string {
    return `${this.rows}x${this.cols}`;
  }

  /** `8×8`, `6×6 torus`, `10×10 giraffe`, `8×8 minus a1, h8`: the form for sentences. */
  toString(): string {
    return describe(this, "×", ", ");
  }
}

/** Whether a displacement `d` along an axis of length `n` is a leg of `leg` (mod n if wrapped). */
function legFits(d: number, leg: number, n: number, wrap: boolean): boolean {
  if (!wrap) return d === leg || d === -leg;
  return (d - leg) % n === 0 || (d + leg) % n === 0;
}

function describe(board: Board, times: string, holeSeparator: string): string {
  let text = `${board.rows}${times}${board.cols}`;
  if (board.topology !== "plane") text += ` ${board.topology}`;
  if (!isKnight(board.piece)) text += ` ${board.piece.name}`;
  if (board.holes.length > 0) {
    // Named file by file, rank by rank (a1, a2, b1), as a reader lists squares.
    const byFile = [...board.holes].sort((p, q) => (p % board.cols) - (q % board.cols) || q - p);
    const names = byFile.map(
      (h) => `${fileName(h % board.cols)}${board.rows - Math.floor(h / board.cols)}`,
    );
    text += ` minus ${names.join(holeSeparator)}`;
  }
  return text;
}

function pieceOption(piece: Piece | string | undefined): Piece {
  if (piece === undefined) return KNIGHT;
  return typeof piece === "string" ? parsePiece(piece) : piece;
}

function topologyOption(topology: Topology | undefined): Topology {
  if (topology === undefined) return "plane";
  if (!TOPOLOGIES.includes(topology)) {
    throw new OptionError(
      `unknown topology '${String(topology)}': expected ${TOPOLOGIES.join(", ")}`,
      topology,
    );
  }
  return topology;
}

const NO_HOLES: readonly number[] = Object.freeze([]);

function holesOption(
  holes: Iterable<number> | undefined,
  rows: number,
  cols: number,
): readonly number[] {
  if (holes === undefined) return NO_HOLES;
  const cells = rows * cols;
  const seen = new Set<number>();
  for (const h of holes) {
    if (!Number.isSafeInteger(h) || h < 0 || h >= cells) {
      throw new OptionError(
        `hole ${String(h)} is not a cell of the ${rows}×${cols} board (cells 0..${cells - 1})`,
        h,
      );
    }
    if (seen.has(h)) {
      const name = `${fileName(h % cols)}${rows - Math.floor(h / cols)}`;
      throw new OptionError(`hole ${name} is named twice`, h);
    }
    seen.add(h);
  }
  if (seen.size === cells) {
    throw new OptionError(
      `every cell of the ${rows}×${cols} board is a hole: a tour needs at least one cell`,
      cells,
    );
  }
  return Object.freeze([...seen].sort((a, b) => a - b));
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
