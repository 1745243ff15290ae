export {
  ANGLE_CLASSES,
  type AngleKind,
  type TurnAngles,
  turnAngles,
  turnClass,
} from "./angles.js";
export { type Crossings, crossings, moveCount, segmentsCross } from "./crossings.js";
export {
  SLOPES,
  type Slope,
  type SlopeHistogram,
  slopeHistogram,
  slopeOf,
} from "./slopes.js";
export { describeMove, formatTourStats, type TourStats, tourStats } from "./tour-stats.js";
