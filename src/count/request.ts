import type { Board } from "../core/board.js";
import { checkCellOption, formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";

/** What a count (or an enumeration) asks for, checked and normalised. */
export interface CountRequest {
  readonly board: Board;
  readonly kind: "closed" | "open";
  /** Flat index of the required first cell, or -1. */
  readonly start: number;
  /** Flat index of the required last cell, or -1. */
  readonly end: number;
  /** Count a tour and its reverse as two. */
  readonly directed: boolean;
  /** Open tours only: leave out paths whose ends are a knight's move apart. */
  readonly nonClosable: boolean;
}

/** Options naming a count, shared by `count`, `enumerateTours` and the parallel counter. */
export interface CountQuery {
  /** Count closed tours (default false: open tours). */
  readonly closed?: boolean | undefined;
  /** Required first cell (flat index). */
  readonly start?: number | undefined;
  /** Required last cell (flat index). */
  readonly end?: number | undefined;
  /**
   * Count each tour once per direction. Default: false for closed tours (a closed tour is a
   * drawn figure), true for open tours. With both ends fixed the direction is fixed, and
   * this makes no difference.
   */
  readonly directed?: boolean | undefined;
  /** Open tours whose ends are not a knight's move apart only (Knuth's convention). */
  readonly nonClosable?: boolean | undefined;
  /**
   * Reserved for the symmetric counter (src/symmetry): tours invariant under a 180° or 90°
   * rotation. The engines here count all tours and refuse anything but null.
   */
  readonly symmetry?: 180 | 90 | null | undefined;
  /** Reserved for the symmetric counter: count classes under the board's symmetries. */
  readonly upToSymmetry?: boolean | undefined;
}

/** The cell of a `start`/`end` option (checked by core's one cell check), or -1. */
function checkCell(board: Board, cell: number | undefined, name: string): number {
  checkCellOption(board, cell, name);
  return cell ?? -1;
}

/** Check and normalise a query; bad values are OptionErrors naming the value. */
export function countRequest(board: Board, query: CountQuery = {}): CountRequest {
  if (query.symmetry !== undefined && query.symmetry !== null) {
    throw new OptionError(
      `symmetry ${String(query.symmetry)} is counted by the symmetric counter, not by count(); allowed here: null`,
      query.symmetry,
    );
  }
  if (query.upToSymmetry) {
    throw new OptionError(
      "counting up to symmetry is done by the symmetric counter, not by count()",
      true,
    );
  }
  const kind = query.closed ? "closed" : "open";
  const start = checkCell(board, query.start, "start");
  const end = checkCell(board, query.end, "end");
  if (query.nonClosable && kind === "closed") {
    throw new OptionError("non-closable applies to open tours only, not with closed", true);
  }
  // A closed tour passes every cell, so an end alone says nothing; with a start it names the
  // closing move: the closed tours that run from the start to the end and then close.
  if (kind === "closed" && end >= 0 && start < 0) {
    throw new OptionError(
      `a closed tour has no end of its own: give a start too (closed tours from S to E are those that use the move S–E), or drop end ${formatCell(board, end)}`,
      end,
    );
  }
  return {
    board,
    kind,
    start,
    end,
    directed: query.directed ?? kind === "open",
    nonClosable: query.nonClosable === true,
  };
}

/** A short description: "closed tours of 6×6 from a1", for progress and messages. */
export function describeRequest(request: CountRequest): string {
  const { board, kind, start, end } = request;
  let text = `${request.nonClosable ? "non-closable " : ""}${kind} tours of ${board}`;
  if (start >= 0) text += ` from ${formatCell(board, start)}`;
  if (end >= 0) text += ` to ${formatCell(board, end)}`;
  return text;
}
