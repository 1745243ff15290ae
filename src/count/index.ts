export { countFersWazir, fersWazirImpossible } from "./alternating.js";
export { fersWazirTour } from "./alternating-tour.js";
export {
  backtrackPlan,
  boardSymmetries,
  countSubproblem,
} from "./backtrack.js";
export {
  COUNT_METHODS,
  type CountMethod,
  type CountOptions,
  type CountProgress,
  type CountResult,
  type CountStatus,
  checkNodeLimitMethod,
  count,
  countBudget,
  countSteps,
  progressOf,
  resultHeader,
} from "./count.js";
export {
  type CountPlan,
  type CountUnit,
  countMethod,
  planCount,
  UnitCounter,
} from "./dispatch.js";
export {
  type EnumerateOptions,
  enumerateTours,
  enumerateWithPauses,
} from "./enumerate.js";
export {
  type FrontierLayerInfo,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  frontierCount,
  frontierCountBoard,
  frontierLane,
  MAX_FRONTIER_SIDE,
} from "./frontier.js";
export { frontierCountExact } from "./frontier-exact.js";
export type { FrontierSpill } from "./frontier-layer.js";
export { sweepPlan } from "./frontier-plan.js";
export { frontierCountRequest } from "./frontier-request.js";
export {
  describeError,
  frontierCountShard,
  type ShardSnapshotSink,
  ShardStopped,
} from "./frontier-shard.js";
export { ShardAborted, type ShardShared, ShardSync, shardShared } from "./frontier-shard-sync.js";
export {
  combineLaneAnswers,
  FIRST_LANES,
  type LaneAnswer,
  LaneMismatch,
  laneModulus,
  laneSweeps,
  lanesWanted,
  laneTotal,
  storedBound,
} from "./frontier-split.js";
export { MatesSearch } from "./mates.js";
export { matesPlan } from "./mates-count.js";
export { PathSearch } from "./path-search.js";
export {
  type CountRequest,
  countRequest,
  describeRequest,
} from "./request.js";
