export {
  closedTourExists,
  type Existence,
  openTourExists,
  tourExists,
} from "./exists.js";
