import { type Frame, frameOf } from "./block-frame.js";
import { anyParts, evenParts, MIN_PART } from "./block-parts.js";
import { blockPath } from "./block-path.js";

/**
 * The block-order construction: a tour written in the order the knight visits the cells, one
 * block at a time, with no whole-board array.
 *
 * The board is cut into blocks of 5 to 12 cells a side (3 or 4 for thin boards). The blocks are
 * visited along a Hamiltonian cycle of the block grid (closed tours) or a boustrophedon path
 * (open tours), and each block is crossed by a Hamiltonian path of its own knight graph from an
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

/** Directions of a crossing, from the block left to the block entered. */
const RIGHT = 0;
const LEFT = 1;
const DOWN = 2;
const UP = 3;
const NONE = -1;

/** One block in the plan frame. */
interface Rect {
  r0: number;
  c0: number;
  h: number;
  w: number;
}

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

/** One visit of the order: block (i, j), entered from `inDir` and left towards `outDir`. */
interface Visit {
  i: number;
  j: number;
  inDir: number;
  outDir: number;
}

/**
 * A row of visits of the order, with the key of everything its program depends on. `visit(k,
 * out)` fills in its k-th visit (a scratch object: planning a 10⁵-block row allocates nothing a
 * visit, which keeps the heap, and the process, small).
 */
interface Segment {
  readonly key: string;
  readonly i: number;
  readonly length: number;
  readonly visit: (k: number, out: Visit) => void;
}

const setVisit = (out: Visit, i: number, j: number, inDir: number, outDir: number): void => {
  out.i = i;
  out.j = j;
  out.inDir = inDir;
  out.outDir = outDir;
};

/** Preferences tried in turn: target port offset ("near" the second line, or mid-side), colour. */
const VARIANTS: ReadonlyArray<{
  readonly target: "near" | "mid" | "far" | "edge";
  readonly x: 0 | 1;
}> = [
  { target: "near", x: 1 },
  { target: "near", x: 0 },
  { target: "mid", x: 1 },
  { target: "mid", x: 0 },
  { target: "far", x: 1 },
  { target: "far", x: 0 },
  // Thin blocks: a path through 4 rows alternates outer and inner rows, so it runs from an
  // outer cell to an inner one; ports on the edge rows fit that.
  { target: "edge", x: 1 },
  { target: "edge", x: 0 },
];

/**
 * The block order of a closed (`closed`) or open tour of a rows×cols board, or a reason why
 * this shape has none (then the whole-board construction or a search is the way).
 */
