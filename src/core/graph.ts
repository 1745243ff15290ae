import type { Board } from "./board.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "./memory.js";
import { longestLeg, pieceMoves } from "./piece.js";
import { wrapsColumns, wrapsRows } from "./topology.js";

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

/**
 * Bytes the move graph of this board needs (offsets, targets, degrees, colours): exact for the
 * knight on a plain board, an upper bound (every move of every cell kept) otherwise.
 */
export function knightGraphBytes(board: Board): number {
  const arcs = board.plain
    ? 2 * knightEdgeCount(board.rows, board.cols)
    : board.cells * pieceMoves(board.piece).length;
  // Other boards also keep their 2-colouring (a byte a cell).
  return (board.cells + 1) * 4 + arcs * 4 + (board.plain ? 1 : 2) * board.cells;
}

export interface KnightGraphOptions {
  readonly maxBytes?: number;
}

/**
 * The move graph of a board — the only thing the engines see of its geometry. Compressed sparse
 * row form: the neighbours of cell `v` are `targets[offsets[v] .. offsets[v + 1])`, in the
 * order of `pieceMoves` (for the knight, KNIGHT_MOVES order). Vertices are the flat cells;
 * a hole has no neighbours and is not counted in `vertexCount`.
 *
 * On a wrapped board two displacements can reach the same cell, or lead back to the cell
 * itself (a leg as long as the wrapped side): the graph is simple, so such loops are dropped
 * and repeated neighbours kept once.
 *
 * Built once per geometry (see `moveGraph`) and shared read-only by every algorithm.
 */
export class KnightGraph {
  readonly board: Board;
  /** cells + 1 offsets into `targets`. */
  readonly offsets: Int32Array;
  /** All neighbour lists, concatenated. */
  readonly targets: Int32Array;
  /** Number of moves from each cell (0 for a hole). */
  readonly degree: Uint8Array;
  /** The cells a tour visits: cells minus holes. */
  readonly vertexCount: number;
  /**
   * A proper 2-colouring (every move joins cells of different colours), or null when the graph
   * has an odd cycle. Where the chessboard colouring is proper it is that one (corners 0); on
   * other bipartite graphs each connected part is coloured from its first cell's chessboard
   * colour. Holes are 0. Built on first use on plain boards (it is the chessboard's).
   */
  get colours(): Uint8Array | null {
    if (this.#colours === undefined) this.#colours = chessboardColours(this.board);
    return this.#colours;
  }
  #colours: Uint8Array | null | undefined;
  /** The most rows one move spans (the band a row-by-row sweep must keep open). */
  readonly bandHeight: number;

  constructor(board: Board, options: KnightGraphOptions = {}) {
    checkMemory(
      `the move graph of ${board}`,
      knightGraphBytes(board),
      options.maxBytes ?? DEFAULT_MAX_BYTES,
      board.label,
    );
    const built = board.plain ? buildKnight(board) : buildGeneral(board);
    this.board = board;
    this.offsets = built.offsets;
    this.targets = built.targets;
    this.degree = built.degree;
    this.vertexCount = board.vertexCount;
    // The knight on a plain board is coloured by the chessboard; only other graphs need a search.
    this.#colours = board.plain ? undefined : twoColouring(this);
    this.bandHeight = longestLeg(board.piece);
  }

  /** Whether the graph has a proper 2-colouring (`colours` is not null). */
  get bipartite(): boolean {
    return this.board.plain || this.#colours !== null;
  }

  /** The neighbours of `cell` as a view (no copy). For hot loops read offsets/targets directly. */
  neighbours(cell: number): Int32Array {
    return this.targets.subarray(this.offsets[cell]!, this.offsets[cell + 1]!);
  }

  /**
   * Colour of a cell in the graph's 2-colouring (a move always changes it). Only for bipartite
   * graphs: callers check `bipartite` first.
   */
  colour(cell: number): 0 | 1 {
    if (this.board.plain) return this.board.colour(cell);
    if (this.#colours === null || this.#colours === undefined) {
      throw new Error(`internal: the move graph of ${this.board} is not bipartite`);
    }
    return this.#colours[cell] as 0 | 1;
  }

  /**
   * A cell that no chain of moves joins to `board.firstCell`, or -1 when the graph is connected
   * (holes aside). A tour visits every cell, so a disconnected graph has none. Found once per
   * graph by a search over its moves.
   */
  unreachedCell(): number {
    if (this.#unreached === undefined) this.#unreached = firstUnreached(this);
    return this.#unreached;
  }
  #unreached: number | undefined;

  /** Whether `a` and `b` are one move apart (scans the neighbours of `a`). */
  adjacent(a: number, b: number): boolean {
    const end = this.offsets[a + 1]!;
    for (let i = this.offsets[a]!; i < end; i++) if (this.targets[i] === b) return true;
    return false;
  }

  /** Same as `adjacent`. */
  isMove(a: number, b: number): boolean {
    return this.adjacent(a, b);
  }

  /** Number of undirected edges. */
  get edgeCount(): number {
    return this.targets.length / 2;
  }
}

/**
 * The move graph under its general name (`KnightGraph` is the same class).
 * @alias
 */
export { KnightGraph as MoveGraph };

interface Built {
  offsets: Int32Array;
  targets: Int32Array;
  degree: Uint8Array;
}

/** The knight on a plain board: the exact edge count is known, so one pass fills the arrays. */
function buildKnight(board: Board): Built {
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
  return { offsets, targets, degree };
}

/** Any piece, topology and holes: moves wrapped where the board wraps, loops and repeats dropped. */
function buildGeneral(board: Board): Built {
  const { rows, cols, cells } = board;
  const moves = pieceMoves(board.piece);
  const rowWrap = wrapsRows(board.topology);
  const colWrap = wrapsColumns(board.topology);
  const offsets = new Int32Array(cells + 1);
  let targets = new Int32Array(cells * moves.length);
  const degree = new Uint8Array(cells);
  let k = 0;
  for (let r = 0, v = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, v++) {
      offsets[v] = k;
      if (board.isHole(v)) continue;
      for (const [dr, dc] of moves) {
        let nr = r + dr;
        let nc = c + dc;
        if (rowWrap) nr = ((nr % rows) + rows) % rows;
        else if (nr < 0 || nr >= rows) continue;
        if (colWrap) nc = ((nc % cols) + cols) % cols;
        else if (nc < 0 || nc >= cols) continue;
        const w = nr * cols + nc;
        if (w === v || board.isHole(w) || listed(targets, offsets[v]!, k, w)) continue;
        targets[k++] = w;
      }
      degree[v] = k - offsets[v]!;
    }
  }
  offsets[cells] = k;
  if (k < targets.length) targets = targets.slice(0, k);
  return { offsets, targets, degree };
}

function listed(targets: Int32Array, from: number, to: number, w: number): boolean {
  for (let i = from; i < to; i++) if (targets[i] === w) return true;
  return false;
}

function firstUnreached(graph: Pick<KnightGraph, "board" | "offsets" | "targets">): number {
  const { board, offsets, targets } = graph;
  const seen = new Uint8Array(board.cells);
  const stack = new Int32Array(board.vertexCount);
  let top = 0;
  let reached = 1;
  seen[board.firstCell] = 1;
  stack[top++] = board.firstCell;
  while (top > 0) {
    const v = stack[--top]!;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const w = targets[i]!;
      if (seen[w] === 1) continue;
      seen[w] = 1;
      reached++;
      stack[top++] = w;
    }
  }
  if (reached === board.vertexCount) return -1;
  for (let v = 0; v < board.cells; v++) if (seen[v] === 0 && !board.isHole(v)) return v;
  return -1;
}

