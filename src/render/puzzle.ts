import type { Puzzle } from "../puzzle/puzzle.js";
import { numberFont } from "./svg.js";

/** Colours of a printed puzzle: light enough for a pencil, holes solid. */
export const PUZZLE_THEME = Object.freeze({
  light: "#ffffff",
  dark: "#e4e4e4",
  hole: "#333333",
  grid: "#777777",
  clue: "#000000",
  answer: "#4a6fa5",
});

/** One puzzle on a sheet: its clues, and the tour that answers it (for the answer page). */
export interface SheetEntry {
  readonly puzzle: Puzzle;
  readonly answer: { readonly path: ArrayLike<number> };
  /** A caption under the board, e.g. "1 · 8×8 · hard · 14 clues". */
  readonly caption: string;
}

/** Where each board goes on a page (units of the page, a board's cells square). */
export interface SheetSlot {
  readonly x: number;
  readonly y: number;
  /** The side of one cell. */
  readonly cell: number;
}

/** A page: A4 in millimetres (the PDF scales it to points). */
export const PAGE = Object.freeze({ width: 210, height: 297, margin: 15, title: 12, caption: 7 });

/**
 * Lay out `count` boards of `rows` × `cols` on an A4 page: one column for one or two puzzles,
 * two columns up to eight, three beyond; each board as large as its slot allows.
 */
export function sheetLayout(count: number, rows: number, cols: number): SheetSlot[] {
  const across = count <= 2 ? 1 : count <= 8 ? 2 : 3;
  const down = Math.ceil(count / across);
  const width = (PAGE.width - 2 * PAGE.margin) / across;
  const height = (PAGE.height - 2 * PAGE.margin - PAGE.title) / down;
  const gap = 6;
  const cell = Math.min((width - gap) / cols, (height - gap - PAGE.caption) / rows);
  const slots: SheetSlot[] = [];
  for (let k = 0; k < count; k++) {
    const col = k % across;
    const row = Math.floor(k / across);
    slots.push({
      x: PAGE.margin + col * width + (width - cell * cols) / 2,
      y: PAGE.margin + PAGE.title + row * height,
      cell,
    });
  }
  return slots;
}

/** The text of cell `cell` on a board: its clue, its answer number, or nothing. */
export function cellLabel(
  puzzle: Puzzle,
  cell: number,
  steps: Int32Array | null,
): { text: string; clue: boolean } {
  const clue = puzzle.clues[cell]!;
  if (clue > 0) return { text: String(clue), clue: true };
  if (steps !== null && steps[cell]! > 0) return { text: String(steps[cell]), clue: false };
  return { text: "", clue: false };
}

/** step[cell] of an answer (1-based), for the answer page. */
export function answerSteps(puzzle: Puzzle, path: ArrayLike<number>): Int32Array {
  const steps = new Int32Array(puzzle.board.cells);
  for (let i = 0; i < path.length; i++) steps[path[i]!] = i + 1;
  return steps;
}

/**
 * A puzzle board as SVG elements in board units (one unit per cell): squares, holes, grid
 * lines and numbers — the clues in black, and with `steps` the answer's other numbers in blue.
 */
