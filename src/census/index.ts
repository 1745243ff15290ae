export {
  Census,
  type CensusProgress,
  type CensusRunOptions,
  type SubproblemRun,
} from "./census.js";
export { CensusEngine } from "./engine.js";
export {
  type ExtremeGoal,
  type ExtremeOptions,
  type ExtremeProgress,
  type ExtremeResult,
  extremeTours,
  optimistOf,
} from "./extreme.js";
export { type CensusExtremeJson, type CensusJson, censusJson } from "./json.js";
export { censusStatsOfTour } from "./reference.js";
export {
  CensusTotals,
  type ExtremeRecord,
  type SubproblemResult,
  type Witness,
} from "./result.js";
export { CensusSplit, type SplitKind, type SubproblemEntry } from "./split.js";
export {
  formatStatValue,
  parseStatValue,
  STAT_DESCRIPTIONS,
  STAT_NAMES,
  type StatName,
  statIndex,
} from "./stats.js";
export { WEDGE_LETTERS, wedgeLetter, wedgeMoves } from "./wedges.js";
