/**
 * knight-tours/engines: the machinery behind the main entry, for people who build on it — the
 * search classes, Dancing Links, the counting engines, the quotient search for symmetric tours,
 * the run contract's Budget. These are stable enough to use but closer to the metal: their
 * options are the engines' own, they check less at the boundary, and they change more often
 * than the main entry (`knight-tours`), which is what most code should import.
 *
 * Each engine keeps its invariants stated at the top of its module; docs/architecture.md says
 * how to add one.
 *
 * @module knight-tours/engines
 */

export { type CensusJson, censusJson } from "./census/index.js";
export { constructSymmetricTour, constructTour, type SmallTourFinder } from "./construct/index.js";
export {
  Budget,
  CHECK_MASK,
  checkLimits,
  createRandom,
  KNIGHT_MOVES,
  knightGraphBytes,
  PROGRESS_EVERY_MS,
  type ProgressReport,
  type Random,
  rotateClosedTour,
} from "./core/index.js";
export {
  type FrontierFootprint,
  formatDuration,
  frontierDisk,
  frontierFootprint,
  frontierSeconds,
  LONG_WORK_SECONDS,
} from "./count/cost.js";
export {
  backtrackPlan,
  countSubproblem,
  frontierCount,
  frontierCountExact,
  MatesSearch,
  matesPlan,
  PathSearch,
} from "./count/index.js";
export {
  countToursByCover,
  DancingLinks,
  findTourByCover,
  MatePruner,
  tourCoverEncoding,
  toursByCover,
} from "./cover/index.js";
export { teachingSolveOptions, traceWindow } from "./play/index.js";
export { CountTree, randomTour, UniformSampler } from "./sample/index.js";
export {
  BidirectionalSearch,
  FixedOrderDfs,
  GraphWalker,
  KnightNetwork,
  PathRotator,
  SquirrelWalker,
  STEP_TIE_BREAKS,
  TourSearch,
  Tracer,
  traceWalk,
  WarnsdorffWalker,
} from "./solve/index.js";
export { crossings, slopeHistogram, turnAngles } from "./stats/index.js";
export {
  buildQuotient,
  buildQuotientBy,
  countMirrorSymmetricTours,
  transformPermutation,
} from "./symmetry/index.js";
