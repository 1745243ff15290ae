import type { Board } from "../core/board.js";
import type { KnightGraph } from "../core/graph.js";
import { isKnight } from "../core/piece.js";

/**
 * The pruning that pays on narrow boards, shared by `search` (TourSearch) and `bidirectional`
 * (BidirectionalSearch): the connectivity check, the outer-lines bound of boards 4 cells wide,
 * and the policy saying when each search turns the connectivity check on.
 */

/** Boards at most this many cells wide get the connectivity check in every attempt. */
export const NARROW_SIDE = 4;
/**
 * Other boards up to this many cells get it from the first restart on. It costs O(cells) per
 * node: on large boards more than it saves, on narrow ones (3×n, 4×n) it is what makes them work.
 */
export const CONNECTIVITY_MAX_CELLS = 1_200;

/** Whether the board is at most NARROW_SIDE cells wide, where a path easily cuts it in two. */
export function isNarrow(board: Board): boolean {
  return Math.min(board.rows, board.cols) <= NARROW_SIDE;
}

/** Whether attempt `attempt` (0-based) of a restarting search checks connectivity. */
export function checksConnectivity(board: Board, attempt: number): boolean {
  return isNarrow(board) || (attempt > 0 && board.cells <= CONNECTIVITY_MAX_CELLS);
}

/**
 * The outer-lines marks of a knight's plane board 4 cells wide (rows or columns), else null:
 * marks[v] = 1 on the two outer lines (holes unmarked). A knight there reaches only the two
 * inner lines, so no two outer cells are consecutive on a path, and at most half the cells left
 * (rounded up) can be outer ones. Other pieces (a camel jumps from line 0 to line 3) and wrapped
 * lines (a column −1 is column 3) have no such bound.
 */
export function outerLinesOfFour(board: Board): Uint8Array | null {
  if (board.rows !== 4 && board.cols !== 4) return null;
  if (!isKnight(board.piece) || board.topology !== "plane") return null;
  const marks = new Uint8Array(board.cells);
  for (let v = 0; v < board.cells; v++) {
    const line = board.rows === 4 ? board.row(v) : board.col(v);
    marks[v] = (line === 0 || line === 3) && !board.isHole(v) ? 1 : 0;
  }
  return marks;
}

/**
 * The connectivity check: whether the unvisited cells hang together. A breadth-first search
 * from the head through unvisited cells, with a preallocated queue and visit stamps (an epoch
 * per call, so nothing is cleared between calls).
 */
export class Reachability {
  private readonly graph: KnightGraph;
  private readonly queue: Int32Array;
  private readonly stamp: Uint32Array;
  private epoch = 0;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    this.queue = new Int32Array(graph.board.cells);
    this.stamp = new Uint32Array(graph.board.cells);
  }

  /**
   * Whether all `remaining` unvisited cells (visited[v] === 0) are reachable from `head` through
   * unvisited cells.
   */
  connected(visited: Uint8Array, head: number, remaining: number): boolean {
    const { offsets, targets } = this.graph;
    const { queue, stamp } = this;
    if (++this.epoch === 0xffffffff) {
      stamp.fill(0);
      this.epoch = 1;
    }
    const epoch = this.epoch;
    let tail = 0;
    for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
      const w = targets[i]!;
      if (visited[w] === 0 && stamp[w] !== epoch) {
        stamp[w] = epoch;
        queue[tail++] = w;
      }
    }
    for (let q = 0; q < tail; q++) {
      const v = queue[q]!;
      for (let i = offsets[v]!, to = offsets[v + 1]!; i < to; i++) {
        const w = targets[i]!;
        if (visited[w] === 0 && stamp[w] !== epoch) {
          stamp[w] = epoch;
          queue[tail++] = w;
        }
      }
    }
    return tail === remaining;
  }
}
