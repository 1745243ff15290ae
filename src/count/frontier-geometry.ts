import { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import { chooseFreeOrder } from "./free-order.js";
import { sweepGraph } from "./frontier-order.js";
import { MAX_FRONTIER_SIDE, MAX_FRONTIER_WINDOW } from "./frontier-types.js";

/**
 * The board as the frontier sweep takes it, row by row: a plane or a torus wider than tall is
 * transposed (holes with it; a leaper's moves are the same turned, and a torus wraps both
 * ways), since the window grows with the columns. A cylinder stays as it is: its columns wrap,
 * so its rows are the sweep's direction.
 */
export function sweepBoard(board: Board): Board {
  if (board.topology === "cylinder" || board.cols <= board.rows) return board;
  const { rows, cols } = board;
  return new Board(cols, rows, {
    piece: board.piece,
    topology: board.topology,
    holes: board.holes.map((h) => (h % cols) * rows + Math.floor(h / cols)),
  });
}

/**
 * Why the frontier sweep cannot count tours of this geometry, or undefined when it can. The
 * count dispatcher asks this before choosing the sweep (`auto` then picks another method), and
 * an explicit `--method frontier` is refused with this reason.
 *
 * The sweep takes any piece, holes, cylinders and tori, as long as its window (the farthest a
 * cell's moves reach ahead in the sweep's order, frontier-order.ts) is at most
 * MAX_FRONTIER_WINDOW cells. A torus is swept with its rows interleaved from both ends, so the
 * wrapped moves stay short: a knight's window is 5·C − 1 cells on C ≥ 3 columns (the smaller
 * side), so tori up to 6 wide.
 */
export function frontierGeometryRefusal(board: Board): string | undefined {
  // The knight's plain board keeps its tested limit on the smaller side (the sweep turns the
  // board so the columns are the smaller side).
  if (board.plain) {
    return Math.min(board.rows, board.cols) > MAX_FRONTIER_SIDE
      ? `the frontier method counts boards whose smaller side is at most ${MAX_FRONTIER_SIDE}; got ${board.rows}×${board.cols}`
      : undefined;
  }
  const swept = sweepBoard(board);
  // Refused on its width before a graph is built: a sweep whose moves join rows holds more
  // than a row in its window.
  if (swept.cols > MAX_FRONTIER_WINDOW) {
    return `the frontier sweep takes boards at most ${MAX_FRONTIER_WINDOW} columns wide (a plane turned first), and ${board} is ${swept.cols} wide; count it with the mates or backtrack method`;
  }
  const window = frontierWindow(board);
  if (window > MAX_FRONTIER_WINDOW) {
    return `the frontier sweep of ${board} would need a window of ${window} cells (the farthest a move reaches ahead in the sweep's order); it takes at most ${MAX_FRONTIER_WINDOW}; count it with the mates or backtrack method`;
  }
  return undefined;
}

/**
 * The window the sweep needs on this board (as `sweepBoard` turns it), from its move graph in
 * the sweep's order.
 */
export function frontierWindow(board: Board): number {
  return sweepGraph(moveGraph(sweepBoard(board))).window;
}

/**
 * Whether the sweep counts `board` in a free order of the cells (free-frontier.ts) rather than
 * row by row: the order's choice alone, without the estimate's pilot (frontier.ts
 * `freeCyclePlan` also leaves to the rows what names them: a row order, no fold, a resume).
 */
export function takesFreeOrder(board: Board): boolean {
  return chosenFreeOrder(sweepBoard(board)) !== undefined;
}

/** The free orders of the last boards asked: a count asks for its method, id, plan and cost. */
const freeOrders = new Map<string, Int32Array | null>();

/**
 * The free order chooseFreeOrder takes for `board` as it stands (already turned by
 * sweepBoard), if any; none for the knight's plain boards. Chosen once per board: every start
 * cell is tried.
 */
export function chosenFreeOrder(board: Board): Int32Array | undefined {
  if (board.plain) return undefined;
  let order = freeOrders.get(board.key);
  if (order === undefined) {
    const graph = moveGraph(board);
    order = chooseFreeOrder(board, graph, sweepGraph(graph).order)?.order ?? null;
    if (freeOrders.size >= 16) freeOrders.clear();
    freeOrders.set(board.key, order);
  }
  return order ?? undefined;
}
