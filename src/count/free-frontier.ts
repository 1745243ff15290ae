import type { Budget } from "../core/run.js";
import type { FreePlan } from "./free-plan.js";
import { FreeStep } from "./free-step.js";
import type { StatesAhead } from "./frontier-ahead.js";
import type { CellSweeper, LayerSink } from "./frontier-cell.js";
import { FrontierStop } from "./frontier-exact.js";
import { type LaneOptions, type LanePlan, type LaneRun, runLane } from "./frontier-lane.js";
import { type FrontierSpill, layerChunks } from "./frontier-layer.js";
import type { TableLoads } from "./frontier-memory.js";
import { laneStart } from "./frontier-snapshot.js";
import type { FrontierSnapshot } from "./frontier-types.js";
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
 * One lane of the count of Hamiltonian cycles in `plan`'s order on this thread: frontier-lane.ts
 * `runLane` on the free order's lane plan — lane 0 modulo 2^64 (with a bound when a sum passed
 * 2^64), lane i ≥ 1 modulo lanePrime(i − 1); the layers in memory or spilled as the row sweep's.
 */
export function freeCycleLane(plan: FreePlan, lane: number, options: FreeLaneOptions): LaneRun {
  const lanePlan = freeLanePlan(
    plan,
    options.sweep ?? "",
    "the free order's count",
    options.budget,
  );
  return runLane(lanePlan, lane, options, options.residues ?? [], options.resume);
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
 * A lane of a free count as the lane loops read it (frontier-lane.ts `LanePlan`): the plan's
 * size, its sweeper, table sizes and start, under the sweep id `sweep`. `budget` is checked
 * inside a step too (a lane on one thread; the threads' thread 0 checks between steps).
 */
export function freeLanePlan(
  plan: FreePlan,
  sweep: string,
  label: string,
  budget?: Budget | undefined,
): LanePlan {
  const stride = plan.kw + 2;
  return {
    n: plan.n,
    kw: plan.kw,
    stride,
    label,
    sweep,
    sweeper: (prime, spill) => freeCellSweeper(plan, prime, spill, budget),
    tableSize: (growth, states, t) => freeTableSize(plan, t, states, growth),
    ahead: () => NOTHING_AHEAD,
    start: (resume) => laneStart({ n: plan.n, kw: plan.kw, stride }, sweep, resume),
    loads: FREE_TABLE_LOADS,
  };
}

/**
 * What a lane takes beside the plan: the count's hooks and limits, the snapshot to resume from,
 * and for snapshots the sweep's id and the residues of the lanes before this one (frontier.ts
 * sets them).
 */
export type FreeLaneOptions = LaneOptions & {
  readonly resume?: FrontierSnapshot | undefined;
  readonly sweep?: string | undefined;
  readonly residues?: readonly bigint[] | undefined;
};

export { type FreePlan, freePlan } from "./free-plan.js";
