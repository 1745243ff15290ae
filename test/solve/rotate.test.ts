import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { PathRotator, solve } from "../../src/solve/index.js";
import { expectTour } from "./expect-tour.js";

describe("PathRotator.rotateToStart(path, target, random, maxSteps)", () => {
  it("property: turns a corner tour into a tour from any start that can begin one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 10 }),
        fc.integer({ min: 5, max: 10 }),
        fc.nat(),
        (rows, cols, seed) => {
          const board = new Board(rows, cols);
          const base = solve(board, { start: 0 });
          expect(base.status).toBe("found");
          let target = seed % board.cells;
          if (board.cells % 2 === 1 && board.colour(target) === 1)
            target = (target + 1) % board.cells;
          const path = base.tour!.path.slice();
          const ok = new PathRotator(knightGraph(board)).rotateToStart(
            path,
            target,
            createRandom(seed),
            100_000,
          );
          expect(ok).toBe(true);
          expect(path[0]).toBe(target);
          expect(validateTour(board, path).valid).toBe(true);
        },
      ),
      { numRuns: 40, seed: 3 },
    );
  });

  it("gives up after maxSteps when the target cannot start a tour (5×5, minority colour)", () => {
    const board = new Board(5, 5);
    const path = solve(board, { start: 0 }).tour!.path.slice();
    expect(new PathRotator(knightGraph(board)).rotateToStart(path, 1, createRandom(1), 500)).toBe(
      false,
    );
    expect(validateTour(board, path).valid).toBe(true); // still a tour
  });
});

describe("search on long narrow boards from the middle (regression: 4×n starts timed out)", () => {
  it.each([
    [4, 34, 124],
    [4, 47, 22],
    [4, 40, 21],
    [4, 16, 8],
    [3, 40, 101],
  ])("%i×%i from cell %i", (rows, cols, start) => {
    const board = new Board(rows, cols);
    expectTour(board, solve(board, { start, timeLimitMs: 20_000 }), { start });
  });

  it.each([
    [3, 46],
    [3, 50],
    [3, 56],
  ])("closed %i×%i", (rows, cols) => {
    const board = new Board(rows, cols);
    expectTour(board, solve(board, { closed: true, timeLimitMs: 20_000 }), { closed: true });
  });
});
