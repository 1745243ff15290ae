import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { Budget } from "../core/run.js";
import type { FreePlan } from "./free-plan.js";
import { FreeStep } from "./free-step.js";
import type { StatesAhead } from "./frontier-ahead.js";
import type { CellSweeper, LayerSink } from "./frontier-cell.js";
import { FrontierStop } from "./frontier-exact.js";
import { countBound, lanePrime } from "./frontier-lanes.js";
import {
  type FrontierSpill,
  layerBytesInMemory,
  layerBytesOnDisk,
  layerChunks,
  type MergeState,
} from "./frontier-layer.js";
import { EMPTY_LAYER, releaseLayer, SweepMemory, type TableLoads } from "./frontier-memory.js";
import type { LanePlan } from "./frontier-shard-plan.js";
import { type LaneStart, laneSnapshot } from "./frontier-snapshot.js";
import type { FrontierOptions, FrontierSnapshot } from "./frontier-types.js";
import { WORD } from "./layer-table.js";

/**
 * The frontier count of Hamiltonian cycles in any order of the cells (free-order.ts), for graphs
 * whose row-by-row sweep (frontier.ts) would carry a wide window of idle cells: the giraffe's
 * closed tours on 5×n. The idea is the same — every edge is decided when its later end is taken,
 * and a state records what the cells still open (taken, with a neighbour to come) have so far:
 * no edge, two edges, or one edge and where the other end of its path is — but the open cells
 * are named by their place in the list of open cells at that step, not by a window over the
 * order, so the key is as short as the frontier is narrow. Each undirected cycle is built along
 * one sequence of choices and counted once.
 *
 * A state's key: for open cell i (in order of their steps) a field of b bits holding 0 (no
 * edge), 1 (two edges) or 2 + j (one edge; the other end of its path is open cell j), where b
 * fits the largest code; fields do not straddle 32-bit words and leave each word's top bit free
 * (LayerTable's used mark). Counts are kept modulo 2^64 or a prime lane (frontier-lanes.ts), as
 * in the row sweep, with the same bound when a sum passes 2^64. The layers in memory or, past the
 * memory ceiling with a spill store, on disk (frontier-memory.ts, as the row sweep). This file's
 * lane runs on one thread; on several, frontier-shard.ts runs the same steps (`freeLanePlan`).
 */

/** What one lane of the count returns (frontier.ts `LaneRun`). */
export interface FreeLaneRun {
  readonly residue: bigint;
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
}

/** States between two checks of the budget inside a step. */
const CHECK_EVERY = 1 << 16;

/** Nothing is stored at the last step (it adds up the cycles it closes): its sink. */
const NO_SINK: LayerSink = { queue: () => {}, queuePair: () => {} };

/**
 * The steps of a count in `plan`'s order as a CellSweeper, the row sweep's interface
 * (frontier-cell.ts), so that the lane loops — this file's and the threads' in
 * frontier-shard.ts — drive either. The budget is checked inside a step as well: a step of the
 * free order can take minutes.
 */
export function freeCellSweeper(
  plan: FreePlan,
  prime: number,
  spill: FrontierSpill | undefined,
  budget?: Budget | undefined,
): CellSweeper {
  const step = new FreeStep(plan);
  const { kw } = plan;
  const stride = kw + 2;
  return {
    sweep(t, layer, table, merge) {
      step.begin(t);
      const before = step.transitions;
      const sink = table ?? NO_SINK;
      let inputs = 0;
      let total = 0;
      for (const chunk of layerChunks(layer, spill, kw, prime, merge)) {
        for (let at = 0; at < chunk.length; at += stride) {
          if ((++inputs & (CHECK_EVERY - 1)) === 0) {
            const stop = budget?.check() ?? null;
            if (stop) throw new FrontierStop(stop);
          }
          total += chunk[at + kw]! + chunk[at + kw + 1]! * WORD;
          step.expand(chunk, at, sink, prime);
        }
      }
      const k = plan.backStart[t + 1]! - plan.backStart[t]!;
      return {
        transitions: step.transitions - before,
        inputStates: inputs,
        total,
        subsets: 1 + k + (k * (k - 1)) / 2,
      };
    },
    accepted: () => ({
      lo: step.accepted[0]!,
      hi: step.accepted[1]!,
      overflow: step.acceptedOverflow,
    }),
  };
}

