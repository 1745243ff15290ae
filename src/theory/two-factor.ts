import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";

/**
 * 2-factors of a bipartite move graph: sets of moves giving every cell exactly two, i.e. covers
 * of the board by disjoint closed circuits. A closed tour is a 2-factor with one circuit, so a
 * board with none has no closed tour. On a bipartite graph a 2-factor is a flow: the source
 * gives each cell of colour 0 two units, each move carries at most one, each cell of colour 1
 * passes two to the sink. When the flow falls short, the cells the source still reaches in the
 * residual graph are a cut of smaller capacity: a certificate anyone can check by counting
 * (`cutCapacity`), without trusting the flow.
 */

export type TwoFactorResult =
  | {
      readonly exists: true;
      /** The moves, as pairs of cells [a0, b0, a1, b1, …]. */
      readonly moves: Int32Array;
    }
  | {
      readonly exists: false;
      /** 1 for the cells on the source side of a cut of capacity below the demand. */
      readonly sourceSide: Uint8Array;
      readonly capacity: number;
      /** Twice the cells of colour 0: what a 2-factor would carry. */
      readonly demand: number;
    };

/** Decide whether the board's move graph has a 2-factor (Edmonds–Karp on the flow above). */
export function twoFactor(board: Board): TwoFactorResult {
  const graph = moveGraph(board);
  if (!graph.bipartite) throw new RangeError(`the ${board} move graph is not bipartite`);
  const n = board.cells;
  // Residual capacity of each move, from its colour-0 end: 1 unused, 0 used.
  const free = new Uint8Array(graph.targets.length).fill(1);
  const fromSource = new Uint8Array(n); // units sent to each colour-0 cell
  const toSink = new Uint8Array(n); // units each colour-1 cell passed on
  const parentArc = new Int32Array(n);
  const parent = new Int32Array(n);
  const queue = new Int32Array(n);
  let flow = 0;
  let demand = 0;
  let supply = 0;
  for (let v = 0; v < n; v++) {
    if (board.isHole(v)) continue;
    if (graph.colour(v) === 0) demand += 2;
    else supply += 2;
  }
  for (;;) {
    // Breadth-first search from every colour-0 cell with spare supply.
    parent.fill(-2);
    let head = 0;
    let tail = 0;
    for (let v = 0; v < n; v++) {
      if (!board.isHole(v) && graph.colour(v) === 0 && fromSource[v]! < 2) {
        parent[v] = -1;
        queue[tail++] = v;
      }
    }
    let end = -1;
    while (head < tail && end < 0) {
      const v = queue[head++]!;
      if (graph.colour(v) === 0) {
        for (let a = graph.offsets[v]!; a < graph.offsets[v + 1]!; a++) {
          const w = graph.targets[a]!;
          if (free[a] === 1 && parent[w] === -2) {
            parent[w] = v;
            parentArc[w] = a;
            if (toSink[w]! < 2) {
              end = w;
              break;
            }
            queue[tail++] = w;
          }
        }
      } else {
        // Back along a used move: undo it to free this colour-1 cell's unit elsewhere.
        for (let a = graph.offsets[v]!; a < graph.offsets[v + 1]!; a++) {
          const u = graph.targets[a]!;
          const back = arcIndex(graph.offsets, graph.targets, u, v);
          if (free[back] === 0 && parent[u] === -2) {
            parent[u] = v;
            parentArc[u] = back;
            queue[tail++] = u;
          }
        }
      }
    }
    if (end < 0) break;
    toSink[end]!++;
    let w = end;
    for (;;) {
      const v = parent[w]!;
      if (v === -1) {
        fromSource[w]!++;
        break;
      }
      // w is reached from v: a colour-1 w over a free move, a colour-0 w by undoing its move.
      free[parentArc[w]!] = graph.colour(w) === 1 ? 0 : 1;
      w = v;
    }
    flow++;
  }
  if (flow === demand && demand === supply) {
    const moves: number[] = [];
    for (let v = 0; v < n; v++) {
      if (board.isHole(v) || graph.colour(v) !== 0) continue;
      for (let a = graph.offsets[v]!; a < graph.offsets[v + 1]!; a++) {
        if (free[a] === 0) moves.push(v, graph.targets[a]!);
      }
    }
    return { exists: true, moves: Int32Array.from(moves) };
  }
  const sourceSide = new Uint8Array(n);
  for (let v = 0; v < n; v++) if (parent[v] !== -2) sourceSide[v] = 1;
  return { exists: false, sourceSide, capacity: cutCapacity(board, sourceSide), demand };
}

function arcIndex(offsets: Int32Array, targets: Int32Array, from: number, to: number): number {
  for (let a = offsets[from]!; a < offsets[from + 1]!; a++) if (targets[a] === to) return a;
  throw new RangeError(`no move ${from} → ${to}`);
}

/**
 * The capacity of the cut whose source side is `sourceSide`, counted from the board alone:
 * 2 for each colour-0 cell outside it, 2 for each colour-1 cell inside it, 1 for each move from
 * a colour-0 cell inside to a colour-1 cell outside. Below twice the colour-0 cells (or with
 * the colours unequal in size), no 2-factor exists.
 */
export function cutCapacity(board: Board, sourceSide: Uint8Array): number {
  const graph = moveGraph(board);
  let capacity = 0;
  for (let v = 0; v < board.cells; v++) {
    if (board.isHole(v)) continue;
    const inside = sourceSide[v] === 1;
    if (graph.colour(v) === 1) {
      if (inside) capacity += 2;
      continue;
    }
    if (!inside) {
      capacity += 2;
      continue;
    }
    for (const w of graph.neighbours(v)) if (sourceSide[w] !== 1) capacity++;
  }
  return capacity;
}
