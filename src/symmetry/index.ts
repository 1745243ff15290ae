export { canonicalKey } from "./canonical.js";
export { countSymmetricTours, type SymmetricCountOptions } from "./count.js";
export { findSymmetricTour } from "./find.js";
export { isInvariant, symmetriesOf } from "./invariance.js";
