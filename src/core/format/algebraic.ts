import { Board, type BoardOptions } from "../board.js";
import { fileIndex, formatCell } from "../cells.js";
import { InvalidTourError, TourParseError } from "../errors.js";
import type { Tour } from "../tour.js";

/**
 * Algebraic move lists: a header comment naming the board and kind, then the cells in order,
 * `a1 c2 e1 …`, a fixed number per line:
 *
 *     # 8x8 closed tour
 *     a1 c2 …
 *
 * The header is optional when reading: without it the board is the smallest one that holds
 * every cell (a complete tour reaches the last file and the top rank) and the tour counts as
 * closed when its ends are a knight's move apart.
 */

const MOVES_PER_LINE = 16;

export function formatAlgebraic(tour: Tour): string {
  const { board, path } = tour;
  const lines = [`# ${board.label} ${tour.closed ? "closed" : "open"} tour`];
  for (let i = 0; i < path.length; i += MOVES_PER_LINE) {
    const names: string[] = [];
    for (let j = i; j < Math.min(path.length, i + MOVES_PER_LINE); j++) {
      names.push(formatCell(board, path[j]!));
    }
    lines.push(names.join(" "));
  }
  return lines.join("\n");
}

const HEADER = /^#\s*(\d+)\s*[xX×]\s*(\d+)(?:\s+(closed|open))?/;

export function parseAlgebraic(text: string, options: BoardOptions = {}): Tour {
  let header: { rows: number; cols: number; closed: boolean | undefined } | undefined;
  const cells: Array<{ col: number; rank: number; line: number; column: number; text: string }> =
    [];
  const lines = text.split(/\r?\n/);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const trimmed = line.trim();
    if (trimmed.startsWith("#")) {
      const m = HEADER.exec(trimmed);
      if (m && header === undefined && cells.length === 0) {
        header = {
          rows: Number(m[1]),
          cols: Number(m[2]),
          closed: m[3] === undefined ? undefined : m[3] === "closed",
        };
      }
      continue;
    }
    const re = /[^\s,;]+/g;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const token = m[0];
      const parsed = /^([a-zA-Z]+)(\d+)$/.exec(token);
      if (!parsed || Number(parsed[2]) < 1) {
        throw new TourParseError(`expected a cell like a1, got '${token}'`, {
          line: li + 1,
          column: m.index + 1,
        });
      }
      cells.push({
        col: fileIndex(parsed[1]!),
        rank: Number(parsed[2]),
        line: li + 1,
        column: m.index + 1,
        text: token,
      });
    }
  }
  if (cells.length === 0) throw new TourParseError("the move list has no cells");
  let rows = header?.rows ?? 0;
  let cols = header?.cols ?? 0;
  if (!header) {
    for (const cell of cells) {
      rows = Math.max(rows, cell.rank);
      cols = Math.max(cols, cell.col + 1);
    }
  }
  const board = new Board(rows, cols, options);
  const path = new Int32Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    const { col, rank, line, column, text: name } = cells[i]!;
    if (col >= cols || rank > rows) {
      throw new InvalidTourError(
        `step ${i + 1}, ${name} (line ${line}, column ${column}), is not on the ${board} board`,
        name,
      );
    }
    path[i] = board.cell(rows - rank, col);
  }
  const closable = path.length > 2 && board.isKnightMove(path[0]!, path[path.length - 1]!);
  return { board, path, closed: header?.closed ?? closable };
}
