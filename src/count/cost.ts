import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import { longestLeg } from "../core/piece.js";
import { type FreeEstimate, freeEstimate } from "./free-estimate.js";
import { freePlan, pathPlan } from "./free-plan.js";
import { chosenFreeOrder, frontierGeometryRefusal, sweepBoard } from "./frontier-geometry.js";
import { narrowLoopFits } from "./frontier-narrow.js";
import { sweepGraph } from "./frontier-order.js";
import { sweepPlan } from "./frontier-plan.js";
import { wasmSweepAvailable } from "./frontier-wasm.js";

/**
 * How long a count would take, in orders of magnitude, said before it starts: `knight count`
 * and the page's Count ask first above LONG_WORK_SECONDS rather than start blind.
 */

/** Work estimated above this asks first (`--yes` starts it at once). */
export const LONG_WORK_SECONDS = 600;

/**
 * Seconds of one core a frontier sweep takes, from the sweeps measured (docs/counting.md,
 * "Figures"; the runs in bench/records/counting.md): 6×8
 * closed 3 s, 7×8 closed 143 s, 6×40 closed 16 minutes. Each row of width
 * adds a factor of about 40 per cell; open sweeps carry two loose ends as well (7×7 open: tens
 * of GiB and hours by cell 33). The table fills over the first `width` lines, then stays near
 * its peak, where a line costs about five times what the filling ones did on average — an open
 * sweep's about fourteen times, as its layers keep growing past the square (7×7 open about
 * 2,000 CPU s, 7×8 open 7,400–11,100: its peak layer 1.22 billion states against 7×7's 0.39);
 * and a count past 2^64 sweeps once more per prime lane (frontier-lanes.ts).
 */
export function frontierSeconds(board: Board, closed: boolean): number {
  const free = freeWork(board, closed);
  if (free) return free.seconds;
  const share = frontierInWasm(board, closed) ? WASM_SHARE : 1;
  if (board.topology === "torus") return torusSeconds(board, closed) * share;
  const width = Math.min(board.rows, board.cols);
  const length = Math.max(board.rows, board.cols);
  const growth = 40 ** (width - 6) * (closed ? 1 : 30);
  const filling = Math.min(length, width) * width * 0.06;
  const full = Math.max(0, length - width) * width * (closed ? 0.33 : 0.85);
  return (filling + full) * growth * frontierLanes(board, closed) * share;
}

/**
 * The WebAssembly sweep's time over the JavaScript one's on the boards it takes: 0.4–0.8 in
 * process (8×6, 7×6, 10×6 and 20×5 closed, 6×6 and 8×5 open); 0.45 keeps the estimate within
 * the before-work test's factor of the times as typed (6×8 closed 1.65 CPU s, 6×12 3.5 s, 6×40
 * 162 s; bench/records/counting.md).
 */
const WASM_SHARE = 0.45;
/** The peak a sweep may have to run in WebAssembly: its memory is addressed with 32 bits. */
const WASM_MOST_BYTES = 2 * 2 ** 30;

/**
 * Whether the sweep of `board` runs in WebAssembly (frontier-wasm.ts): swept by rows (not in a
 * free order) through a window the narrow loop serves (frontier-narrow.ts: up to 13 slots, the
 * knight's boards up to 6 wide), with a peak that fits the module's memory. On one thread, then:
 * two JavaScript threads would take about as long, with twice the CPU.
 */
export const frontierInWasm = perBoardAndKind(sweepsInWasm);

function sweepsInWasm(board: Board, closed: boolean): boolean {
  if (freeWork(board, closed) || !wasmSweepAvailable()) return false;
  const swept = sweepBoard(board);
  // A window past the sweep's limit has no plan (and is far past the narrow loop's).
  if (frontierGeometryRefusal(swept) !== undefined) return false;
  const plan = sweepPlan(swept, moveGraph(swept), { mode: closed ? "cycle" : "path" });
  return narrowLoopFits(plan) && frontierFootprint(board, closed).memoryBytes <= WASM_MOST_BYTES;
}

