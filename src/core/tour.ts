import type { Board } from "./board.js";

/**
 * A knight's tour: the cells in visiting order plus whether it is closed (the last cell is a
 * knight's move from the first, and the tour is meant as a cycle). Any path that a solver
 * returns is checked by `validateTour` in the tests.
 */
export interface Tour {
  readonly board: Board;
  /** Flat cell indices `r * cols + c`, in visiting order; length board.cells for a full tour. */
  readonly path: Int32Array;
  readonly closed: boolean;
}

export function createTour(board: Board, path: ArrayLike<number>, closed: boolean): Tour {
  return { board, path: path instanceof Int32Array ? path : Int32Array.from(path), closed };
}

/**
 * step[cell] = 1-based step number at which the tour (or a partial path) visits cell, 0 if
 * never; with `upTo`, only the first `upTo` steps count (a tour being drawn).
 */
export function stepNumbers(
  tour: Pick<Tour, "board" | "path">,
  upTo: number = tour.path.length,
): Int32Array {
  const steps = new Int32Array(tour.board.cells);
  for (let i = 0; i < upTo; i++) steps[tour.path[i]!] = i + 1;
  return steps;
}

/** Whether the two ends of the path are a knight's move apart (so the tour can be closed). */
export function endsMeet(tour: Pick<Tour, "board" | "path">): boolean {
  const { path, board } = tour;
  return path.length > 2 && board.isKnightMove(path[0]!, path[path.length - 1]!);
}

/** The same tour started at `path[index]` (closed tours only: rotating a cycle). */
export function rotateClosedTour(tour: Tour, index: number): Tour {
  const n = tour.path.length;
  const path = new Int32Array(n);
  for (let i = 0; i < n; i++) path[i] = tour.path[(index + i) % n]!;
  return { board: tour.board, path, closed: tour.closed };
}

/** The same tour walked backwards. */
export function reverseTour(tour: Tour): Tour {
  return { board: tour.board, path: tour.path.slice().reverse(), closed: tour.closed };
}
