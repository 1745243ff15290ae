export { DIFFICULTIES, type Difficulty } from "./analyse.js";
export {
  formatPuzzleGrid,
  formatPuzzleJson,
  type PuzzleJson,
  parsePuzzle,
  parsePuzzleGrid,
  parsePuzzleJson,
} from "./format.js";
export {
  type GeneratedPuzzle,
  type GeneratePuzzleOptions,
  generatePuzzle,
  generatePuzzles,
} from "./generate.js";
export { type Clue, clueCount, clueList, createPuzzle, type Puzzle } from "./puzzle.js";
export {
  DEFAULT_PUZZLE_NODE_LIMIT,
  gradePuzzle,
  type PuzzleGrade,
  type PuzzleSolution,
  type SolvePuzzleOptions,
  solvePuzzle,
} from "./solve.js";
export { MAX_PUZZLE_CELLS } from "./state.js";
