/**
 * Classic exact cover problems, as named problems for the engine: they test it beyond knights
 * (n queens uses secondary items, pentominoes long options) and serve as benchmarks.
 */

import { OptionError } from "../core/errors.js";
import type { NamedExactCover } from "./format.js";

/**
 * n queens: primary items R0.., C0.. (every row and column holds one queen), secondary items
 * A0.. and B0.. (each diagonal at most one); one option per square. 8 queens: 92 solutions.
 */
export function queensProblem(n: number): NamedExactCover {
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new OptionError(`n queens: n must be a whole number from 1 to 64, not ${n}`, n);
  }
  const range = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, i) => `${prefix}${i}`);
  const options: string[][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) options.push([`R${r}`, `C${c}`, `A${r + c}`, `B${r - c + n - 1}`]);
  }
  return {
    primary: [...range(n, "R"), ...range(n, "C")],
    secondary: [...range(2 * n - 1, "A"), ...range(2 * n - 1, "B")],
    options,
  };
}

/** The twelve pentominoes in Conway's letters, each as (row, col) cells of one orientation. */
const PENTOMINOES: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  F: [
    [0, 1],
    [0, 2],
    [1, 0],
    [1, 1],
    [2, 1],
  ],
  I: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [4, 0],
  ],
  L: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [3, 1],
  ],
  N: [
    [0, 1],
    [1, 1],
    [2, 0],
    [2, 1],
    [3, 0],
  ],
  P: [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
    [2, 0],
  ],
  T: [
    [0, 0],
    [0, 1],
    [0, 2],
    [1, 1],
    [2, 1],
  ],
  U: [
    [0, 0],
    [0, 2],
    [1, 0],
    [1, 1],
    [1, 2],
  ],
  V: [
    [0, 0],
    [1, 0],
    [2, 0],
    [2, 1],
    [2, 2],
  ],
  W: [
    [0, 0],
    [1, 0],
    [1, 1],
    [2, 1],
    [2, 2],
  ],
  X: [
    [0, 1],
    [1, 0],
    [1, 1],
    [1, 2],
    [2, 1],
  ],
  Y: [
    [0, 1],
    [1, 0],
    [1, 1],
    [2, 1],
    [3, 1],
  ],
  Z: [
    [0, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [2, 2],
  ],
};

/** The distinct orientations (rotations and reflections) of a piece, each normalised. */
function orientations(
  cells: ReadonlyArray<readonly [number, number]>,
): Array<Array<[number, number]>> {
  const seen = new Set<string>();
  const result: Array<Array<[number, number]>> = [];
  for (let t = 0; t < 8; t++) {
    const moved = cells.map(([r, c]): [number, number] => {
      const [a, b] = t & 4 ? [c, r] : [r, c];
      return [t & 1 ? -a : a, t & 2 ? -b : b];
    });
    const minR = Math.min(...moved.map(([r]) => r));
    const minC = Math.min(...moved.map(([, c]) => c));
    const shape = moved
      .map(([r, c]): [number, number] => [r - minR, c - minC])
      .sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    const key = shape.map(([r, c]) => `${r},${c}`).join(" ");
    if (!seen.has(key)) {
      seen.add(key);
      result.push(shape);
    }
  }
  return result;
}

export interface PentominoOptions {
  /**
   * Count each tiling once up to the rectangle's symmetries by keeping the X pentomino's centre
   * in the top-left quarter (rows and columns both even, not square: then no placement of X is
   * fixed by a symmetry, so every orbit of four tilings keeps exactly one).
   */
  readonly upToSymmetry?: boolean;
}

/**
 * Tile a rows×cols rectangle (60 cells) with the twelve pentominoes: primary items are the
 * piece letters and the cells `r{row}c{col}`; one option per placement of a piece.
 * 6×10: 9,356 tilings, 2,339 up to symmetry.
 */
export function pentominoProblem(
  rows: number,
  cols: number,
  options: PentominoOptions = {},
): NamedExactCover {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
    throw new OptionError(`pentominoes: ${rows}×${cols} is not a rectangle`, `${rows}x${cols}`);
  }
  if (rows * cols !== 60) {
    throw new OptionError(
      `pentominoes: the twelve pieces cover 60 cells, and ${rows}×${cols} has ${rows * cols}`,
      `${rows}x${cols}`,
    );
  }
  const breakSymmetry = options.upToSymmetry ?? false;
  if (breakSymmetry && (rows % 2 === 1 || cols % 2 === 1 || rows === cols)) {
    throw new OptionError(
      `pentominoes: upToSymmetry needs even, unequal sides; ${rows}×${cols} does not have them`,
      `${rows}x${cols}`,
    );
  }
  const cell = (r: number, c: number) => `r${r}c${c}`;
  const list: string[][] = [];
  for (const [piece, cells] of Object.entries(PENTOMINOES)) {
    for (const shape of orientations(cells)) {
      const height = Math.max(...shape.map(([r]) => r)) + 1;
      const width = Math.max(...shape.map(([, c]) => c)) + 1;
      for (let r = 0; r + height <= rows; r++) {
        for (let c = 0; c + width <= cols; c++) {
          // X's centre is at (r+1, c+1): keep it in the top-left quarter.
          if (breakSymmetry && piece === "X" && (2 * (r + 1) >= rows || 2 * (c + 1) >= cols)) {
            continue;
          }
          list.push([piece, ...shape.map(([dr, dc]) => cell(r + dr, c + dc))]);
        }
      }
    }
  }
  const cellNames: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cellNames.push(cell(r, c));
  return { primary: [...Object.keys(PENTOMINOES), ...cellNames], options: list };
}

/** Knuth's small example (TAOCP 7.2.2.1, (5)): items a..g; its one solution is {a d f, b g, c e}. */
export function knuthExample(): NamedExactCover {
  return {
    primary: ["a", "b", "c", "d", "e", "f", "g"],
    options: [
      ["c", "e"],
      ["a", "d", "g"],
      ["b", "c", "f"],
      ["a", "d", "f"],
      ["b", "g"],
      ["d", "e", "g"],
    ],
  };
}
