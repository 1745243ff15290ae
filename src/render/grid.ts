import { formatGrid } from "../core/format/grid.js";
import type { Tour } from "../core/tour.js";

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
  return formatGrid(tour, { hole: "#" });
}
