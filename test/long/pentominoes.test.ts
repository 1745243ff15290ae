// `npm run test:long`: Dancing Links on Knuth's classic, the 6×10 pentomino rectangle (the fast
// suite counts the 3×20 one, with and without the symmetry reduction).
import { describe, expect, it } from "vitest";
import { exactCover } from "../../src/cover/format.js";
import { pentominoProblem } from "../../src/cover/problems.js";

describe("pentomino rectangles, long", () => {
  it("the 6×10 pentomino rectangle has 2,339 tilings up to symmetry (2,056 placements in all)", () => {
    expect(pentominoProblem(6, 10).options).toHaveLength(2056);
    const result = exactCover(pentominoProblem(6, 10, { upToSymmetry: true })).count();
    expect(result.count).toBe(2339);
  });
});
