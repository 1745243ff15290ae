export { CountTree } from "./count-tree.js";

export { randomTour } from "./random-search.js";
export {
  SAMPLE_METHODS,
  type SampleEnd,
  type SampleMethod,
  type SampleOptions,
  type SamplePlan,
  type SampleProgress,
  sampleTours,
} from "./sample.js";
export { estimateCountNodes, UniformSampler } from "./uniform.js";
