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

export { type CensusJson, censusJson } from "./census/json.js";
export { constructTour } from "./construct/construct.js";
export type { SmallTourFinder } from "./construct/finder.js";
export { constructSymmetricTour } from "./construct/symmetric.js";
export { KNIGHT_MOVES, knightGraphBytes } from "./core/graph.js";
export { createRandom, type Random } from "./core/random.js";
export {
  Budget,
  CHECK_MASK,
  checkLimits,
  PROGRESS_EVERY_MS,
  type ProgressReport,
} from "./core/run.js";
export { rotateClosedTour } from "./core/tour.js";
export { backtrackPlan, countSubproblem } from "./count/backtrack.js";
export {
  type FrontierFootprint,
  formatDuration,
  frontierDisk,
  frontierFootprint,
  frontierSeconds,
  LONG_WORK_SECONDS,
} from "./count/cost.js";
export { frontierCount } from "./count/frontier.js";
export { frontierCountExact } from "./count/frontier-exact.js";
export { MatesSearch } from "./count/mates.js";
export { matesPlan } from "./count/mates-count.js";
export { PathSearch } from "./count/path-search.js";
export { DancingLinks } from "./cover/dlx.js";
export {
  countToursByCover,
  findTourByCover,
  MatePruner,
  tourCoverEncoding,
  toursByCover,
} from "./cover/knight.js";
export { teachingSolveOptions, traceWindow } from "./play/teach.js";
export { CountTree } from "./sample/count-tree.js";
export { randomTour } from "./sample/random-search.js";
export { UniformSampler } from "./sample/uniform.js";
export { BidirectionalSearch } from "./solve/bidirectional.js";
export { KnightNetwork } from "./solve/neural.js";
export { PathRotator } from "./solve/rotate.js";
export { TourSearch } from "./solve/search.js";
export { SquirrelWalker } from "./solve/squirrel.js";
export { FixedOrderDfs } from "./solve/stack.js";
export { Tracer } from "./solve/trace.js";
export { STEP_TIE_BREAKS } from "./solve/types.js";
export { traceWalk, WarnsdorffWalker } from "./solve/warnsdorff.js";
export { GraphWalker } from "./solve/warnsdorff-graph.js";
export { turnAngles } from "./stats/angles.js";
export { crossings } from "./stats/crossings.js";
export { slopeHistogram } from "./stats/slopes.js";
export { countMirrorSymmetricTours } from "./symmetry/count.js";
export { buildQuotient, buildQuotientBy } from "./symmetry/quotient.js";
export { transformPermutation } from "./symmetry/transforms.js";
