// The tour formats, one module each; tour-text.ts reads and writes a tour in any of them.
export { formatAlgebraic, parseAlgebraic } from "./algebraic.js";
export {
  binaryCellBytes,
  binaryTourBytes,
  decodeBinaryCells,
  formatBinaryTour,
  parseBinaryHeader,
  parseBinaryTour,
} from "./binary.js";
export { CELL_STREAM_FORMATS, type CellSource, cellSourceChunks } from "./cell-stream.js";
export { tourChunks } from "./chunks.js";
export { formatGrid, parseGrid } from "./grid.js";
export { formatTourJson, parseTourJson, tourToJsonObject } from "./json.js";
export { detectTourFormat, formatTour, parseTour, TOUR_FORMATS } from "./tour-text.js";
