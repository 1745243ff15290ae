import type { Board } from "../core/board.js";
import type { MoveGraph } from "../core/graph.js";

/**
 * The order in which the frontier sweep visits the cells of a board, and the move graph
 * renumbered in that order. The sweep keeps a sliding window of cells (frontier-layout.ts):
 * a cell stays in it from its turn until its last neighbour's, so the window is how far ahead,
 * in the sweep's order, any move reaches (its keys hold at most MAX_FRONTIER_WINDOW cells).
 * Row-major order suits boards whose moves do not wrap from the last rows to the first; on a
 * torus it makes every wrapped move nearly as long as the board.
 *
 * The sweep visits whole rows, left to right, in some order of the rows. Two orders are tried;
 * the interleaved one is kept when its window is smaller by MIN_SAVING cells or more. A
 * snapshot names the order (frontier-types.ts `sweepId`), so one taken in the other order is
 * never resumed:
 *
 * - row-major: 0, 1, 2, …, R − 1;
 * - interleaved from both ends: 0, R − 1, 1, R − 2, 2, …. Row r and its neighbours r ± d (wrapped)
 *   lie at most 2d places apart in this order, so a knight on a torus reaches at most four rows
 *   ahead — a window of 5·C − 1 cells for C ≥ 3 columns (24 for C = 5, 29 for C = 6) instead of
 *   nearly R·C. The cells open at once are as many as in row-major order (the first two rows wait
 *   for the last there, here two fronts of two rows each advance), but they stay open for a
 *   shorter stretch and fit the keys.
 *
 * Since the sweep still sees whole rows, each left to right, what it reads off the columns holds
 * as before: the left–right mirror of the rows still to come, checked on the renumbered graph
 * (mirrorMapsGraph), and table sizes measured one row earlier.
 */
export interface SweepGraph {
  /** Which order of the rows. */
  readonly rowOrder: RowOrder;
  /** The board as swept (frontier-geometry.ts `sweepBoard` may have turned it). */
  readonly board: Board;
  /** Cells swept (holes included, up to the board's) and columns of a row. */
  readonly cells: number;
  readonly cols: number;
  /** order[p]: the board cell swept p-th; position[cell]: its place in the order. */
  readonly order: Int32Array;
  readonly position: Int32Array;
  /** The move graph with cells renamed by their position (compressed sparse rows). */
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  /** 1 at a hole's position. */
  readonly hole: Uint8Array;
  /** The 2-colouring by position, or null when the graph has an odd cycle. */
  readonly colours: Uint8Array | null;
  /** The window the order needs: the farthest any position's neighbour lies ahead (≥ 1). */
  readonly window: number;
}

/**
 * Cells of window the interleaved order must save to be kept. What costs is how many cells are
 * open at once and for how long, which the window only bounds: on a 3-row cylinder the
 * interleaved order saves one cell and doubles the work (3×10 closed: peak 6.0 million states
 * against 2.5 million, 30 s against 15 s), while on a torus of 6 rows or more it saves at least
 * three and is 1.5–2.6 times faster (the 3×6 to 3×8 tori closed, peaks alike).
 */
const MIN_SAVING = 3;

/** `rows`: row-major; `interleaved`: 0, R − 1, 1, R − 2, …. */
export type RowOrder = "rows" | "interleaved";

/** The rows of a board interleaved from both ends: 0, R − 1, 1, R − 2, …. */
export function interleavedRows(rows: number): Int32Array {
  const order = new Int32Array(rows);
  for (let p = 0, lo = 0, hi = rows - 1; p < rows; p++) order[p] = p % 2 === 0 ? lo++ : hi--;
  return order;
}

/**
 * The board's move graph in the sweep's order: interleaved when that saves MIN_SAVING cells of
 * window, else row-major; or the order asked for (a cross-check: any order gives the same
 * counts).
 */
export function sweepGraph(graph: MoveGraph, forced?: RowOrder): SweepGraph {
  const rows = graph.board.rows;
  if (forced !== undefined) return inRowOrder(graph, forced);
  const plain = inRowOrder(graph, "rows");
  if (rows < 3) return plain;
  const interleaved = inRowOrder(graph, "interleaved");
  return interleaved.window <= plain.window - MIN_SAVING ? interleaved : plain;
}

/** The graph renumbered for a sweep of whole rows, left to right, in the order `rowOrder`. */
export function inRowOrder(graph: MoveGraph, which: RowOrder): SweepGraph {
  const { board } = graph;
  const { cells, cols } = board;
  const rowOrder =
    which === "rows"
      ? Int32Array.from({ length: board.rows }, (_, r) => r)
      : interleavedRows(board.rows);
  const order = new Int32Array(cells);
  for (let p = 0; p < rowOrder.length; p++) {
    for (let c = 0; c < cols; c++) order[p * cols + c] = rowOrder[p]! * cols + c;
  }
  const position = new Int32Array(cells);
  let identity = true;
  for (let p = 0; p < cells; p++) {
    position[order[p]!] = p;
    if (order[p] !== p) identity = false;
  }
  // Row-major order is the graph itself: its arrays are shared, not copied.
  let offsets = graph.offsets;
  let targets = graph.targets;
  if (!identity) {
    offsets = new Int32Array(cells + 1);
    targets = new Int32Array(graph.targets.length);
    for (let p = 0, k = 0; p < cells; p++) {
      offsets[p] = k;
      const u = order[p]!;
      for (let i = graph.offsets[u]!; i < graph.offsets[u + 1]!; i++) {
        targets[k++] = position[graph.targets[i]!]!;
      }
    }
    offsets[cells] = graph.targets.length;
  }
  const hole = new Uint8Array(cells);
  for (const h of board.holes) hole[position[h]!] = 1;
  const byCell = graph.bipartite ? graph.colours : null;
  const colours = byCell === null ? null : Uint8Array.from(order, (u) => byCell[u]!);
  return {
    rowOrder: which,
    board,
    cells,
    cols,
    order,
    position,
    offsets,
    targets,
    hole,
    colours,
    window: reach(offsets, targets, cells),
  };
}

/** The farthest any cell's neighbour lies after it in the numbering (at least 1). */
function reach(offsets: Int32Array, targets: Int32Array, cells: number): number {
  let w = 1;
  for (let u = 0; u < cells; u++) {
    for (let i = offsets[u]!; i < offsets[u + 1]!; i++) w = Math.max(w, targets[i]! - u);
  }
  return w;
}

/** Whether positions a and b are one move apart (scans a's neighbours). */
export function adjacentAt(g: SweepGraph, a: number, b: number): boolean {
  for (let i = g.offsets[a]!; i < g.offsets[a + 1]!; i++) if (g.targets[i] === b) return true;
  return false;
}
