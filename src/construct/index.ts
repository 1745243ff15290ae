export { BlockCellReader } from "./block-cells.js";
export { planBlockOrder } from "./block-order.js";
export { clearBlockTours, closedBlockTour, openBlockTour } from "./block-tours.js";
export { CONSTRUCT_BYTES_PER_CELL, canConstruct, constructTour } from "./construct.js";
export type { SmallTourFinder, SmallTourRequest } from "./finder.js";
export { splitLength } from "./partition.js";
export { constructSymmetricTour } from "./symmetric.js";
export { clearThinBases, THIN_BASE_MAX, thinTourLinks } from "./thin.js";
