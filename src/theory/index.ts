export {
  closedTourExists,
  type Existence,
  openTourExists,
  tourExists,
} from "./exists.js";
export { geometryTourExists } from "./general.js";
