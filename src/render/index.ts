/**
 * Pictures of tours: the ANSI terminal board and animation, SVG (static and animated), canvas
 * drawing for the web page. Browser-safe: no Node imports. PNG lives in src/node/png.ts.
 */
export {
  ansiAnimationFrames,
  HIDE_CURSOR,
  playAnsiAnimation,
  renderAnsi,
  SHOW_CURSOR,
} from "./ansi.js";
export {
  type Canvas2D,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
} from "./canvas.js";

export { type BoardTheme, DEFAULT_THEME } from "./colour.js";
export { renderGrid } from "./grid.js";
export {
  answerSteps,
  cellLabel,
  PAGE,
  PUZZLE_THEME,
  renderPuzzleSheetSvg,
  renderPuzzleSvg,
  type SheetEntry,
  sheetLayout,
} from "./puzzle.js";
export { moveDisplacement, moveSegments, type Segment, wrapsAround } from "./segments.js";
export {
  autoCellSize,
  cellCentre,
  type Drawable,
  GRADIENT_BUCKETS,
  renderSvg,
  type SvgOptions,
} from "./svg.js";
