export { turnAngles } from "./angles.js";
export { crossings, segmentsCross } from "./crossings.js";
export { slopeHistogram } from "./slopes.js";
export {
  describeMove,
  formatTourStats,
  type TourStats,
  tourStats,
  type WrappedTourStats,
  wrappedTourStats,
} from "./tour-stats.js";