/**
 * One lane of the count of Hamiltonian cycles of `graph` in `plan`'s order: lane 0 modulo 2^64
 * (with a bound on the count when a sum passed 2^64), lane i ≥ 1 modulo lanePrime(i − 1). The
 * layers live where the row sweep's do (frontier-memory.ts): in memory, or on disk as sorted runs
 * when a table passes the ceiling and `spill` is given, merged as the next step reads them.
 */
export function freeCycleLane(plan: FreePlan, lane: number, options: FreeLaneOptions): FreeLaneRun {
  const prime = lane === 0 ? 0 : lanePrime(lane - 1);
  const { n, kw } = plan;
  const stride = kw + 2;
  const spill = options.spill;
  const cells = freeCellSweeper(plan, prime, spill, options.budget);
  const start = freeLaneStart(plan, options.resume);
  let layer = start.layer;
  const growth = start.growth;
  let peakStates = layer.states;
  let read = 0;
  let transitions = 0;
  let { overflowAt, exactTotal } = start;
  const subsetsAt = new Float64Array(n);
  const memory = new SweepMemory({
    kw,
    stride,
    prime,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    spill,
    onRelease: options.onRelease,
    label: "the free order's count",
    loads: FREE_TABLE_LOADS,
  });
  const merge: MergeState = { overflowed: false };
  /** Whether the layer was handed to onSnapshot (its buffer is then never reused). */
  let lent = false;
  const snapshotEvery = options.snapshotEveryMs ?? 60_000;
  let lastSnapshot = performance.now();

  for (let t = start.firstStep; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    const began = performance.now();
    const last = t === n - 1;
    const opened = memory.openTable(
      layer,
      freeTableSize(plan, t, layer.states, growth),
      t,
      n,
      last,
    );
    layer = opened.layer;
    const swept = cells.sweep(t, layer, opened.table, merge);
    subsetsAt[t] = swept.subsets;
    read += swept.inputStates;
    transitions += swept.transitions;
    memory.dropLayer(layer, lent);
    lent = false;
    layer = EMPTY_LAYER;
    if (prime === 0 && overflowAt < 0) {
      if (merge.overflowed) overflowAt = t - 1;
      else exactTotal = swept.total;
    }
    let tableBytes = 0;
    if (opened.table) {
      const taken = memory.takeTable(opened.table, opened.runs, merge);
      tableBytes = taken.tableBytes;
      if (prime === 0 && overflowAt < 0 && taken.overflowed) overflowAt = t;
      layer = taken.layer;
      growth[t] = swept.inputStates > 0 ? layer.states / swept.inputStates : 0;
    }
    peakStates = Math.max(peakStates, layer.states);
    options.onStep?.(t + 1, n, layer.states);
    options.onLayer?.({
      step: t + 1,
      steps: n,
      states: layer.states,
      bytesInMemory: layerBytesInMemory(layer),
      tableBytes,
      tableReused: opened.tableReused,
      bytesOnDisk: layerBytesOnDisk(layer, stride),
      read,
      ahead: NOTHING_AHEAD,
      ms: performance.now() - began,
      transitions: swept.transitions,
      lane,
    });
    if (options.onSnapshot && !last && performance.now() - lastSnapshot >= snapshotEvery) {
      lent = true;
      const at = {
        step: t + 1,
        lane,
        residues: options.residues ?? [],
        overflowAt,
        exactTotal,
        growth,
      };
      options.onSnapshot(
        laneSnapshot({ n, kw, stride }, options.sweep ?? "", layer, at, spill, prime),
      );
      lastSnapshot = performance.now();
    }
  }
  releaseLayer(layer, spill);
  const accepted = cells.accepted();
  if (prime === 0 && accepted.overflow && overflowAt < 0) overflowAt = n - 1;
  const residue = BigInt(accepted.hi) * BigInt(WORD) + BigInt(accepted.lo);
  const bound = prime === 0 && overflowAt >= 0 ? countBound(exactTotal, overflowAt, subsetsAt) : 0n;
  return { residue, bound, peakStates, transitions };
}

