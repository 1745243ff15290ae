export {
  ANGLE_CLASSES,
  turnAngles,
} from "./angles.js";
export { crossings } from "./crossings.js";
export { slopeHistogram } from "./slopes.js";
export { describeMove, formatTourStats, type TourStats, tourStats } from "./tour-stats.js";
