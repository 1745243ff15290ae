import type { Board } from "./board.js";
import { formatCell } from "./cells.js";
import { moveName, type TourFault, type TourValidation } from "./validate.js";

/**
 * The independent validator for a tour that arrives in pieces and is never held whole (a
 * streamed binary file of 10¹⁰ cells): one bit a visited cell, the previous cell, and the first.
 * It does the same arithmetic as `validateTour` and gives the same verdicts and messages,
 * except that a repeated cell names only its second visit (a bit does not remember the step of
 * the first; `firstStep` is then 0).
 *
 * Any geometry: the knight on a plain board takes the inline arithmetic below; another piece,
 * a wrapped board or holes take `Board.isMove` (the same arithmetic on the board's leaps,
 * wrapped where it wraps) and refuse holes, as `validateTour` does. The branch is taken once per
 * `push`, outside the loop.
 *
 * Memory: cells / 8 bytes (1.25 GB for 10¹⁰ cells).
 */
export class TourChecker {
  readonly #board: Board;
  readonly #closed: boolean;
  readonly #seen: Uint8Array;
  #steps = 0;
  #first = -1;
  #previous = -1;
  #fault: { fault: TourFault; message: string } | null = null;

  constructor(board: Board, options: { readonly closed?: boolean } = {}) {
    this.#board = board;
    this.#closed = options.closed ?? false;
    this.#seen = new Uint8Array(Math.ceil(board.cells / 8));
  }

  /** Bytes the checker holds: one bit a cell. */
  static bytesFor(board: Board): number {
    return Math.ceil(board.cells / 8);
  }

  /** Whether a fault has been found (later cells are then ignored). */
  get failed(): boolean {
    return this.#fault !== null;
  }

  /** Cells checked so far. */
  get steps(): number {
    return this.#steps;
  }

  /** Check the next `count` cells of `cells`. Returns false once the tour is known invalid. */
  push(cells: ArrayLike<number>, count = cells.length): boolean {
    if (this.#fault) return false;
    if (!this.#board.plain) return this.#pushGeneral(cells, count);
    const board = this.#board;
    const total = board.cells;
    const cols = board.cols;
    const seen = this.#seen;
    let previous = this.#previous;
    let pr = previous < 0 ? 0 : Math.floor(previous / cols);
    let pc = previous < 0 ? 0 : previous - pr * cols;
    for (let k = 0; k < count; k++) {
      const cell = cells[k]!;
      const step = this.#steps + k + 1;
      if (!Number.isInteger(cell) || cell < 0 || cell >= total) {
        return this.#fail(
          { kind: "off-board", step, cell },
          `step ${step} is cell ${cell}, which is not on the ${board} board (cells 0..${total - 1})`,
          k,
        );
      }
      const byte = Math.floor(cell / 8);
      const bit = 1 << (cell - 8 * byte);
      if ((seen[byte]! & bit) !== 0) {
        return this.#fail(
          { kind: "repeat", cell, firstStep: 0, secondStep: step },
          `cell ${formatCell(board, cell)} is visited twice (the second time at step ${step})`,
          k,
        );
      }
      seen[byte] = seen[byte]! | bit;
      const r = Math.floor(cell / cols);
      const c = cell - r * cols;
      if (previous >= 0) {
        const dr = Math.abs(r - pr);
        const dc = Math.abs(c - pc);
        if (!((dr === 1 && dc === 2) || (dr === 2 && dc === 1))) {
          return this.#fail(
            { kind: "not-a-move", step, from: previous, to: cell },
            `step ${step - 1} → ${step}, ${formatCell(board, previous)} → ${formatCell(board, cell)}, is not a knight's move`,
            k,
          );
        }
      } else {
        this.#first = cell;
      }
      previous = cell;
      pr = r;
      pc = c;
    }
    this.#steps += count;
    this.#previous = previous;
    return true;
  }

  /** `push` for any geometry: holes refused, moves by `Board.isMove`. */
  #pushGeneral(cells: ArrayLike<number>, count: number): boolean {
    const board = this.#board;
    const total = board.cells;
    const seen = this.#seen;
    let previous = this.#previous;
    for (let k = 0; k < count; k++) {
      const cell = cells[k]!;
      const step = this.#steps + k + 1;
      if (!Number.isInteger(cell) || cell < 0 || cell >= total) {
        return this.#fail(
          { kind: "off-board", step, cell },
          `step ${step} is cell ${cell}, which is not on the ${board} board (cells 0..${total - 1})`,
          k,
        );
      }
      if (board.isHole(cell)) {
        return this.#fail(
          { kind: "hole", step, cell },
          `step ${step} is ${formatCell(board, cell)}, a hole of the ${board} board`,
          k,
        );
      }
      const byte = Math.floor(cell / 8);
      const bit = 1 << (cell - 8 * byte);
      if ((seen[byte]! & bit) !== 0) {
        return this.#fail(
          { kind: "repeat", cell, firstStep: 0, secondStep: step },
          `cell ${formatCell(board, cell)} is visited twice (the second time at step ${step})`,
          k,
        );
      }
      seen[byte] = seen[byte]! | bit;
      if (previous < 0) this.#first = cell;
      else if (!board.isMove(previous, cell)) {
        return this.#fail(
          { kind: "not-a-move", step, from: previous, to: cell },
          `step ${step - 1} → ${step}, ${formatCell(board, previous)} → ${formatCell(board, cell)}, is not ${moveName(board)}`,
          k,
        );
      }
      previous = cell;
    }
    this.#steps += count;
    this.#previous = previous;
    return true;
  }

  #fail(fault: TourFault, message: string, checked: number): false {
    this.#steps += checked;
    this.#fault = { fault, message };
    return false;
  }

  /** The verdict on everything pushed, as `validateTour` gives it. */
  finish(): TourValidation {
    if (this.#fault) return { valid: false, ...this.#fault };
    const board = this.#board;
    const n = this.#steps;
    if (n !== board.vertexCount) {
      const holes = board.holes.length > 0 ? ` (not counting its ${board.holes.length} holes)` : "";
      return {
        valid: false,
        fault: { kind: "length", expected: board.vertexCount, actual: n },
        message: `the tour has ${n} cells but the ${board} board has ${board.vertexCount}${holes}`,
      };
    }
    const first = this.#first;
    const last = this.#previous;
    // Once per tour: the board's own arithmetic serves every geometry.
    const closable = n > 2 && board.isMove(last, first);
    if (this.#closed && !closable) {
      return {
        valid: false,
        fault: { kind: "not-closed", from: last, to: first },
        message: `the tour is marked closed but its last cell ${formatCell(board, last)} is not ${moveName(board)} from its first cell ${formatCell(board, first)}`,
      };
    }
    return { valid: true, closable };
  }
}
