/**
 * The board's geometry on the page: which piece moves (a named leaper, a union, or any leaps
 * typed in), how the edges meet (plane, cylinder, torus), and which cells are cut out (holes,
 * made by clicking the board in the holes mode). The Board carries all of it; these functions
 * read it from the controls and show it in them.
 */
import { Board, formatCell, isKnightError, type Piece, parsePiece } from "../src/index.js";
import { ui } from "./dom.js";

/** The pieces the menu names; anything else is typed as leaps ("custom"). */
const NAMED = ["knight", "camel", "zebra", "giraffe", "fers", "wazir", "knight+camel"] as const;
const LEGS: Readonly<Record<string, string>> = {
  knight: "{1,2}",
  camel: "{1,3}",
  zebra: "{2,3}",
  giraffe: "{1,4}",
  fers: "{1,1}",
  wazir: "{0,1}",
  "knight+camel": "{1,2} or {1,3}",
};
const CUSTOM = "custom";

/** Fill the piece menu (once, at start-up). */
export function fillPieceMenu(): void {
  for (const name of NAMED) ui.piece.add(new Option(`${name} ${LEGS[name]}`, name));
  ui.piece.add(new Option("other leaps…", CUSTOM));
}

/** The piece the controls name, or why not (a sentence) when the typed leaps are wrong. */
export function readPiece(): Piece | string {
  const text = ui.piece.value === CUSTOM ? ui.leaps.value : ui.piece.value;
  try {
    const piece = parsePiece(text);
    ui.leaps.removeAttribute("aria-invalid");
    return piece;
  } catch (error) {
    ui.leaps.setAttribute("aria-invalid", "true");
    const reason = error instanceof Error ? error.message : String(error);
    return `The leaps “${text}” are not a piece: ${reason.replace(/^(bad|unknown) piece '[^']*': /, "")}.`;
  }
}

/** The topology menu's value. */
export function readTopology(): Board["topology"] {
  const value = ui.topology.value;
  return value === "cylinder" || value === "torus" ? value : "plane";
}

/**
 * `rows` × `cols` with the piece and topology of the controls and the holes of `from` that still
 * fall on the board (each kept at its row and column). Throws a KnightError (a bad size, every
 * cell a hole) for the caller to say.
 */
export function boardFromControls(from: Board, rows: number, cols: number, piece: Piece): Board {
  const holes: number[] = [];
  for (const h of from.holes) {
    const r = from.row(h);
    const c = from.col(h);
    if (r < rows && c < cols) holes.push(r * cols + c);
  }
  return new Board(rows, cols, { piece, topology: readTopology(), holes });
}

/** `board` with `cell` cut out, or put back when it is a hole. */
export function toggleHole(board: Board, cell: number): Board {
  const holes = board.isHole(cell) ? board.holes.filter((h) => h !== cell) : [...board.holes, cell];
  return new Board(board.rows, board.cols, { piece: board.piece, topology: board.topology, holes });
}

/** Show `board`'s geometry in the controls (size, piece, edges, holes). */
export function showGeometry(board: Board): void {
  ui.rows.value = String(board.rows);
  ui.cols.value = String(board.cols);
  const name = board.piece.name;
  const named = (NAMED as readonly string[]).includes(name);
  ui.piece.value = named ? name : CUSTOM;
  // The leaps field keeps what was typed while it names the same piece.
  if (ui.leaps.value === "" || !samePiece(ui.leaps.value, board.piece))
    ui.leaps.value = board.piece.leaps.map(([a, b]) => `${a},${b}`).join("+");
  ui.leaps.removeAttribute("aria-invalid");
  ui.leapsLabel.hidden = named;
  ui.topology.value = board.topology;
  const n = board.holes.length;
  ui.holesCount.value =
    n === 0
      ? "no holes"
      : n <= 6
        ? `${n} hole${n === 1 ? "" : "s"}: ${board.holes.map((h) => formatCell(board, h)).join(", ")}`
        : `${n} holes`;
  ui.holesClear.disabled = n === 0;
  ui.canvas.setAttribute("aria-label", `${board} board`);
}

function samePiece(text: string, piece: Piece): boolean {
  try {
    return parsePiece(text).name === piece.name;
  } catch {
    return false;
  }
}

/** Whether the holes mode is on: clicks and Enter on the board cut cells out or put them back. */
export function holesMode(): boolean {
  return ui.holesMode.getAttribute("aria-pressed") === "true";
}

export function setHolesMode(on: boolean): void {
  ui.holesMode.setAttribute("aria-pressed", String(on));
  ui.canvas.dataset.holes = on ? "edit" : "";
  ui.startHow.textContent = on
    ? "(holes mode: click a square, or arrow keys and Enter on the board, to cut it out or put it back)"
    : "(click the board, or arrow keys and Enter on it)";
}

/** A library error as a sentence for the message line (anything else is rethrown). */
export function geometryProblem(error: unknown): string {
  if (isKnightError(error)) return `${error.message.replace(/\.$/, "")}.`;
  throw error;
}
