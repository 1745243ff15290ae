import { Board, type BoardOptions } from "../board.js";
import { formatCell } from "../cells.js";
import { InvalidTourError, TourParseError } from "../errors.js";
import { stepNumbers, type Tour } from "../tour.js";

/** A hole's token value while parsing (steps are ≥ 1, unvisited cells 0). */
const HOLE = -1;

/**
 * The numbered grid, the classic way to print a knight's tour: each cell shows the 1-based step at which the knight
 * visits it, right-aligned in columns, row 0 (the top rank) first. Unvisited cells (a partial
 * path) show `.`, holes `--` (`-` where a column is one character wide) unless `hole` gives
 * another mark.
 */
export function formatGrid(
  tour: Pick<Tour, "board" | "path">,
  options: { readonly hole?: string } = {},
): string {
  const { board } = tour;
  const steps = stepNumbers(tour);
  const width = String(board.cells).length;
  const lines: string[] = new Array(board.rows);
  const row: string[] = new Array(board.cols);
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const cell = r * board.cols + c;
      const step = steps[cell]!;
      row[c] =
        options.hole !== undefined && step === 0 && board.isHole(cell)
          ? options.hole.padStart(width)
          : gridToken(board, cell, step, width);
    }
    lines[r] = row.join(" ");
  }
  return lines.join("\n");
}

/** The mark of a hole in the grid: `--`, or `-` in columns one character wide. */
export function holeMark(width: number): string {
  return width >= 2 ? "--" : "-";
}

/** One cell of the grid, padded to `width`: its step, `.` unvisited, or the hole mark. */
export function gridToken(board: Board, cell: number, step: number, width: number): string {
  if (step === 0 && board.isHole(cell)) return holeMark(width).padStart(width);
  return (step === 0 ? "." : String(step)).padStart(width);
}

/**
 * Read a numbered grid back. The board shape is the grid's shape; the tour counts as closed when
 * its ends are one move apart (a grid cannot say more). Cells marked with dashes (`--`) are
 * holes, added to any holes of `options` (the piece and topology come from `options` too: a
 * grid does not show them). Blank lines and lines starting with `#` are skipped.
 */
export function parseGrid(text: string, options: BoardOptions = {}): Tour {
  const rowsOfTokens: Array<Array<{ value: number; column: number }>> = [];
  const lineNumbers: number[] = [];
  const lines = text.split(/\r?\n/);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const tokens: Array<{ value: number; column: number }> = [];
    const re = /\S+/g;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const token = m[0];
      if (token === ".") {
        tokens.push({ value: 0, column: m.index + 1 });
      } else if (/^-+$/.test(token)) {
        tokens.push({ value: HOLE, column: m.index + 1 });
      } else if (/^\d{1,15}$/.test(token)) {
        tokens.push({ value: Number(token), column: m.index + 1 });
      } else if (/^\d+$/.test(token)) {
        // Past 15 digits a number is no longer read exactly (1e+23, Infinity): no board has
        // that many cells, so the text is not a tour grid at all.
        throw new TourParseError(
          `'${token.length > 30 ? `${token.slice(0, 20)}…` : token}' (${token.length} digits) is too long to be a step number (at most 15 digits)`,
          { line: li + 1, column: m.index + 1 },
        );
      } else {
        throw new TourParseError(`expected a step number or '.', got '${token}'`, {
          line: li + 1,
          column: m.index + 1,
        });
      }
    }
    if (rowsOfTokens.length > 0 && tokens.length !== rowsOfTokens[0]!.length) {
      throw new TourParseError(
        `every row of the grid must have ${rowsOfTokens[0]!.length} numbers, this one has ${tokens.length}`,
        { line: li + 1 },
      );
    }
    rowsOfTokens.push(tokens);
    lineNumbers.push(li + 1);
  }
  if (rowsOfTokens.length === 0) throw new TourParseError("the grid is empty");
  const cols = rowsOfTokens[0]!.length;
  const marked: number[] = [];
  rowsOfTokens.forEach((tokens, r) => {
    tokens.forEach(({ value }, c) => {
      if (value === HOLE) marked.push(r * cols + c);
    });
  });
  const holes = new Set([...(options.holes ?? []), ...marked]);
  const board = new Board(
    rowsOfTokens.length,
    cols,
    holes.size === 0 ? options : { ...options, holes: [...holes] },
  );
  const cellOfStep = new Int32Array(board.cells + 1).fill(-1);
  let highest = 0;
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const { value, column } = rowsOfTokens[r]![c]!;
      if (value === 0 || value === HOLE) continue;
      const cell = board.cell(r, c);
      if (value > board.cells) {
        throw new InvalidTourError(
          `step ${value} at ${formatCell(board, cell)} (line ${lineNumbers[r]}, column ${column}) is more than the ${board.cells} cells of the ${board} board`,
          value,
        );
      }
      const other = cellOfStep[value]!;
      if (other !== -1) {
        throw new InvalidTourError(
          `step ${value} appears twice, at ${formatCell(board, other)} and ${formatCell(board, cell)} (line ${lineNumbers[r]}, column ${column})`,
          value,
        );
      }
      cellOfStep[value] = cell;
      if (value > highest) highest = value;
    }
  }
  const path = new Int32Array(highest);
  for (let step = 1; step <= highest; step++) {
    const cell = cellOfStep[step]!;
    if (cell === -1) {
      throw new InvalidTourError(
        `the grid numbers steps up to ${highest} but step ${step} is missing`,
        step,
      );
    }
    path[step - 1] = cell;
  }
  const closed = highest > 2 && board.isMove(path[0]!, path[highest - 1]!);
  return { board, path, closed };
}