function chessboardColours(board: Board): Uint8Array {
  const colours = new Uint8Array(board.cells);
  for (let v = 0; v < board.cells; v++) colours[v] = board.colour(v);
  return colours;
}

/**
 * A proper 2-colouring by breadth-first search, each connected part started from its first
 * cell's chessboard colour (so the chessboard colouring comes back wherever it is proper), or
 * null at the first odd cycle.
 */
function twoColouring(
  graph: Pick<KnightGraph, "board" | "offsets" | "targets">,
): Uint8Array | null {
  const { board, offsets, targets } = graph;
  const colours = new Uint8Array(board.cells);
  const seen = new Uint8Array(board.cells);
  const queue = new Int32Array(board.cells);
  for (let s = 0; s < board.cells; s++) {
    if (seen[s] === 1 || board.isHole(s)) continue;
    seen[s] = 1;
    colours[s] = board.colour(s);
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    while (head < tail) {
      const v = queue[head++]!;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
        const w = targets[i]!;
        if (seen[w] === 0) {
          seen[w] = 1;
          colours[w] = 1 - colours[v]!;
          queue[tail++] = w;
        } else if (colours[w] === colours[v]) {
          return null;
        }
      }
    }
  }
  return colours;
}

// A few recent geometries are kept: solvers on one board share one graph, and a long session
// that visits many sizes does not keep every graph alive.
const CACHE_SIZE = 8;
const cache = new Map<string, KnightGraph>();

/** The move graph of `board`, built on first use and cached per geometry (`board.key`). */
export function knightGraph(board: Board, options: KnightGraphOptions = {}): KnightGraph {
  const key = board.key;
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

/**
 * The move graph of `board` (the same cached graph as `knightGraph`).
 * @alias
 */
export const moveGraph = knightGraph;
