export { clearBlockTours, closedBlockTour, openBlockTour } from "./block-tours.js";
export {
  CONSTRUCT_BYTES_PER_CELL,
  type ConstructOptions,
  canConstruct,
  construct,
} from "./construct.js";
export { Links } from "./links.js";
export { splitLength } from "./partition.js";
export { constructHalfTurnSymmetric } from "./symmetric.js";
export { clearThinBases, THIN_BASE_MAX, thinTourLinks } from "./thin.js";
