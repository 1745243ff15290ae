export { Board, type BoardOptions, MIN_BYTES_PER_CELL, parseBoard } from "./board.js";
export {
  type CellNotation,
  checkCellOption,
  fileIndex,
  fileName,
  formatCell,
  formatRowCol,
  parseCell,
} from "./cells.js";
export {
  BoardSizeError,
  CellError,
  ErrorCode,
  InvalidTourError,
  isKnightError,
  KnightError,
  MemoryLimitError,
  OptionError,
  TourParseError,
} from "./errors.js";
export * from "./format/index.js";
export {
  KNIGHT_MOVES,
  KnightGraph,
  type KnightGraphOptions,
  knightEdgeCount,
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
  type CountCaps,
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
  endsMeet,
  reverseTour,
  rotateClosedTour,
  stepNumbers,
  type Tour,
} from "./tour.js";
export {
  type PathLike,
  type TourFault,
  type TourValidation,
  type ValidateOptions,
  validateTour,
} from "./validate.js";
