export { Board, type BoardOptions, type GeometryOptions, parseBoard } from "./board.js";
export {
  checkCellOption,
  fileName,
  formatCell,
  parseCell,
} from "./cells.js";
export {
  RECTANGLE_TRANSFORMS,
  TRANSFORM_NAMES,
  type TransformName,
  transformRowCol,
} from "./dihedral.js";
export {
  CellError,
  ErrorCode,
  InvalidTourError,
  isKnightError,
  KnightError,
  MemoryLimitError,
  OptionError,
  TourParseError,
} from "./errors.js";
export { formatAlgebraic, parseAlgebraic } from "./format/algebraic.js";
export {
  binaryCellBytes,
  binaryTourBytes,
  decodeBinaryCells,
  formatBinaryTour,
  isBinaryTour,
  parseBinaryHeader,
  parseBinaryTour,
} from "./format/binary.js";
export {
  CELL_STREAM_FORMATS,
  type CellSource,
  type CellStreamFormat,
  cellSourceChunks,
} from "./format/cell-stream.js";
export { type StreamFormat, tourChunks } from "./format/chunks.js";
export { formatGrid, parseGrid } from "./format/grid.js";
export {
  formatTourJson,
  geometryToJsonObject,
  parseTourJson,
  type TourJson,
  tourToJsonObject,
} from "./format/json.js";
export { jsonErrorOffset } from "./format/json-locate.js";
export { lineAndColumn } from "./format/text-position.js";
export {
  checkTourTextSize,
  detectTourFormat,
  formatTour,
  parseTour,
  TOUR_FORMATS,
  type TourFormat,
  tourLines,
} from "./format/tour-text.js";
export {
  KNIGHT_MOVES,
  KnightGraph,
  knightGraph,
  knightGraphBytes,
  MoveGraph,
  moveGraph,
} from "./graph.js";
export { checkMemory, DEFAULT_MAX_BYTES, formatBytes } from "./memory.js";
export { fileProblem, fileRefusal, pathKind } from "./path-kind.js";
export {
  createPiece,
  isKnight,
  type Leap,
  longestLeg,
  NAMED_LEAPS,
  type Piece,
  parsePiece,
  pieceMoves,
} from "./piece.js";
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
  applySymmetry,
  type GeometrySymmetry,
  geometrySymmetries,
  symmetryPermutation,
} from "./symmetries.js";
export { parseTopology, TOPOLOGIES, type Topology, wrapsColumns, wrapsRows } from "./topology.js";
export {
  createTour,
  reverseTour,
  rotateClosedTour,
  stepNumbers,
  type Tour,
} from "./tour.js";
export {
  moveName,
  type TourValidation,
  validateTour,
} from "./validate.js";
export { TourChecker } from "./validate-stream.js";
