import { type Frame, frameOf } from "./block-frame.js";
import { anyParts, evenParts, MAX_PART, MIN_PART } from "./block-parts.js";
import { blockPath } from "./block-path.js";
import {
  crossingCache,
  DOWN,
  LEFT,
  NONE,
  opposite,
  type Rect,
  RIGHT,
  UP,
  VARIANTS,
  type Variant,
} from "./block-ports.js";
import { closedSegments, openSegments, type Visit } from "./block-routes.js";
import { planStrip } from "./block-strip.js";

/**
 * The block-order construction: a tour written in the order the knight visits the cells, one
 * block at a time, with no whole-board array.
 *
 * The board is cut into blocks of 5 to 12 cells a side (3 or 4 for thin boards). The blocks are
 * visited along a Hamiltonian cycle of the block grid (closed tours; a board with one row of
 * blocks is crossed out and back, block-strip.ts) or a boustrophedon path (open tours), and
 * each block is crossed by a Hamiltonian path of its own knight graph from an
 * entry cell to an exit cell; the exit of one block is a knight's move from the entry of the
 * next. The tour is then the concatenation of the block paths: cell k of a block's path is its
 * origin plus a fixed offset, so writing the tour is one addition a cell.
 *
 * Colours decide where the ports go. A knight's move changes colour, and a path through a
 * block with an even number of cells ends on the colour it did not start on; so along a closed
 * tour of even blocks every exit has one colour X and every entry the other. A crossing from
 * block A to block B is the knight's move between A's last two columns (rows) and B's first
 * two whose A-end has colour X and which lies nearest a preferred row (column). An odd×odd
 * board has exactly one odd×odd block (its last row and column of blocks are the odd parts); a
 * path through it starts and ends on its majority colour, which swaps the two colours after it.
 *
 * Block rows are much alike: a row's sequence of (block, path) is the same for every row of the
 * same role, height and parity of origin, so it is built once and replayed ("programs"). Memory
 * is the block paths plus one program per kind of row: a few rows of blocks at most.
 */

/** Blocks visited in one row of blocks (or a single block of the closing column). */
export interface Program {
  /** Block column of each visit. */
  readonly blockCols: Int32Array;
  /** Board offset of each visit's block origin, relative to the row's base. */
  readonly offsets: Float64Array;
  /** Block path of each visit (an index into `BlockOrder.paths`). */
  readonly paths: Int32Array;
}

export interface BlockOrder {
  readonly closed: boolean;
  readonly frame: Frame;
  readonly rowParts: readonly number[];
  readonly colParts: readonly number[];
  /** Each block path as board offsets from its block's origin (exact integers in doubles). */
  readonly paths: readonly Float64Array[];
  /** The same as Int32Array, when every cell of the board fits one (the fast case). */
  readonly paths32: readonly Int32Array[] | null;
  /** Each block path as local cells (row · w + column), for tests and docs. */
  readonly localPaths: readonly Int32Array[];
  readonly programs: readonly Program[];
  /** The tour: programs in order, each at a base offset, with its block row. */
  readonly sequence: {
    readonly programs: Int32Array;
    readonly bases: Float64Array;
    readonly blockRows: Int32Array;
  };
}

/**
 * The block order of a closed (`closed`) or open tour of a rows×cols board, or a reason why
 * this shape has none (then the whole-board construction or a search is the way).
 */
export function planBlockOrder(rows: number, cols: number, closed: boolean): BlockOrder | string {
  const layout = closed ? closedLayout(rows, cols) : openLayout(rows, cols);
  // Closed tours of boards too narrow for two rows of blocks go out and back along one.
  if (typeof layout === "string") return closed ? planOneRow(rows, cols) : layout;
  const { frame, rowParts, colParts } = layout;
  let reason = "";
  for (const variant of VARIANTS) {
    const plan = build(frame, rowParts, colParts, closed, variant);
    if (typeof plan !== "string") return plan;
    reason = plan;
  }
  return reason;
}

interface Layout {
  readonly frame: Frame;
  readonly rowParts: number[];
  readonly colParts: number[];
}

/**
 * Closed tours: an even number of block rows (a Hamiltonian cycle of an R×C grid needs R or C
 * even, and R, C ≥ 2), taken along the even side, which must be at least 12; the other side at
 * least 10. The frame turns the board so the even side runs down.
 */
