export { hasBound } from "./bounds.js";
export {
  Census,
  type CensusRunOptions,
} from "./census.js";
export {
  type ExtremeGoal,
  type ExtremeResult,
  type ExtremeStat,
  extremeStatTerms,
  extremeTours,
} from "./extreme.js";
export { turnAngleDegrees } from "./geometry.js";
export { type CensusJson, censusJson } from "./json.js";
export { censusRefusal } from "./leaper.js";
export { censusStatsOfTour } from "./reference.js";
export {
  CensusTotals,
  type SubproblemResult,
} from "./result.js";
export { SPLITS, type SplitName } from "./split.js";

export {
  formatStatValue,
  STAT_NAMES,
  type StatName,
  TARNISH_KNIGHT_ONLY,
} from "./stats.js";