/**
 * Wall seconds of a sweep on `threads` threads under a memory ceiling of `maxBytes`. Two
 * threads took 0.56 of one thread's wall time on 6×7 open (6–10% more CPU in all), 0.69 on a
 * count in a free order (5×32 giraffe, a fifth more CPU). A sweep
 * past the ceiling spends about the CPU time estimated but waits on its disk and on the other
 * threads: 8×8 closed on two threads under 11.8 GiB used 7,447 CPU s (the estimate's 6,758 on
 * two threads) yet kept the two cores 74% busy — 84 minutes where 56 were said.
 */
export function frontierWallSeconds(
  board: Board,
  closed: boolean,
  threads: number,
  maxBytes: number,
): number {
  const cpu = frontierSeconds(board, closed);
  // A free order's steps are shorter and its states fewer, so the threads meet more often for
  // less work: two took 0.69 of one thread's wall time on the 5×32 giraffe (the rows' 0.56).
  const spread = frontierInFreeOrder(board, closed) ? 1.4 : 1.1;
  const wall = threads === 1 ? cpu : (cpu * spread) / threads;
  return frontierFootprint(board, closed).memoryBytes > maxBytes ? wall * SPILL_WALL : wall;
}

/** Wall time of a sweep that spills over one that fits (see frontierWallSeconds). */
const SPILL_WALL = 1.35;

/**
 * A torus is swept with its rows interleaved (frontier-order.ts): two fronts of two rows each,
 * so a torus C wide holds about what a plane 2·C wide does. Measured, closed, 3 wide: about 4 s
 * a row of the length once the table is full (3×6 9 s, 3×8 29 s, peak 5 million states);
 * each column more multiplies it by about 40, as on the plane (the 4×6 torus passed 73 million
 * states five cells before its end); open tours about six times the closed.
 */
function torusSeconds(board: Board, closed: boolean): number {
  const width = Math.min(board.rows, board.cols);
  const length = Math.max(board.rows, board.cols);
  const fitted = length * 4 * 40 ** (width - 3) * (closed ? 1 : 6);
  const piloted = rowPilot(board, closed)?.seconds ?? 0;
  return Math.max(fitted, piloted) * frontierLanes(board, closed);
}

/**
 * A torus at least 4 wide swept by rows, priced by the free order's pilot run in the rows' own
 * order (free-estimate.ts): the fit above, made on 3-wide tori, said 13 minutes for the 4×9
 * torus closed, whose row sweep held 740 million states by cell 26 of 36 after 2,640 CPU s
 * (the pilot: about 2.5 hours). Undefined for narrower tori, where the fit holds.
 */
const rowPilot = perBoardAndKind((board, closed): FreeEstimate | undefined => {
  if (Math.min(board.rows, board.cols) < 4) return undefined;
  const swept = sweepBoard(board);
  return estimateInOrder(swept, sweepGraph(moveGraph(swept)).order, closed);
});

/**
 * A count (closed or open) that the frontier sweep runs in a free order of the cells (free-order.ts
 * `chooseFreeOrder`): its CPU seconds and peak layer from a pilot of the count itself and a
 * proxy of its work (free-estimate.ts), since no formula of the board's size fitted both the knight's tori and
 * the giraffe's 5×n within a factor of ten. It runs on threads as the row sweep does.
 */
export function frontierInFreeOrder(board: Board, closed: boolean): boolean {
  return freeWork(board, closed) !== undefined;
}

/**
 * One answer per board and kind: `knight count` asks for the threads, the time, the memory and
 * the checkpoint in turn, and each would otherwise choose the order (every start cell tried),
 * build the sweep's plan or run the pilot again.
 */
function perBoardAndKind<T>(answer: (board: Board, closed: boolean) => T) {
  const answers = new Map<string, T>();
  return (board: Board, closed: boolean): T => {
    const key = `${board.key}:${closed ? "closed" : "open"}`;
    if (!answers.has(key)) answers.set(key, answer(board, closed));
    return answers.get(key) as T;
  };
}

