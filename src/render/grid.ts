import { formatGrid, stepNumbers, type Tour } from "../core/index.js";

/**
 * The numbered grid (as `formatGrid` prints it), with holes shown: a hole is `#`, as in a
 * `--mask` file, an unvisited cell `.`. A board without holes gives `formatGrid`'s very text.
 *
 * @example
 * ```ts
 * import { Board, renderGrid } from "knight-tours";
 *
 * const board = new Board(3, 3, { holes: [4] });
 * const grid = renderGrid({ board, path: Int32Array.of(0, 5, 6, 1, 8, 3, 2, 7) });
 * console.log(grid.split("\n")[1]); // → 6 # 2
 * ```
 */
export function renderGrid(tour: Pick<Tour, "board" | "path">): string {
  const { board } = tour;
  if (board.holes.length === 0) return formatGrid(tour);
  const steps = stepNumbers(tour);
  // The widths formatGrid uses, so a holed grid lines up as any other.
  const width = String(board.cells).length;
  const lines: string[] = new Array(board.rows);
  const row: string[] = new Array(board.cols);
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const cell = r * board.cols + c;
      const step = steps[cell]!;
      row[c] = (board.isHole(cell) ? "#" : step === 0 ? "." : String(step)).padStart(width);
    }
    lines[r] = row.join(" ");
  }
  return lines.join("\n");
}
