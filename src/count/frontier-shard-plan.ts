import type { Board } from "../core/board.js";
import { freeLanePlan } from "./free-frontier.js";
import { countSweepId, freeCyclePlan } from "./frontier.js";
import { type LanePlan, rowLanePlan } from "./frontier-lane.js";
import type { FrontierOptions } from "./frontier-types.js";

export type { LanePlan } from "./frontier-lane.js";

/** The lane plan of a count of `board`: the free order's where frontier.ts takes it, else rows. */
export function lanePlanFor(board: Board, options: FrontierOptions): LanePlan {
  const free = freeCyclePlan(board, options);
  if (!free) return rowLanePlan(board, options);
  return freeLanePlan(free, countSweepId(board, options.mode, [], "rows"), board.label);
}
