/**
 * Pictures of tours: the ANSI terminal board and animation, SVG (static and animated), canvas
 * drawing for the web page. Browser-safe: no Node imports. PNG lives in src/node/png.ts.
 */
export {
  type AnimationOptions,
  type AnsiOptions,
  ansiAnimationFrames,
  HIDE_CURSOR,
  type PlayOptions,
  playAnsiAnimation,
  renderAnsi,
  SHOW_CURSOR,
} from "./ansi.js";
export {
  type Canvas2D,
  type CanvasPathOptions,
  drawEnds,
  drawKnight,
  drawNumbers,
  drawPath,
  drawSquares,
} from "./canvas.js";
export { type BoardTheme, DEFAULT_THEME, gradientPalette, hslToHex, stepColour } from "./colour.js";
export {
  autoCellSize,
  cellCentre,
  type Drawable,
  GRADIENT_BUCKETS,
  MIN_NUMBER_PIXELS,
  numberFont,
  renderSvg,
  type SvgOptions,
} from "./svg.js";
