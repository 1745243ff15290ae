/** Exact cover: the Dancing Links engine, Knuth's DLX text format, and the knight's-tour encodings. */

export { exactCover } from "./format.js";
export { countToursByCover, findTourByCover, type TourCoverMode } from "./knight.js";
export { pentominoProblem } from "./problems.js";
