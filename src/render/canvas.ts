import type { Board } from "../core/board.js";
import { type BoardTheme, DEFAULT_THEME, gradientPalette } from "./colour.js";
import { moveSegments } from "./segments.js";
import { GRADIENT_BUCKETS, numberFont, seamWidth } from "./svg.js";

/**
 * Drawing on a 2D canvas, for boards too big for a lively SVG (the page uses it for playback:
 * a 200×200 tour is one stroke per colour, not 40,000 DOM nodes). Same look as `renderSvg`.
 * Coordinates: `cellSize` pixels per cell, cell (r, c) centred at ((c + .5)·s, (r + .5)·s).
 */
export type Canvas2D = Pick<
  CanvasRenderingContext2D,
  | "fillStyle"
  | "strokeStyle"
  | "lineWidth"
  | "lineJoin"
  | "lineCap"
  | "font"
  | "textAlign"
  | "textBaseline"
  | "globalAlpha"
  | "fillRect"
  | "strokeRect"
  | "rect"
  | "beginPath"
  | "moveTo"
  | "lineTo"
  | "stroke"
  | "fill"
  | "arc"
  | "fillText"
  | "strokeText"
  | "save"
  | "restore"
  | "setLineDash"
>;

export interface CanvasPathOptions {
  /** Draw the first `upTo` cells of the path (default all). */
  readonly upTo?: number;
  readonly gradient?: boolean;
  /** Draw the closing move (when the whole path is shown and its ends meet). */
  readonly closed?: boolean;
  readonly theme?: Partial<BoardTheme>;
  /**
   * Line width in canvas units (default: 8% of a cell, at least 1.2). On big boards pass one
   * device pixel: browsers draw such hairlines an order of magnitude faster than wider strokes
   * (measured in Chromium: about 10 ms against 100-400 ms for a 200×200 tour).
   */
  readonly lineWidth?: number;
}

/**
 * Light and dark squares: one fill for all the dark ones. Holes are filled dark (cut out), and
 * the joined edges of a cylinder or torus drawn as thin bands, as in the SVG.
 */
export function drawSquares(
  ctx: Canvas2D,
  board: Board,
  cellSize: number,
  theme: Partial<BoardTheme> = {},
): void {
  const t = { ...DEFAULT_THEME, ...theme };
  ctx.fillStyle = t.light;
  ctx.fillRect(0, 0, board.cols * cellSize, board.rows * cellSize);
  ctx.fillStyle = t.dark;
  ctx.beginPath();
  for (let r = 0; r < board.rows; r++) {
    for (let c = (r + 1) & 1; c < board.cols; c += 2) {
      ctx.rect(c * cellSize, r * cellSize, cellSize, cellSize);
    }
  }
  ctx.fill();
  if (board.holes.length > 0) {
    ctx.fillStyle = t.hole;
    for (const h of board.holes) {
      ctx.fillRect(
        (h % board.cols) * cellSize,
        Math.floor(h / board.cols) * cellSize,
        cellSize,
        cellSize,
      );
    }
  }
  if (board.topology !== "plane") drawSeams(ctx, board, cellSize, t);
}

/** The joined edges: left and right on a cylinder, all four on a torus. */
function drawSeams(ctx: Canvas2D, board: Board, cellSize: number, t: BoardTheme): void {
  const w = seamWidth(cellSize);
  const width = board.cols * cellSize;
  const height = board.rows * cellSize;
  ctx.fillStyle = t.seam;
  ctx.fillRect(0, 0, w, height);
  ctx.fillRect(width - w, 0, w, height);
  if (board.topology === "torus") {
    ctx.fillRect(0, 0, width, w);
    ctx.fillRect(0, height - w, width, w);
  }
}

function lineWidthFor(cellSize: number): number {
  return Math.max(1.2, cellSize * 0.08);
}

