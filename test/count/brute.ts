import { Board } from "../../src/core/board.js";

/**
 * The independent reference for the counters: every directed Hamiltonian path of the knight
 * graph by the plainest depth-first search, with knight moves recomputed from rows and columns
 * (no KnightGraph, no pruning). Only for boards of up to ~20 cells.
 */
export function allDirectedPaths(rows: number, cols: number): number[][] {
  const board = new Board(rows, cols);
  const n = board.cells;
  const out: number[][] = [];
  const path: number[] = [];
  const used = new Array<boolean>(n).fill(false);
  const extend = (): void => {
    if (path.length === n) {
      out.push(path.slice());
      return;
    }
    const last = path[path.length - 1]!;
    for (let next = 0; next < n; next++) {
      if (!used[next] && board.isKnightMove(last, next)) {
        used[next] = true;
        path.push(next);
        extend();
        path.pop();
        used[next] = false;
      }
    }
  };
  for (let s = 0; s < n; s++) {
    used[s] = true;
    path.push(s);
    extend();
    path.pop();
    used[s] = false;
  }
  return out;
}

export interface BruteQuery {
  closed?: boolean;
  start?: number;
  end?: number;
  directed?: boolean;
  nonClosable?: boolean;
}

/**
 * The count the conventions define, from the list of all directed paths:
 * - a closed tour is a path whose ends meet; undirected closed = directed cycles / 2, where a
 *   directed cycle with a fixed start is one path from that start (default: any start / n);
 * - open: paths (closable ones included unless nonClosable); undirected halves;
 * - a fixed start (and end) picks the paths that begin (and end) there.
 */
export function bruteCount(rows: number, cols: number, paths: number[][], q: BruteQuery): bigint {
  const board = new Board(rows, cols);
  const n = board.cells;
  const meets = (p: number[]): boolean => n > 1 && board.isKnightMove(p[0]!, p[n - 1]!);
  const start = q.start ?? -1;
  const end = q.end ?? -1;
  if (q.closed) {
    if (n < 3) return 0n;
    const cycles = paths.filter(meets);
    if (start >= 0 && end >= 0 && start !== end) {
      return BigInt(cycles.filter((p) => p[0] === start && p[n - 1] === end).length);
    }
    // Directed cycles through a fixed cell: the meeting paths starting there.
    const directed = cycles.filter((p) => p[0] === (start >= 0 ? start : Math.max(end, 0))).length;
    return BigInt(q.directed ? directed : directed / 2);
  }
  let chosen = paths;
  if (q.nonClosable) chosen = chosen.filter((p) => !meets(p));
  if (start >= 0 || end >= 0) {
    // A fixed end alone: the paths arriving there (read from it, one way).
    return BigInt(
      chosen.filter((p) => (start < 0 || p[0] === start) && (end < 0 || p[n - 1] === end)).length,
    );
  }
  const directed = chosen.length;
  return BigInt(q.directed === false && n > 1 ? directed / 2 : directed);
}