function boardSvg(puzzle: Puzzle, steps: Int32Array | null, cellSize: number): string {
  const { board } = puzzle;
  const { rows, cols } = board;
  const t = PUZZLE_THEME;
  const out: string[] = [
    `<rect width="${cols}" height="${rows}" fill="${t.light}"/>`,
    `<g fill="${t.dark}">`,
  ];
  for (let cell = 0; cell < board.cells; cell++) {
    const r = board.row(cell);
    const c = board.col(cell);
    if (board.isHole(cell))
      out.push(`<rect x="${c}" y="${r}" width="1" height="1" fill="${t.hole}"/>`);
    else if ((r + c) % 2 === 1) out.push(`<rect x="${c}" y="${r}" width="1" height="1"/>`);
  }
  out.push("</g>");
  const line = Math.max(0.02, 0.6 / cellSize);
  const grid: string[] = [];
  for (let r = 0; r <= rows; r++) grid.push(`M0 ${r}H${cols}`);
  for (let c = 0; c <= cols; c++) grid.push(`M${c} 0V${rows}`);
  out.push(`<path d="${grid.join("")}" stroke="${t.grid}" stroke-width="${line}" fill="none"/>`);
  const font = numberFont(String(board.vertexCount).length, Math.max(cellSize, 20));
  out.push(
    `<g font-family="Helvetica, Arial, sans-serif" font-size="${font.size}" text-anchor="middle" dominant-baseline="central">`,
  );
  for (let cell = 0; cell < board.cells; cell++) {
    const { text, clue } = cellLabel(puzzle, cell, steps);
    if (text === "") continue;
    const x = board.col(cell) + 0.5;
    const y = board.row(cell) + 0.5;
    out.push(
      clue
        ? `<text x="${x}" y="${y}" font-weight="bold" fill="${t.clue}">${text}</text>`
        : `<text x="${x}" y="${y}" fill="${t.answer}">${text}</text>`,
    );
  }
  out.push("</g>");
  return out.join("\n");
}

/**
 * One puzzle as a standalone SVG: the board with its clues, or with `answer` the whole tour's
 * numbers (clues in bold black, the rest in blue).
 */
export function renderPuzzleSvg(
  puzzle: Puzzle,
  options: {
    readonly answer?: { readonly path: ArrayLike<number> };
    readonly cellSize?: number;
  } = {},
): string {
  const { rows, cols } = puzzle.board;
  const cellSize = options.cellSize ?? 48;
  const steps = options.answer === undefined ? null : answerSteps(puzzle, options.answer.path);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${cols * cellSize}" height="${rows * cellSize}" viewBox="0 0 ${cols} ${rows}">`,
    boardSvg(puzzle, steps, cellSize),
    "</svg>",
  ].join("\n");
}

/**
 * A printable sheet as one SVG of two A4 pages, one above the other: the puzzles, then their
 * answers (the PDF puts the same layout on two real pages).
 */
export function renderPuzzleSheetSvg(entries: readonly SheetEntry[], title: string): string {
  const first = entries[0]!.puzzle.board;
  const slots = sheetLayout(entries.length, first.rows, first.cols);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}mm" height="${2 * PAGE.height}mm" viewBox="0 0 ${PAGE.width} ${2 * PAGE.height}">`,
    `<rect width="${PAGE.width}" height="${2 * PAGE.height}" fill="#fff"/>`,
    `<line x1="0" y1="${PAGE.height}" x2="${PAGE.width}" y2="${PAGE.height}" stroke="#bbb" stroke-width="0.3" stroke-dasharray="2 2"/>`,
  ];
  for (const page of [0, 1]) {
    const top = page * PAGE.height;
    out.push(
      `<text x="${PAGE.margin}" y="${top + PAGE.margin + 6}" font-family="Helvetica, Arial, sans-serif" font-size="6" font-weight="bold">${escapeText(page === 0 ? title : `${title}: answers`)}</text>`,
    );
    entries.forEach((entry, k) => {
      const slot = slots[k]!;
      const { rows, cols } = entry.puzzle.board;
      const steps = page === 1 ? answerSteps(entry.puzzle, entry.answer.path) : null;
      out.push(
        `<svg x="${slot.x}" y="${top + slot.y}" width="${slot.cell * cols}" height="${slot.cell * rows}" viewBox="0 0 ${cols} ${rows}">`,
        boardSvg(entry.puzzle, steps, slot.cell * 4),
        "</svg>",
        `<text x="${slot.x}" y="${top + slot.y + slot.cell * rows + 4.5}" font-family="Helvetica, Arial, sans-serif" font-size="3.5">${escapeText(entry.caption)}</text>`,
      );
    });
  }
  out.push("</svg>");
  return out.join("\n");
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
