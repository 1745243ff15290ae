import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { isKnight } from "../core/piece.js";
import type { Tour } from "../core/tour.js";
import { type BoardTheme, DEFAULT_THEME, gradientPalette } from "./colour.js";
import { moveSegments, wrapsAround } from "./segments.js";

/** The tour, or a partial path, to draw. */
export type Drawable = Pick<Tour, "board" | "path"> & { readonly closed?: boolean };

export interface SvgOptions {
  /** Pixels per cell in the `width`/`height` attributes; default: about 800 px on the longer side. */
  readonly cellSize?: number;
  /** Write the step number in each visited cell (default true); dropped when cells are too small to read. */
  readonly numbers?: boolean;
  /** Colour the path by step, blue at the start to red at the end (default false). */
  readonly gradient?: boolean;
  /** An animated SVG: the path draws itself, numbers appear as the knight reaches them. */
  readonly animate?: boolean;
  /** Length of the animation in seconds; default 0.08 s per move, between 2 and 30 s. */
  readonly durationSeconds?: number;
  /** Mark the first cell (circle) and the last (square); default true. */
  readonly markEnds?: boolean;
  readonly theme?: Partial<BoardTheme>;
}

/** Pixels across a seam band (the joined edges of a cylinder or torus): thin, but always seen. */
export function seamWidth(cellSize: number): number {
  return Math.max(1.5, cellSize * 0.045);
}

/** Below this many pixels a step number is no longer legible, so numbers are dropped. */
export const MIN_NUMBER_PIXELS = 7;
/** Colour steps of the gradient: one stroke per bucket keeps huge tours cheap to draw. */
export const GRADIENT_BUCKETS = 48;

/** Cell size in pixels that makes the longer side about 800 px (at least 4, at most 64 px). */
export function autoCellSize(rows: number, cols: number): number {
  return Math.max(4, Math.min(64, Math.floor(800 / Math.max(rows, cols))));
}

/**
 * Font size (in cells) that fits `digits` digits inside a cell, and whether it is legible at
 * `cellSize` pixels per cell.
 */