/** The path as one stroke, or as one stroke per gradient colour. */
export function drawPath(
  ctx: Canvas2D,
  board: Board,
  path: ArrayLike<number>,
  cellSize: number,
  options: CanvasPathOptions = {},
): void {
  const t = { ...DEFAULT_THEME, ...options.theme };
  const upTo = Math.max(0, Math.min(path.length, options.upTo ?? path.length));
  if (upTo < 2) return;
  const cols = board.cols;
  const half = cellSize / 2;
  const x = (cell: number): number => (cell % cols) * cellSize + half;
  const y = (cell: number): number => Math.floor(cell / cols) * cellSize + half;
  ctx.save();
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.lineWidth = options.lineWidth ?? lineWidthFor(cellSize);
  const n = path.length;
  // Moves across an edge are drawn as pieces ending on the border: one branch, outside the loops.
  const trace =
    board.topology === "plane"
      ? null
      : (from: number, to: number): void => tracePieces(ctx, board, path, from, to, cellSize);
  if (options.gradient) {
    // Colours follow the position in the whole tour, so a partial drawing keeps its colours.
    const buckets = Math.min(GRADIENT_BUCKETS, Math.max(1, n - 1));
    const palette = gradientPalette(buckets);
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor(((n - 1) * b) / buckets);
      if (from >= upTo - 1) break;
      const to = Math.min(upTo - 1, Math.floor(((n - 1) * (b + 1)) / buckets));
      ctx.strokeStyle = palette[b]!;
      ctx.beginPath();
      if (trace) trace(from, to);
      else {
        ctx.moveTo(x(path[from]!), y(path[from]!));
        for (let i = from + 1; i <= to; i++) ctx.lineTo(x(path[i]!), y(path[i]!));
      }
      ctx.stroke();
    }
  } else {
    ctx.strokeStyle = t.line;
    ctx.globalAlpha = 0.85;
    ctx.beginPath();
    if (trace) trace(0, upTo - 1);
    else {
      ctx.moveTo(x(path[0]!), y(path[0]!));
      for (let i = 1; i < upTo; i++) ctx.lineTo(x(path[i]!), y(path[i]!));
    }
    ctx.stroke();
  }
  if (options.closed && upTo === n && n > 2 && board.isKnightMove(path[0]!, path[n - 1]!)) {
    ctx.strokeStyle = options.gradient
      ? gradientPalette(GRADIENT_BUCKETS)[GRADIENT_BUCKETS - 1]!
      : t.line;
    ctx.setLineDash([ctx.lineWidth * 2, ctx.lineWidth * 2]);
    ctx.beginPath();
    if (trace) tracePieces(ctx, board, [path[n - 1]!, path[0]!], 0, 1, cellSize);
    else {
      ctx.moveTo(x(path[n - 1]!), y(path[n - 1]!));
      ctx.lineTo(x(path[0]!), y(path[0]!));
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.restore();
}

/**
 * Cells `from` … `to` of the path as lines on a wrapped board: a move across an edge is a line
 * to the border and a new start on the opposite one (see moveSegments).
 */
function tracePieces(
  ctx: Canvas2D,
  board: Board,
  path: ArrayLike<number>,
  from: number,
  to: number,
  cellSize: number,
): void {
  const cols = board.cols;
  ctx.moveTo(
    ((path[from]! % cols) + 0.5) * cellSize,
    (Math.floor(path[from]! / cols) + 0.5) * cellSize,
  );
  for (let i = from + 1; i <= to; i++) {
    const pieces = moveSegments(board, path[i - 1]!, path[i]!);
    for (let k = 0; k < pieces.length; k++) {
      const [x1, y1, x2, y2] = pieces[k]!;
      if (k > 0) ctx.moveTo(x1 * cellSize, y1 * cellSize);
      ctx.lineTo(x2 * cellSize, y2 * cellSize);
    }
  }
}

/** Step numbers in the visited cells, when the cells are big enough to read them. */
export function drawNumbers(
  ctx: Canvas2D,
  board: Board,
  path: ArrayLike<number>,
  cellSize: number,
  upTo: number = path.length,
  theme: Partial<BoardTheme> = {},
): boolean {
  const t = { ...DEFAULT_THEME, ...theme };
  const font = numberFont(String(board.vertexCount).length, cellSize);
  if (!font.legible) return false;
  const cols = board.cols;
  ctx.save();
  ctx.font = `${Math.round(font.size * cellSize)}px Helvetica, Arial, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineWidth = Math.max(1, font.size * cellSize * 0.2);
  // Round joins: a mitred halo draws a spike out of every sharp corner of a glyph (the 4's).
  ctx.lineJoin = "round";
  ctx.strokeStyle = t.light;
  ctx.fillStyle = t.text;
  const limit = Math.min(upTo, path.length);
  for (let i = 0; i < limit; i++) {
    const cell = path[i]!;
    const cx = (cell % cols) * cellSize + cellSize / 2;
    const cy = Math.floor(cell / cols) * cellSize + cellSize / 2;
    ctx.strokeText(String(i + 1), cx, cy);
    ctx.fillText(String(i + 1), cx, cy);
  }
  ctx.restore();
  return true;
}

/** Start (circle) and end (square) marks, as in the SVG. */
export function drawEnds(
  ctx: Canvas2D,
  board: Board,
  path: ArrayLike<number>,
  cellSize: number,
  upTo: number = path.length,
  theme: Partial<BoardTheme> = {},
): void {
  const t = { ...DEFAULT_THEME, ...theme };
  if (path.length === 0 || upTo === 0) return;
  const cols = board.cols;
  const radius = Math.max(3, cellSize * 0.28);
  const centre = (cell: number): [number, number] => [
    (cell % cols) * cellSize + cellSize / 2,
    Math.floor(cell / cols) * cellSize + cellSize / 2,
  ];
  ctx.save();
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = Math.max(1, cellSize * 0.05);
  const [sx, sy] = centre(path[0]!);
  ctx.fillStyle = t.start;
  ctx.beginPath();
  ctx.arc(sx, sy, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  if (upTo === path.length && path.length > 1) {
    const [ex, ey] = centre(path[path.length - 1]!);
    const side = radius * 1.7;
    ctx.fillStyle = t.end;
    ctx.fillRect(ex - side / 2, ey - side / 2, side, side);
    ctx.strokeRect(ex - side / 2, ey - side / 2, side, side);
  }
  ctx.restore();
}

/** The knight on `cell`: a chess glyph on big cells, a dot on small ones. */
export function drawKnight(ctx: Canvas2D, board: Board, cell: number, cellSize: number): void {
  if (cell < 0) return;
  const cx = (cell % board.cols) * cellSize + cellSize / 2;
  const cy = Math.floor(cell / board.cols) * cellSize + cellSize / 2;
  ctx.save();
  if (cellSize >= 18) {
    ctx.font = `${Math.round(cellSize * 0.8)}px "DejaVu Sans", "Segoe UI Symbol", serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineWidth = Math.max(2, cellSize * 0.08);
    ctx.lineJoin = "round";
    ctx.strokeStyle = "#fff";
    ctx.fillStyle = "#111";
    ctx.strokeText("\u265e", cx, cy);
    ctx.fillText("\u265e", cx, cy);
  } else {
    ctx.fillStyle = "#111";
    ctx.strokeStyle = "#fff";
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.arc(cx, cy, Math.max(3, cellSize * 0.45), 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}