const freeWork = perBoardAndKind((board, closed): FreeEstimate | undefined => {
  if (board.plain || board.vertexCount < 3) return undefined;
  const swept = sweepBoard(board);
  const order = chosenFreeOrder(swept);
  return order && estimateInOrder(swept, order, closed);
});

/** The free order's estimate (free-estimate.ts) of a count of `swept` taking its cells in `order`. */
function estimateInOrder(
  swept: Board,
  order: Int32Array,
  closed: boolean,
): FreeEstimate | undefined {
  const graph = moveGraph(swept);
  const plan = closed ? freePlan(graph, order) : pathPlan(graph, order);
  return plan && freeEstimate(plan, longestLeg(swept.piece) >= 3);
}

/**
 * The bits of a knight's tour count, about h·cells − c, fitted to the counts known. On the
 * plane h and c grow with the width (closed: 3×12 7.5 bits, 5×10 23.7, 6×n 6n − 22, 7×8 35.0,
 * 7×12 65.1, 8×8 43.6; open, directed: 6×6 22.7, 7×7 37.3, 8×8 54.1): a wider board has more
 * tours per cell. Wrapped boards have more again, closed or open (docs/results.md: the 12×5
 * cylinder 74 bits in 60 cells, 9×6 65 in 54; the 3×12 torus 55 bits in 36 cells, 3×8 37 in 24).
 */
function countBits(board: Board, closed: boolean): { perCell: number; bits: number } {
  if (board.topology !== "plane") {
    const perCell = board.topology === "torus" ? 1.5 : 1.25;
    return { perCell, bits: perCell * board.cells };
  }
  const width = Math.min(board.rows, board.cols);
  const perCell = width <= 6 ? 1 - 0.18 * (6 - width) : 1 + 0.075 * (width - 6);
  const offset = 22 + 4 * (width - 6) - (closed ? 0 : 10);
  return { perCell, bits: perCell * board.cells - offset };
}

/**
 * The sweeps a count takes: one modulo 2^64, then a prime lane of 52 bits for each 52 bits of
 * the bound the first sweep proves (frontier.ts `countBound`). The layers' sums pass 2^64 about
 * where the count itself would (6×14 closed, 62 bits: one sweep; 6×15, 68 bits, and 7×12, 65
 * bits: two), and from that cell on the bound grows by the log of the subsets tried at each
 * cell, about 2.3 bits: 6×40 closed, a count of 218 bits, is estimated at eight sweeps.
 */
export function frontierLanes(board: Board, closed: boolean): number {
  const { perCell, bits } = countBits(board, closed);
  if (bits < 63) return 1;
  const overflowCell = board.cells - (bits - 63) / perCell;
  const boundBits = (board.cells - overflowCell) * 2.3;
  return 1 + Math.max(1, Math.ceil(boundBits / 52));
}

/** "about 2 hours", "about 40 minutes", "about 10^14 years" (rounded: these are estimates). */
export function formatDuration(seconds: number): string {
  const units: Array<[string, number]> = [
    ["years", 365.25 * 86400],
    ["days", 86400],
    ["hours", 3600],
    ["minutes", 60],
  ];
  for (const [unit, size] of units) {
    const value = seconds / size;
    if (value >= 1.5) {
      if (value >= 1e4) return `about 10^${Math.floor(Math.log10(value))} ${unit}`;
      return `about ${Math.round(value).toLocaleString("en-US")} ${unit}`;
    }
  }
  return `about ${Math.max(1, Math.round(seconds))} s`;
}

/**
 * What a frontier sweep holds at its largest: its peak layer (states), the bytes of an entry,
 * and the memory it would take with no ceiling (the table of the peak layer at three quarters
 * full, beside the layer it reads). Orders of magnitude from the knight's sweeps measured
 * (bench/records/counting.md): peak layers of about 1.4 million states 6 wide closed, 30 million 7 wide
 * (7×8), 890 million 8 wide (8×8); open, 7 million 6 wide and 390 million 7 wide (7×7, folded),
 * three times that on a longer board (7×8 open: 1.22 billion), whose layers grow on past the
 * square. Each column of width multiplies them by about 25 closed and 60 open.
 */
