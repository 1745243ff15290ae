/**
 * Pictures of tours: the ANSI terminal board and animation, SVG (static and animated), canvas
 * drawing for the web page. Browser-safe: no Node imports. PNG lives in src/node/png.ts.
 */
export { ansiAnimationFrames, HIDE_CURSOR, playAnsiAnimation, SHOW_CURSOR } from "./ansi.js";
export type { Canvas2D } from "./canvas.js";
export { moveDisplacement, moveSegments, type Segment, wrapsAround } from "./segments.js";
export { cellCentre, GRADIENT_BUCKETS, renderSvg } from "./svg.js";
