/**
 * knight-tours: find, count, check, study and show knight's tours on any rectangular board.
 * This entry point has no runtime dependencies and no Node-only imports: it runs in browsers.
 *
 * Conventions — boards, cells (flat indices `r * cols + c`; `a1` or `row,col` in text), tours,
 * directed and undirected counts — are stated once, in the README's Conventions section; the
 * algorithms are explained in docs/guide/.
 *
 * @module knight-tours
 */

export * from "./census/index.js";
export {
  CONSTRUCT_BYTES_PER_CELL,
  type ConstructOptions,
  canConstruct,
  construct,
  constructHalfTurnSymmetric,
} from "./construct/index.js";
export * from "./core/index.js";
export * from "./count/index.js";
export * from "./cover/index.js";
export * from "./render/index.js";
export * from "./sample/index.js";
export * from "./solve/index.js";
export * from "./stats/index.js";
export * from "./symmetry/index.js";
export * from "./theory/index.js";
