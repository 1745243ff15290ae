import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { STEP_TIE_BREAKS, type StepTieBreak, WarnsdorffWalker } from "../../src/solve/index.js";
import { expectKnightPath } from "./expect-tour.js";

const walkerFor = (rows: number, cols = rows) => new WarnsdorffWalker(new Board(rows, cols));

describe("WarnsdorffWalker.walk(start, tieBreak, random)", () => {
  it.each(STEP_TIE_BREAKS)(
    "%s: every walk on 8×8 is a knight path; complete ones are tours",
    (tie) => {
      const walker = walkerFor(8);
      const board = walker.board;
      const random = createRandom(3);
      for (let start = 0; start < 64; start++) {
        const length = walker.walk(start, tie, random);
        const path = walker.path.subarray(0, length);
        expect(path[0]).toBe(start);
        if (length === 64) expect(validateTour(board, path).valid).toBe(true);
        else expectKnightPath(board, path);
      }
    },
  );

  it("roth and center cover 8×8 from all 64 starts; first misses some start", () => {
    const walker = walkerFor(8);
    const successes = (tie: StepTieBreak) => {
      let ok = 0;
      for (let s = 0; s < 64; s++) if (walker.walk(s, tie) === 64) ok++;
      return ok;
    };
    expect(successes("roth")).toBe(64);
    expect(successes("center")).toBe(64);
    expect(successes("first")).toBeLessThan(64);
  });

  it("the random tie-break is reproducible from its seed", () => {
    const walker = walkerFor(12);
    walker.walk(5, "random", createRandom(42));
    const a = walker.path.slice();
    walker.walk(5, "random", createRandom(42));
    expect(walker.path).toEqual(a);
    walker.walk(5, "random", createRandom(43));
    expect(walker.path).not.toEqual(a);
  });

  it("first follows KNIGHT_MOVES order on ties: the walk is a pure function of the start", () => {
    const walker = walkerFor(6, 7);
    const len = walker.walk(0, "first");
    const a = walker.path.slice(0, len);
    walker.walk(0, "first");
    expect(walker.path.subarray(0, len)).toEqual(a);
  });

  it("roth covers 100×100 from the four corners (linear walk, reused arrays)", () => {
    const walker = walkerFor(100);
    const board = walker.board;
    for (const start of [0, 99, 9900, 9999]) {
      expect(walker.walk(start, "roth")).toBe(board.cells);
      expect(validateTour(board, walker.path).valid).toBe(true);
    }
  });

  it("needs a Random for the random tie-break", () => {
    expect(() => walkerFor(5).walk(0, "random", null)).toThrow(/Random/);
  });

  it("handles 1×1 and boards without moves", () => {
    expect(walkerFor(1).walk(0)).toBe(1);
    expect(walkerFor(1, 5).walk(2, "roth")).toBe(1);
  });
});
