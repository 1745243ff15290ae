import type { Board } from "../core/board.js";
import type { Budget } from "../core/run.js";
import type { StatesAhead } from "./frontier-ahead.js";
import type { FrontierSpill } from "./frontier-layer.js";
import type { RowOrder } from "./frontier-order.js";

/** The frontier sweep's options, results, snapshots and limits (the sweep is in frontier.ts). */

export type FrontierMode = "cycle" | "path";

/**
 * The loop over a layer's states: "fastest" picks the specialised loop where one fits — the
 * WebAssembly sweep (frontier-wasm.ts) for a one-thread row sweep of windows up to 13 slots
 * while its layers fit in memory, else the narrow JavaScript loop (frontier-narrow.ts) —
 * "narrow" the JavaScript loops only, "general" always the loop that serves every layout
 * (frontier-cell.ts). The same transitions whichever runs (a cross-check).
 */
export type FrontierLoop = "fastest" | "narrow" | "general";

export interface FrontierLayerInfo {
  /** Cells swept so far, of `steps`. */
  readonly step: number;
  readonly steps: number;
  /** States in the layer after this cell (entries held: a state spilled in two runs counts twice). */
  readonly states: number;
  /** Bytes the layer holds in memory, and the table that built it (its peak). */
  readonly bytesInMemory: number;
  readonly tableBytes: number;
  /** Whether the table was built in a buffer the sweep already held (the last table's, or the spilled layer's). */
  readonly tableReused: boolean;
  readonly bytesOnDisk: number;
  /** Milliseconds this cell took. */
  readonly ms: number;
  /** Transitions built at this cell. */
  readonly transitions: number;
  /** Lane: 0 counts modulo 2^64, lane i > 0 modulo the i-th prime. */
  readonly lane: number;
  /** Whether the cell ran in WebAssembly (frontier-wasm.ts; FrontierLoop "fastest"). */
  readonly webAssembly?: boolean | undefined;
  /** The states the cells swept so far in this lane (and this process) read. */
  readonly read: number;
  /** The states the cells still to come will read, predicted (frontier-ahead.ts). */
  readonly ahead: StatesAhead;
}

export interface FrontierOptions {
  /** "cycle": Hamiltonian cycles; "path": Hamiltonian paths (undirected, counted once). */
  readonly mode: FrontierMode;
  /** Cells that must be ends of the path (path mode): their degree is capped at 1. At most 2. */
  readonly ends?: readonly number[] | undefined;
  /**
   * Fold each state with its mirror image at the end of every row (default true; off when
   * `ends` are given): the board's left–right reflection maps the rows still to come onto
   * themselves, so a state and its mirror have the same number of completions and one entry
   * can carry both counts. The layers, and the work, come out about half as large. Off, the
   * sweep is the plain one (a cross-check: the counts agree).
   */
  readonly fold?: boolean | undefined;
  /**
   * The run's budget, checked between cells (the sweep has no search nodes: its node limit
   * counts only what nested runs spent); a stop throws FrontierStop.
   */
  readonly budget?: Budget | undefined;
  /**
   * Memory ceiling for the layer and the table together (default DEFAULT_MAX_BYTES). Past it
   * the sweep spills to `spill`, or throws a MemoryLimitError when there is none.
   */
  readonly maxBytes?: number | undefined;
  /** Where layers go when they do not fit in memory (see frontier-layer.ts). */
  readonly spill?: FrontierSpill | undefined;
  /** Called after every cell with the number of states in the table. */
  readonly onStep?: ((step: number, steps: number, states: number) => void) | undefined;
  /** Called after every cell with its figures. */
  readonly onLayer?: ((info: FrontierLayerInfo) => void) | undefined;
  /**
   * Called between cells with the whole layer, at most once per `snapshotEveryMs` (default
   * 60 s): save it, and a later run can `resume` from it instead of starting over. The
   * snapshot's `chunks` must be read before the call returns.
   */
  readonly onSnapshot?: ((snapshot: FrontierSnapshot) => void) | undefined;
  readonly snapshotEveryMs?: number | undefined;
  /**
   * The order of the rows (frontier-order.ts); by default the one with the smaller window.
   * Forced, a cross-check: the states differ, the counts do not.
   */
  readonly order?: RowOrder | undefined;
  /** The loop over states (default "fastest"); see FrontierLoop. */
  readonly loop?: FrontierLoop | undefined;
  /** A snapshot taken by an earlier run of the same sweep (same board, mode and ends). */
  readonly resume?: FrontierSnapshot | undefined;
  /**
   * Called when the sweep has let go of a large buffer (a layer read or spilled, a table
   * outgrown) and before it allocates the next: the memory ceiling counts only the buffers the
   * sweep holds, so a caller that can force a garbage collection (`node --expose-gc`) keeps
   * the resident memory at the ceiling instead of above it.
   */
  readonly onRelease?: (() => void) | undefined;
}

/** The sweep's whole state after `step` cells of one lane. */
export interface FrontierSnapshot {
  /** Identifies the sweep: rows, cols, mode and required ends. */
  readonly sweep: string;
  readonly step: number;
  /** 32-bit words per entry: the key words, then the count's low and high words. */
  readonly stride: number;
  /** The lane (0: modulo 2^64) and the residues of the lanes finished before it. */
  readonly lane: number;
  readonly residues: readonly string[];
  readonly states: number;
  /**
   * Lane 0: the cell after which some count passed 2^64 (-1: none yet) and the total of the
   * last layer read before it (see the bound in frontier.ts).
   */
  readonly wrappedAt: number;
  readonly exactTotal: number;
  /**
   * Output states per input state at each cell so far, which size the next tables (a resumed
   * sweep without them sizes its first table for six times the layer: 8.8 GiB where 3 GiB
   * would do, on 7×7 open after cell 30). Optional: older snapshots lack them.
   */
  readonly growth?: readonly number[] | undefined;
  /** The entries, in chunks of whole entries. */
  readonly chunks: () => Iterable<Uint32Array>;
  /**
   * The lane's steps in all: the cells, and one more in a free count of open tours (its apex).
   * Optional: older snapshots lack it.
   */
  readonly steps?: number | undefined;
}

/**
 * The `sweep` identifier of a snapshot: the geometry's key (`6x5` for the knight's plain board),
 * and the order of the rows when it is not row-major (`sweepGraph(...).rowOrder`).
 */
export function sweepId(
  board: Board,
  mode: FrontierMode,
  ends: readonly number[],
  order: RowOrder = "rows",
): string {
  // ":k": compact keys, counts modulo 2^64 (older snapshots used other layouts).
  return `${board.key}:${mode}:${ends.join(",")}:k${order === "rows" ? "" : `:${order}`}`;
}

export interface FrontierResult {
  /** Number of undirected Hamiltonian cycles or paths meeting the request. */
  readonly count: bigint;
  /** Largest number of frontier states held at once. */
  readonly peakStates: number;
  /** Total state transitions tried (all lanes). */
  readonly transitions: number;
  /** Sweeps run: 1 when the count stayed below 2^64, else 1 + the prime lanes. */
  readonly lanes: number;
}

/** Widest board (smaller side) the sweep takes for the knight on a plain board (a 25-cell window). */
export const MAX_FRONTIER_SIDE = 12;
/**
 * Widest window the sweep takes, any geometry: a path end names its mate by distance in a 5-bit
 * field, so codes run to SECOND + w − 1 ≤ 31.
 */
export const MAX_FRONTIER_WINDOW = 29;
