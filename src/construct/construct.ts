import type { Board } from "../core/board.js";
import { checkCellOption, formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { FinderStats, TourResult } from "../core/result.js";
import { closedTourExists, openTourExists } from "../theory/exists.js";
import type { SmallTourFinder } from "./finder.js";
import { Links } from "./links.js";
import { splitLength } from "./partition.js";
import {
  type BlockLayout,
  buildSuccessors,
  type Successors,
  walkSuccessors,
} from "./successors.js";
import { THIN_BASE_MAX, thinTourLinks } from "./thin.js";

/**
 * Divide and conquer (in the spirit of Parberry 1997 and the constructive proofs of Schwenk's
 * theorem): tile the board with blocks whose tours are known, then join neighbouring blocks.
 *
 * Joining: if one cycle contains the move a1–a2 and another the move b1–b2, and a1–b1 and
 * a2–b2 are knight moves, then deleting the two moves and adding the two cross moves leaves a
 * single cycle through all the cells of both. Blocks are joined along a spanning tree of the
 * block grid (each to its left neighbour, the first of a row to the one above), so the result
 * is one cycle. A board with only open tours (both sides odd) gets one odd×odd block with an
 * open tour from its corner, spliced into the cycle at the end.
 *
 * Cost: O(cells) time; memory 12 bytes a cell (two neighbour slots and the path).
 */

/**
 * Bytes a construction needs per cell: the Int32 successor array and the Int32 path — 4 bytes
 * a cell beyond the path itself.
 */
export const CONSTRUCT_BYTES_PER_CELL = 8;
/** Thin boards keep both neighbours of each cell while pumping: 8 bytes a cell plus the path. */
const THIN_BYTES_PER_CELL = 12;

/** Block sides for a side that must be even (the blocks' other side may be odd). */
const EVEN_PARTS = [6, 8, 10] as const;
/** Block sides for a side whose blocks pair with an even side: anything from 5 to 9. */
const ANY_PARTS = [5, 6, 7, 8, 9] as const;
/** The odd block side that ends an odd board side (the rest is even). */
const ODD_LAST = [5, 7, 9] as const;

export interface ConstructOptions {
  readonly closed?: boolean | undefined;
  /** First cell. Closed tours rotate to it; open tours accept it only where the layout allows. */
  readonly start?: number | undefined;
  /** Refuse boards whose construction needs more bytes than this. */
  readonly maxBytes?: number | undefined;
  /** Seed of the block tours (a different seed gives different block tours). */
  readonly seed?: number | undefined;
}

/**
 * Which boards the construction covers: every board with a tour of the kind asked, except
 * boards with a side of 3 or 4 and the other side at most THIN_BASE_MAX (a search is quicker
 * there, and the pumping needs a longer board). Only the knight on a plain rectangle: the blocks
 * and their joins are knight's tours and knight's moves.
 */
export function canConstruct(board: Board, closed: boolean): boolean {
  if (!board.plain) return false;
  const short = Math.min(board.rows, board.cols);
  const long = Math.max(board.rows, board.cols);
  const exists = (closed ? closedTourExists(board) : openTourExists(board)).exists === true;
  if (!exists) return false;
  return short >= 5 || ((short === 3 || short === 4) && long > THIN_BASE_MAX);
}

function layout(rows: number, cols: number): BlockLayout | null {
  const oddSide = (length: number): number[] | null => {
    for (const last of ODD_LAST) {
      if (last === length) return [last];
      const rest = splitLength(length - last, EVEN_PARTS);
      if (rest) return [...rest, last];
    }
    return null;
  };
  if (rows % 2 === 0) {
    const rowParts = splitLength(rows, EVEN_PARTS);
    const colParts = splitLength(cols, ANY_PARTS);
    return rowParts && colParts ? { rowParts, colParts, openCorner: false } : null;
  }
  if (cols % 2 === 0) {
    const rowParts = splitLength(rows, ANY_PARTS);
    const colParts = splitLength(cols, EVEN_PARTS);
    return rowParts && colParts ? { rowParts, colParts, openCorner: false } : null;
  }
  const rowParts = oddSide(rows);
  const colParts = oddSide(cols);
  return rowParts && colParts ? { rowParts, colParts, openCorner: true } : null;
}

/**
 * Build a tour of `board` by divide and conquer, with `finder` supplying the small tours it is
 * tiled from (the library's `construct()` passes solve's `search`). Closed tours exist on every
 * board the construction covers except odd×odd ones (open only). Returns the solver result
 * shape; status "impossible" says why when the board has no such tour, and boards it does not
 * cover (a side under 5) answer "limit" with a reason so callers can fall back to a search.
 * A `start` that is not a cell of the board throws an OptionError (BAD_OPTION).
 */
export function constructTour(
  board: Board,
  finder: SmallTourFinder,
  options: ConstructOptions = {},
): TourResult {
  const began = performance.now();
  const stats: FinderStats = { nodes: 0, backtracks: 0, attempts: 1, ms: 0 };
  const done = (result: Omit<TourResult, "stats">): TourResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };
  const closed = options.closed ?? false;
  checkPlain(board);
  checkCellOption(board, options.start, "start");
  const existence = closed ? closedTourExists(board) : openTourExists(board);
  if (existence.exists === false)
    return done({ status: "impossible", tour: null, reason: existence.reason });
  if (!canConstruct(board, closed)) {
    return done({
      status: "limit",
      tour: null,
      reason: `the construction covers boards with both sides at least 5, or a side of 3 or 4 and the other over ${THIN_BASE_MAX}; ${board} is left to a search`,
    });
  }
  // Open tours on boards that have closed ones: build the cycle and open it at the start.
  const buildClosed = closed || closedTourExists(board).exists === true;
  const thin = Math.min(board.rows, board.cols) < 5;
  checkMemory(
    `constructing a tour of ${board.label}`,
    board.cells * (thin ? THIN_BYTES_PER_CELL : CONSTRUCT_BYTES_PER_CELL),
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    board.label,
  );
  const path = new Int32Array(board.cells);
  let first: number;
  if (thin) {
    const links = thinLinks(board, buildClosed, finder);
    if (links === null) {
      return done({
        status: "limit",
        tour: null,
        reason: `no pumpable base tour fits ${board}; it is left to a search`,
      });
    }
    first = buildClosed ? (options.start ?? 0) : findPathEnd(links);
    links.walk(first, path);
  } else {
    const { next, head } = boardSuccessors(board, buildClosed, finder, options.seed ?? 1);
    first = buildClosed ? (options.start ?? 0) : head;
    walkSuccessors(next, first, path);
  }
  if (buildClosed) return done({ status: "found", tour: { board, path, closed } });

  // An open path has two ends: start at either.
  const last = path[board.cells - 1]!;
  if (options.start !== undefined && options.start !== first) {
    if (options.start !== last) {
      return done({
        status: "limit",
        tour: null,
        reason: `the construction's open tours of ${board} start at ${formatCell(board, first)} or ${formatCell(board, last)}; a tour from ${formatCell(board, options.start)} is left to a search`,
      });
    }
    path.reverse();
  }
  return done({ status: "found", tour: { board, path, closed: false } });
}

