import type { Board } from "../core/board.js";
import { checkCellOption, formatCell } from "../core/cells.js";
import { geometryTourExists } from "./general.js";

/**
 * Existence theory: whether a tour can exist, and a sentence saying why. The theorems below are
 * the knight's on a plain rectangle; any other geometry (another piece, a wrapped board, holes)
 * gets the rules that hold for every move graph (general.ts).
 *
 * - Closed tours: Schwenk (1991). An m×n board, m ≤ n, has one unless m and n are both odd; or
 *   m ∈ {1, 2, 4}; or m = 3 and n ∈ {4, 6, 8}.
 * - Open tours: Cull & De Curtins (1978), Conrad, Hindrichs, Morsy & Wegener (1994): they exist
 *   on 1×1, 3×4, 3×n for n ≥ 7, 4×n for n ≥ 5 and m×n for n ≥ m ≥ 5, and on no other board.
 * - Colour: a knight always changes colour, so a path alternates colours. With an odd number
 *   of cells an open tour starts and ends on the majority colour (r + c even, the corners'); with
 *   an even number it starts and ends on opposite colours.
 * - Four rows: the cells of the two outer rows only reach the two inner rows, and the outer rows
 *   hold half the cells. No two outer cells can be consecutive, so a path through all 4n cells
 *   has at most one inner–inner step; if it had none, every outer cell would sit at steps of one
 *   parity and so share one colour, but the outer rows hold both colours. Hence exactly one
 *   inner–inner step, both ends in the outer rows — and, with the colour rule, no closed tour.
 *
 * Anything these do not decide is `"unknown"`, never a guess.
 */

export type Answer = true | false | "unknown";

export interface Existence {
  readonly exists: Answer;
  /** A sentence a user can read: the theorem or rule that decided it, or why it is open. */
  readonly reason: string;
}

export interface ExistsQuery {
  readonly closed?: boolean | undefined;
  /** Required first cell (flat index). */
  readonly start?: number | undefined;
  /** Required last cell (flat index). */
  readonly end?: number | undefined;
}

const yes = (reason: string): Existence => ({ exists: true, reason });
const no = (reason: string): Existence => ({ exists: false, reason });
const unknown = (reason: string): Existence => ({ exists: "unknown", reason });

/**
 * Whether some closed tour exists on the board (Schwenk's theorem), and why. Other geometries
 * than the knight on a plain rectangle get the general rules (`tourExists`).
 */
export function closedTourExists(board: Board): Existence {
  if (!board.plain) return geometryTourExists(board, { closed: true });
  const m = Math.min(board.rows, board.cols);
  const n = Math.max(board.rows, board.cols);
  const name = String(board);
  if (m === 1) {
    return no(
      board.cells === 1
        ? "a closed tour needs at least one knight move, and a 1×1 board has none"
        : `a knight cannot move at all on a board one square wide like ${name}`,
    );
  }
  if (board.cells % 2 === 1) {
    return no(
      `a closed tour alternates colours, so it needs an even number of cells; ${name} has ${board.cells}`,
    );
  }
  if (m === 2) {
    return no(
      `on ${name} a corner cell has at most one knight move, and a closed tour needs two at every cell`,
    );
  }
  if (m === 4) {
    return no(
      `no board with 4 rows has a closed tour (Schwenk): the outer rows reach only the inner rows and hold half the cells, so a closed tour would alternate outer and inner cells, and then all outer cells would share one colour`,
    );
  }
  if (m === 3 && (n === 4 || n === 6 || n === 8)) {
    return no(
      `${name} has no closed tour (Schwenk's theorem: among 3-row boards only 3×10 and longer even ones have one)`,
    );
  }
  return yes(`${name} has closed tours (Schwenk's theorem)`);
}

/**
 * Whether some open tour exists on the board (Cull & De Curtins; Conrad et al.), and why. Other
 * geometries than the knight on a plain rectangle get the general rules (`tourExists`).
 */
export function openTourExists(board: Board): Existence {
  if (!board.plain) return geometryTourExists(board, { closed: false });
  const m = Math.min(board.rows, board.cols);
  const n = Math.max(board.rows, board.cols);
  const name = String(board);
  if (board.cells === 1) return yes("a 1×1 board is toured by standing still");
  if (m === 1) return no(`a knight cannot move at all on a board one square wide like ${name}`);
  if (m === 2 && n === 2) {
    return no("a knight has no move at all on 2×2: every move spans three files or three ranks");
  }
  if (m === 2) {
    return no(
      `on ${name} every knight move crosses to the other row and shifts two files, so the moves form separate chains and no tour can reach every cell`,
    );
  }
  if (m === 3 && n === 3)
    return no("the centre of a 3×3 board has no knight moves, so no tour reaches it");
  if (m === 3 && (n === 5 || n === 6)) {
    return no(
      `${name} has no open tour (Cull & De Curtins 1978; an exhaustive search confirms it)`,
    );
  }
  if (m === 4 && n === 4)
    return no("4×4 has no open tour (Cull & De Curtins 1978; an exhaustive search confirms it)");
  return yes(
    `${name} has open tours (Cull & De Curtins 1978; Conrad, Hindrichs, Morsy & Wegener 1994)`,
  );
}