export interface FrontierFootprint {
  readonly peakStates: number;
  readonly entryBytes: number;
  /** Bytes the sweep would hold at its peak with no ceiling. */
  readonly memoryBytes: number;
}

export function frontierFootprint(board: Board, closed: boolean): FrontierFootprint {
  const free = freeWork(board, closed);
  if (free) {
    // The table beside the peak layer is sized for the next one at 70% load, and ahead for
    // the cells the step opens (free-frontier.ts): about three times the layer in all.
    const layer = free.peakStates * free.entryBytes;
    return { peakStates: free.peakStates, entryBytes: free.entryBytes, memoryBytes: 3 * layer };
  }
  const width = Math.min(board.rows, board.cols);
  const torus = board.topology === "torus";
  // A torus C wide (rows interleaved) peaks near a plane 2·C wide: 5 million states closed
  // 3 wide (3×7, 3×8), 11 million on the 4×5 torus, over 73 million on 4×6; open about five
  // times as many (the 3×5 torus: 3.1 million against 0.68).
  const peakStates = torus
    ? Math.max(5e6 * 25 ** (width - 3) * (closed ? 1 : 5), rowPilot(board, closed)?.peakStates ?? 0)
    : closed
      ? 1.4e6 * 25 ** (width - 6)
      : 7e6 * 60 ** (width - 6) * (Math.max(board.rows, board.cols) > width ? 3 : 1);
  // Two key words and the count's two up to 8 wide; a word more beyond. A torus's window is
  // 5·C − 1 cells: two key words 3 wide, three 4 wide, four 5 and 6 wide.
  const entryBytes = torus ? 8 + 4 * Math.min(4, Math.max(2, width - 1)) : width <= 8 ? 16 : 20;
  const layer = peakStates * entryBytes;
  return { peakStates, entryBytes, memoryBytes: layer / 0.75 + layer };
}

/**
 * The resident memory a sweep of `footprint` on `threads` threads under a ceiling of
 * `maxBytes` shows at its peak: what it needs (`memoryBytes`, capped by the ceiling), the
 * buffer of the layer before kept for the next table while a layer is an eighth of the ceiling
 * or less (frontier-memory.ts `dropLayer`), and each thread's own heap and modules — about
 * PER_THREAD_BYTES — with the boxes threads pass states through (64 MiB). The 7×12 closed count
 * (two threads, peak layer about 33 million states of 16 bytes) showed 2.2 GB resident where
 * `memoryBytes` alone said 1.3 GB.
 */
export function frontierResident(
  footprint: FrontierFootprint,
  threads: number,
  maxBytes: number,
): number {
  const layer = footprint.peakStates * footprint.entryBytes;
  const spare = layer * 8 <= maxBytes ? layer : 0;
  const threadBytes = threads > 1 ? threads * PER_THREAD_BYTES + 2 ** 26 : PER_THREAD_BYTES;
  return Math.round(Math.min(footprint.memoryBytes, maxBytes) + spare + threadBytes);
}

/** A thread's heap and modules beside its tables (Node's isolate, the sweep's code). */
const PER_THREAD_BYTES = 80 * 2 ** 20;

/**
 * Disk a frontier sweep may need under a memory ceiling of `maxBytes`: its spilled runs (when
 * it does not fit: up to twice its peak layer, a state held by more than one run counted once
 * per run) and its checkpoint (up to twice the peak layer while a new one replaces the old).
 */
export function frontierDisk(
  footprint: FrontierFootprint,
  maxBytes: number,
): { readonly spillBytes: number; readonly checkpointBytes: number } {
  const layer = footprint.peakStates * footprint.entryBytes;
  return {
    spillBytes: footprint.memoryBytes > maxBytes ? 2 * layer : 0,
    checkpointBytes: 2 * layer,
  };
}
