/**
 * Interactive tours: the rules of a tour built by hand (`KnightGame`, the CLI's `knight play` and
 * the page's play mode) and a solver's search replayed for a learner (the page's teaching mode).
 * State and rules only: pictures come from src/render.
 */
export { KnightGame } from "./game.js";
export {
  type TeachingOptions,
  type TeachingSight,
  teachingSolveOptions,
  traceWindow,
} from "./teach.js";
