export { BidirectionalSearch } from "./bidirectional.js";
export { construct, constructHalfTurnSymmetric } from "./construct.js";
export { KnightNetwork, NEURAL_UPDATES, type NeuralUpdate, neuralDefaultSweeps } from "./neural.js";
export { PathRotator } from "./rotate.js";
export { TourSearch } from "./search.js";
export { solve } from "./solve.js";
export { SquirrelWalker } from "./squirrel.js";
export { FixedOrderDfs } from "./stack.js";
export { tourCells } from "./tour-cells.js";
export { formatTraceEvent, type TraceEvent } from "./trace.js";
export {
  METHODS,
  type Method,
  type SolveOptions,
  type SolveProgress,
  type SolveResult,
  STEP_TIE_BREAKS,
  type StepTieBreak,
} from "./types.js";
export { WarnsdorffWalker } from "./warnsdorff.js";