export function numberFont(digits: number, cellSize: number): { size: number; legible: boolean } {
  const size = Math.min(0.42, 0.84 / (0.6 * Math.max(1, digits)));
  return { size, legible: size * cellSize >= MIN_NUMBER_PIXELS };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/**
 * The centre of `cell` in board units: the SVG's user space is one unit per cell (viewBox
 * `0 0 cols rows`), so the centre of (r, c) is (c + 0.5, r + 0.5). Tests read coordinates back
 * with this rule.
 */
export function cellCentre(cols: number, cell: number): [number, number] {
  return [(cell % cols) + 0.5, Math.floor(cell / cols) + 0.5];
}

function point(cols: number, cell: number): string {
  const c = cell % cols;
  const r = (cell - c) / cols;
  return `${c}.5,${r}.5`;
}

/**
 * Draw a tour (or a partial path) as SVG: checkered squares, the path as ONE `<polyline>` with a
 * point per visited cell (a closed tour adds the closing move as a `<line class="closing">`),
 * the start and end marked, optional step numbers and gradient, optionally animated. The board's
 * geometry is drawn too: holes as dark cells (never numbered), and on a cylinder or torus the
 * joined edges as thin bands; a tour with a move across an edge is one `<path class="tour">`
 * whose wrapped moves end on the border and go on from the opposite one (see moveSegments).
 *
 * Sizes: the picture is in board units (one unit per cell) so a 200×200 tour stays about
 * 0.5 MB; the squares are one `<pattern>`, not 40,000 rectangles.
 *
 * @example
 * ```ts
 * import { Board, renderSvg, solve } from "knight-tours";
 *
 * const tour = solve(new Board(8, 8), { closed: true, seed: 1 }).tour!;
 * const svg = renderSvg(tour, { gradient: true, cellSize: 40 }); // write it to tour.svg
 * console.log(svg.slice(0, 64)); // → <svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"
 * ```
 */
export function renderSvg(tour: Drawable, options: SvgOptions = {}): string {
  const { board, path } = tour;
  const { rows, cols } = board;
  const n = path.length;
  const closed = tour.closed === true && n > 2 && board.isKnightMove(path[0]!, path[n - 1]!);
  const theme: BoardTheme = { ...DEFAULT_THEME, ...options.theme };
  for (const name of ["cellSize", "durationSeconds"] as const) {
    const value = options[name];
    if (value !== undefined && !(value > 0 && Number.isFinite(value))) {
      throw new OptionError(`${name} must be a positive number, got ${value}`, value);
    }
  }
  const cellSize = options.cellSize ?? autoCellSize(rows, cols);
  const animate = options.animate === true;
  const gradient = options.gradient === true;
  const markEnds = options.markEnds !== false;
  const duration = options.durationSeconds ?? Math.max(2, Math.min(30, n * 0.08));
  // Lines stay at least ~1.2 px wide however small the cells get.
  const lineWidth = Math.max(0.08, 1.2 / cellSize);
  const font = numberFont(String(board.vertexCount).length, cellSize);
  const numbers = options.numbers !== false && font.legible && n > 0;
  const stepTime = (i: number): number => (n <= 1 ? 0 : (duration * i) / (n - 1));

  const out: string[] = [];
  const kind = closed ? "Closed" : n === board.vertexCount ? "Open" : "Partial";
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${round(cols * cellSize)}" height="${round(rows * cellSize)}" viewBox="0 0 ${cols} ${rows}" shape-rendering="geometricPrecision">`,
    `<title>${kind} ${isKnight(board.piece) ? "knight's" : escapeXml(board.piece.name)} tour on a ${escapeXml(board.toString())} board (${n} of ${board.vertexCount} cells)</title>`,
    `<defs><pattern id="squares" patternUnits="userSpaceOnUse" width="2" height="2">`,
    `<rect width="2" height="2" fill="${escapeXml(theme.light)}"/>`,
    `<rect x="1" width="1" height="1" fill="${escapeXml(theme.dark)}"/>`,
    `<rect y="1" width="1" height="1" fill="${escapeXml(theme.dark)}"/>`,
    `</pattern></defs>`,
    `<rect class="board" width="${cols}" height="${rows}" fill="url(#squares)"/>`,
  );
  if (board.holes.length > 0) out.push(holesSvg(board, theme));
  if (board.topology !== "plane") out.push(seamsSvg(board, theme, cellSize));
  // A move across an edge cannot be a polyline's straight line: such tours are one <path>.
  const wraps = wrappedMoves(tour);

  if (n > 0) {
    const points: string[] = new Array(n);
    for (let i = 0; i < n; i++) points[i] = point(cols, path[i]!);
    const drawing = animate ? ` pathLength="1" stroke-dasharray="1" stroke-dashoffset="1"` : "";
    const reveal = (begin: number, dur: number): string =>
      animate
        ? `<animate attributeName="stroke-dashoffset" from="1" to="0" begin="${round(begin)}s" dur="${round(Math.max(dur, 0.001))}s" fill="freeze"/>`
        : "";
    const stroke = gradient ? theme.text : theme.line;
    const width = gradient ? lineWidth * 1.8 : lineWidth;
    const opacity = gradient ? 0.35 : 0.85;
    const style = `fill="none" stroke="${escapeXml(stroke)}" stroke-opacity="${opacity}" stroke-width="${round(width)}" stroke-linejoin="round" stroke-linecap="round"${drawing}`;
    out.push(
      wraps
        ? `<path class="tour" ${style} d="${pathData(tour, points, 0, n - 1)}">${reveal(0, duration)}</path>`
        : `<polyline class="tour" ${style} points="${points.join(" ")}">${reveal(0, duration)}</polyline>`,
    );
    const closingBegin = duration;
    const closingDur = Math.max(duration / Math.max(1, n - 1), 0.05);
    const closingColour = gradient
      ? gradientPalette(GRADIENT_BUCKETS)[GRADIENT_BUCKETS - 1]!
      : stroke;
    if (closed) {
      // Across an edge, the closing move is one dashed line per piece.
      const pieces = wraps
        ? moveSegments(board, path[n - 1]!, path[0]!).map((s) => s.map(round))
        : [[...cellCentre(cols, path[n - 1]!), ...cellCentre(cols, path[0]!)]];
      for (const [x1, y1, x2, y2] of pieces) {
        out.push(
          `<line class="closing" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${escapeXml(closingColour)}" stroke-opacity="${gradient ? 1 : opacity}" stroke-width="${round(lineWidth)}" stroke-linecap="round"${animate ? drawing : ` stroke-dasharray="${round(lineWidth * 2)} ${round(lineWidth * 2)}"`}>${reveal(closingBegin, closingDur)}</line>`,
        );
      }
    }
    if (gradient && n > 1) {
      // Contiguous runs of moves share a colour, so each bucket is one sub-path of the tour.
      const buckets = Math.min(GRADIENT_BUCKETS, n - 1);
      const palette = gradientPalette(buckets);
      out.push(
        `<g class="gradient" fill="none" stroke-width="${round(lineWidth)}" stroke-linejoin="round" stroke-linecap="round">`,
      );
      for (let b = 0; b < buckets; b++) {
        const from = Math.floor(((n - 1) * b) / buckets);
        const to = Math.floor(((n - 1) * (b + 1)) / buckets);
        let d: string;
        if (wraps) d = pathData(tour, points, from, to);
        else {
          const parts: string[] = [];
          for (let i = from; i <= to; i++) parts.push(`${i === from ? "M" : "L"}${points[i]}`);
          d = parts.join("");
        }
        out.push(
          `<path stroke="${palette[b]}" d="${d}"${drawing}>${reveal(stepTime(from), stepTime(to) - stepTime(from))}</path>`,
        );
      }
      out.push("</g>");
    }
    if (markEnds) {
      const radius = Math.max(0.28, 3 / cellSize);
      const [sx, sy] = cellCentre(cols, path[0]!);
      out.push(
        `<circle class="start" cx="${sx}" cy="${sy}" r="${round(radius)}" fill="${escapeXml(theme.start)}" stroke="#fff" stroke-width="${round(lineWidth * 0.6)}"/>`,
      );
      if (n > 1) {
        const [ex, ey] = cellCentre(cols, path[n - 1]!);
        const side = radius * 1.7;
        const appear = animate
          ? ` opacity="0"><set attributeName="opacity" to="1" begin="${round(duration)}s"/></rect>`
          : "/>";
        out.push(
          `<rect class="end" x="${round(ex - side / 2)}" y="${round(ey - side / 2)}" width="${round(side)}" height="${round(side)}" fill="${escapeXml(theme.end)}" stroke="#fff" stroke-width="${round(lineWidth * 0.6)}"${appear}`,
        );
      }
    }
    if (numbers) {
      out.push(
        `<g class="numbers" font-family="Helvetica, Arial, sans-serif" font-size="${round(font.size)}" text-anchor="middle" dominant-baseline="central" fill="${escapeXml(theme.text)}" stroke="${escapeXml(theme.light)}" stroke-width="${round(font.size * 0.18)}" stroke-linejoin="round" paint-order="stroke">`,
      );
      for (let i = 0; i < n; i++) {
        const [x, y] = cellCentre(cols, path[i]!);
        out.push(
          animate
            ? `<text x="${x}" y="${y}" opacity="0">${i + 1}<set attributeName="opacity" to="1" begin="${round(stepTime(i))}s"/></text>`
            : `<text x="${x}" y="${y}">${i + 1}</text>`,
        );
      }
      out.push("</g>");
    }
  }
  out.push("</svg>");
  return out.join("\n");
}

