export {
  type BacktrackPlan,
  backtrackPlan,
  boardSymmetries,
  countSubproblem,
  type PlanOptions,
  planTotal,
  type Subproblem,
} from "./backtrack.js";
export {
  COUNT_METHODS,
  type CountMethod,
  type CountOptions,
  type CountProgress,
  type CountResult,
  type CountStats,
  type CountStatus,
  checkMethod,
  checkNodeLimitMethod,
  count,
  countBudget,
  progressOf,
  resultHeader,
} from "./count.js";
export {
  type EnumerateOptions,
  type EnumerationEnd,
  enumerateTours,
  enumerateWithPauses,
} from "./enumerate.js";
export {
  type FrontierMode,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  FrontierStop,
  frontierCount,
  MAX_FRONTIER_SIDE,
  sweepId,
} from "./frontier.js";
export { type FrontierHooks, type FrontierRun, frontierCountRequest } from "./frontier-request.js";
export { formatCountJson } from "./json.js";
export {
  type MatesConstraints,
  MatesSearch,
  type MatesSearchOptions,
} from "./mates.js";
export { type MatesPlan, type MatesSubproblem, matesPlan, matesTotal } from "./mates-count.js";
export { PathSearch } from "./path-search.js";
export {
  type CountQuery,
  type CountRequest,
  countRequest,
  describeRequest,
} from "./request.js";
