import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { SolveResult, SolveStats } from "../solve/types.js";
import { closedTourExists, openTourExists } from "../theory/exists.js";
import { closedBlockTour, openBlockTour } from "./block-tours.js";
import { joinCycles, spliceOpenPath } from "./joins.js";
import { Links } from "./links.js";
import { splitLength } from "./partition.js";
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

/** Bytes a construction needs per cell: two Int32 neighbour slots plus the Int32 path. */
export const CONSTRUCT_BYTES_PER_CELL = 12;

/** Block sides for a side that must be even (the blocks' other side may be odd). */
const EVEN_PARTS = [6, 8, 10] as const;
/** Block sides for a side whose blocks pair with an even side: anything from 5 to 9. */
const ANY_PARTS = [5, 6, 7, 8, 9] as const;
/** The odd block side that ends an odd board side (the rest is even). */
const ODD_LAST = [5, 7, 9] as const;

export interface ConstructOptions {
  readonly closed?: boolean;
  /** First cell. Closed tours rotate to it; open tours accept it only where the layout allows. */
  readonly start?: number;
  /** Refuse boards whose construction needs more bytes than this. */
  readonly maxBytes?: number;
  /** Seed of the block tours (a different seed gives different block tours). */
  readonly seed?: number;
}

/**
 * Which boards the construction covers: every board with a tour of the kind asked, except
 * boards with a side of 3 or 4 and the other side at most THIN_BASE_MAX (a search is quicker
 * there, and the pumping needs a longer board).
 */
export function canConstruct(board: Board, closed: boolean): boolean {
  const short = Math.min(board.rows, board.cols);
  const long = Math.max(board.rows, board.cols);
  const exists = (closed ? closedTourExists(board) : openTourExists(board)).exists === true;
  if (!exists) return false;
  return short >= 5 || ((short === 3 || short === 4) && long > THIN_BASE_MAX);
}

interface Layout {
  readonly rowParts: number[];
  readonly colParts: number[];
  /** Both sides odd: the last block (bottom right) is odd×odd and holds an open tour. */
  readonly openCorner: boolean;
}

function layout(rows: number, cols: number): Layout | null {
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
 * Build a tour of `board` by divide and conquer. Closed tours exist on every board the
 * construction covers except odd×odd ones (open only). Returns the solver result shape;
 * status "impossible" says why when the board has no such tour, and boards it does not cover
 * (a side under 5) answer with a reason so callers can fall back to a search.
 */
export function construct(board: Board, options: ConstructOptions = {}): SolveResult {
  const began = performance.now();
  const stats: SolveStats = { nodes: 0, backtracks: 0, attempts: 1, ms: 0 };
  const done = (result: Omit<SolveResult, "stats">): SolveResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };
  const closed = options.closed ?? false;
  const existence = closed ? closedTourExists(board) : openTourExists(board);
  if (existence.exists === false)
    return done({ status: "impossible", tour: null, reason: existence.reason });
  checkMemory(
    `constructing a tour of ${board.label}`,
    board.cells * CONSTRUCT_BYTES_PER_CELL,
    options.maxBytes ?? DEFAULT_MAX_BYTES,
    board.label,
  );
  if (!canConstruct(board, closed)) {
    return done({
      status: "limit",
      tour: null,
      reason: `the construction covers boards with both sides at least 5, or a side of 3 or 4 and the other over ${THIN_BASE_MAX}; ${board} is left to a search`,
    });
  }
  // Open tours on boards that have closed ones: build the cycle and open it at the start.
  const buildClosed = closed || closedTourExists(board).exists === true;
  const links =
    Math.min(board.rows, board.cols) < 5
      ? thinLinks(board, buildClosed)
      : boardLinks(board, buildClosed, options.seed ?? 1);
  if (links === null) {
    return done({
      status: "limit",
      tour: null,
      reason: `no pumpable base tour fits ${board}; it is left to a search`,
    });
  }
  const path = new Int32Array(board.cells);
  if (!buildClosed) {
    const start = findPathEnd(links);
    if (options.start !== undefined && options.start !== start) {
      const other = otherEnd(links, start, path);
      if (options.start !== other) {
        return done({
          status: "limit",
          tour: null,
          reason: `the construction's open tours of ${board} start at ${formatCell(board, start)} or ${formatCell(board, other)}; a tour from ${formatCell(board, options.start)} is left to a search`,
        });
      }
      links.walk(other, path);
      return done({ status: "found", tour: { board, path, closed: false } });
    }
    links.walk(start, path);
    return done({ status: "found", tour: { board, path, closed: false } });
  }
  links.walk(options.start ?? 0, path);
  return done({ status: "found", tour: { board, path, closed } });
}

