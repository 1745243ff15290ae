/**
 * Tours as words over columns. A closed tour of an h × n board is written column by column: for
 * each cell, top to bottom, the offsets back (1..K, in column-major cells i = col · h + row) of
 * its moves to earlier cells. Offsets are relative, so a run of columns means the same wherever
 * it is put: if a run takes a column transfer (src/count/column-transfer.ts) from a state back to
 * the same state, it can be repeated any number of times (pumping), and every board so obtained
 * has a tour, which `columnsTour` writes out.
 */

/** One column: for each row, the offsets back of that cell's moves to earlier cells. */
export type ColumnWord = ReadonlyArray<readonly number[]>;

/** A closed tour of an h × n board (flat cells r · n + c, in order) as column words. */
export function tourColumns(height: number, cols: number, path: ArrayLike<number>): ColumnWord[] {
  const at = (cell: number) => (cell % cols) * height + Math.floor(cell / cols);
  const words: number[][][] = Array.from({ length: cols }, () =>
    Array.from({ length: height }, () => [] as number[]),
  );
  for (let s = 0; s < path.length; s++) {
    const a = at(path[s]!);
    const b = at(path[(s + 1) % path.length]!);
    const [late, early] = a > b ? [a, b] : [b, a];
    words[Math.floor(late / height)]![late % height]!.push(late - early);
  }
  for (const column of words) for (const cell of column) cell.sort((x, y) => x - y);
  return words;
}

/**
 * The closed tour the words describe, as flat cells r · n + c of the h × n board, from the
 * top-left cell; null when the moves do not make one circuit through every cell.
 */
export function columnsTour(height: number, words: readonly ColumnWord[]): Int32Array | null {
  return columnsTourOf(height, words.length, (col) => words[col]!);
}

/**
 * `columnsTour` for words given by column, so a tour pumped many times over need not hold one
 * word object per column.
 */
export function columnsTourOf(
  height: number,
  cols: number,
  wordAt: (col: number) => ColumnWord,
): Int32Array | null {
  const cells = height * cols;
  const link = new Int32Array(2 * cells).fill(-1);
  const joinTo = (a: number, b: number) => {
    if (b < 0 || b >= cells) return false;
    const slot = link[2 * a] === -1 ? 2 * a : link[2 * a + 1] === -1 ? 2 * a + 1 : -1;
    if (slot < 0) return false;
    link[slot] = b;
    return true;
  };
  for (let col = 0; col < cols; col++) {
    for (let row = 0; row < height; row++) {
      const i = col * height + row;
      for (const d of wordAt(col)[row]!) if (!joinTo(i, i - d) || !joinTo(i - d, i)) return null;
    }
  }
  const path = new Int32Array(cells);
  let prev = -1;
  let cur = 0;
  for (let s = 0; s < cells; s++) {
    if (cur < 0 || (s > 0 && cur === 0)) return null;
    path[s] = (cur % height) * cols + Math.floor(cur / height);
    const next = link[2 * cur] === prev ? link[2 * cur + 1]! : link[2 * cur]!;
    prev = cur;
    cur = next;
  }
  return cur === 0 ? path : null;
}
