import type { ColumnWord } from "../construct/column-words.js";
import type { ColumnTransfer, Parent } from "./column-transfer.js";

/**
 * The column transfer (column-transfer.ts) read along tours written as column words
 * (src/construct/column-words.ts), and the search for a run of columns between two states —
 * the loops that pump a tour to longer boards.
 */

/** The states after each column when the words are read from `start` (the left edge). */
export function runColumns(
  transfer: ColumnTransfer,
  words: readonly ColumnWord[],
  start?: string,
): string[] | null {
  const h = transfer.height;
  return transfer.follow(
    words.length,
    (i, j) => words[Math.floor(i / h)]![i % h]!.includes(i - j),
    start,
  );
}

export interface ColumnPath {
  readonly words: ColumnWord[];
  /** The state reached. */
  readonly end: string;
}

/**
 * A shortest run of columns from state `from` to a state `accept` takes (given the columns
 * run so far), breadth first with back-pointers; null when none is found within `maxColumns`
 * columns or when a layer holds more than `maxStates` states.
 */
export function findColumnPath(
  transfer: ColumnTransfer,
  from: string,
  accept: (state: string, columns: number) => boolean,
  maxColumns: number,
  maxStates: number,
): ColumnPath | null {
  const h = transfer.height;
  const layers: Map<string, Parent>[] = [];
  let set = new Set([from]);
  for (let col = 1; col <= maxColumns; col++) {
    for (let row = 0; row < h; row++) {
      const parents = new Map<string, Parent>();
      set = transfer.cell(set, row, parents);
      layers.push(parents);
      if (set.size > maxStates) return null;
    }
    for (const state of set) {
      if (accept(state, col)) return { words: unwind(layers, state, h), end: state };
    }
  }
  return null;
}

function unwind(layers: Map<string, Parent>[], end: string, h: number): ColumnWord[] {
  const cells: number[][] = [];
  let state = end;
  for (let l = layers.length - 1; l >= 0; l--) {
    const parent = layers[l]!.get(state)!;
    cells.push([...parent.back].sort((x, y) => x - y));
    state = parent.from;
  }
  cells.reverse();
  const words: ColumnWord[] = [];
  for (let c = 0; c < cells.length; c += h) words.push(cells.slice(c, c + h));
  return words;
}
