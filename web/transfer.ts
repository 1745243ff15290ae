/**
 * Save and share: the shown tour as SVG, PNG or tour JSON, and tours read from a file (any format
 * the CLI reads), checked by the validator before they are shown.
 */
import {
  type Board,
  formatTourJson,
  parseBinaryTour,
  parseTour,
  renderSvg,
  type Tour,
  validateTour,
} from "../src/index.js";
import { download, say, ui } from "./dom.js";
import { MAX_SIDE, type Mode, type PageStore } from "./store.js";

export function exportSvg(tour: Tour, gradient: boolean): void {
  download(`knight-tour-${tour.board.label}.svg`, renderSvg(tour, { gradient }), "image/svg+xml");
}

export function exportJson(tour: Tour): void {
  download(`knight-tour-${tour.board.label}.json`, `${formatTourJson(tour)}\n`, "application/json");
}

/** The canvas as it is, as a PNG file. */
export function exportPng(canvas: HTMLCanvasElement, board: Board): void {
  canvas.toBlob((blob) => {
    if (blob) download(`knight-tour-${board.label}.png`, blob, "image/png");
  }, "image/png");
}

/** What importing needs from the page. */
export interface ImportHost {
  readonly store: PageStore;
  setMode(mode: Mode): void;
  /** Fit the canvas to the store's board. */
  layout(): void;
  refresh(): void;
}

/** The binary tour format's first bytes ("KTUR"). */
const BINARY_MAGIC = [0x4b, 0x54, 0x55, 0x52];

/**
 * The tour in a file's bytes: the binary format when it starts with its magic, else text (any
 * format the CLI reads), which must be UTF-8.
 */
function readTour(bytes: Uint8Array, name: string): Tour {
  if (BINARY_MAGIC.every((b, i) => bytes[i] === b)) return parseBinaryTour(bytes);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(
      `${name} is not UTF-8 text (nor a binary tour): choose a tour saved as JSON, a numbered grid or a move list`,
    );
  }
  return parseTour(text);
}

/** Read a tour file and show it in solve mode, or say why not. */
export async function importTour(file: File, host: ImportHost): Promise<void> {
  const { store } = host;
  try {
    const tour = readTour(new Uint8Array(await file.arrayBuffer()), file.name);
    if (tour.board.rows > MAX_SIDE || tour.board.cols > MAX_SIDE) {
      say(
        `This page shows boards up to ${MAX_SIDE}×${MAX_SIDE}; the file has ${tour.board}.`,
        "error",
      );
      return;
    }
    const check = validateTour(tour.board, tour.path, { closed: tour.closed });
    if (!check.valid) {
      say(`Not a valid tour: ${check.message}`, "error");
      return;
    }
    if (store.mode !== "solve") host.setMode("solve");
    // The search settings follow the tour on show, so the link does not claim a closed tour.
    ui.closed.checked = tour.closed;
    store.board = tour.board;
    ui.rows.value = String(tour.board.rows);
    ui.cols.value = String(tour.board.cols);
    host.layout();
    store.setTour(tour, "import");
    store.solveInfo = null;
    ui.canvas.dataset.status = "found";
    host.refresh();
    say(`Imported ${tour.closed ? "a closed" : "an open"} tour of ${tour.board}.`, "ok");
  } catch (error) {
    ui.canvas.dataset.importError = "1";
    say(
      `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
      "error",
    );
  }
}