function boardSuccessors(
  board: Board,
  closed: boolean,
  finder: SmallTourFinder,
  seed: number,
): Successors {
  const plan = layout(board.rows, board.cols);
  if (plan === null || plan.openCorner === closed) {
    throw new Error(
      `internal: no block layout for a ${closed ? "closed" : "open"} tour of ${board.label}`,
    );
  }
  return buildSuccessors(board, plan, finder, seed);
}

/** Boards with a side of 3 or 4: pumped tours, transposed when the short side is the columns. */
function thinLinks(board: Board, closed: boolean, finder: SmallTourFinder): Links | null {
  const { rows, cols } = board;
  if (rows === 3 || rows === 4) return thinTourLinks(rows, cols, closed, finder);
  const thin = thinTourLinks(cols as 3 | 4, rows, closed, finder);
  if (thin === null) return null;
  // Thin cell (a, x) = a·rows + x is board cell (row x, column a) = x·cols + a.
  const links = new Links(board.cells);
  const map = (u: number) => (u < 0 ? u : (u % rows) * cols + Math.floor(u / rows));
  for (let u = 0; u < board.cells; u++) {
    const cell = map(u);
    links.first[cell] = map(thin.first[u]!);
    links.second[cell] = map(thin.second[u]!);
  }
  return links;
}

function findPathEnd(links: Links): number {
  for (let cell = 0; cell < links.first.length; cell++) {
    if (links.first[cell] === -1 || links.second[cell] === -1) return cell;
  }
  throw new Error("internal: the open construction has no end");
}

/**
 * The construction tiles knight's tours and joins them by knight's moves on a plain rectangle:
 * any other geometry is an OptionError naming it (the searches take every geometry).
 */
export function checkPlain(board: Board): void {
  if (!board.plain) {
    throw new OptionError(
      `the divide-and-conquer construction builds knight's tours from blocks: it needs a knight on a plain rectangle, and ${board} is not one; search it instead`,
      board.key,
    );
  }
}
