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
export { Census, type CensusRunOptions } from "./census/census.js";
export { type ExtremeResult, extremeTours } from "./census/extreme.js";
export type { SubproblemResult } from "./census/result.js";
export type { SplitName } from "./census/split.js";
// Boards, cells, the knight graph and tours; reading and writing tours, and checking them; the
// run contract every long computation takes (node and time limits, signal, progress).
export { Board, type BoardOptions, type GeometryOptions, parseBoard } from "./core/board.js";
export { formatCell, parseCell } from "./core/cells.js";
export type { TransformName } from "./core/dihedral.js";
export { ErrorCode, isKnightError, KnightError } from "./core/errors.js";
export { formatBinaryTour, parseBinaryTour } from "./core/format/binary.js";
export { formatTourJson, type TourJson } from "./core/format/json.js";
export { formatTour, parseTour, type TourFormat, tourLines } from "./core/format/tour-text.js";
export { KnightGraph, knightGraph, MoveGraph, moveGraph } from "./core/graph.js";
export { createPiece, type Leap, NAMED_LEAPS, type Piece, parsePiece } from "./core/piece.js";
export { METHODS, type Method, type TourStatus } from "./core/result.js";
export type { Limits, Progress, RunStatus, StopReason } from "./core/run.js";
export { type GeometrySymmetry, geometrySymmetries } from "./core/symmetries.js";
export { parseTopology, type Topology } from "./core/topology.js";
export { createTour, reverseTour, stepNumbers, type Tour } from "./core/tour.js";
export { type TourValidation, validateTour } from "./core/validate.js";
// Counting and listing tours.
export { type CountOptions, type CountResult, count } from "./count/count.js";
export { type EnumerateOptions, enumerateTours } from "./count/enumerate.js";
// Exact cover (Dancing Links), for any problem.
export { exactCover, formatDlx, parseDlx } from "./cover/format.js";
export type { ExactCoverProblem } from "./cover/types.js";
// Playing a tour by hand, and watching a search learn.
export { KnightGame } from "./play/game.js";
export { TeachingReplay } from "./play/teach.js";
// Knight's tour puzzles: numbered clues, the one tour that fits them.
export { DIFFICULTIES, type Difficulty } from "./puzzle/analyse.js";
export {
  formatPuzzleGrid,
  formatPuzzleJson,
  HOLY_KNIGHT_GRID,
  type PuzzleJson,
  parsePuzzle,
} from "./puzzle/format.js";
export {
  type GeneratedPuzzle,
  type GeneratePuzzleOptions,
  generatePuzzle,
  generatePuzzles,
} from "./puzzle/generate.js";
export { nextDeduction, type PuzzleHint } from "./puzzle/hint.js";
export { type Clue, createPuzzle, type Puzzle } from "./puzzle/puzzle.js";
export {
  gradePuzzle,
  type PuzzleGrade,
  type PuzzleSolution,
  type SolvePuzzleOptions,
  solvePuzzle,
} from "./puzzle/solve.js";
// Pictures: SVG, ANSI text, and any canvas-like context.
export { renderAnsi } from "./render/ansi.js";
export { drawEnds, drawKnight, drawNumbers, drawPath, drawSquares } from "./render/canvas.js";
export { type BoardTheme, DEFAULT_THEME } from "./render/colour.js";
export { renderGrid } from "./render/grid.js";
export { renderPuzzleSvg } from "./render/puzzle.js";
export { renderSvg, type SvgOptions } from "./render/svg.js";
// Random tours: uniform where the tours can be counted.
export { type SampleOptions, type SamplePlan, sampleTours } from "./sample/sample.js";
// Finding one tour; streaming the tour of a huge board block by block (`tourCells`).
export { construct } from "./solve/construct.js";
export { solve } from "./solve/solve.js";
export {
  type CellChunk,
  type CellReader,
  type TourCells,
  type TourCellsOptions,
  tourCells,
} from "./solve/tour-cells.js";
export type { TraceAction, TraceEvent, TraceListener, TraceReason } from "./solve/trace.js";
export { type SolveOptions, type SolveResult, TIE_BREAKS, type TieBreak } from "./solve/types.js";
// The shape of a tour: turns, crossings, slopes.
export {
  describeMove,
  type TourStats,
  tourStats,
  type WrappedTourStats,
  wrappedTourStats,
} from "./stats/tour-stats.js";
// Symmetry: the board's transforms, invariant and symmetric tours, canonical forms.
export { canonical, canonicalKey } from "./symmetry/canonical.js";
export { classifyTours, type TourClass } from "./symmetry/classes.js";
export { countClosedTourClasses, countSymmetricTours } from "./symmetry/count.js";
export { findSymmetricTour } from "./symmetry/find.js";
export { mapTour, symmetryName } from "./symmetry/group.js";
export { symmetriesOf } from "./symmetry/invariance.js";
export { countTourClasses } from "./symmetry/listing.js";
export { transformTour } from "./symmetry/transforms.js";
// Whether a tour can exist, and why not.
export { type Existence, tourExists } from "./theory/exists.js";
