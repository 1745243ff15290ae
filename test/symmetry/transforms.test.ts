import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import {
  boardTransforms,
  isReflection,
  parseTransformName,
  RECTANGLE_TRANSFORMS,
  TRANSFORM_NAMES,
  transformCell,
  transformPermutation,
  transformTour,
} from "../../src/symmetry/transforms.js";

const compose = (board: Board, a: string, b: string) => {
  const pa = transformPermutation(board, a as never);
  const pb = transformPermutation(board, b as never);
  return Array.from(pa, (v) => pb[v]!);
};

describe("board transforms", () => {
  test("boardTransforms: 8 on a square, 4 on a rectangle", () => {
    expect(boardTransforms(new Board(6))).toEqual(TRANSFORM_NAMES);
    expect(boardTransforms(new Board(5, 8))).toEqual(RECTANGLE_TRANSFORMS);
    expect(TRANSFORM_NAMES.filter(isReflection)).toHaveLength(4);
  });

  test("transformCell by hand on 3×4: corners go where they should", () => {
    const b = new Board(4);
    // (0,0) top-left: clockwise quarter turn takes it to the top-right (0,3).
    expect(transformCell(b, "rotate90", 0)).toBe(3);
    expect(transformCell(b, "rotate180", 0)).toBe(15);
    expect(transformCell(b, "rotate270", 0)).toBe(12);
    expect(transformCell(b, "mirror-lr", 0)).toBe(3);
    expect(transformCell(b, "mirror-tb", 0)).toBe(12);
    expect(transformCell(b, "transpose", 1)).toBe(4);
    expect(transformCell(b, "antitranspose", 0)).toBe(15);
    const r = new Board(3, 4);
    expect(transformCell(r, "rotate180", r.cell(0, 1))).toBe(r.cell(2, 2));
  });

  test("every transform is a permutation that maps knight moves to knight moves", () => {
    for (const board of [new Board(5), new Board(6), new Board(3, 7), new Board(4, 6)]) {
      for (const name of boardTransforms(board)) {
        const perm = transformPermutation(board, name);
        expect(new Set(perm).size).toBe(board.cells);
        for (let a = 0; a < board.cells; a++) {
          for (let b = 0; b < board.cells; b++) {
            expect(board.isKnightMove(perm[a]!, perm[b]!)).toBe(board.isKnightMove(a, b));
          }
        }
      }
    }
  });

  test("they form the dihedral group: rotate90 has order 4, reflections order 2, r∘m is a reflection", () => {
    const b = new Board(6);
    const id = Array.from(transformPermutation(b, "identity"));
    expect(compose(b, "rotate90", "rotate90")).toEqual(
      Array.from(transformPermutation(b, "rotate180")),
    );
    expect(compose(b, "rotate90", "rotate270")).toEqual(id);
    for (const m of ["mirror-lr", "mirror-tb", "transpose", "antitranspose"]) {
      expect(compose(b, m, m)).toEqual(id);
    }
    expect(compose(b, "mirror-lr", "mirror-tb")).toEqual(
      Array.from(transformPermutation(b, "rotate180")),
    );
    expect(compose(b, "transpose", "rotate90")).toEqual(
      Array.from(transformPermutation(b, "mirror-lr")),
    );
  });

  test("a quarter turn or diagonal flip of a rectangle is refused with OptionError", () => {
    const r = new Board(5, 6);
    expect(() => transformCell(r, "rotate90", 0)).toThrow(OptionError);
    expect(() => transformPermutation(r, "transpose")).toThrow(/does not map the 5×6 board/);
    expect(() => parseTransformName("spin")).toThrow(OptionError);
    expect(parseTransformName(" Rotate90 ")).toBe("rotate90");
  });

  test("transformTour(tour, name) gives a valid tour (property: random boards and seeds)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 12 }),
        fc.integer({ min: 5, max: 12 }),
        fc.integer({ min: 1, max: 1000 }),
        (rows, cols, seed) => {
          const board = new Board(rows, cols);
          const found = solve(board, { seed, maxAttempts: 200 });
          if (found.tour === null) return;
          for (const name of boardTransforms(board)) {
            const image = transformTour(found.tour, name);
            expect(validateTour(board, image).valid).toBe(true);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
