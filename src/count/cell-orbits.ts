import type { Board } from "../core/board.js";
import { geometrySymmetries, symmetryPermutation } from "../core/symmetries.js";

/**
 * What the counters' plans need to know of a geometry beyond its moves: which start cells count
 * alike (orbits of its symmetries), and whether a tour is possible at all (a connected graph).
 */

/**
 * The symmetries of the board as cell permutations. On the knight's plain rectangle these are
 * the D4 (square) or D2 maps in a fixed order that other modules rely on (the uniform sampler
 * picks the first map taking one cell to another); on any other geometry, the geometry's own
 * group (`geometrySymmetries`: turns kept by the topology, shifts on wrapped axes, holes to holes).
 */
export function boardSymmetries(board: Board): Int32Array[] {
  if (!board.plain) {
    return geometrySymmetries(board).map((symmetry) => symmetryPermutation(board, symmetry));
  }
  const { rows, cols } = board;
  const maps: Array<(r: number, c: number) => [number, number]> = [
    (r, c) => [r, c],
    (r, c) => [r, cols - 1 - c],
    (r, c) => [rows - 1 - r, c],
    (r, c) => [rows - 1 - r, cols - 1 - c],
  ];
  if (rows === cols) {
    maps.push(
      (r, c) => [c, r],
      (r, c) => [cols - 1 - c, r],
      (r, c) => [c, rows - 1 - r],
      (r, c) => [cols - 1 - c, rows - 1 - r],
    );
  }
  return maps.map((map) => {
    const perm = new Int32Array(board.cells);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const [nr, nc] = map(r, c);
        perm[r * cols + c] = nr * cols + nc;
      }
    }
    return perm;
  });
}

/** One start cell per orbit of the board's symmetries (its least cell), and the orbit's size. */
export interface CellOrbit {
  readonly cell: number;
  readonly size: number;
}

/**
 * The orbits of the non-hole cells under the board's symmetries, least cell first. Tours from
 * cells of one orbit are equally many, so a count from every start searches one per orbit.
 */
export function cellOrbits(board: Board): CellOrbit[] {
  const symmetries = boardSymmetries(board);
  const out: CellOrbit[] = [];
  for (let s = 0; s < board.cells; s++) {
    if (board.isHole(s)) continue;
    const orbit = new Set(symmetries.map((perm) => perm[s]!));
    if (Math.min(...orbit) === s) out.push({ cell: s, size: orbit.size });
  }
  return out;
}
