export {
  type CanonicalForm,
  canonical,
  canonicalForm,
  canonicalKey,
} from "./canonical.js";
export {
  checkRotation,
  countClosedTourClasses,
  countMirrorSymmetricTours,
  countSymmetricTours,
  type Mirror,
  type SymmetricCount,
  type SymmetricCountOptions,
  type SymmetricCountProgress,
} from "./count.js";
export { findSymmetricTour, type SymmetricTourOptions } from "./find.js";
export {
  isInvariant,
  mapsOntoItself,
  symmetriesOf,
  type TourSymmetry,
  tourLinks,
} from "./invariance.js";
export { buildQuotient, buildQuotientBy, type Quotient, type Rotation } from "./quotient.js";
export type { QuotientSearchOutcome } from "./search.js";
export {
  NO_MIRROR_SYMMETRY_REASON,
  symmetricKinds,
  symmetricTourExists,
} from "./theory.js";
export {
  boardTransforms,
  isReflection,
  parseTransformName,
  RECTANGLE_TRANSFORMS,
  TRANSFORM_NAMES,
  type TransformName,
  transformCell,
  transformPermutation,
  transformRowCol,
  transformTour,
} from "./transforms.js";
