export { type CountMethod, type CountProgress, count } from "./count.js";
export { enumerateTours } from "./enumerate.js";
export {
  type FrontierLayerInfo,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  frontierCount,
} from "./frontier.js";
