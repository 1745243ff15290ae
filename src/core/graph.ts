import type { Board } from "./board.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "./memory.js";

/**
 * The eight knight moves as (row, column) steps, counter-clockwise from (2,1):
 * (2,1) (1,2) (-1,2) (-2,1) (-2,-1) (-1,-2) (1,-2) (2,-1). `targets` of every cell follow it,
 * so the "first" tie-break and the fixed-order backtracking searches are reproducible (the
 * textbook fixed-order search tries the moves in this order).
 */
export const KNIGHT_MOVES: ReadonlyArray<readonly [number, number]> = Object.freeze([
  [2, 1],
  [1, 2],
  [-1, 2],
  [-2, 1],
  [-2, -1],
  [-1, -2],
  [1, -2],
  [2, -1],
] as const);

/** KNIGHT_MOVES as two flat arrays, for the builder's inner loop. */
const MOVE_ROW = Int8Array.from(KNIGHT_MOVES, ([dr]) => dr);
const MOVE_COL = Int8Array.from(KNIGHT_MOVES, ([, dc]) => dc);

/** Number of undirected knight moves on an m×n board: 4mn − 6(m + n) + 8 when both are ≥ 2. */
export function knightEdgeCount(rows: number, cols: number): number {
  // A single row or column has no knight move at all.
  if (rows < 2 || cols < 2) return 0;
  return 4 * rows * cols - 6 * (rows + cols) + 8;
}

/** Bytes a KnightGraph of this board needs (offsets, targets, degrees). */
export function knightGraphBytes(board: Board): number {
  return (board.cells + 1) * 4 + 2 * knightEdgeCount(board.rows, board.cols) * 4 + board.cells;
}

export interface KnightGraphOptions {
  readonly maxBytes?: number;
}

/**
 * The knight graph in compressed sparse row form: the neighbours of cell `v` are
 * `targets[offsets[v] .. offsets[v + 1])`, in KNIGHT_MOVES order. Built once per board shape
 * (see `knightGraph`) and shared read-only by every algorithm.
 */
export class KnightGraph {
  readonly board: Board;
  /** cells + 1 offsets into `targets`. */
  readonly offsets: Int32Array;
  /** All neighbour lists, concatenated. */
  readonly targets: Int32Array;
  /** Number of knight moves from each cell (0..8). */
  readonly degree: Uint8Array;

  constructor(board: Board, options: KnightGraphOptions = {}) {
    checkMemory(
      `the knight graph of ${board.label}`,
      knightGraphBytes(board),
      options.maxBytes ?? DEFAULT_MAX_BYTES,
      board.label,
    );
    const { rows, cols, cells } = board;
    const offsets = new Int32Array(cells + 1);
    const targets = new Int32Array(2 * knightEdgeCount(rows, cols));
    const degree = new Uint8Array(cells);
    let k = 0;
    for (let r = 0, v = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++, v++) {
        offsets[v] = k;
        for (let m = 0; m < 8; m++) {
          const nr = r + MOVE_ROW[m]!;
          const nc = c + MOVE_COL[m]!;
          if (nr >= 0 && nr < rows && nc >= 0 && nc < cols) targets[k++] = nr * cols + nc;
        }
        degree[v] = k - offsets[v]!;
      }
    }
    offsets[cells] = k;
    this.board = board;
    this.offsets = offsets;
    this.targets = targets;
    this.degree = degree;
  }

  /** The neighbours of `cell` as a view (no copy). For hot loops read offsets/targets directly. */
  neighbours(cell: number): Int32Array {
    return this.targets.subarray(this.offsets[cell]!, this.offsets[cell + 1]!);
  }

  /** Colour of a cell: 0 when r + c is even (the corners' colour), else 1. A move always changes it. */
  colour(cell: number): 0 | 1 {
    return this.board.colour(cell);
  }

  /** Whether `a` and `b` are a knight's move apart (scans at most 8 entries). */
  adjacent(a: number, b: number): boolean {
    const end = this.offsets[a + 1]!;
    for (let i = this.offsets[a]!; i < end; i++) if (this.targets[i] === b) return true;
    return false;
  }

  /** Number of undirected edges. */
  get edgeCount(): number {
    return this.targets.length / 2;
  }
}

// A few recent shapes are kept: solvers on one board share one graph, and a long session that
// visits many sizes does not keep every graph alive.
const CACHE_SIZE = 8;
const cache = new Map<string, KnightGraph>();

/** The knight graph of `board`, built on first use and cached per shape. */
export function knightGraph(board: Board, options: KnightGraphOptions = {}): KnightGraph {
  const key = board.label;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const graph = new KnightGraph(board, options);
  cache.set(key, graph);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return graph;
}
