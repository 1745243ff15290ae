import { describe, expect, it } from "vitest";
import { canConstruct, constructSymmetricTour, constructTour } from "../../src/construct/index.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { construct, solve, tourCells } from "../../src/solve/index.js";
import { searchSmallTour } from "../../src/solve/solve.js";

/** The construction is the knight's on a plain rectangle: other geometries are told so. */
describe("the construction on other geometries", () => {
  const others = [
    new Board(40, 40, { topology: "torus" }),
    new Board(40, 40, { holes: [0] }),
    new Board(40, 40, { piece: "giraffe" }),
    new Board(40, 40, { topology: "cylinder" }),
  ];

  it("canConstruct says no, so auto searches instead", () => {
    for (const board of others) {
      expect(canConstruct(board, false), String(board)).toBe(false);
      expect(canConstruct(board, true), String(board)).toBe(false);
    }
    const torus = others[0]!;
    const result = solve(torus, { closed: true });
    expect(result.stats.method).not.toBe("construct");
    expect(validateTour(torus, result.tour!, { closed: true }).valid).toBe(true);
  });

  it("constructTour and construct() throw an OptionError naming the geometry", () => {
    for (const board of others) {
      expect(() => constructTour(board, searchSmallTour)).toThrowError(
        new RegExp(`needs a knight on a plain rectangle, and ${String(board)} is not one`),
      );
      expect(() => construct(board)).toThrowError(/plain rectangle/);
    }
  });

  it("the half-turn construction answers limit, for its callers to fall back", () => {
    const result = constructSymmetricTour(others[0]!, searchSmallTour);
    expect(result.status).toBe("limit");
    expect(result.reason).toMatch(/40×40 torus is not one/);
  });

  it("tourCells streams a searched tour instead of the block order", () => {
    const board = new Board(12, 12, { topology: "torus", holes: [5, 6] });
    const tour = tourCells(board, { closed: true });
    expect(tour.status, tour.reason).toBe("found");
    expect(tour.note).toMatch(/plain rectangle/);
    const path = Int32Array.from(tour);
    expect(path.length).toBe(board.vertexCount);
    expect(validateTour(board, path, { closed: true }).valid).toBe(true);
    expect(tourCells(board, { fallback: false }).status).toBe("limit");
  });
});
