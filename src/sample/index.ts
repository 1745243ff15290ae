export {
  CountStopped,
  CountTree,
  type CountTreeOptions,
  type RootSlot,
  type RootSpec,
} from "./count-tree.js";
export { estimateSearchNodes } from "./estimate.js";
export { TourSet, tourReading } from "./key.js";
export { mixClosedTour, mixingRotations, mixOpenPath } from "./mix.js";
export { randomBelow, randomWord } from "./random-bigint.js";
export { type RandomTourRequest, type RandomTourResult, randomTour } from "./random-search.js";
export {
  type Distribution,
  MAX_REPEATS_IN_A_ROW,
  SAMPLE_METHODS,
  type SampleEnd,
  type SampleMethod,
  type SampleOptions,
  type SamplePlan,
  type SampleProgress,
  sampleTours,
  UNIFORM_AUTO_MAX_CELLS,
  UNIFORM_AUTO_NODE_LIMIT,
} from "./sample.js";
export { UniformSampler, type UniformSpace } from "./uniform.js";