export function planBlockOrder(rows: number, cols: number, closed: boolean): BlockOrder | string {
  const layout = closed ? closedLayout(rows, cols) : openLayout(rows, cols);
  if (typeof layout === "string") return layout;
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
  const colParts = evenParts(across, 1, false, down === 3 ? 7 : MIN_PART);
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
  variant: (typeof VARIANTS)[number],
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

/** Crossings by shape: the same few recur all over a board, so each is worked out once. */
function crossingCache(variant: (typeof VARIANTS)[number]) {
  const memo = new Map<number, readonly [number, number]>();
  return (a: Rect, b: Rect, dir: number, x: number): readonly [number, number] => {
    // Everything the answer depends on: the shapes, the direction, and x relative to the
    // colour of a's origin (local cells take their colours from it).
    const key =
      (((a.h * 16 + a.w) * 16 + b.h) * 16 + b.w) * 8 + dir * 2 + (x ^ ((a.r0 + a.c0) & 1));
    let hit = memo.get(key);
    if (hit === undefined) {
      hit = crossing(a, b, dir, x, variant);
      memo.set(key, hit);
    }
    return hit;
  };
}

function opposite(dir: number): number {
  return dir === RIGHT ? LEFT : dir === LEFT ? RIGHT : dir === DOWN ? UP : DOWN;
}

/**
 * The closed order on an R×C block grid, R even: along row 0 to the right, down the last
 * column and back and forth along rows 1..R−1 over columns 1..C−1, then up column 0.
 */
function closedSegments(
  R: number,
  C: number,
  rowParts: readonly number[],
  rowStarts: readonly number[],
): Segment[] {
  const segments: Segment[] = [];
  const keyOf = (role: string, i: number) =>
    `${role}:${rowParts[i]}:${rowStarts[i]! & 1}:${rowParts[i - 1] ?? 0}:${rowParts[i + 1] ?? 0}`;
  segments.push({
    key: keyOf("top", 0),
    i: 0,
    length: C,
    visit: (j, out) => setVisit(out, 0, j, j === 0 ? UP : RIGHT, j === C - 1 ? DOWN : RIGHT),
  });
  for (let i = 1; i < R; i++) {
    const leftwards = i % 2 === 1;
    const lastRow = i === R - 1;
    const along = leftwards ? LEFT : RIGHT;
    segments.push({
      key: keyOf(lastRow ? "last" : leftwards ? "left" : "right", i),
      i,
      length: C - 1,
      visit: (k, out) =>
        setVisit(
          out,
          i,
          leftwards ? C - 1 - k : 1 + k,
          k === 0 ? DOWN : along,
          k === C - 2 ? (lastRow ? LEFT : DOWN) : along,
        ),
    });
  }
  for (let i = R - 1; i >= 1; i--) {
    segments.push({
      key: keyOf(i === R - 1 ? "corner" : "up", i),
      i,
      length: 1,
      visit: (_, out) => setVisit(out, i, 0, i === R - 1 ? LEFT : UP, UP),
    });
  }
  return segments;
}

/** The open order: rows of blocks back and forth, row 0 to the right. */
function openSegments(
  R: number,
  C: number,
  rowParts: readonly number[],
  rowStarts: readonly number[],
): Segment[] {
  const segments: Segment[] = [];
  for (let i = 0; i < R; i++) {
    const leftwards = i % 2 === 1;
    const role = `${i === 0 ? "first" : ""}${i === R - 1 ? "last" : ""}${leftwards ? "left" : "right"}`;
    const along = leftwards ? LEFT : RIGHT;
    segments.push({
      key: `${role}:${rowParts[i]}:${rowStarts[i]! & 1}:${rowParts[i - 1] ?? 0}`,
      i,
      length: C,
      visit: (k, out) =>
        setVisit(
          out,
          i,
          leftwards ? C - 1 - k : k,
          k === 0 ? (i === 0 ? NONE : DOWN) : along,
          k === C - 1 ? (i === R - 1 ? NONE : DOWN) : along,
        ),
    });
  }
  return segments;
}

/**
 * The knight's move from block `a` into its neighbour `b` (direction `dir`) whose cell in `a`
 * has colour `x`: between the two lines of cells on either side of the boundary, one column
 * (row) apart when it can be, nearest the variant's preferred offset along the boundary.
 * Returns the two cells as local indices (row · w + column) of `a` and of `b`.
 */
function crossing(
  a: Rect,
  b: Rect,
  dir: number,
  x: number,
  variant: (typeof VARIANTS)[number],
): readonly [number, number] {
  const horizontal = dir === RIGHT || dir === LEFT;
  // Work along the boundary: `along` is the row (horizontal) or column (vertical) offset.
  const length = horizontal ? a.h : a.w;
  const target =
    variant.target === "edge"
      ? 0
      : variant.target === "near"
        ? 1
        : variant.target === "mid"
          ? (length >> 1) - 1
          : length - 2;
  let best: readonly [number, number] = [-1, -1];
  let bestScore = Number.POSITIVE_INFINITY;
  for (let along = 0; along < length; along++) {
    for (let da = 0; da < 2; da++) {
      for (let db = 0; db < 2; db++) {
        const across = da + db + 1;
        if (across > 2) continue;
        const shift = across === 1 ? 2 : 1;
        for (const sign of [1, -1]) {
          const alongB = along + sign * shift;
          if (alongB < 0 || alongB >= length) continue;
          // Cells in board (frame) coordinates.
          let ar: number;
          let ac: number;
          let br: number;
          let bc: number;
          if (horizontal) {
            ar = a.r0 + along;
            br = b.r0 + alongB;
            ac = dir === RIGHT ? a.c0 + a.w - 1 - da : a.c0 + da;
            bc = dir === RIGHT ? b.c0 + db : b.c0 + b.w - 1 - db;
          } else {
            ac = a.c0 + along;
            bc = b.c0 + alongB;
            ar = dir === DOWN ? a.r0 + a.h - 1 - da : a.r0 + da;
            br = dir === DOWN ? b.r0 + db : b.r0 + b.h - 1 - db;
          }
          if (((ar + ac) & 1) !== x) continue;
          if (ac - a.c0 >= a.w || ar - a.r0 >= a.h || bc - b.c0 >= b.w || br - b.r0 >= b.h)
            continue;
          if (ac < a.c0 || ar < a.r0 || bc < b.c0 || br < b.r0) continue;
          const score = (across - 1) * 1000 + Math.abs(along - target) * 4 + (sign < 0 ? 1 : 0);
          if (score < bestScore) {
            bestScore = score;
            best = [(ar - a.r0) * a.w + (ac - a.c0), (br - b.r0) * b.w + (bc - b.c0)];
          }
        }
      }
    }
  }
  return best;
}
