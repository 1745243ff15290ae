/** Exact cover: the Dancing Links engine, Knuth's DLX text format, and the knight's-tour encodings. */
export { DancingLinks } from "./dlx.js";
export {
  exactCover,
  formatDlx,
  formatSolution,
  type NamedCoverProblem,
  parseDlx,
} from "./format.js";
export {
  countToursByCover,
  findTourByCover,
  MatePruner,
  type TourCoverMode,
  tourCoverEncoding,
  toursByCover,
} from "./knight.js";
export { pentominoProblem } from "./problems.js";
export type {
  CoverCountResult,
  CoverOptions,
  ExactCoverProblem,
} from "./types.js";
