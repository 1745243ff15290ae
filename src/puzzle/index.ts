export { DIFFICULTIES, type Difficulty } from "./analyse.js";
export {
  formatPuzzleGrid,
  formatPuzzleJson,
  HOLY_KNIGHT_GRID,
  type PuzzleJson,
  parsePuzzle,
} from "./format.js";
export {
  type GeneratedPuzzle,
  type GeneratePuzzleOptions,
  generatePuzzle,
  generatePuzzles,
} from "./generate.js";
export { nextDeduction, type PuzzleHint } from "./hint.js";
export { type Clue, createPuzzle, type Puzzle } from "./puzzle.js";
export {
  gradePuzzle,
  type PuzzleGrade,
  type PuzzleSolution,
  type SolvePuzzleOptions,
  solvePuzzle,
} from "./solve.js";
