import type { Board } from "../core/board.js";
import { KNIGHT_MOVES } from "../core/graph.js";
import { closedBlockTour, openBlockTour } from "./block-tours.js";
import type { SmallTourFinder } from "./finder.js";
import { inRegion, moveLeaving, type Region } from "./joins.js";

/**
 * The block construction on one successor array: `next[cell]` is the cell after `cell` on its
 * (directed) cycle, −1 after the last cell of an open path. 4 bytes a cell — half of keeping
 * both neighbours — which is what lets a 10⁸-cell tour fit in 8 bytes a cell with its path.
 *
 * Joining directed cycles: delete p→q from the big cycle and r→s from a new block's cycle, add
 * p→s and r→q; then p→s…(around the block)…r→q…(around the big cycle)…p is one cycle. It needs
 * p–s and r–q to be knight moves. The block being joined is always still on its own (blocks
 * join the big cycle one at a time, in row-major order), so when its move runs the wrong way
 * (s→r) its little cycle is simply reversed first.
 */

export interface BlockLayout {
  readonly rowParts: readonly number[];
  readonly colParts: readonly number[];
  /** Both sides odd: the last block (bottom right) is odd×odd and holds an open path. */
  readonly openCorner: boolean;
}

export interface Successors {
  readonly next: Int32Array;
  /** First cell of the open path (odd×odd boards), or −1 for a cycle. */
  readonly head: number;
}

/** The successor array of a tour of `board` tiled by `plan`; `finder` supplies the block tours. */
export function buildSuccessors(
  board: Board,
  plan: BlockLayout,
  finder: SmallTourFinder,
  seed: number,
): Successors {
  const { cols } = board;
  const next = new Int32Array(board.cells);
  const rowStarts = prefixSums(plan.rowParts);
  const colStarts = prefixSums(plan.colParts);
  const blockRows = plan.rowParts.length;
  const blockCols = plan.colParts.length;
  const isOpenBlock = (i: number, j: number) =>
    plan.openCorner && i === blockRows - 1 && j === blockCols - 1;
  const block = (i: number, j: number): Region => ({
    r0: rowStarts[i]!,
    c0: colStarts[j]!,
    h: plan.rowParts[i]!,
    w: plan.colParts[j]!,
  });

  for (let i = 0; i < blockRows; i++) {
    for (let j = 0; j < blockCols; j++) {
      const { r0, c0, h, w } = block(i, j);
      const open = isOpenBlock(i, j);
      const local = open ? openBlockTour(h, w, finder, seed) : closedBlockTour(h, w, finder, seed);
      const global = (cell: number) => (r0 + Math.floor(cell / w)) * cols + c0 + (cell % w);
      const n = local.length;
      for (let k = 0; k < n; k++) {
        next[global(local[k]!)] = k + 1 < n ? global(local[k + 1]!) : open ? -1 : global(local[0]!);
      }
    }
  }

  const scratch = new Int32Array(MAX_BLOCK_CELLS);
  for (let i = 0; i < blockRows; i++) {
    for (let j = 0; j < blockCols; j++) {
      if ((i === 0 && j === 0) || isOpenBlock(i, j)) continue;
      const here = block(i, j);
      const joined =
        (j > 0 && joinBlock(board, next, block(i, j - 1), here, scratch)) ||
        (i > 0 && joinBlock(board, next, block(i - 1, j), here, scratch));
      if (!joined) {
        throw new Error(
          `internal: no join between block (${i}, ${j}) and its neighbours on ${board.label}`,
        );
      }
    }
  }
  if (!plan.openCorner) return { next, head: -1 };
  const corner = block(blockRows - 1, blockCols - 1);
  const s = corner.r0 * cols + corner.c0;
  if (blockRows === 1 && blockCols === 1) return { next, head: s };
  return { next, head: spliceOpenBlock(board, next, corner, s) };
}

/** Blocks are at most 10×10. */
const MAX_BLOCK_CELLS = 100;

/**
 * Join the lone cycle of block `b` to the big cycle through block `a` (a neighbour). Scans the
 * moves p→q leaving cells of `a` and the knight moves p–s into `b`: O(block) work.
 */
function joinBlock(
  board: Board,
  next: Int32Array,
  a: Region,
  b: Region,
  scratch: Int32Array,
): boolean {
  const { rows, cols } = board;
  for (let r = a.r0; r < a.r0 + a.h; r++) {
    for (let c = a.c0; c < a.c0 + a.w; c++) {
      const p = r * cols + c;
      const q = next[p]!;
      for (const [dr, dc] of KNIGHT_MOVES) {
        const sr = r + dr;
        const sc = c + dc;
        if (sr < 0 || sr >= rows || sc < 0 || sc >= cols) continue;
        const s = sr * cols + sc;
        if (!inRegion(board, s, b)) continue;
        // r→s with r a knight's move from q: r is s's predecessor, or (reversing the block) its
        // successor.
        const after = next[s]!;
        if (board.isKnightMove(after, q)) {
          reverseCycle(next, s, scratch);
          // Now after→s.
          next[p] = s;
          next[after] = q;
          return true;
        }
        const before = predecessor(next, s);
        if (board.isKnightMove(before, q)) {
          next[p] = s;
          next[before] = q;
          return true;
        }
      }
    }
  }
  return false;
}

/** The cell before `cell` on its cycle (a walk around a lone block cycle: ≤ 100 steps). */
function predecessor(next: Int32Array, cell: number): number {
  let u = cell;
  while (next[u] !== cell) u = next[u]!;
  return u;
}

/** Reverse the (small) cycle through `cell`. */
function reverseCycle(next: Int32Array, cell: number, scratch: Int32Array): void {
  let length = 0;
  let u = cell;
  do {
    scratch[length++] = u;
    u = next[u]!;
  } while (u !== cell);
  for (let k = 0; k < length; k++) next[scratch[k]!] = scratch[(k + length - 1) % length]!;
}

/**
 * Splice the open path s→…→t of the corner block into the big cycle: for a knight's move c1–s
 * leaving the block, with c2 = next[c1], drop c1→c2 and add c1→s. The path now runs
 * c2 →…(around the cycle)…→ c1 → s →…→ t. Returns its first cell, c2.
 */
function spliceOpenBlock(board: Board, next: Int32Array, block: Region, s: number): number {
  const c1 = moveLeaving(board, block, s);
  const c2 = next[c1]!;
  next[c1] = s;
  return c2;
}

function prefixSums(parts: readonly number[]): number[] {
  const starts: number[] = [];
  let sum = 0;
  for (const part of parts) {
    starts.push(sum);
    sum += part;
  }
  return starts;
}

/** Write `count` cells of the successor chain from `start` into `path`. */
export function walkSuccessors(next: Int32Array, start: number, path: Int32Array): number {
  let u = start;
  let length = 0;
  while (u !== -1 && length < path.length) {
    path[length++] = u;
    u = next[u]!;
  }
  return length;
}
