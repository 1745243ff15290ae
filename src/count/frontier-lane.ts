import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import { type StatesAhead, statesAhead } from "./frontier-ahead.js";
import { type CellSweeper, type CellSwept, cellSweeper } from "./frontier-cell.js";
import { FrontierStop } from "./frontier-exact.js";
import { countBound, lanePrime } from "./frontier-lanes.js";
import {
  type FrontierSpill,
  type Layer,
  layerBytesInMemory,
  layerBytesOnDisk,
  type MergeState,
} from "./frontier-layer.js";
import { EMPTY_LAYER, releaseLayer, SweepMemory, type TableLoads } from "./frontier-memory.js";
import { sweepPlan } from "./frontier-plan.js";
import { type LaneStart, laneSnapshot, laneStart } from "./frontier-snapshot.js";
import { type FrontierOptions, type FrontierSnapshot, sweepId } from "./frontier-types.js";
import { type WasmSweep, wasmSweep } from "./frontier-wasm.js";
import { WORD } from "./layer-table.js";

/**
 * One lane of a frontier count, whichever order it sweeps the cells in: row by row
 * (frontier-plan.ts, frontier-cell.ts) or a free order (free-frontier.ts). Both keep their layers
 * in the same entries (key words, two count words) and tables, so one loop serves both, on one
 * thread (`runLane`) and on several (frontier-shard.ts, with its meetings).
 */
export interface LanePlan {
  /** Steps of a lane (cells swept; one more in a free count of open tours). */
  readonly n: number;
  readonly kw: number;
  readonly stride: number;
  /** The board, for errors. */
  readonly label: string;
  /** The sweep's id (its snapshots'). */
  readonly sweep: string;
  /** The per-step transitions of a lane modulo `prime` (0: 2^64). */
  sweeper(prime: number, spill: FrontierSpill | undefined): CellSweeper;
  /** States to size step t's table for, from the growth so far. */
  tableSize(growth: Float64Array, states: number, t: number): number;
  /** The states the steps to come will read, predicted (progress only). */
  ahead(growth: Float64Array, states: number, t: number): StatesAhead;
  /** The first layer: the empty frontier, or a snapshot's (checked against `sweep`). */
  start(resume: FrontierSnapshot | undefined): LaneStart;
  /** The tables' loads when not the row sweep's (frontier-memory.ts). */
  readonly loads?: TableLoads | undefined;
  /**
   * The lane in WebAssembly from the layer `first` (frontier-wasm.ts), where the plan has one:
   * the row sweep's narrow plans.
   */
  readonly wasm?: ((prime: number, first: Layer, maxBytes: number) => WasmSweep | null) | undefined;
}

export interface LaneRun {
  readonly residue: bigint;
  /** 0 when the count is exact (no sum passed 2^64), else an upper bound on it. */
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
}

/** The count's hooks and limits a lane reads. */
export type LaneOptions = Pick<
  FrontierOptions,
  | "budget"
  | "maxBytes"
  | "spill"
  | "onRelease"
  | "onLayer"
  | "onStep"
  | "onSnapshot"
  | "snapshotEveryMs"
>;

/** The lane plan of the row sweep of `board` (frontier-plan.ts). */
export function rowLanePlan(board: Board, options: FrontierOptions): LanePlan {
  const plan = sweepPlan(board, moveGraph(board), options);
  const { n, cols } = plan;
  const sweep = sweepId(board, options.mode, options.ends ?? [], plan.graph.rowOrder);
  return {
    n,
    kw: plan.kw,
    stride: plan.stride,
    label: board.label,
    sweep,
    sweeper: (prime, spill) => cellSweeper(plan, prime, spill, options.loop),
    tableSize: (growth, states, t) => tableEstimate(growth, states, t, cols, n),
    ahead: (growth, states, t) => statesAhead(growth, states, t, n, cols),
    start: (resume) => laneStart(plan, sweep, resume),
    wasm:
      (options.loop ?? "fastest") === "fastest"
        ? (prime, first, maxBytes) => wasmSweep(plan, prime, first, maxBytes)
        : undefined,
  };
}

/**
 * One lane on this thread: every step in turn reads the layer before it and builds the next
 * (`plan.sweeper`), in memory or spilled (frontier-memory.ts), with progress reports and
 * snapshots between steps (frontier-snapshot.ts). Lane 0 counts modulo 2^64 (with a bound when
 * a sum passed 2^64), lane i ≥ 1 modulo lanePrime(i − 1); `residues` are the lanes before it
 * (kept in snapshots).
 */
