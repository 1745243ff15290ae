import { type FrontierSpill, type Layer, layerChunks } from "./frontier-layer.js";
import type { SweepPlan } from "./frontier-plan.js";
import type { FrontierSnapshot } from "./frontier-types.js";

/**
 * Where a lane of the sweep starts, and the snapshot it hands out between cells: the layer after
 * `step` cells with what the rest of the lane needs to go on from it (FrontierOptions.onSnapshot
 * and `resume`).
 */

export interface LaneStart {
  readonly layer: Layer;
  /** The first cell to sweep. */
  readonly firstStep: number;
  /** Lane 0: the cell after which a count passed 2^64 (-1: none), and the last exact total. */
  readonly overflowAt: number;
  readonly exactTotal: number;
  /** Output states per input state, per cell (sizes the next tables; the snapshot's so far). */
  readonly growth: Float64Array;
}

/** The empty frontier (all GONE, count 1), or the layer of `resume` (checked against `sweep`). */
export function laneStart(
  plan: Pick<SweepPlan, "n" | "kw" | "stride">,
  sweep: string,
  resume: FrontierSnapshot | undefined,
): LaneStart {
  const { n, kw, stride } = plan;
  const growth = new Float64Array(n);
  if (!resume) {
    const start = new Uint32Array(stride);
    start[kw - 1] = 0x80000000;
    start[kw] = 1;
    return {
      layer: { states: 1, memory: start },
      firstStep: 0,
      overflowAt: -1,
      exactTotal: 0,
      growth,
    };
  }
  if (resume.stride !== stride || resume.step > n) {
    throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
  }
  resume.growth?.forEach((ratio, cell) => {
    if (cell < n) growth[cell] = ratio;
  });
  return {
    layer: { states: resume.states, stream: resume.chunks },
    firstStep: resume.step,
    overflowAt: resume.wrappedAt,
    exactTotal: resume.exactTotal,
    growth,
  };
}

/** Where a lane stands after `step` cells (LaneStart's figures, as the sweep has them now). */
export interface LaneProgress {
  readonly step: number;
  readonly lane: number;
  readonly residues: readonly bigint[];
  readonly overflowAt: number;
  readonly exactTotal: number;
  readonly growth: Float64Array;
}

/** The snapshot of `layer` (lent to the caller: its buffer must not be reused after). */
export function laneSnapshot(
  plan: Pick<SweepPlan, "n" | "kw" | "stride">,
  sweep: string,
  layer: Layer,
  at: LaneProgress,
  spill: FrontierSpill | undefined,
  prime: number,
): FrontierSnapshot {
  return {
    sweep,
    step: at.step,
    stride: plan.stride,
    lane: at.lane,
    residues: at.residues.map(String),
    states: layer.states,
    wrappedAt: at.overflowAt,
    exactTotal: at.exactTotal,
    growth: Array.from(at.growth.subarray(0, at.step)),
    chunks: () => layerChunks(layer, spill, plan.kw, prime, { overflowed: false }),
    steps: plan.n,
  };
}
