import { describe, expect, it } from "vitest";
import { CensusSplit } from "../../src/census/split.js";
import { clockwise, letterPermutation, WEDGE_LETTERS } from "../../src/census/wedges.js";
import { Board } from "../../src/core/board.js";
import { createTour } from "../../src/core/tour.js";

// al-ʿAdlī's closed tour of AD 842, step numbers, row 0 on top.
const ADLI = `60 11 56  7 54  3 42  1
57  8 59 62 31 64 53  4
12 61 10 55  6 41  2 43
 9 58 13 32 63 30  5 52
34 17 36 23 40 27 44 29
37 14 33 20 47 22 51 26
18 35 16 39 24 49 28 45
15 38 19 48 21 46 25 50`;

function adli() {
  const steps = ADLI.split("\n").flatMap((line) => line.trim().split(/\s+/).map(Number));
  const path = new Int32Array(64);
  steps.forEach((step, cell) => {
    path[step - 1] = cell;
  });
  return createTour(new Board(8, 8), path, true);
}

describe("wedge letters", () => {
  it("a counterclockwise quarter turn and a top-bottom reflection permute them as Knuth says", () => {
    const ccw = letterPermutation((dr, dc) => {
      let [a, b] = clockwise(dr, dc);
      [a, b] = clockwise(a, b);
      return clockwise(a, b);
    });
    const flip = letterPermutation((dr, dc) => [-dr, dc]);
    const apply = (perm: Int8Array, text: string) =>
      Array.from(text, (ch) => WEDGE_LETTERS[perm[WEDGE_LETTERS.indexOf(ch)]!]).join("");
    expect(apply(ccw, "abcdefghijklABCDEFGHIJKLwxyz")).toBe("bAdCfEhGjIlKBaDcFeHgJiLkyzwx");
    expect(apply(flip, "abcdefghijklABCDEFGHIJKLwxyz")).toBe("BACdGhEfIjlkbacDgHeFiJLKzyxw");
  });
});

describe("CensusSplit (8×8: Knuth's bunches)", () => {
  const split = new CensusSplit(new Board(8, 8));

  it("lists 66,771 canonical bunches whose multiplicities sum to 27⁴ = 531,441", () => {
    const list = split.subproblems();
    expect(list.length).toBe(66771);
    expect(list.reduce((s, e) => s + e.multiplicity, 0)).toBe(27 ** 4);
    expect(list.some((e) => e.name.includes("a"))).toBe(false);
    // Sorted by name (ASCII), each the least of its equivalents.
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.name < list[i]!.name).toBe(true);
    expect(list.filter((e) => /^(.l.l|l.l.)$/.test(e.name)).length).toBe(198);
  });

  it("puts al-ʿAdlī's tour in bunch czbz, canonical ByDy, with Knuth's eight equivalents", () => {
    const name = split.nameOfTour(adli());
    expect(name).toBe("czbz");
    expect(split.canonical(name)).toBe("ByDy");
    expect(new Set(split.equivalents("czbz"))).toEqual(
      new Set(["czbz", "zbzc", "bzcz", "zczb", "yByD", "ByDy", "yDyB", "DyBy"]),
    );
  });

  it("puts the mirror image of al-ʿAdlī's tour in bunch yByD", () => {
    const tour = adli();
    const mirror = tour.path.map((cell) => (7 - Math.floor(cell / 8)) * 8 + (cell % 8));
    expect(split.nameOfTour(createTour(tour.board, mirror, true))).toBe("yByD");
  });
});
