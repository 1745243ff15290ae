import type { Board } from "../core/board.js";
import type { MoveGraph } from "../core/graph.js";
import { longestLeg } from "../core/piece.js";
import { OpenCells } from "./free-order-open.js";
import { improvedOrder } from "./free-order-search.js";

/**
 * An order of the cells for a frontier count that is free of rows (free-frontier.ts): the cells
 * are taken one at a time, each time the one that leaves the fewest cells open — taken, with a
 * neighbour still to come. Pieces whose moves are long and few leave the row-by-row sweep of
 * frontier-order.ts a wide window of mostly idle cells: the giraffe on 5 rows reaches four rows
 * ahead (a window of 21 cells on 5×24) while an order that follows its moves never holds more
 * than 13 open (the order of giraffe-5xn.ts's eight classes holds 14), and the states a sweep
 * stores grow exponentially with the cells open.
 */
export interface FreeOrder {
  /** order[t]: the cell taken t-th (holes are left out). */
  readonly order: Int32Array;
  /** The most cells open after any step. */
  readonly widest: number;
  /** Σ 2^open over the steps: a proxy of the work, for choosing between orders. */
  readonly weight: number;
}

/** Boards with more cells are not given a free order (the greedy choice is quadratic). */
export const MAX_FREE_ORDER_CELLS = 4096;
/** Boards up to this many cells try every cell as the start (a few milliseconds each). */
const ALL_STARTS_CELLS = 600;

/** The open cells after each step of `order` (cells whose last neighbour comes later). */
export function openAfter(graph: MoveGraph, order: Int32Array): Int32Array {
  return new OpenCells(graph, order.length).after(order);
}

function described(graph: MoveGraph, order: Int32Array): FreeOrder {
  const open = openAfter(graph, order);
  let widest = 0;
  let weight = 0;
  for (const x of open) {
    widest = Math.max(widest, x);
    weight += 2 ** x;
  }
  return { order, widest, weight };
}

/**
 * The greedy order from `start`: next, among the cells next to one already taken, the one that
 * adds the fewest open cells — it closes every taken neighbour whose last neighbour it is, and
 * counts as opening when it has more moves to cells not taken than to taken ones — ties to the
 * one joined to most taken cells, then to the smallest excess of moves ahead, then the lowest
 * rank (`rank[v]`, the index unless given). A board in pieces goes on from its lowest untaken
 * cell.
 */
function greedyFrom(
  board: Board,
  graph: MoveGraph,
  start: number,
  rank: ArrayLike<number> | undefined,
): Int32Array {
  const { offsets, targets } = graph;
  const cells = board.cells;
  const isHole = new Uint8Array(cells);
  for (const h of board.holes) isHole[h] = 1;
  const taken = new Uint8Array(cells);
  /** Neighbours not yet taken. */
  const left = new Int32Array(cells);
  /** Taken neighbours, and those of them this cell would close (their only untaken one). */
  const touching = new Int32Array(cells);
  const closing = new Int32Array(cells);
  for (let v = 0; v < cells; v++) left[v] = offsets[v + 1]! - offsets[v]!;
  const order: number[] = [];
  const take = (v: number) => {
    taken[v] = 1;
    order.push(v);
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const w = targets[i]!;
      left[w]--;
      if (!taken[w]) touching[w]++;
      // w (taken) now waits for one cell only: taking that one closes w.
      if (taken[w] && left[w] === 1) {
        for (let j = offsets[w]!; j < offsets[w + 1]!; j++) {
          if (!taken[targets[j]!]) closing[targets[j]!]++;
        }
      }
    }
    if (left[v] === 1) {
      for (let j = offsets[v]!; j < offsets[v + 1]!; j++) {
        if (!taken[targets[j]!]) closing[targets[j]!]++;
      }
    }
  };
  const total = cells - board.holes.length;
  take(start);
  while (order.length < total) {
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let v = 0; v < cells; v++) {
      if (taken[v] || isHole[v] || touching[v] === 0) continue;
      // Its moves still to come against those to taken cells: a cell with more ahead than
      // behind is counted as opening. (Counting only "has a move ahead" gave wider orders: 5×38
      // giraffe 28 cells open at most, against 21 this way; the knight's tori the same.)
      const balance = left[v]! - touching[v]!;
      const opens = balance > 0 ? 1 : 0;
      const score = (((opens - closing[v]!) * 64 - touching[v]!) * 64 + balance) * cells;
      const ranked = score + (rank ? rank[v]! : v);
      if (ranked < bestScore) {
        bestScore = ranked;
        best = v;
      }
    }
    if (best < 0) for (best = 0; taken[best] || isHole[best]; best++);
    take(best);
  }
  return Int32Array.from(order);
}

