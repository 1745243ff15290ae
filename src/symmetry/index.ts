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
export { GraphTourFinder } from "./graph-tour.js";
export { forEachSymmetry, mapTour, symmetryName } from "./group.js";
export {
  isInvariant,
  symmetriesOf,
  type TourSymmetry,
} from "./invariance.js";
export { countTourClasses } from "./listing.js";
export { buildQuotient, buildQuotientBy } from "./quotient.js";
export {
  type TransformName,
  transformPermutation,
  transformTour,
} from "./transforms.js";
