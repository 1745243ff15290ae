import { fileName } from "../cells.js";
import { stepNumbers, type Tour } from "../tour.js";
import { binaryHeader } from "./binary.js";
import { gridToken } from "./grid.js";
import { geometryToJsonObject } from "./json.js";

/**
 * Tours written piece by piece, so a 10,000×10,000 tour streams to a file without ever being
 * one string (V8 caps strings near 512 MB). Each chunk is a few hundred kilobytes; the text is
 * byte-for-byte what formatTour gives (plus the final newline).
 */

const TARGET_CHUNK = 1 << 18;

export type StreamFormat = "json" | "grid" | "algebraic" | "bin";

export function* tourChunks(tour: Tour, format: StreamFormat): Generator<string | Uint8Array> {
  switch (format) {
    case "json":
      yield* jsonChunks(tour);
      return;
    case "grid":
      yield* gridChunks(tour);
      return;
    case "algebraic":
      yield* algebraicChunks(tour);
      return;
    case "bin":
      yield* binaryChunks(tour);
      return;
  }
}

function* jsonChunks(tour: Tour): Generator<string> {
  const { board, path } = tour;
  // The piece, topology and holes where they are not the knight's plain board (as formatTourJson).
  const geometry = Object.entries(geometryToJsonObject(board))
    .map(([key, value]) => `,"${key}":${JSON.stringify(value)}`)
    .join("");
  let text = `{"rows":${board.rows},"cols":${board.cols},"closed":${tour.closed}${geometry},"path":[`;
  const cols = board.cols;
  for (let i = 0; i < path.length; i++) {
    const cell = path[i]!;
    text += `${i === 0 ? "" : ","}[${Math.floor(cell / cols)},${cell % cols}]`;
    if (text.length >= TARGET_CHUNK) {
      yield text;
      text = "";
    }
  }
  yield `${text}]}\n`;
}

function* gridChunks(tour: Tour): Generator<string> {
  const { board } = tour;
  const steps = stepNumbers(tour);
  const width = String(board.cells).length;
  let text = "";
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const cell = r * board.cols + c;
      text += `${c === 0 ? "" : " "}${gridToken(board, cell, steps[cell]!, width)}`;
    }
    text += "\n";
    if (text.length >= TARGET_CHUNK) {
      yield text;
      text = "";
    }
  }
  if (text) yield text;
}

function* algebraicChunks(tour: Tour): Generator<string> {
  const { board, path } = tour;
  let text = `# ${board.label} ${tour.closed ? "closed" : "open"} tour\n`;
  for (let i = 0; i < path.length; i++) {
    const cell = path[i]!;
    const name = `${fileName(cell % board.cols)}${board.rows - Math.floor(cell / board.cols)}`;
    text += i % 16 === 15 || i === path.length - 1 ? `${name}\n` : `${name} `;
    if (text.length >= TARGET_CHUNK) {
      yield text;
      text = "";
    }
  }
  if (text) yield text;
}

function* binaryChunks(tour: Tour): Generator<Uint8Array> {
  const { path } = tour;
  yield binaryHeader(tour.board, path.length, tour.closed);
  const cellsPerChunk = TARGET_CHUNK / 4;
  for (let i = 0; i < path.length; i += cellsPerChunk) {
    const n = Math.min(cellsPerChunk, path.length - i);
    const chunk = new Uint8Array(4 * n);
    const view = new DataView(chunk.buffer);
    for (let k = 0; k < n; k++) view.setUint32(4 * k, path[i + k]!, true);
    yield chunk;
  }
}
