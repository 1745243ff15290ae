import { Board, type BoardOptions } from "../board.js";
import { fileIndex, fileName, formatCell } from "../cells.js";
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
  // Cells as (file, rank) and where each was written, in growable typed arrays: a move list of
  // millions of cells costs 16 bytes a cell, not an object each.
  let cols = new Int32Array(1024);
  let ranks = new Int32Array(1024);
  let lineOf = new Int32Array(1024);
  let columnOf = new Int32Array(1024);
  let n = 0;
  // A tour never comes back to a cell: the first repeat is the verdict, found without reading
  // the rest (a 50 MB file that repeats its first moves is refused at once).
  const firstStep = new Map<number | string, number>();
  const lines = text.split(/\r?\n/);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const trimmed = line.trim();
    if (trimmed.startsWith("#")) {
      const m = HEADER.exec(trimmed);
      if (m && header === undefined && n === 0) {
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
      if (n === cols.length) {
        cols = grow(cols);
        ranks = grow(ranks);
        lineOf = grow(lineOf);
        columnOf = grow(columnOf);
      }
      const col = fileIndex(parsed[1]!);
      const rank = Number(parsed[2]);
      const key = col < 2 ** 26 && rank < 2 ** 26 ? col * 2 ** 26 + rank : `${col},${rank}`;
      const seen = firstStep.get(key);
      if (seen !== undefined) {
        throw new InvalidTourError(
          `cell ${fileName(col)}${rank} is visited twice, at steps ${seen} and ${n + 1}`,
          token,
        );
      }
      firstStep.set(key, n + 1);
      cols[n] = col;
      ranks[n] = rank;
      lineOf[n] = li + 1;
      columnOf[n] = m.index + 1;
      n++;
    }
  }
  if (n === 0) throw new TourParseError("the move list has no cells");
  let rowCount = header?.rows ?? 0;
  let colCount = header?.cols ?? 0;
  if (!header) {
    for (let i = 0; i < n; i++) {
      rowCount = Math.max(rowCount, ranks[i]!);
      colCount = Math.max(colCount, cols[i]! + 1);
    }
  }
  const board = new Board(rowCount, colCount, options);
  const path = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const col = cols[i]!;
    const rank = ranks[i]!;
    if (col >= colCount || rank > rowCount) {
      const name = `${fileName(col)}${rank}`;
      throw new InvalidTourError(
        `step ${i + 1}, ${name} (line ${lineOf[i]}, column ${columnOf[i]}), is not on the ${board} board`,
        name,
      );
    }
    path[i] = board.cell(rowCount - rank, col);
  }
  const closable = path.length > 2 && board.isKnightMove(path[0]!, path[path.length - 1]!);
  return { board, path, closed: header?.closed ?? closable };
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
