export { closedTourExists, openTourExists, tourExists } from "./exists.js";
