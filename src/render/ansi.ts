import { stepNumbers } from "../core/tour.js";
import type { Drawable } from "./svg.js";

/**
 * The board in a terminal: light and dark squares as 256-colour backgrounds, each visited cell
 * showing its step number, the knight's current cell highlighted. Without colour (NO_COLOR, or
 * output that is not a terminal) the same board is plain text, the knight's cell in brackets.
 * Plain ANSI codes: the library has no runtime dependencies, and the CLI decides `color`.
 */

export interface AnsiOptions {
  /** Use ANSI colours (default true). The CLI turns this off for NO_COLOR and non-TTY output. */
  readonly color?: boolean;
  /** Show only the first `upTo` steps (default: the whole path). */
  readonly upTo?: number;
  /** Highlight the cell of the last step shown (default: true when upTo is given). */
  readonly knight?: boolean;
}

const ESC = "\x1b[";
const RESET = `${ESC}0m`;
const LIGHT_BG = `${ESC}48;5;223m`;
const DARK_BG = `${ESC}48;5;137m`;
const KNIGHT_BG = `${ESC}48;5;29m`;
const HOLE_BG = `${ESC}48;5;236m`;
const TEXT_FG = `${ESC}38;5;232m`;
const START_FG = `${ESC}1;38;5;18m`;
const KNIGHT_FG = `${ESC}1;97m`;
export const HIDE_CURSOR = `${ESC}?25l`;
export const SHOW_CURSOR = `${ESC}?25h`;

interface Layout {
  readonly digits: number;
  /** Characters per cell: the digits plus one space each side. */
  readonly width: number;
}

function layout(cells: number): Layout {
  const digits = String(cells).length;
  return { digits, width: digits + 2 };
}

/** A hole: a dark cell in colour, `#` in plain text (as a `--mask` file marks it). */
function holeText(lay: Layout, color: boolean): string {
  return color ? `${HOLE_BG}${" ".repeat(lay.width)}${RESET}` : ` ${"#".padStart(lay.digits)} `;
}

/** One cell's text: step 0 means not visited yet. */
function cellText(
  lay: Layout,
  dark: boolean,
  step: number,
  isStart: boolean,
  isKnight: boolean,
  color: boolean,
): string {
  const label = step === 0 ? "" : String(step);
  if (!color) {
    const body = (step === 0 ? "." : label).padStart(lay.digits);
    return isKnight ? `[${body}]` : ` ${body} `;
  }
  const body = ` ${label.padStart(lay.digits)} `;
  if (isKnight) return `${KNIGHT_BG}${KNIGHT_FG}${body}${RESET}`;
  return `${dark ? DARK_BG : LIGHT_BG}${isStart ? START_FG : TEXT_FG}${body}${RESET}`;
}

/**
 * The whole board as text, one line per row, row 0 (the top rank) first.
 *
 * @example
 * ```ts
 * import { parseTour, renderAnsi } from "knight-tours";
 *
 * const tour = parseTour("# 3x4 open tour\na3 c2 a1 b3 d2 b1 c3 d1 b2 d3 c1 a2");
 * console.log(renderAnsi(tour, { color: false }).split("\n")[0]); // →   1   4   7  10
 * ```
 */
export function renderAnsi(tour: Drawable, options: AnsiOptions = {}): string {
  const { board, path } = tour;
  const color = options.color !== false;
  const upTo = Math.max(0, Math.min(path.length, options.upTo ?? path.length));
  const knight = options.knight ?? options.upTo !== undefined;
  const steps = stepNumbers(tour, upTo);
  const lay = layout(board.vertexCount);
  const knightCell = knight && upTo > 0 ? path[upTo - 1]! : -1;
  const start = upTo > 0 ? path[0]! : -1;
  const lines: string[] = new Array(board.rows);
  for (let r = 0; r < board.rows; r++) {
    let line = "";
    for (let c = 0; c < board.cols; c++) {
      const cell = r * board.cols + c;
      if (board.isHole(cell)) {
        line += holeText(lay, color);
        continue;
      }
      line += cellText(
        lay,
        ((r + c) & 1) === 1,
        steps[cell]!,
        cell === start,
        cell === knightCell,
        color,
      );
    }
    lines[r] = line;
  }
  return lines.join("\n");
}

export interface AnimationOptions {
  readonly color?: boolean;
}

/**
 * The terminal animation as a list of writes: first the empty board, then for each step an
 * update that redraws only the cells that change (the knight's old and new cells) by moving the
 * cursor up into the board and back. So a frame costs a few dozen bytes on any board.
 * The cursor ends on the line below the board.
 */
export function* ansiAnimationFrames(
  tour: Drawable,
  options: AnimationOptions = {},
): Generator<string, void, undefined> {
  const { board, path } = tour;
  const color = options.color !== false;
  const lay = layout(board.vertexCount);
  yield `${renderAnsi(tour, { color, upTo: 0 })}\n`;
  const cols = board.cols;
  const at = (cell: number, text: string): string => {
    const up = board.rows - Math.floor(cell / cols);
    const column = (cell % cols) * lay.width + 1;
    return `${ESC}${up}A${ESC}${column}G${text}${ESC}${up}B\r`;
  };
  for (let i = 0; i < path.length; i++) {
    const cell = path[i]!;
    let frame = "";
    if (i > 0) {
      const previous = path[i - 1]!;
      const dark = ((Math.floor(previous / cols) + (previous % cols)) & 1) === 1;
      frame += at(previous, cellText(lay, dark, i, previous === path[0], false, color));
    }
    const dark = ((Math.floor(cell / cols) + (cell % cols)) & 1) === 1;
    frame += at(cell, cellText(lay, dark, i + 1, i === 0, true, color));
    yield frame;
  }
}

export interface PlayOptions extends AnimationOptions {
  /** Where frames go (the CLI passes stdout's write). */
  readonly write: (text: string) => void;
  /** Frames per second (default 10). */
  readonly fps?: number;
  /** Stops the animation; the cursor is restored either way. */
  readonly signal?: AbortSignal;
}

/**
 * Play the tour in a terminal at `fps` moves per second. Hides the cursor while playing and
 * always shows it again, also when `signal` aborts (Ctrl-C). Resolves to how it ended.
 */
export async function playAnsiAnimation(
  tour: Drawable,
  options: PlayOptions,
): Promise<"finished" | "aborted"> {
  const fps = options.fps ?? 10;
  const delay = 1000 / fps;
  const { write, signal } = options;
  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
  write(HIDE_CURSOR);
  try {
    let first = true;
    for (const frame of ansiAnimationFrames(tour, options)) {
      if (signal?.aborted) return "aborted";
      if (!first) await wait(delay);
      if (signal?.aborted) return "aborted";
      write(frame);
      first = false;
    }
    return "finished";
  } finally {
    write(SHOW_CURSOR);
  }
}
