export { BidirectionalSearch } from "./bidirectional.js";
export { construct, constructHalfTurnSymmetric } from "./construct.js";

export {
  KnightNetwork,
  NEURAL_UPDATES,
  type NeuralUpdate,
  neuralDefaultSweeps,
} from "./neural.js";
export { PathRotator, reversePathSegment } from "./rotate.js";

export { TourSearch } from "./search.js";
export { solve } from "./solve.js";
export { SquirrelWalker } from "./squirrel.js";
export { FixedOrderDfs } from "./stack.js";
export {
  type CellChunk,
  type CellReader,
  type TourCells,
  type TourCellsOptions,
  tourCells,
} from "./tour-cells.js";
export {
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
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
  STEP_TIE_BREAKS,
  type StepTieBreak,
  TIE_BREAKS,
  type TieBreak,
} from "./types.js";
export { traceWalk, WarnsdorffWalker } from "./warnsdorff.js";
export { GraphWalker } from "./warnsdorff-graph.js";
