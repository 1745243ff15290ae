import type { Board } from "../core/index.js";

/**
 * Why the frontier sweep cannot count tours of this geometry, or undefined when it can. The
 * count dispatcher asks this before choosing the sweep (`auto` then picks another method), and
 * an explicit `--method frontier` is refused with this reason.
 */
export function frontierGeometryRefusal(board: Board): string | undefined {
  if (board.plain) return undefined;
  return `the frontier sweep counts knight's tours of plain rectangles only, and ${board} is not one; count it with the mates or backtrack method`;
}
