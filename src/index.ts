/**
 * knight-tours: find, count, check, study and show knight's tours on any rectangular board.
 * This entry point has no runtime dependencies and no Node-only imports: it runs in browsers.
 *
 * It holds what a user of the library needs, and only that: boards and cells, tours and their
 * formats, the validator, existence, solve, count, enumerate, sample, exact cover, symmetry,
 * statistics, pictures, the play and teach models, the run contract and the errors. The engines
 * behind them (search classes, Dancing Links, counting trees, the quotient search) are in
 * `knight-tours/engines`, for people who build on them; Node-only parts (worker pools,
 * checkpoints, PNG) are in `knight-tours/node`.
 *
 * Conventions — boards, cells (flat indices `r * cols + c`; `a1` or `row,col` in text), tours,
 * directed and undirected counts — are stated once, in the README's Conventions section; the
 * algorithms are explained in docs/guide/.
 *
 * @module knight-tours
 */

// The census: every closed tour of a board visited through independent subproblems, with the
// statistics of each; extremal tours by branch and bound.
export {
  Census,
  type CensusRunOptions,
  type ExtremeResult,
  extremeTours,
  type SplitName,
  type SubproblemResult,
} from "./census/index.js";
// The run contract every long computation takes (node and time limits, signal, progress).
export {
  Board,
  type BoardOptions,
  createPiece,
  createTour,
  ErrorCode,
  formatBinaryTour,
  formatCell,
  formatTour,
  formatTourJson,
  type GeometryOptions,
  type GeometrySymmetry,
  geometrySymmetries,
  isKnightError,
  KnightError,
  KnightGraph,
  knightGraph,
  type Leap,
  type Limits,
  MoveGraph,
  moveGraph,
  NAMED_LEAPS,
  type Piece,
  type Progress,
  parseBinaryTour,
  parseBoard,
  parseCell,
  parsePiece,
  parseTopology,
  parseTour,
  type RunStatus,
  reverseTour,
  type StopReason,
  stepNumbers,
  type Topology,
  type Tour,
  type TourFormat,
  type TourJson,
  type TourStatus,
  type TourValidation,
  tourLines,
  validateTour,
} from "./core/index.js";
// Boards, cells, the knight graph and tours.
// Reading and writing tours, and checking them.
// Counting and listing tours.
export {
  type CountOptions,
  type CountResult,
  count,
  type EnumerateOptions,
  enumerateTours,
} from "./count/index.js";
// Exact cover (Dancing Links), for any problem.
export { type ExactCoverProblem, exactCover, formatDlx, parseDlx } from "./cover/index.js";
// Playing a tour by hand, and watching a search learn.
export { KnightGame, TeachingReplay } from "./play/index.js";
// Knight's tour puzzles: numbered clues, the one tour that fits them.
export {
  type Clue,
  createPuzzle,
  DIFFICULTIES,
  type Difficulty,
  formatPuzzleGrid,
  formatPuzzleJson,
  type GeneratedPuzzle,
  type GeneratePuzzleOptions,
  generatePuzzle,
  generatePuzzles,
  gradePuzzle,
  HOLY_KNIGHT_GRID,
  nextDeduction,
  type Puzzle,
  type PuzzleGrade,
  type PuzzleHint,
  type PuzzleJson,
  type PuzzleSolution,
  parsePuzzle,
  type SolvePuzzleOptions,
  solvePuzzle,
} from "./puzzle/index.js";
// Pictures: SVG, ANSI text, and any canvas-like context.
export {
  type BoardTheme,
  DEFAULT_THEME,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
  renderAnsi,
  renderGrid,
  renderPuzzleSvg,
  renderSvg,
  type SvgOptions,
} from "./render/index.js";
export { type SampleOptions, type SamplePlan, sampleTours } from "./sample/index.js";
// Finding one tour; streaming the tour of a huge board block by block (`tourCells`).
export {
  type CellChunk,
  type CellReader,
  construct,
  METHODS,
  type Method,
  type SolveOptions,
  type SolveResult,
  solve,
  TIE_BREAKS,
  type TieBreak,
  type TourCells,
  type TourCellsOptions,
  type TraceAction,
  type TraceEvent,
  type TraceListener,
  type TraceReason,
  tourCells,
} from "./solve/index.js";
// The shape of a tour: turns, crossings, slopes.
export {
  describeMove,
  type TourStats,
  tourStats,
  type WrappedTourStats,
  wrappedTourStats,
} from "./stats/index.js";
// Symmetry: the board's transforms, invariant and symmetric tours, canonical forms.
export {
  canonical,
  canonicalKey,
  classifyTours,
  countClosedTourClasses,
  countSymmetricTours,
  countTourClasses,
  findSymmetricTour,
  mapTour,
  symmetriesOf,
  symmetryName,
  type TourClass,
  type TransformName,
  transformTour,
} from "./symmetry/index.js";
// Whether a tour can exist, and why not.
export { type Existence, tourExists } from "./theory/index.js";
