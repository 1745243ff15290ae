// The tour formats, one module each; tour-text.ts reads and writes a tour in any of them.
export { formatAlgebraic, parseAlgebraic } from "./algebraic.js";
export {
  binaryCellBytes,
  binaryTourBytes,
  decodeBinaryCells,
  formatBinaryTour,
  isBinaryTour,
  parseBinaryHeader,
  parseBinaryTour,
} from "./binary.js";
export {
  CELL_STREAM_FORMATS,
  type CellSource,
  type CellStreamFormat,
  cellSourceChunks,
} from "./cell-stream.js";
export { type StreamFormat, tourChunks } from "./chunks.js";
export { formatGrid, parseGrid } from "./grid.js";
export {
  formatTourJson,
  geometryToJsonObject,
  parseTourJson,
  type TourJson,
  tourToJsonObject,
} from "./json.js";
export { jsonErrorOffset } from "./json-locate.js";

export { lineAndColumn } from "./text-position.js";
export {
  checkTourTextSize,
  detectTourFormat,
  formatTour,
  parseTour,
  TOUR_FORMATS,
  type TourFormat,
  tourLines,
} from "./tour-text.js";