/** The cells that may end a tour on a board with 4 rows (or 4 columns): the two outer lines. */
function onOuterLineOfFour(board: Board, cell: number): boolean {
  if (board.rows === 4) {
    const r = board.row(cell);
    return r === 0 || r === 3;
  }
  const c = board.col(cell);
  return c === 0 || c === 3;
}

function isFourLine(board: Board): boolean {
  return Math.min(board.rows, board.cols) === 4;
}

/**
 * Can a tour exist on `board` with the given kind and end cells? For the knight on a plain
 * rectangle, decides by Schwenk's theorem, the open-tour theorem, the colour rules and the
 * four-row rule; on any other geometry by the rules for every move graph (size, colour,
 * sublattice, connectivity, cells of degree one, bipartite class sizes) and, for the knight on
 * a torus, Watkins and Hoenigman's theorem (general.ts); otherwise `"unknown"`.
 * A `start` or `end` that is not a cell of the board, or is a hole, throws an OptionError
 * (BAD_OPTION).
 *
 * @example
 * ```ts
 * import { Board, parseCell, tourExists } from "knight-tours";
 *
 * console.log(tourExists(new Board(3, 10), { closed: true }).exists); // → true
 * const board = new Board(4, 5);
 * console.log(tourExists(board, { start: parseCell("b2", board) }).exists); // → false
 * ```
 */
export function tourExists(board: Board, query: ExistsQuery = {}): Existence {
  const { closed = false, start, end } = query;
  checkCellOption(board, start, "start");
  checkCellOption(board, end, "end");
  if (!board.plain) return geometryTourExists(board, { closed, start, end });
  const name = String(board);
  const cellName = (cell: number) => formatCell(board, cell);

  if (closed) {
    const base = closedTourExists(board);
    if (base.exists !== true) return base;
    if (start !== undefined && end !== undefined) {
      if (!board.isKnightMove(start, end)) {
        return no(
          `a closed tour returns to its first cell, so its last cell must be a knight's move from it; ${cellName(end)} is not a knight's move from ${cellName(start)}`,
        );
      }
      return unknown(
        `closed tours exist on ${name}, but no theorem says whether one uses the move ${cellName(start)}–${cellName(end)}; a search can tell`,
      );
    }
    const given = start ?? end;
    return given === undefined
      ? base
      : yes(
          `${base.reason}, and a closed tour can be started at any of its cells, ${cellName(given)} included`,
        );
  }

  const base = openTourExists(board);
  if (base.exists !== true || (start === undefined && end === undefined) || board.cells === 1) {
    return base;
  }
  if (start !== undefined && end !== undefined && start === end) {
    return no(
      `an open tour of ${name} visits ${board.cells} cells, so it cannot start and end on the same cell ${cellName(start)}`,
    );
  }

  // Colour rule.
  const ends = [start, end].filter((cell): cell is number => cell !== undefined);
  if (board.cells % 2 === 1) {
    for (const cell of ends) {
      if (board.colour(cell) !== 0) {
        const majority = (board.cells + 1) / 2;
        return no(
          `${name} has ${board.cells} cells, ${majority} of the corners' colour and ${majority - 1} of the other; a knight alternates colours, so an open tour starts and ends on the corners' colour, and ${cellName(cell)} is not`,
        );
      }
    }
  } else if (
    start !== undefined &&
    end !== undefined &&
    board.colour(start) === board.colour(end)
  ) {
    return no(
      `${name} has an even number of cells and a knight alternates colours, so an open tour starts and ends on opposite colours; ${cellName(start)} and ${cellName(end)} have the same colour`,
    );
  }

  // Four-row rule.
  if (isFourLine(board)) {
    const lines = board.rows === 4 ? "rows (ranks 1 and 4)" : "columns (files a and d)";
    for (const cell of ends) {
      if (!onOuterLineOfFour(board, cell)) {
        return no(
          `every open tour of ${name} starts and ends in the two outer ${lines}: those cells reach only the inner ones and make up half the board; ${cellName(cell)} is an inner cell`,
        );
      }
    }
  }

  if (end === undefined && closedTourExists(board).exists === true) {
    return yes(
      `${name} has closed tours (Schwenk's theorem); opening one at ${cellName(start!)} gives an open tour from there`,
    );
  }
  if (start === undefined && closedTourExists(board).exists === true) {
    return yes(
      `${name} has closed tours (Schwenk's theorem); opening one just after ${cellName(end!)} gives an open tour ending there`,
    );
  }
  return unknown(
    `open tours exist on ${name} and the colour rules allow ${ends.map(cellName).join(" and ")}, but no theorem settles this case; a search can tell`,
  );
}