/** Whether any move of the path (the closing one included) is drawn across an edge. */
function wrappedMoves(tour: Drawable): boolean {
  const { board, path } = tour;
  if (board.topology === "plane") return false;
  const n = path.length;
  for (let i = 0; i + 1 < n; i++) if (wrapsAround(board, path[i]!, path[i + 1]!)) return true;
  return tour.closed === true && n > 2 && wrapsAround(board, path[n - 1]!, path[0]!);
}

/**
 * Path data for cells `from` … `to` of the path: a line to each next cell, and for a move
 * across an edge a line to the border, a jump (M) to the opposite border and a line on.
 */
function pathData(tour: Drawable, points: readonly string[], from: number, to: number): string {
  const { board, path } = tour;
  const d: string[] = [`M${points[from]}`];
  for (let i = from + 1; i <= to; i++) {
    const pieces = moveSegments(board, path[i - 1]!, path[i]!);
    if (pieces.length === 1) {
      d.push(`L${points[i]}`);
      continue;
    }
    pieces.forEach(([x1, y1, x2, y2], k) => {
      if (k > 0) d.push(`M${round(x1)},${round(y1)}`);
      d.push(k === pieces.length - 1 ? `L${points[i]}` : `L${round(x2)},${round(y2)}`);
    });
  }
  return d.join("");
}

/** The holes: cells cut out of the board, drawn dark (no square, never a number). */
function holesSvg(board: Board, theme: BoardTheme): string {
  const cells = board.holes.map(
    (h) => `<rect x="${h % board.cols}" y="${Math.floor(h / board.cols)}" width="1" height="1"/>`,
  );
  return `<g class="holes" fill="${escapeXml(theme.hole)}">\n${cells.join("\n")}\n</g>`;
}

/**
 * The joined edges of a cylinder (left and right) or a torus (all four), drawn as thin bands:
 * where a move leaves the board it comes back on the opposite band.
 */
function seamsSvg(board: Board, theme: BoardTheme, cellSize: number): string {
  const { rows, cols } = board;
  const width = seamWidth(cellSize) / cellSize;
  const w = round(width);
  const bands = [
    `<rect x="0" y="0" width="${w}" height="${rows}"/>`,
    `<rect x="${round(cols - width)}" y="0" width="${w}" height="${rows}"/>`,
  ];
  if (board.topology === "torus") {
    bands.push(
      `<rect x="0" y="0" width="${cols}" height="${w}"/>`,
      `<rect x="0" y="${round(rows - width)}" width="${cols}" height="${w}"/>`,
    );
  }
  return `<g class="seams" fill="${escapeXml(theme.seam)}">\n${bands.join("\n")}\n</g>`;
}
