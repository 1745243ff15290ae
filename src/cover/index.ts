/** Exact cover: the Dancing Links engine, Knuth's DLX text format, and the knight's-tour encodings. */
export { DancingLinks, type DancingLinksOptions } from "./dlx.js";
export {
  CoverFormatError,
  exactCover,
  formatDlx,
  formatSolution,
  indexProblem,
  type NamedCoverProblem,
  type NamedExactCover,
  parseDlx,
} from "./format.js";
export {
  type CountToursByCoverOptions,
  countToursByCover,
  type FindTourByCoverOptions,
  findTourByCover,
  MatePruner,
  type TourCoverCount,
  type TourCoverEncoding,
  type TourCoverMode,
  type TourCoverOptions,
  tourCoverEncoding,
  toursByCover,
} from "./knight.js";
export {
  knuthExample,
  type PentominoOptions,
  pentominoProblem,
  queensProblem,
} from "./problems.js";
export type {
  CoverCountResult,
  CoverFirstResult,
  CoverFirstStatus,
  CoverHook,
  CoverOptions,
  CoverProgress,
  CoverStats,
  CoverStatus,
  ExactCoverProblem,
  SolutionVisitor,
} from "./types.js";
