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
export { checkLimits, type SharedLimits } from "./limits.js";
export { checkMemory, DEFAULT_MAX_BYTES, formatBytes } from "./memory.js";
export { createRandom, type Random } from "./random.js";
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