function boardLinks(board: Board, closed: boolean, seed: number): Links {
  const plan = layout(board.rows, board.cols);
  if (plan === null || plan.openCorner === closed) {
    throw new Error(
      `internal: no block layout for a ${closed ? "closed" : "open"} tour of ${board.label}`,
    );
  }
  return buildLinks(board, plan, seed);
}

/** Boards with a side of 3 or 4: pumped tours, transposed when the short side is the columns. */
function thinLinks(board: Board, closed: boolean): Links | null {
  const { rows, cols } = board;
  if (rows === 3 || rows === 4) return thinTourLinks(rows, cols, closed);
  const thin = thinTourLinks(cols as 3 | 4, rows, closed);
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

function otherEnd(links: Links, start: number, scratch: Int32Array): number {
  const length = links.walk(start, scratch);
  return scratch[length - 1]!;
}

/** Lay the block tours, then join the blocks into one cycle (or one path). */
function buildLinks(board: Board, plan: Layout, seed: number): Links {
  const { cols } = board;
  const links = new Links(board.cells);
  const rowStarts = prefixSums(plan.rowParts);
  const colStarts = prefixSums(plan.colParts);
  const blockRows = plan.rowParts.length;
  const blockCols = plan.colParts.length;
  const isOpenBlock = (i: number, j: number) =>
    plan.openCorner && i === blockRows - 1 && j === blockCols - 1;

  for (let i = 0; i < blockRows; i++) {
    for (let j = 0; j < blockCols; j++) {
      const h = plan.rowParts[i]!;
      const w = plan.colParts[j]!;
      const open = isOpenBlock(i, j);
      const local = open ? openBlockTour(h, w, seed) : closedBlockTour(h, w, seed);
      const r0 = rowStarts[i]!;
      const c0 = colStarts[j]!;
      const global = (cell: number) => (r0 + Math.floor(cell / w)) * cols + c0 + (cell % w);
      const n = local.length;
      for (let k = 0; k < n; k++) {
        const cell = global(local[k]!);
        const prev = k > 0 ? global(local[k - 1]!) : open ? -1 : global(local[n - 1]!);
        const next = k < n - 1 ? global(local[k + 1]!) : open ? -1 : global(local[0]!);
        // An open path keeps its one neighbour in `first`; -1 in `second` marks the end.
        if (prev === -1) {
          links.first[cell] = next;
        } else {
          links.first[cell] = prev;
          links.second[cell] = next;
        }
      }
    }
  }

  const block = (i: number, j: number) => ({
    r0: rowStarts[i]!,
    c0: colStarts[j]!,
    h: plan.rowParts[i]!,
    w: plan.colParts[j]!,
  });
  for (let i = 0; i < blockRows; i++) {
    for (let j = 0; j < blockCols; j++) {
      if ((i === 0 && j === 0) || isOpenBlock(i, j)) continue;
      const here = block(i, j);
      const joined =
        (j > 0 && joinCycles(board, links, block(i, j - 1), here)) ||
        (i > 0 && joinCycles(board, links, block(i - 1, j), here));
      if (!joined) {
        throw new Error(
          `internal: no join between block (${i}, ${j}) and its neighbours on ${board.label}`,
        );
      }
    }
  }
  if (plan.openCorner && (blockRows > 1 || blockCols > 1)) {
    const corner = block(blockRows - 1, blockCols - 1);
    spliceOpenPath(board, links, corner, corner.r0 * board.cols + corner.c0);
  }
  return links;
}

function prefixSums(parts: readonly number[]): number[] {
  const starts: number[] = [];
  let sum = 0;
  for (const part of parts) {
    starts.push(sum);
    sum += part;
  }
  return starts;
}