function closedLayout(rows: number, cols: number): Layout | string {
  for (const transposed of [false, true]) {
    const down = transposed ? cols : rows;
    const across = transposed ? rows : cols;
    if (down % 2 !== 0 || down < 12 || across < 10) continue;
    const rowParts = evenParts(down, 2, true);
    const colParts = anyParts(across, 2);
    if (rowParts && colParts) return { frame: frameOf(rows, cols, transposed), rowParts, colParts };
  }
  return `a closed block order needs an even side of at least 12 and the other of at least 10; ${rows}×${cols} is left to the whole-board construction`;
}

/**
 * Closed tours of boards with a side of 3 or 5 to 11 (the short side, turned to run across):
 * one row of blocks, crossed out and back (block-strip.ts). Blocks have an even number of
 * cells: on a board with an odd side, the other side is cut into even parts.
 */
function planOneRow(rows: number, cols: number): BlockOrder | string {
  const h = Math.min(rows, cols);
  const across = Math.max(rows, cols);
  if (h < 3 || h === 4 || h > 11 || (h * across) % 2 === 1) {
    return `a closed block order needs two rows of blocks (an even side of at least 12, the other at least 10) or one row of them (a side of 3 or 5 to 11, an even number of cells); ${rows}×${cols} is left to the whole-board construction`;
  }
  // Blocks of a 3-row board are at least 8 wide (a 3×6 block has too few paths); a board too
  // short to cut into such blocks is one block.
  const colParts =
    across <= MAX_PART
      ? [across]
      : h === 3
        ? (evenParts(across, 1, false, 7) ?? [across])
        : h % 2 === 1
          ? evenParts(across)
          : anyParts(across, 1);
  if (colParts === null) return `no cut of ${across} into blocks`;
  const plan = planStrip(frameOf(rows, cols, cols < rows), colParts);
  return typeof plan === "string"
    ? `${plan}: ${rows}×${cols} is left to the whole-board construction`
    : plan;
}

/** Open tours: rows of blocks of even height (and one odd part per odd side), any count. */
function openLayout(rows: number, cols: number): Layout | string {
  // A thin board runs along its long side; otherwise the rows of blocks run along the columns.
  const transposed = cols < rows && cols <= 4;
  const down = transposed ? cols : rows;
  const across = transposed ? rows : cols;
  if (down === 4) {
    // A path through a 4-row block alternates between its outer and inner rows and, with as
    // many of each, runs from an outer cell to an outer cell; a knight's move from an outer
    // row lands on an inner row of the next block. So no chain of block paths exists.
    return `4-row boards have no block order (a block path starts and ends on the outer rows, and a move between blocks lands on an inner row); ${rows}×${cols} is left to the whole-board construction`;
  }
  const rowParts = down === 3 ? [down] : evenParts(down);
  // 3×n has no open tour for n = 5 or 6: blocks of a 3-row board are at least 7 wide.
  // A 3-row board too short to cut so (3×13) is one block.
  const colParts =
    evenParts(across, 1, false, down === 3 ? 7 : MIN_PART) ??
    (down === 3 && across <= 2 * MAX_PART ? [across] : null);
  if (!rowParts || !colParts || Math.min(down, across) < 3) {
    return `an open block order needs both sides at least 5 (or a side of 3 or 4); ${rows}×${cols} is left to a search`;
  }
  return { frame: frameOf(rows, cols, transposed), rowParts, colParts };
}

function starts(parts: readonly number[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const part of parts) {
    out.push(sum);
    sum += part;
  }
  return out;
}

