export { MAX_RECURSION_DEPTH } from "./backtrack.js";
export {
  type BidirectionalOrder,
  type BidirectionalRun,
  BidirectionalSearch,
  type BidirectionalSides,
} from "./bidirectional.js";
export { construct, constructHalfTurnSymmetric } from "./construct.js";
export { DEFAULT_TIE_BREAK } from "./context.js";
export {
  KnightNetwork,
  NEURAL_DEFAULT_RUNS,
  NEURAL_UPDATES,
  type NetworkOutcome,
  type NeuralOptions,
  type NeuralStats,
  type NeuralUpdate,
  neuralDefaultSweeps,
} from "./neural.js";
export { PathRotator, reversePathSegment } from "./rotate.js";
export { DEFAULT_DFS_NODE_LIMIT } from "./run-dfs.js";
export { type SearchOutcome, type SearchRun, TourSearch } from "./search.js";
export { AUTO_SEARCH_CELLS, solve } from "./solve.js";
export { type RuleSpec, SquirrelWalker, squirrelRules } from "./squirrel.js";
export { type DfsOutcome, type DfsRequest, FixedOrderDfs } from "./stack.js";
export {
  describeReason,
  formatTraceEvent,
  type TraceAction,
  type TraceEvent,
  type TraceListener,
  type TraceReason,
  Tracer,
} from "./trace.js";
export {
  METHODS,
  type Method,
  type SearchLimits,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
  type SolveStats,
  type SolveStatus,
  STEP_TIE_BREAKS,
  type StepTieBreak,
  TIE_BREAKS,
  type TieBreak,
} from "./types.js";
export { traceWalk, WarnsdorffWalker } from "./warnsdorff.js";
