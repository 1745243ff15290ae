import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { mixClosedTour, mixingRotations, mixOpenPath } from "../../src/sample/mix.js";
import { solve } from "../../src/solve/index.js";

function tourOf(board: Board, closed: boolean, start: number): Int32Array {
  const result = solve(board, { closed, start, method: "search" });
  if (result.tour === null) throw new Error(`no tour of ${board}`);
  return result.tour.path.slice();
}

describe("mixOpenPath / mixClosedTour", () => {
  test("random rotations keep an open tour a tour (and the start when fixed)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom([5, 5], [6, 6], [5, 8], [3, 7], [4, 6]),
        fc.integer(),
        fc.boolean(),
        ([rows, cols], seed, fixedStart) => {
          const board = new Board(rows!, cols!);
          const path = tourOf(board, false, 0);
          mixOpenPath(knightGraph(board), path, createRandom(seed), 200, fixedStart);
          expect(validateTour(board, path).valid).toBe(true);
          if (fixedStart) expect(path[0]).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  test("random rotations keep a closed tour closed, from the same first cell", () => {
    fc.assert(
      fc.property(
        fc.constantFrom([6, 6], [8, 8], [3, 10], [5, 6]),
        fc.integer(),
        ([rows, cols], seed) => {
          const board = new Board(rows!, cols!);
          const path = tourOf(board, true, 0);
          mixClosedTour(knightGraph(board), path, createRandom(seed), 300);
          expect(validateTour(board, path, { closed: true }).valid).toBe(true);
          expect(path[0]).toBe(0);
        },
      ),
      { numRuns: 30 },
    );
  });

  test("they change the tour (the point of them)", () => {
    const board = new Board(8, 8);
    const before = tourOf(board, true, 0);
    const after = before.slice();
    mixClosedTour(knightGraph(board), after, createRandom(3), mixingRotations(64));
    expect(Array.from(after)).not.toEqual(Array.from(before));
    const open = tourOf(board, false, 0);
    const mixed = open.slice();
    mixOpenPath(knightGraph(board), mixed, createRandom(3), mixingRotations(64), false);
    expect(Array.from(mixed)).not.toEqual(Array.from(open));
  });

  test("mixingRotations: 8 per cell on small boards, about 2^26 cell moves on large ones", () => {
    expect(mixingRotations(64)).toBe(512);
    expect(mixingRotations(1_000_000)).toBe(67);
    expect(mixingRotations(100_000_000)).toBe(16);
  });
});