/**
 * The free order's tables are sized for 0.6 and grow or spill at 0.7 (the row sweep's: 0.75 and
 * 0.86, frontier-memory.ts): at the row sweep's loads one step of the 5×5 torus's open tours
 * probed for over half an hour, against 58 s at these.
 */
export const FREE_TABLE_LOADS: TableLoads = { target: 0.6, max: 0.7 };

/** The free order predicts no states ahead (the estimate's pilot does, before the count). */
const NOTHING_AHEAD: StatesAhead = { states: 0, filling: true };

/**
 * States to size step t's table for: the last step's growth or two states per cell the step
 * opens, whichever is more. A table that grows moves every entry again (LayerTable.grow: about
 * 2.5 µs an entry of four words), and the giraffe's steps that open a cell grew past the last
 * one's estimate.
 */
function freeTableSize(plan: FreePlan, t: number, states: number, growth: Float64Array): number {
  const opened = plan.inSize[t + 1]! - plan.inSize[t]!;
  const last = t > 0 ? growth[t - 1]! : 2;
  return states * Math.max(last, 2 ** opened) * 1.2 + 16;
}

/**
 * A lane of a free count as the threads' loop reads it (frontier-shard.ts `LanePlan`): the
 * plan's size, its sweeper, table sizes and start, under the sweep id `sweep`.
 */
export function freeLanePlan(plan: FreePlan, sweep: string, label: string): LanePlan {
  const stride = plan.kw + 2;
  return {
    n: plan.n,
    kw: plan.kw,
    stride,
    label,
    sweep,
    sweeper: (prime, spill) => freeCellSweeper(plan, prime, spill),
    tableSize: (growth, states, t) => freeTableSize(plan, t, states, growth),
    ahead: () => NOTHING_AHEAD,
    start: (resume) => freeLaneStart(plan, resume),
    loads: FREE_TABLE_LOADS,
  };
}

/**
 * What a lane takes beside the plan: the count's hooks and limits, and for snapshots the
 * sweep's id and the residues of the lanes before this one (frontier.ts sets them).
 */
export type FreeLaneOptions = Pick<
  FrontierOptions,
  | "budget"
  | "maxBytes"
  | "spill"
  | "onRelease"
  | "onLayer"
  | "onStep"
  | "onSnapshot"
  | "snapshotEveryMs"
  | "resume"
> & {
  readonly sweep?: string | undefined;
  readonly residues?: readonly bigint[] | undefined;
};

/**
 * Where a lane starts: the empty frontier with a count of one, or a snapshot's entries read as
 * a stream (a cycle closes only at the last cell, so nothing else of the count is left behind).
 */
function freeLaneStart(plan: FreePlan, resume: FrontierSnapshot | undefined): LaneStart {
  const stride = plan.kw + 2;
  const growth = new Float64Array(plan.n);
  if (!resume) {
    const empty = new Uint32Array(stride);
    empty[plan.kw] = 1;
    return {
      layer: { states: 1, memory: empty },
      firstStep: 0,
      overflowAt: -1,
      exactTotal: 1,
      growth,
    };
  }
  if (resume.stride !== stride || resume.step >= plan.n) {
    throw new Error(
      `frontier snapshot ${resume.sweep} (${resume.stride} words an entry, after cell ${resume.step}) does not fit this count (${stride} words, ${plan.n} cells)`,
    );
  }
  resume.growth?.forEach((ratio, t) => {
    if (t < plan.n) growth[t] = ratio;
  });
  return {
    layer: { states: resume.states, stream: resume.chunks },
    firstStep: resume.step,
    overflowAt: resume.wrappedAt,
    exactTotal: resume.exactTotal,
    growth,
  };
}

export { type FreePlan, freePlan } from "./free-plan.js";
