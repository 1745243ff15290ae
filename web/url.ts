/**
 * The view in the address: what the page shows, as the hash's parameters and back. Pure
 * functions: the page decides what to put in and what to do with what comes out.
 *
 * b board (8x8), pc its piece (knight when absent), tp its edges (plane when absent), h its holes
 * (a1.h8; none when absent), s start (a8), mode; solve settings closed, m method, t tie-break, sym, seed,
 * g colour by step; a tour by run=1 (found again by the same search) or p (the path, packed) and
 * tc (closed), with step; in play mode p holds the moves; teach settings o order, tcl closed;
 * count mode open (open tours); the gallery's item; puzzle mode pz, the puzzle (8x8_1a8.12d1).
 */
import {
  Board,
  formatCell,
  isKnightError,
  type Piece,
  parseCell,
  parsePiece,
  parseTopology,
  type Topology,
} from "../src/index.js";
import { MAX_SIDE, MODES, type Mode } from "./store.js";

/** Tours that are not reproducible from the settings travel in the URL when small enough. */
export const URL_PATH_LIMIT = 1600;

/** Cells as two bytes each, in URL-safe base64 without padding. */
export function encodePath(path: Int32Array): string {
  const bytes = new Uint8Array(path.length * 2);
  for (let i = 0; i < path.length; i++) {
    bytes[2 * i] = path[i]! >> 8;
    bytes[2 * i + 1] = path[i]! & 255;
  }
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cells of `encodePath`'s text; throws on text that is not base64. */
export function decodePath(text: string): Int32Array {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const path = new Int32Array(bin.length >> 1);
  for (let i = 0; i < path.length; i++)
    path[i] = (bin.charCodeAt(2 * i) << 8) | bin.charCodeAt(2 * i + 1);
  return path;
}

/** Everything a link says, as the page holds it. */
export interface LinkView {
  readonly board: Board;
  readonly start: number;
  readonly mode: Mode;
  readonly closed: boolean;
  readonly method: string;
  /** "" for the method's default. */
  readonly tieBreak: string;
  readonly symmetry: string;
  readonly seed: string;
  readonly gradient: boolean;
  /** Solve mode's tour: found by the search of these settings, or from elsewhere. */
  readonly tour: {
    readonly path: Int32Array;
    readonly closed: boolean;
    readonly fromSearch: boolean;
    readonly step: number;
  } | null;
  /** Play mode's moves so far. */
  readonly moves: Int32Array | null;
  readonly teachOrder: string;
  readonly teachClosed: boolean;
  /** Count mode: closed tours (true) or open ones. */
  readonly countClosed: boolean;
  /** The gallery's tour on show. */
  readonly item: string | null;
  /** Puzzle mode: the puzzle's code (web/puzzle-code.ts). */
  readonly puzzle?: string | null;
}

/** The hash (with its "#") for a view. */
export function formatLink(view: LinkView): string {
  const p = new URLSearchParams();
  const { board } = view;
  p.set("b", board.label);
  if (board.piece.name !== "knight") p.set("pc", board.piece.name);
  if (board.topology !== "plane") p.set("tp", board.topology);
  if (board.holes.length > 0) p.set("h", board.holes.map((h) => formatCell(board, h)).join("."));
  p.set("s", formatCell(view.board, view.start));
  p.set("mode", view.mode);
  if (view.closed) p.set("closed", "1");
  if (view.method !== "auto") p.set("m", view.method);
  if (view.tieBreak) p.set("t", view.tieBreak);
  if (view.symmetry !== "none") p.set("sym", view.symmetry);
  if (view.seed !== "1") p.set("seed", view.seed);
  if (view.gradient) p.set("g", "1");
  const tour = view.tour;
  if (tour && view.mode === "solve") {
    if (tour.fromSearch) p.set("run", "1");
    else if (tour.path.length <= URL_PATH_LIMIT) {
      p.set("p", encodePath(tour.path));
      if (tour.closed) p.set("tc", "1");
    }
    if (tour.step !== tour.path.length) p.set("step", String(tour.step));
  }
  if (
    view.mode === "play" &&
    view.moves !== null &&
    view.moves.length > 0 &&
    view.moves.length <= URL_PATH_LIMIT
  ) {
    p.set("p", encodePath(view.moves));
  }
  if (view.mode === "teach") {
    if (view.teachOrder !== "fixed") p.set("o", view.teachOrder);
    if (view.teachClosed) p.set("tcl", "1");
  }
  if (view.mode === "count" && !view.countClosed) p.set("open", "1");
  if (view.mode === "gallery" && view.item) p.set("item", view.item);
  if (view.mode === "puzzle" && view.puzzle) p.set("pz", view.puzzle);
  return `#${p.toString()}`;
}

/** What a hash asks for; absent or unusable values are null (the page keeps its own). */
export interface ParsedLink {
  readonly board: Board | null;
  /** The start cell on `board` (or on the page's board when the link has none). */
  readonly start: number | null;
  readonly mode: Mode;
  readonly closed: boolean;
  readonly method: string | null;
  readonly tieBreak: string | null;
  readonly symmetry: "180" | "90" | null;
  readonly seed: string | null;
  readonly gradient: boolean;
  readonly teachOrder: "warnsdorff" | null;
  readonly teachClosed: boolean;
  /** Count mode's kind of tour, when the link says. */
  readonly countClosed: boolean | null;
  /** The gallery's tour. */
  readonly item: string | null;
  /** Puzzle mode: the puzzle's code (web/puzzle-code.ts). */
  readonly puzzle: string | null;
  /** The packed path (decodePath) of a tour or of play mode's moves. */
  readonly path: string | null;
  readonly tourClosed: boolean;
  readonly step: number | null;
  readonly run: boolean;
  /** What in the link could not be used, and why, in sentences for the page to show. */
  readonly problems: readonly string[];
}

export function parseLink(hash: string, board: Board): ParsedLink {
  const p = new URLSearchParams(hash.slice(1));
  const problems: string[] = [];
  let linked: Board | null = null;
  if (p.has("b")) {
    const text = p.get("b")!;
    const match = /^(\d+)x(\d+)$/.exec(text);
    const r = match ? Number(match[1]) : Number.NaN;
    const c = match ? Number(match[2]) : Number.NaN;
    if (r >= 1 && r <= MAX_SIDE && c >= 1 && c <= MAX_SIDE) linked = linkedBoard(r, c, p, problems);
    else if (match)
      problems.push(
        `the board ${r}×${c} is too large: this page shows boards from 1×1 to ${MAX_SIDE}×${MAX_SIDE}`,
      );
    else problems.push(`“${text}” is not a board: write it as rows x columns, like 8x8`);
  }
  let start: number | null = null;
  if (p.has("s")) {
    const text = p.get("s")!;
    const on = linked ?? board;
    try {
      start = parseCell(text, on);
      if (on.isHole(start)) {
        problems.push(`the start square “${text}” is a hole of the ${on} board`);
        start = null;
      }
    } catch {
      start = 0;
      problems.push(`the start square “${text}” is not on the ${on} board`);
    }
  }
  const mode = p.get("mode");
  if (mode !== null && !MODES.includes(mode as Mode)) problems.push(`there is no mode “${mode}”`);
  const sym = p.get("sym");
  return {
    board: linked,
    start,
    mode: MODES.includes(mode as Mode) ? (mode as Mode) : "solve",
    closed: p.get("closed") === "1",
    method: p.get("m") || null,
    tieBreak: p.get("t") || null,
    symmetry: sym === "180" || sym === "90" ? sym : null,
    seed: p.has("seed") ? String(Math.max(1, Number(p.get("seed")) || 1)) : null,
    gradient: p.get("g") === "1",
    teachOrder: p.get("o") === "warnsdorff" ? "warnsdorff" : null,
    teachClosed: p.get("tcl") === "1",
    countClosed: mode === "count" ? p.get("open") !== "1" : null,
    item: p.get("item"),
    puzzle: p.get("pz"),
    path: p.get("p"),
    tourClosed: p.get("tc") === "1",
    step: p.has("step") ? Number(p.get("step")) : null,
    run: p.get("run") === "1",
    problems,
  };
}

/**
 * The board of a link: its size with the piece (pc), edges (tp) and holes (h) the link names,
 * each defaulting to the knight's plain board, so links from before other pieces still work.
 * What cannot be read is said in `problems`, and the plain board of that size is used.
 */
function linkedBoard(rows: number, cols: number, p: URLSearchParams, problems: string[]): Board {
  let piece: Piece | undefined;
  let topology: Topology | undefined;
  const holes: number[] = [];
  const size = new Board(rows, cols);
  const reading = (what: string, read: () => void): void => {
    try {
      read();
    } catch (error) {
      if (!isKnightError(error)) throw error;
      problems.push(`${what}: ${error.message.replace(/\.$/, "")}`);
    }
  };
  const pc = p.get("pc");
  if (pc !== null) reading(`the piece “${pc}”`, () => (piece = parsePiece(pc)));
  const tp = p.get("tp");
  if (tp !== null) reading(`the edges “${tp}”`, () => (topology = parseTopology(tp)));
  const h = p.get("h");
  if (h !== null && h !== "") {
    for (const name of h.split(".")) {
      reading(`the hole “${name}”`, () => holes.push(parseCell(name, size)));
    }
  }
  let board = size;
  reading("the board", () => {
    board = new Board(rows, cols, {
      ...(piece === undefined ? {} : { piece }),
      ...(topology === undefined ? {} : { topology }),
      holes,
    });
  });
  return board;
}
