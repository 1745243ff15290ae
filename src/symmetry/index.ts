export {
  canonical,
  canonicalKey,
} from "./canonical.js";
export { classifyTours, type TourClass } from "./classes.js";
export {
  countClosedTourClasses,
  countMirrorSymmetricTours,
  countSymmetricTours,
  type SymmetricCountOptions,
} from "./count.js";
export { findSymmetricTour } from "./find.js";
export {
  isInvariant,
  symmetriesOf,
  type TourSymmetry,
} from "./invariance.js";
export { buildQuotient, buildQuotientBy } from "./quotient.js";
export {
  type TransformName,
  transformPermutation,
  transformTour,
} from "./transforms.js";