function build(
  frame: Frame,
  rowParts: readonly number[],
  colParts: readonly number[],
  closed: boolean,
  variant: Variant,
): BlockOrder | string {
  const R = rowParts.length;
  const C = colParts.length;
  const rowStarts = starts(rowParts);
  const colStarts = starts(colParts);
  const rect = (i: number, j: number, out: Rect = { r0: 0, c0: 0, h: 0, w: 0 }): Rect => {
    out.r0 = rowStarts[i]!;
    out.c0 = colStarts[j]!;
    out.h = rowParts[i]!;
    out.w = colParts[j]!;
    return out;
  };
  // Scratch: the visit, its block and the block it comes from or goes to.
  const v: Visit = { i: 0, j: 0, inDir: NONE, outDir: NONE };
  const scratchHere: Rect = { r0: 0, c0: 0, h: 0, w: 0 };
  const scratchOther: Rect = { r0: 0, c0: 0, h: 0, w: 0 };
  const segments = closed
    ? closedSegments(R, C, rowParts, rowStarts)
    : openSegments(R, C, rowParts, rowStarts);
  // The colour of exits: constant on a closed tour; on an open one, swapped after the odd block.
  const odd = (i: number, j: number) => (rowParts[i]! * colParts[j]!) % 2 === 1;
  const oddRow = rowParts.findIndex((h) => h % 2 === 1);
  const oddCol = colParts.findIndex((w) => w % 2 === 1);
  const oddBlock = oddRow >= 0 && oddCol >= 0 ? rect(oddRow, oddCol) : null;
  if (closed && oddBlock) return "internal: an odd block in a closed order";
  // Before the odd block, entries have its majority colour (that of its origin).
  const entryColour0 = oddBlock ? (oddBlock.r0 + oddBlock.c0) & 1 : variant.x ^ 1;

  const cross = crossingCache(variant);
  const pathIds = new Map<number, number>();
  const paths: Float64Array[] = [];
  const localPaths: Int32Array[] = [];
  const programIds = new Map<string, number>();
  const programs: Program[] = [];
  const seqPrograms: number[] = [];
  const seqBases: number[] = [];
  const seqRows: number[] = [];
  let failure = "";

  const pathOf = (block: Rect, entry: number, exit: number): number => {
    const key = ((block.h * 16 + block.w) * 256 + entry + 1) * 256 + exit + 1;
    const hit = pathIds.get(key);
    if (hit !== undefined) return hit;
    const local = blockPath(block.h, block.w, entry, exit);
    if (local === null) {
      failure = `no path of a ${block.h}×${block.w} block from cell ${entry} to cell ${exit}`;
      return -1;
    }
    const offsets = new Float64Array(local.length);
    for (let k = 0; k < local.length; k++) {
      const cell = local[k]!;
      offsets[k] = frame.offset(Math.floor(cell / block.w), cell % block.w);
    }
    pathIds.set(key, paths.length);
    paths.push(offsets);
    localPaths.push(local);
    return paths.length - 1;
  };

  const neighbour = (v: Visit, dir: number): Rect => {
    const di = dir === DOWN ? 1 : dir === UP ? -1 : 0;
    const dj = dir === RIGHT ? 1 : dir === LEFT ? -1 : 0;
    return rect(v.i + di, v.j + dj, scratchOther);
  };

  // Whether the visit comes after the odd block (its entry colour is then swapped). The odd
  // block is in the last row of an open order: a row holds it when its height is odd too.
  const oddCols = colParts.some((w) => w % 2 === 1);
  let pastOdd = false;
  for (const segment of segments) {
    const key = `${segment.key}:${pastOdd}`;
    let id = programIds.get(key);
    if (id === undefined) {
      const length = segment.length;
      const blockCols = new Int32Array(length);
      const offsets = new Float64Array(length);
      const ids = new Int32Array(length);
      let past = pastOdd;
      for (let k = 0; k < length; k++) {
        segment.visit(k, v);
        const here = rect(v.i, v.j, scratchHere);
        const entryColour = entryColour0 ^ (past ? 1 : 0);
        const isOdd = odd(v.i, v.j);
        const exitColour = isOdd ? entryColour : entryColour ^ 1;
        const entry =
          v.inDir === NONE
            ? -1
            : cross(neighbour(v, opposite(v.inDir)), here, v.inDir, entryColour ^ 1)[1];
        const exit =
          v.outDir === NONE ? -1 : cross(here, neighbour(v, v.outDir), v.outDir, exitColour)[0];
        if (isOdd) past = true;
        const path = pathOf(here, entry, exit);
        if (path < 0) return failure;
        blockCols[k] = v.j;
        offsets[k] = frame.offset(0, here.c0);
        ids[k] = path;
      }
      id = programs.length;
      programIds.set(key, id);
      programs.push({ blockCols, offsets, paths: ids });
    }
    if (oddCols && rowParts[segment.i]! % 2 === 1) pastOdd = true;
    seqPrograms.push(id);
    seqBases.push(frame.offset(rowStarts[segment.i]!, 0));
    seqRows.push(segment.i);
  }
  return {
    closed,
    frame,
    rowParts,
    colParts,
    paths,
    paths32: frame.rows * frame.cols <= 2 ** 31 - 1 ? paths.map((p) => Int32Array.from(p)) : null,
    localPaths,
    programs,
    sequence: {
      programs: Int32Array.from(seqPrograms),
      bases: Float64Array.from(seqBases),
      blockRows: Int32Array.from(seqRows),
    },
  };
}