export function runLane(
  plan: LanePlan,
  lane: number,
  options: LaneOptions,
  residues: readonly bigint[],
  resume: FrontierSnapshot | undefined,
): LaneRun {
  const prime = lane === 0 ? 0 : lanePrime(lane - 1);
  const { n, stride } = plan;
  const spill = options.spill;
  const start = plan.start(resume);
  const growth = start.growth;
  // Exactness: the first step at which a sum passed 2^64, and the float total of the last layer
  // whose counts were all exact.
  let { layer, overflowAt, exactTotal } = start;
  const cells = plan.sweeper(prime, spill);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const memory = new SweepMemory({
    kw: plan.kw,
    stride,
    prime,
    maxBytes,
    spill,
    onRelease: options.onRelease,
    label: plan.label,
    loads: plan.loads,
  });
  const merge: MergeState = { overflowed: false };
  const subsetsAt = new Float64Array(n);
  let peakStates = layer.states;
  let totalTransitions = 0;
  let read = 0;
  /** Whether the layer was handed to onSnapshot (its buffer is then never reused). */
  let lent = false;
  const snapshotEvery = options.snapshotEveryMs ?? 60_000;
  let lastSnapshot = performance.now();

  /** Cell t in JavaScript: the layer read, the next one built in a table (frontier-memory.ts). */
  const jsStep = (t: number): StepDone & { layer: Layer } => {
    const opened = memory.openTable(
      layer,
      plan.tableSize(growth, layer.states, t),
      t,
      n,
      t === n - 1,
    );
    const swept = cells.sweep(t, opened.layer, opened.table, merge);
    memory.dropLayer(opened.layer, lent);
    lent = false;
    let next = EMPTY_LAYER;
    let tableBytes = 0;
    let overflowed = false;
    if (opened.table) {
      const taken = memory.takeTable(opened.table, opened.runs, merge);
      tableBytes = taken.tableBytes;
      overflowed = taken.overflowed;
      next = taken.layer;
    }
    return { swept, layer: next, tableBytes, tableReused: opened.tableReused, overflowed };
  };

  // The cells go to WebAssembly while it can hold the layers (frontier-wasm.ts); the first cell
  // it cannot take, and every cell after, run here.
  let fast = layer.runs ? null : (plan.wasm?.(prime, layer, maxBytes) ?? null);
  for (let t = start.firstStep; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    const began = performance.now();
    let step: StepDone | null = fast && fastStep(fast, t, plan.tableSize(growth, fast.states, t));
    if (fast && !step) {
      layer = fast.layer();
      fast = null;
      // The module's memory (up to 3 GiB) goes with it: a caller that can collect it does now.
      options.onRelease?.();
    }
    if (!step) {
      const done = jsStep(t);
      layer = done.layer;
      step = done;
    }
    const { swept, tableBytes } = step;
    const states = fast ? fast.states : layer.states;
    subsetsAt[t] = swept.subsets;
    read += swept.inputStates;
    if (prime === 0 && overflowAt < 0) {
      if (merge.overflowed) overflowAt = t - 1;
      else exactTotal = swept.total;
    }
    totalTransitions += swept.transitions;
    if (t < n - 1) growth[t] = swept.inputStates > 0 ? states / swept.inputStates : 0;
    if (prime === 0 && overflowAt < 0 && step.overflowed) overflowAt = t;
    if (prime === 0 && overflowAt < 0 && (fast ?? cells).accepted().overflow) overflowAt = t;
    peakStates = Math.max(peakStates, states);
    options.onStep?.(t + 1, n, states);
    options.onLayer?.({
      step: t + 1,
      steps: n,
      states,
      bytesInMemory: fast ? fast.memoryBytes : layerBytesInMemory(layer),
      tableBytes,
      tableReused: step.tableReused,
      bytesOnDisk: fast ? 0 : layerBytesOnDisk(layer, stride),
      read,
      ahead: plan.ahead(growth, states, t),
      ms: performance.now() - began,
      transitions: swept.transitions,
      lane,
      webAssembly: fast !== null,
    });
    if (options.onSnapshot && t + 1 < n && performance.now() - lastSnapshot >= snapshotEvery) {
      if (fast) layer = fast.layer();
      else lent = true;
      const at = { step: t + 1, lane, residues, overflowAt, exactTotal, growth };
      options.onSnapshot(laneSnapshot(plan, plan.sweep, layer, at, spill, prime));
      lastSnapshot = performance.now();
    }
  }
  releaseLayer(layer, spill);

  const accepted = (fast ?? cells).accepted();
  const residue = BigInt(accepted.hi) * BigInt(WORD) + BigInt(accepted.lo);
  const bound = prime === 0 && overflowAt >= 0 ? countBound(exactTotal, overflowAt, subsetsAt) : 0n;
  return { residue, bound, peakStates, transitions: totalTransitions };
}

/** What sweeping one cell did, in JavaScript or WebAssembly. */
interface StepDone {
  readonly swept: CellSwept;
  readonly tableBytes: number;
  readonly tableReused: boolean;
  /** Whether a sum in the table passed 2^64. */
  readonly overflowed: boolean;
}

/** Cell t in WebAssembly; null when its table would not fit (the layer is kept). */
function fastStep(fast: WasmSweep, t: number, hint: number): StepDone | null {
  const swept = fast.cell(t, hint);
  if (!swept) return null;
  const overflowed = fast.overflowed;
  return { swept, tableBytes: fast.tableBytes, tableReused: false, overflowed };
}

/**
 * Entries to size cell t's table for: the layer times the growth one row earlier (same column).
 * In the last row nothing is left below, and the frontier empties whatever the row before did
 * (its layers shrink, or grow a few percent at most: 4% measured on the 5×6 cylinder's open
 * tours). There the growth a row earlier can be far too high: on a torus, whose rows are swept
 * interleaved, the row before grows most just there, and the 4×5 torus's tables were 11 to 60
 * times their layers (790 MiB for 3 million states). A table that fills grows, so little is
 * risked by starting it at the layer's size.
 */
export function tableEstimate(
  growth: Float64Array,
  states: number,
  t: number,
  cols: number,
  n: number,
): number {
  let ratio = growth[t - cols] || growth[t - 1] || 4;
  if (t >= n - cols) ratio = Math.min(ratio, 1.1);
  return states * ratio * (growth[t - cols] ? 1.1 : 1.5) + 64;
}
