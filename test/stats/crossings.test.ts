import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { createTour, type Tour } from "../../src/core/tour.js";
import { solve } from "../../src/solve/index.js";
import { crossings, moveCount, segmentsCross } from "../../src/stats/crossings.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { CIRCLE_3X3 } from "./fixtures.js";

/** O(M²) reference with exact rational arithmetic: every pair of moves, tested directly. */
function bruteCrossings(tour: Tour): { total: number; perMove: number[] } {
  const { path, board } = tour;
  const n = path.length;
  const m = moveCount(tour);
  const seg = (i: number) => {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    return [board.row(a), board.col(a), board.row(b), board.col(b)] as const;
  };
  const perMove = new Array<number>(m).fill(0);
  let total = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const [p0, p1, p2, p3] = seg(i);
      const [q0, q1, q2, q3] = seg(j);
      // Solve p + t(p' - p) = q + s(q' - q) for t, s by Cramer's rule; interior: 0 < t, s < 1.
      const d1r = p2 - p0;
      const d1c = p3 - p1;
      const d2r = q2 - q0;
      const d2c = q3 - q1;
      const det = d1r * -d2c - d1c * -d2r;
      if (det === 0) continue; // parallel: knight moves on one line never overlap
      const er = q0 - p0;
      const ec = q1 - p1;
      const tNum = er * -d2c - ec * -d2r;
      const sNum = d1r * ec - d1c * er;
      const inside = (num: number) => (det > 0 ? num > 0 && num < det : num < 0 && num > det);
      if (inside(tNum) && inside(sNum)) {
        total++;
        perMove[i]!++;
        perMove[j]!++;
      }
    }
  }
  return { total, perMove };
}

describe("crossings(tour)", () => {
  test("segmentsCross by hand: an X crosses, moves sharing a cell do not, far moves do not", () => {
    expect(segmentsCross(0, 0, 1, 2, 1, 0, 0, 2)).toBe(true);
    expect(segmentsCross(0, 0, 2, 1, 0, 1, 2, 0)).toBe(true);
    expect(segmentsCross(0, 0, 1, 2, 1, 2, 2, 0)).toBe(false);
    expect(segmentsCross(0, 0, 1, 2, 0, 2, 1, 4)).toBe(false);
    expect(segmentsCross(0, 0, 1, 2, 2, 4, 3, 6)).toBe(false); // same line, no overlap
  });

  test("the 3×3 knight's circle: each move crosses 4 others (an {8/3} star), 16 pairs", () => {
    const board = new Board(3);
    const circle = CIRCLE_3X3.map(([r, c]) => board.cell(r, c));
    const result = crossings(createTour(board, circle, true));
    expect(Array.from(result.perMove)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(result.total).toBe(16);
    expect(result.mostCrossed).toBe(0);
    expect(result.mostCrossings).toBe(4);
    expect(result.unintersected).toBe(0);
    expect(bruteCrossings(createTour(board, circle, true)).total).toBe(16);
  });

  test("agrees with the O(M²) brute force, per move, on random tours (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 14 }),
        fc.integer({ min: 5, max: 14 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.boolean(),
        (rows, cols, seed, closed) => {
          const board = new Board(rows, cols);
          const tour = closed
            ? solve(board, { closed: true, seed, maxAttempts: 200 }).tour
            : solve(board, { seed, maxAttempts: 200 }).tour;
          if (tour === null) return;
          const fast = crossings(tour);
          const slow = bruteCrossings(tour);
          expect(fast.total).toBe(slow.total);
          expect(Array.from(fast.perMove)).toEqual(slow.perMove);
          const max = Math.max(0, ...slow.perMove);
          expect(fast.mostCrossings).toBe(max);
          expect(fast.mostCrossed).toBe(max === 0 ? -1 : slow.perMove.indexOf(max));
          expect(fast.unintersected).toBe(slow.perMove.filter((c) => c === 0).length);
        },
      ),
      { numRuns: 60 },
    );
  });

  test("a 30×30 symmetric tour agrees with the brute force too", () => {
    const tour = findSymmetricTour(new Board(30), { rotation: 90 }).tour!;
    expect(crossings(tour).total).toBe(bruteCrossings(tour).total);
  });

  test("a path with no moves, or one move, has no crossings", () => {
    const board = new Board(3, 4);
    expect(crossings(createTour(board, [0], false)).total).toBe(0);
    expect(crossings(createTour(board, [0, 6], false)).mostCrossed).toBe(-1);
  });
});
