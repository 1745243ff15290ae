import type { Board } from "../core/board.js";
import { moveGraph } from "../core/graph.js";
import { freeLanePlan } from "./free-frontier.js";
import { countSweepId, freeCyclePlan, tableEstimate } from "./frontier.js";
import { type StatesAhead, statesAhead } from "./frontier-ahead.js";
import { type CellSweeper, cellSweeper } from "./frontier-cell.js";
import type { FrontierSpill } from "./frontier-layer.js";
import type { TableLoads } from "./frontier-memory.js";
import { sweepPlan } from "./frontier-plan.js";
import { type LaneStart, laneStart } from "./frontier-snapshot.js";
import { type FrontierOptions, type FrontierSnapshot, sweepId } from "./frontier-types.js";

/**
 * What the threads' lane loop (frontier-shard.ts) needs of a sweep, whichever order it takes:
 * row by row (frontier-plan.ts, frontier-cell.ts) or a free order of the cells
 * (free-frontier.ts). Both keep their layers in the same entries (key words, two count words)
 * and the same tables, so the loop, its meetings, snapshots and spill are shared.
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
}

/** The lane plan of a count of `board`: the free order's where frontier.ts takes it, else rows. */
export function lanePlanFor(board: Board, options: FrontierOptions): LanePlan {
  const free = freeCyclePlan(board, options);
  if (free) return freeLanePlan(free, countSweepId(board, options.mode, [], "rows"), board.label);
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
  };
}
