export { Board, parseBoard } from "./board.js";
export {
  checkCellOption,
  fileName,
  formatCell,
  parseCell,
} from "./cells.js";
export {
  ErrorCode,
  InvalidTourError,
  isKnightError,
  KnightError,
  MemoryLimitError,
  OptionError,
} from "./errors.js";
export * from "./format/index.js";
export {
  KNIGHT_MOVES,
  KnightGraph,
  knightGraph,
  knightGraphBytes,
} from "./graph.js";
export { checkMemory, DEFAULT_MAX_BYTES, formatBytes } from "./memory.js";
export { createRandom, type Random } from "./random.js";
export {
  type FinderStats,
  METHODS,
  type Method,
  type SearchProgress,
  type TourResult,
  type TourStatus,
} from "./result.js";
export {
  Budget,
  CHECK_MASK,
  checkLimits,
  type Limits,
  PROGRESS_EVERY_MS,
  type Progress,
  type ProgressReport,
  type RunStatus,
  type StopReason,
} from "./run.js";
export {
  createTour,
  reverseTour,
  rotateClosedTour,
  stepNumbers,
  type Tour,
} from "./tour.js";
export {
  type TourValidation,
  validateTour,
} from "./validate.js";
export { TourChecker } from "./validate-stream.js";
