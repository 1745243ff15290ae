import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { PathSearch } from "../../src/count/path-search.js";
import { estimateSearchNodes } from "../../src/sample/estimate.js";

/** The exact size of the pruned search tree: prefixes of every length the search accepts. */
function treeSize(board: Board, prefix: number[], end: number): number {
  const search = new PathSearch(knightGraph(board));
  let size = 0;
  for (let depth = prefix.length; depth <= board.cells; depth++) {
    search.run(
      prefix,
      end,
      (s) => {
        if (s.depth === depth) size++;
        return undefined;
      },
      depth,
    );
  }
  return size;
}

describe("estimateSearchNodes (Knuth's estimator)", () => {
  test("is unbiased: the mean of many walks is close to the exact tree size", () => {
    for (const [rows, cols, prefix, end] of [
      [5, 5, [0], -1],
      [3, 10, [0, 12], 21],
    ] as const) {
      const board = new Board(rows, cols);
      const exact = treeSize(board, [...prefix], end);
      const estimate = estimateSearchNodes(
        knightGraph(board),
        [{ prefix: [...prefix], end }],
        createRandom(1),
        4000,
      );
      expect(estimate / exact, `${board}: exact ${exact}, estimate ${estimate}`).toBeGreaterThan(
        0.8,
      );
      expect(estimate / exact, `${board}: exact ${exact}, estimate ${estimate}`).toBeLessThan(1.25);
    }
  });

  test("a lone path counts each of its cells once; no roots, no nodes", () => {
    const board = new Board(1, 1);
    expect(
      estimateSearchNodes(knightGraph(board), [{ prefix: [0], end: -1 }], createRandom(1), 10),
    ).toBe(1);
    expect(estimateSearchNodes(knightGraph(board), [], createRandom(1))).toBe(0);
  });
});
