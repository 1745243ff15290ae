import type { Board } from "./board.js";
import { formatCell } from "./cells.js";

/**
 * The independent validator. It trusts nothing from the solvers (not even the move graph): it
 * only does arithmetic on rows and columns with the board's leaps, wrapped where the topology
 * wraps, and reads the holes. It returns the first fault, precisely.
 */

export type TourFault =
  | { readonly kind: "length"; readonly expected: number; readonly actual: number }
  | { readonly kind: "off-board"; readonly step: number; readonly cell: number }
  | { readonly kind: "hole"; readonly step: number; readonly cell: number }
  | {
      readonly kind: "repeat";
      readonly cell: number;
      readonly firstStep: number;
      readonly secondStep: number;
    }
  | {
      readonly kind: "not-a-move";
      readonly step: number;
      readonly from: number;
      readonly to: number;
    }
  | { readonly kind: "not-closed"; readonly from: number; readonly to: number };

export type TourValidation =
  | {
      readonly valid: true;
      /** The ends are a knight's move apart: the tour is (or can be read as) closed. */
      readonly closable: boolean;
    }
  | { readonly valid: false; readonly fault: TourFault; readonly message: string };

export interface ValidateOptions {
  /** Require a closed tour: the last cell must be a knight's move from the first. */
  readonly closed?: boolean;
}

export interface PathLike {
  readonly path: ArrayLike<number>;
  readonly closed?: boolean;
}

/** A leg of `leg` squares along an axis of `n` cells, counted round the axis when it wraps. */
function spans(d: number, leg: number, n: number, wrap: boolean): boolean {
  if (!wrap) return Math.abs(d) === leg;
  const m = ((d % n) + n) % n;
  return m === leg % n || m === (n - (leg % n)) % n;
}

/** Whether one of the piece's leaps takes `a` to `b` (a ≠ b), from rows and columns alone. */
function isStep(board: Board, a: number, b: number): boolean {
  if (a === b) return false;
  const dr = Math.floor(b / board.cols) - Math.floor(a / board.cols);
  const dc = (b % board.cols) - (a % board.cols);
  const rowWrap = board.topology === "torus";
  const colWrap = board.topology !== "plane";
  for (const [x, y] of board.piece.leaps) {
    if (spans(dr, x, board.rows, rowWrap) && spans(dc, y, board.cols, colWrap)) return true;
    if (spans(dr, y, board.rows, rowWrap) && spans(dc, x, board.cols, colWrap)) return true;
  }
  return false;
}

/**
 * Check that `tour` visits every cell of `board` that is not a hole exactly once by moves of the
 * board's piece (a knight's by default), and, when it is marked closed (or `options.closed`),
 * that its ends are one move apart. Steps in faults
 * are 1-based, as printed in the numbered grid.
 *
 * @example
 * ```ts
 * import { Board, validateTour } from "knight-tours";
 *
 * const board = new Board(3, 4);
 * const path = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4]; // flat cells r * cols + c
 * console.log(validateTour(board, { path }).valid); // → true
 * console.log(validateTour(board, { path: [0, 6, 1, 2] }).message);
 * // → step 2 → 3, c2 → b3, is not a knight's move
 * ```
 */
export function validateTour(
  board: Board,
  tour: PathLike | ArrayLike<number>,
  options: ValidateOptions = {},
): TourValidation {
  const path = "path" in tour ? tour.path : tour;
  const mustClose = options.closed ?? ("path" in tour ? (tour.closed ?? false) : false);
  const fail = (fault: TourFault, message: string): TourValidation => ({
    valid: false,
    fault,
    message,
  });
  const name = (cell: number) => formatCell(board, cell);

  const seen = new Int32Array(board.cells);
  const n = path.length;
  for (let i = 0; i < n; i++) {
    const cell = path[i]!;
    if (!Number.isInteger(cell) || cell < 0 || cell >= board.cells) {
      return fail(
        { kind: "off-board", step: i + 1, cell },
        `step ${i + 1} is cell ${cell}, which is not on the ${board} board (cells 0..${board.cells - 1})`,
      );
    }
    if (board.isHole(cell)) {
      return fail(
        { kind: "hole", step: i + 1, cell },
        `step ${i + 1} is ${name(cell)}, a hole of the ${board} board`,
      );
    }
    if (seen[cell] !== 0) {
      return fail(
        { kind: "repeat", cell, firstStep: seen[cell]!, secondStep: i + 1 },
        `cell ${name(cell)} is visited twice, at steps ${seen[cell]} and ${i + 1}`,
      );
    }
    seen[cell] = i + 1;
    if (i > 0 && !isStep(board, path[i - 1]!, cell)) {
      return fail(
        { kind: "not-a-move", step: i + 1, from: path[i - 1]!, to: cell },
        `step ${i} → ${i + 1}, ${name(path[i - 1]!)} → ${name(cell)}, is not ${moveName(board)}`,
      );
    }
  }
  if (n !== board.vertexCount) {
    const holes = board.holes.length > 0 ? ` (not counting its ${board.holes.length} holes)` : "";
    return fail(
      { kind: "length", expected: board.vertexCount, actual: n },
      `the tour has ${n} cells but the ${board} board has ${board.vertexCount}${holes}`,
    );
  }
  const closable = n > 2 && isStep(board, path[0]!, path[n - 1]!);
  if (mustClose && !closable) {
    const first = path[0]!;
    const last = path[n - 1]!;
    return fail(
      { kind: "not-closed", from: last, to: first },
      `the tour is marked closed but its last cell ${name(last)} is not ${moveName(board)} from its first cell ${name(first)}`,
    );
  }
  return { valid: true, closable };
}

/** "a knight's move", "a giraffe's move", "a move of 1,5": for messages. */
export function moveName(board: Board): string {
  const name = board.piece.name;
  return /^[a-z]+$/.test(name) ? `a ${name}'s move` : `a move of the ${name} piece`;
}
