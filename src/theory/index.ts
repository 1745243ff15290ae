export {
  type Answer,
  closedTourExists,
  type Existence,
  type ExistsQuery,
  openTourExists,
  tourExists,
} from "./exists.js";
