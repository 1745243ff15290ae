import { Board, moveGraph, solve, type Tour, validateTour } from "../../src/index.js";
import { teachingSolveOptions } from "../../src/play/index.js";

/** A tour from the library's solver, checked by the independent validator. */
export function solvedTour(rows: number, cols: number, closed: boolean): Tour {
  const board = new Board(rows, cols);
  const result = solve(board, { closed, seed: 7 });
  if (result.status !== "found" || result.tour === null) {
    throw new Error(`solve(${board}, closed=${closed}) gave ${result.status}: ${result.reason}`);
  }
  const check = validateTour(board, result.tour, { closed });
  if (!check.valid) throw new Error(check.message);
  return result.tour;
}

/** A small tour from the teaching mode's search (Warnsdorff order finds it at once). */
export function backtrackedTour(rows: number, cols: number, closed: boolean, start = 0): Tour {
  const board = new Board(rows, cols);
  const result = solve(board, teachingSolveOptions({ closed, start, order: "warnsdorff" }));
  if (result.tour === null) throw new Error(`no tour on ${board}`);
  return result.tour;
}

/**
 * A tour of any geometry by a small local search (depth first, Warnsdorff's order, on the
 * move graph), checked by the validator: pictures are tested on geometries the solvers may not
 * take yet. For boards of a few dozen cells.
 */
export function graphTour(board: Board, closed: boolean, start?: number): Tour {
  const graph = moveGraph(board);
  const n = board.vertexCount;
  const visited = new Uint8Array(board.cells);
  const path: number[] = [];
  const first = start ?? [...Array(board.cells).keys()].find((c) => !board.isHole(c))!;
  const onward = (cell: number): number => {
    let d = 0;
    for (let i = graph.offsets[cell]!; i < graph.offsets[cell + 1]!; i++)
      if (!visited[graph.targets[i]!]) d++;
    return d;
  };
  let budget = 2_000_000;
  const extend = (cell: number): boolean => {
    if (--budget < 0) return false;
    visited[cell] = 1;
    path.push(cell);
    if (path.length === n && (!closed || graph.adjacent(cell, path[0]!))) return true;
    const next: number[] = [];
    for (let i = graph.offsets[cell]!; i < graph.offsets[cell + 1]!; i++)
      if (!visited[graph.targets[i]!]) next.push(graph.targets[i]!);
    next.sort((a, b) => onward(a) - onward(b));
    for (const to of next) if (extend(to)) return true;
    visited[cell] = 0;
    path.pop();
    return false;
  };
  if (!extend(first)) throw new Error(`no ${closed ? "closed" : "open"} tour of ${board} found`);
  const tour = { board, path: Int32Array.from(path), closed };
  const check = validateTour(board, tour, { closed });
  if (!check.valid) throw new Error(check.message);
  return tour;
}
