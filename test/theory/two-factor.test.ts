import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { cutCapacity, twoFactor } from "../../src/theory/two-factor.js";
import { bruteNeighbours } from "../helpers/geometry-brute.js";

/**
 * 2-factors by flow, against a brute force over all sets of moves on small boards; a 2-factor
 * returned gives every cell two moves; a cut returned is re-counted from the board alone.
 */

/** Whether some set of moves gives every cell exactly two (unpruned search over the moves). */
function bruteTwoFactor(rows: number, cols: number, leaps: Array<[number, number]>): boolean {
  const adj = bruteNeighbours({ rows, cols, leaps });
  const edges: Array<[number, number]> = [];
  adj.forEach((ws, v) => {
    for (const w of ws) if (v < w) edges.push([v, w]);
  });
  const degree = new Array<number>(rows * cols).fill(0);
  const go = (e: number): boolean => {
    if (e === edges.length) return degree.every((d) => d === 2);
    const [v, w] = edges[e]!;
    // The first cell of this move gets no later move: it must be at two by now or with it.
    if (degree[v]! < 2 && degree[w]! < 2) {
      degree[v]!++;
      degree[w]!++;
      if (go(e + 1)) return true;
      degree[v]!--;
      degree[w]!--;
    }
    return go(e + 1);
  };
  return go(0);
}

describe("twoFactor", () => {
  const cases: Array<[number, number, Array<[number, number]>]> = [
    [3, 4, [[1, 2]]],
    [4, 4, [[1, 2]]],
    [3, 6, [[1, 2]]],
    [4, 5, [[1, 2]]],
    [2, 6, [[0, 1]]],
    [3, 5, [[0, 1]]],
    [4, 4, [[0, 1]]],
    [5, 4, [[1, 4]]],
    [4, 5, [[1, 3]]],
  ];
  for (const [rows, cols, leaps] of cases) {
    test(`${rows}×${cols} {${leaps[0]}} equals the brute force`, () => {
      const board = new Board(rows, cols, { piece: leaps.map((l) => l.join(",")).join("+") });
      const result = twoFactor(board);
      expect(result.exists).toBe(bruteTwoFactor(rows, cols, leaps));
      if (result.exists) {
        const degree = new Array<number>(board.cells).fill(0);
        for (let i = 0; i < result.moves.length; i += 2) {
          const [a, b] = [result.moves[i]!, result.moves[i + 1]!];
          expect(bruteNeighbours({ rows, cols, leaps })[a]).toContain(b);
          degree[a]!++;
          degree[b]!++;
        }
        expect(degree.every((d) => d === 2)).toBe(true);
      }
    });
  }

  test("giraffe 5×n, even n ≤ 40: a 2-factor, or a cut that re-counts below the demand", () => {
    for (let n = 2; n <= 40; n += 2) {
      const board = new Board(5, n, { piece: "giraffe" });
      const result = twoFactor(board);
      if (result.exists) {
        expect(result.moves.length).toBe(2 * board.cells);
        continue;
      }
      expect(cutCapacity(board, result.sourceSide)).toBe(result.capacity);
      expect(result.capacity).toBeLessThan(result.demand);
    }
  });
});