/**
 * The best greedy order from every cell of a board up to ALL_STARTS_CELLS, else from a few (the
 * corners and the middle of each side), by `weight`; undefined for boards past
 * MAX_FREE_ORDER_CELLS. `rank` breaks the last ties (a permutation of the cells; the index by
 * default): another rank gives another order of about the same width, a second computation
 * (scripts/sweeps/free-check.ts).
 */
export function freeOrder(
  board: Board,
  graph: MoveGraph,
  rank?: ArrayLike<number>,
): FreeOrder | undefined {
  const { rows, cols } = board;
  if (board.cells > MAX_FREE_ORDER_CELLS || board.vertexCount < 1) return undefined;
  const isHole = new Set(board.holes);
  const starts = new Set<number>();
  if (board.cells <= ALL_STARTS_CELLS) {
    for (let v = 0; v < board.cells; v++) if (!isHole.has(v)) starts.add(v);
  }
  for (const r of [0, rows >> 1, rows - 1]) {
    for (const c of [0, cols >> 1, cols - 1]) {
      if (r === rows >> 1 && c === cols >> 1 && rows > 2 && cols > 2) continue;
      let v = r * cols + c;
      while (isHole.has(v)) v = (v + 1) % board.cells;
      starts.add(v);
    }
  }
  let best: FreeOrder | undefined;
  for (const start of starts) {
    const candidate = described(graph, greedyFrom(board, graph, start, rank));
    if (!best || candidate.weight < best.weight) best = candidate;
  }
  const searched = longestLeg(board.piece) < 3;
  if (best && searched && orderWork(graph, best.order) >= SEARCH_FROM_WORK) {
    best = described(graph, improvedOrder(graph, best.order));
  }
  return best;
}

/**
 * The greedy order is improved by local search (free-order-search.ts, a fraction of a second)
 * when its work proxy is at least this: counts of a second or more. Smaller ones keep the
 * greedy order as it is, and so do pieces with a leg of 3 or more, whose states are far fewer
 * than their open cells allow (free-estimate.ts): the proxy the search lowers is no guide there.
 * Counted: the 4×7 torus closed took 97 CPU s in the searched order against 178 in the greedy
 * one; the 4×9 torus closed 1,144 CPU s as typed (two threads) against 1,431 on one thread.
 */
const SEARCH_FROM_WORK = 1e7;

/** The work proxy of an order: Σ 3^open over its steps. */
export function orderWork(graph: MoveGraph, order: Int32Array): number {
  return new OpenCells(graph, order.length).work(order);
}

/**
 * How much smaller the free order's work proxy (Σ 3^open over the steps) must be than the row
 * sweep's for the free order to count a knight's board. The row sweep folds mirror states and
 * runs a specialised loop, so near ties go to it: the 3×8 torus (proxy 1/1.1 of the rows') and
 * the 6×6 cylinder (1/4) count faster there. From about 1/8 the free order wins: the 3×6 torus
 * (1/8.5) in 1.6 s against 12 s, the 5×6 cylinder (1/42) in 0.15 s against 4 s, the 4×6 torus
 * (1/860) in 0.3 s against 625 s.
 */
const KNIGHT_WORK_RATIO = 8;

/**
 * The same for a torus at least 4 wide, whose row sweep (rows interleaved from both ends: four
 * fronts of open cells) holds far more states than its open cells suggest: on the 4×9 torus
 * closed (proxy 1/5.6 of the rows') it held 740 million states at cell 26 of 36, after 2,640
 * CPU s, where the free order held 59 million and finished the whole count in 1,430 CPU s (peak
 * 115 million). The 3×n tori (1/1.0–1/1.9) stay with the rows.
 */
const WIDE_TORUS_WORK_RATIO = 2;

/**
 * The free order when a count of Hamiltonian cycles should take it over the row sweep of
 * `rowOrder` (the row sweep's order of the cells, frontier-order.ts), else undefined. Pieces with a leg of 3 or more (the giraffe,
 * the zebra, the camel) always take it when it fits: their row window spans three rows or more,
 * and its states multiply far beyond what the open cells suggest (5×24 giraffe: past 64 million
 * states at cell 88 of 120, against a peak of about 48,000 in the free order).
 */
export function chooseFreeOrder(
  board: Board,
  graph: MoveGraph,
  rowOrder: Int32Array,
): FreeOrder | undefined {
  const free = freeOrder(board, graph);
  if (!free) return undefined;
  if (longestLeg(board.piece) >= 3) return free;
  const rows = orderWork(graph, rowOrder);
  const freeWork = orderWork(graph, free.order);
  const wideTorus = board.topology === "torus" && Math.min(board.rows, board.cols) >= 4;
  return freeWork * (wideTorus ? WIDE_TORUS_WORK_RATIO : KNIGHT_WORK_RATIO) <= rows
    ? free
    : undefined;
}
