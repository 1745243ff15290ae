import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { countSymmetricTours } from "../../src/symmetry/count.js";
import { buildQuotient } from "../../src/symmetry/quotient.js";
import { QuotientPathSearch } from "../../src/symmetry/search.js";

/** Path counts by voltage between every pair of a few orbits, with the given search options. */
function tallies(rows: number, cols: number, rotation: 180 | 90, options: object): number[][] {
  const q = buildQuotient(new Board(rows, cols), rotation);
  const search = new QuotientPathSearch(q, options);
  const out: number[][] = [];
  for (const [start, end, excluded] of [
    [1, 2, 0],
    [0, q.size - 1, -1],
    [3, q.size - 2, 1],
  ] as const) {
    const counts = new Float64Array(q.order);
    expect(search.run(start, end, excluded, counts)).toBe("done");
    out.push(Array.from(counts));
  }
  return out;
}

describe("QuotientPathSearch: the memo table changes speed, never counts", () => {
  for (const [rows, cols, rotation] of [
    [6, 6, 180],
    [6, 6, 90],
    [5, 8, 180],
    [6, 7, 180],
    [6, 8, 180],
  ] as const) {
    test(`${rows}x${cols} ${rotation}°: plain = memo = memo with a tiny, overflowing table`, () => {
      const plain = tallies(rows, cols, rotation, { memoBits: 0 });
      expect(plain.flat().some((x) => x > 0)).toBe(true);
      expect(tallies(rows, cols, rotation, { memoBits: 16, memoDepth: 14 })).toEqual(plain);
      // 64 slots: the table fills at once and most states are solved afresh.
      expect(tallies(rows, cols, rotation, { memoBits: 6, memoDepth: 30 })).toEqual(plain);
    });
  }

  test("countSymmetricTours with and without memo agree on 5×10 (25 orbits, both kinds)", () => {
    const board = new Board(5, 10);
    const memo = countSymmetricTours(board, { rotation: 180 });
    const plain = countSymmetricTours(board, { rotation: 180, memo: false });
    expect([memo.rotating, memo.reversing]).toEqual([plain.rotating, plain.reversing]);
    expect(memo.rotating).toBeGreaterThan(0);
    expect(memo.reversing).toBeGreaterThan(0);
  });
});
