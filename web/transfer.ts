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
  tourLines,
  validateTour,
} from "../src/index.js";
import { download, say, ui } from "./dom.js";
import { showGeometry } from "./geometry.js";
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

/** One tour of a file: read and checked, or why not (with its line in a JSON-lines file). */
type Entry = { readonly line?: number } & (
  | { readonly tour: Tour; readonly problem?: undefined }
  | { readonly tour?: undefined; readonly problem: string }
);

/**
 * The tours in a file's bytes: the binary format when it starts with its magic, else text (any
 * format the CLI reads, or JSON lines of several tours as `knight enumerate` and `knight sample`
 * print), which must be UTF-8. Each tour is checked by the validator.
 */
function readTours(bytes: Uint8Array, name: string): Entry[] {
  if (BINARY_MAGIC.every((b, i) => bytes[i] === b)) return [checked(parseBinaryTour(bytes))];
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Error(
      `${name} is not UTF-8 text (nor a binary tour): choose a tour saved as JSON, a numbered grid or a move list`,
    );
  }
  const lines = tourLines(text);
  if (lines === undefined) return [checked(parseTour(text))];
  return lines.map(({ line, text: json }) => {
    try {
      return { line, ...checked(parseTour(json, "json")) };
    } catch (error) {
      return { line, problem: error instanceof Error ? error.message : String(error) };
    }
  });
}

function checked(tour: Tour): Entry {
  if (tour.board.rows > MAX_SIDE || tour.board.cols > MAX_SIDE) {
    return {
      problem: `this page shows boards up to ${MAX_SIDE}×${MAX_SIDE}; the tour is on ${tour.board}`,
    };
  }
  const check = validateTour(tour.board, tour.path, { closed: tour.closed });
  return check.valid ? { tour } : { problem: `not a valid tour: ${check.message}` };
}

/** The valid tours of the last file imported, and which of them is on show. */
let imported: { readonly tours: readonly Tour[]; shown: number } = { tours: [], shown: 0 };

/** Read a tour file and show its (first) tour in solve mode, or say why not. */
export async function importTour(file: File, host: ImportHost): Promise<void> {
  let entries: Entry[];
  try {
    entries = readTours(new Uint8Array(await file.arrayBuffer()), file.name);
  } catch (error) {
    failImport(
      `Could not read ${file.name}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return;
  }
  const tours = entries.flatMap((entry) => (entry.tour ? [entry.tour] : []));
  const problems = entries.filter((entry) => entry.problem !== undefined);
  const first = problems[0];
  const where = (entry: Entry) => (entry.line === undefined ? "" : `line ${entry.line}: `);
  if (tours.length === 0) {
    failImport(
      entries.length === 1
        ? `Could not import ${file.name}: ${first?.problem}`
        : `No valid tour in ${file.name}: ${where(first!)}${first?.problem}`,
    );
    return;
  }
  imported = { tours, shown: 0 };
  ui.importNext.hidden = tours.length < 2;
  const skipped =
    problems.length === 0
      ? ""
      : ` Skipped ${problems.length} line${problems.length === 1 ? "" : "s"} that ${problems.length === 1 ? "is" : "are"} not a tour (${where(first!)}${first?.problem}).`;
  showImported(host, entries.length > 1 ? skipped : "");
}

/** Show the next tour of the last file imported (after the last, the first again). */
export function showNextImported(host: ImportHost): void {
  if (imported.tours.length < 2) return;
  imported.shown = (imported.shown + 1) % imported.tours.length;
  showImported(host, "");
}

function showImported(host: ImportHost, note: string): void {
  const { store } = host;
  const tour = imported.tours[imported.shown]!;
  if (store.mode !== "solve") host.setMode("solve");
  // The search settings follow the tour on show, so the link does not claim a closed tour.
  ui.closed.checked = tour.closed;
  store.board = tour.board;
  showGeometry(tour.board);
  host.layout();
  store.setTour(tour, "import");
  store.solveInfo = null;
  ui.canvas.dataset.status = "found";
  host.refresh();
  const what = `${tour.closed ? "a closed" : "an open"} tour of ${tour.board}`;
  const count = imported.tours.length;
  say(
    count === 1
      ? `Imported ${what}.${note}`
      : `Imported tour ${imported.shown + 1} of ${count} valid tours in the file: ${what}.${note}`,
    "ok",
  );
}

function failImport(message: string): void {
  ui.canvas.dataset.importError = "1";
  say(message, "error");
}
