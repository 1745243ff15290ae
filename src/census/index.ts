export { hasBound } from "./bounds.js";
export { Census } from "./census.js";
export { extremeTours } from "./extreme.js";
export { censusJson } from "./json.js";
export { censusStatsOfTour } from "./reference.js";
export { CensusTotals, type SubproblemResult } from "./result.js";
export type { SplitName } from "./split.js";
export { STAT_NAMES, type StatName } from "./stats.js";
