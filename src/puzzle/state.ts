import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import type { Puzzle } from "./puzzle.js";

/**
 * Boards larger than this are refused: the solver keeps every distance between two cells
 * (cells² 16-bit numbers, 12.5 MB here), which is what makes its bounds O(1).
 */
const MAX_PUZZLE_CELLS = 2500;

/** Distances too long to matter, and unreachable pairs. */
const FAR = 0xffff;

// A generator solves one board hundreds of times: its distance table is built once.
const DISTANCES = new Map<string, Uint16Array>();
const DISTANCE_CACHE_SIZE = 4;

/**
 * Moves between every two cells on the move graph (breadth-first from each cell), FAR where no
 * chain of moves joins them. Row `a` of the table is `dist[a * cells .. (a + 1) * cells)`.
 */
function distanceTable(board: Board): Uint16Array {
  const hit = DISTANCES.get(board.key);
  if (hit !== undefined) return hit;
  const { offsets, targets } = moveGraph(board);
  const cells = board.cells;
  const dist = new Uint16Array(cells * cells).fill(FAR);
  const queue = new Int32Array(cells);
  for (let from = 0; from < cells; from++) {
    if (board.isHole(from)) continue;
    const row = from * cells;
    dist[row + from] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = from;
    while (head < tail) {
      const v = queue[head++]!;
      const next = dist[row + v]! + 1;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
        const w = targets[i]!;
        if (dist[row + w] !== FAR) continue;
        dist[row + w] = next;
        queue[tail++] = w;
      }
    }
  }
  DISTANCES.set(board.key, dist);
  if (DISTANCES.size > DISTANCE_CACHE_SIZE) {
    DISTANCES.delete(DISTANCES.keys().next().value as string);
  }
  return dist;
}

/**
 * The working state of a puzzle being solved: which step each cell holds and which cell each
 * step is on, over typed arrays, with the distance table that bounds where a step can go.
 * Deduction and search both place and unplace numbers here; nothing is allocated per move.
 */
export class PuzzleState {
  readonly board: Board;
  readonly closed: boolean;
  /** Steps run 1..n: the board's cells that are not holes. */
  readonly n: number;
  readonly cells: number;
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  readonly dist: Uint16Array;
  /** The move graph's 2-colouring, or null when it has none (then parity proves nothing). */
  readonly colours: Uint8Array | null;
  /** The step on each cell, 0 when blank. */
  readonly stepOf: Int32Array;
  /** The cell of each step 1..n, -1 when not placed (indices 0 and n + 1 unused). */
  readonly cellOf: Int32Array;
  /** Nearest placed step below each step (0: none), as of the last `refreshBounds`. */
  readonly prevPlaced: Int32Array;
  /** Nearest placed step above each step (n + 1: none), as of the last `refreshBounds`. */
  readonly nextPlaced: Int32Array;
  placed = 0;
  /** The cells placed, in order: a search undoes its placements back to a mark. */
  readonly trail: Int32Array;
  /** What the last failed forced sweep found: the step no cell holds, or the cell no step fits. */
  conflictStep = 0;
  conflictCell = -1;

  constructor(puzzle: Puzzle) {
    const { board } = puzzle;
    if (board.cells > MAX_PUZZLE_CELLS) {
      throw new OptionError(
        `puzzles are solved on boards of at most ${MAX_PUZZLE_CELLS} cells; the ${board} board has ${board.cells}`,
        board.label,
      );
    }
    const graph = moveGraph(board);
    this.board = board;
    this.closed = puzzle.closed;
    this.n = board.vertexCount;
    this.cells = board.cells;
    this.offsets = graph.offsets;
    this.targets = graph.targets;
    this.dist = distanceTable(board);
    this.colours = graph.bipartite ? chessColours(graph) : null;
    this.stepOf = new Int32Array(this.cells);
    this.cellOf = new Int32Array(this.n + 2).fill(-1);
    this.prevPlaced = new Int32Array(this.n + 2);
    this.nextPlaced = new Int32Array(this.n + 2);
    this.trail = new Int32Array(this.n);
    puzzle.clues.forEach((step, cell) => {
      if (step > 0) this.place(cell, step);
    });
    this.refreshBounds();
  }

  place(cell: number, step: number): void {
    this.stepOf[cell] = step;
    this.cellOf[step] = cell;
    this.trail[this.placed++] = cell;
  }

  /** Take back every number placed after the first `mark` (placements are undone newest first). */
  undoTo(mark: number): void {
    while (this.placed > mark) {
      const cell = this.trail[--this.placed]!;
      this.cellOf[this.stepOf[cell]!] = -1;
      this.stepOf[cell] = 0;
    }
  }

  /** Whether `a` and `b` are one move apart. */
  adjacent(a: number, b: number): boolean {
    return this.dist[a * this.cells + b] === 1;
  }

  /** Moves from `a` to `b` on the empty board (FAR when none joins them). */
  distance(a: number, b: number): number {
    return this.dist[a * this.cells + b]!;
  }

  /**
   * Whether a path of exactly `moves` moves could join `from` to `v`: close enough, and (on a
   * 2-coloured graph) of the right parity — every move changes colour.
   */
  within(from: number, v: number, moves: number): boolean {
    if (this.dist[from * this.cells + v]! > moves) return false;
    const colours = this.colours;
    return colours === null || ((colours[from]! ^ colours[v]! ^ moves) & 1) === 0;
  }

  /** Recompute `prevPlaced` and `nextPlaced` from the placed steps: O(n). */
  refreshBounds(): void {
    const { n, cellOf, prevPlaced, nextPlaced } = this;
    let last = 0;
    for (let s = 1; s <= n + 1; s++) {
      prevPlaced[s] = last;
      if (s <= n && cellOf[s]! >= 0) last = s;
    }
    let next = n + 1;
    for (let s = n; s >= 0; s--) {
      nextPlaced[s] = next;
      if (s >= 1 && cellOf[s]! >= 0) next = s;
    }
  }

  /**
   * Whether blank cell `v` could hold blank step `s`, judged from the nearest placed steps on
   * either side (round the end of a closed tour): it must be within that many moves of each,
   * with the right parity. Sound with stale bounds (a farther placed step is a weaker bound).
   */
  fits(v: number, s: number): boolean {
    const { n, cellOf } = this;
    let a = this.prevPlaced[s]!;
    let back = s - a;
    if (a === 0 && this.closed) {
      a = this.prevPlaced[n + 1]!;
      back = s + n - a;
    }
    if (a !== 0 && !this.within(cellOf[a]!, v, back)) return false;
    let b = this.nextPlaced[s]!;
    let ahead = b - s;
    if (b === n + 1 && this.closed) {
      b = this.nextPlaced[0]!;
      ahead = b + n - s;
    }
    return b === n + 1 || this.within(cellOf[b]!, v, ahead);
  }

  /** The cell's name as printed (a1-style). */
  name(cell: number): string {
    return formatCell(this.board, cell);
  }

  /** The solution as a path (cells in step order), when every step is placed. */
  path(): Int32Array {
    return this.cellOf.slice(1, this.n + 1);
  }
}

function chessColours(graph: { colour(cell: number): 0 | 1; board: Board }): Uint8Array {
  const colours = new Uint8Array(graph.board.cells);
  for (let v = 0; v < colours.length; v++) {
    if (!graph.board.isHole(v)) colours[v] = graph.colour(v);
  }
  return colours;
}
