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

describe("CensusSplit (8×8: Knuth's edge and ring splits)", () => {
  const edge = new CensusSplit(new Board(8, 8), "edge");
  const ring = new CensusSplit(new Board(8, 8), "ring");
  const cellNames = (split: CensusSplit) =>
    split.cells.map((cell) => `${Math.floor(cell / 8)}${cell % 8}`).join(" ");

  it("reads edge names at cells 03 04 40 30 74 73 37 47, ring names at 15 26 21 12 62 51 56 65", () => {
    expect(cellNames(edge)).toBe("03 04 40 30 74 73 37 47");
    expect(cellNames(ring)).toBe("15 26 21 12 62 51 56 65");
    expect([edge.width, ring.width]).toEqual([8, 8]);
  });

  it("lists 210,771 edge names, multiplicities summing to 6⁸ (six wedges at each edge cell)", () => {
    const list = edge.subproblems();
    expect(list.length).toBe(210771);
    expect(list.reduce((s, e) => s + e.multiplicity, 0)).toBe(6 ** 8);
    expect(list.every((e, i) => i === 0 || list[i - 1]!.name < e.name)).toBe(true);
    // Each the least of its equivalents (a sample: equivalents() builds strings).
    expect(list.every((e, i) => i % 101 !== 0 || edge.canonical(e.name) === e.name)).toBe(true);
    expect(list.filter((e) => ["CCCECECE", "CCCECCGE", "EGEGEGEG"].includes(e.name))).toEqual([
      { name: "CCCECCGE", multiplicity: 8 },
      { name: "CCCECECE", multiplicity: 8 },
      // Each letter's mirror image is its neighbour's: the name is its own image eight ways.
      { name: "EGEGEGEG", multiplicity: 1 },
    ]);
  });

  it("lists 41,790 ring names: each wedge holds its corner's move, and 15, 26 never both reach 34", () => {
    const list = ring.subproblems();
    expect(list.length).toBe(41790);
    // Five wedges with the corner's move at each cell, less the pair closing 07-15-34-26: 24².
    expect(list.reduce((s, e) => s + e.multiplicity, 0)).toBe(24 ** 4);
    expect(list.some((e) => e.name === "wxwxwxwx")).toBe(true);
    expect(list.some((e) => e.name === "iJiJiJiJ")).toBe(true);
    // Every wedge at 15 (position 1, frame unturned) holds the move (−1, +2) to the corner 07:
    // D, F, i, K, w (a and e hold it too, but their other move leaves the board).
    expect(new Set(list.map((e) => e.name[0]))).toEqual(new Set(["D", "F", "i", "K", "w"]));
  });

  it("puts al-ʿAdlī's tour in edge name ABCAIGEG and ring name DkiJwgFg, as Knuth says", () => {
    const tour = adli();
    expect(edge.canonical(edge.nameOfTour(tour))).toBe("ABCAIGEG");
    expect(ring.canonical(ring.nameOfTour(tour))).toBe("DkiJwgFg");
    expect(edge.equivalents("ABCAIGEG")).toHaveLength(8);
  });

  it("leaves out the ring names that contradict a corner, and says why a name is not one", () => {
    expect(ring.excluded("DJDJDJDJ")).toBe(false);
    // B at 15 is (+1,+2) (+2,+1), to 27 and 36: the corner 07 would lose its move to 15.
    expect(ring.excluded("BJDJDJDJ")).toBe(true);
    // K at 15 (to 07 and 34) with k at 26 (to 07 and 34) closes the 4-cycle 07-15-34-26.
    expect(ring.excluded("KkiJiJiJ")).toBe(true);
    expect(ring.excluded("KJiJiJiJ")).toBe(false);
    expect(() => ring.checkName("DJDJ")).toThrow(/a name has 8 wedge letters/);
    expect(() => edge.checkName("aBCAIGEG")).toThrow(/wedge 'a' at position 1 leaves the board/);
  });

  it("refuses boards the split does not fit, and an unknown split, naming them", () => {
    expect(() => new CensusSplit(new Board(6, 8), "edge")).toThrow(/6×8 is not square/);
    expect(() => new CensusSplit(new Board(7, 7), "edge")).toThrow(/odd side/);
    expect(() => new CensusSplit(new Board(4, 4), "ring")).toThrow(/eight cells are not distinct/);
    expect(() => new CensusSplit(new Board(8, 8), "corner" as "edge")).toThrow(
      /split must be one of centre, edge, ring; got 'corner'/,
    );
  });
});

describe("CensusSplit.entryOf: a name's entry found without the list", () => {
  /** Every entry of the list from its own name and each equivalent's, and names left out. */
  function check(split: CensusSplit, sample: number) {
    const list = split.subproblems();
    const listed = new Map(list.map((e) => [e.name, e]));
    const step = Math.max(1, Math.floor(list.length / sample));
    for (let i = 0; i < list.length; i += step) {
      const entry = list[i]!;
      for (const name of split.equivalents(entry.name)) expect(split.entryOf(name)).toEqual(entry);
    }
    // Random names of the right letters: listed (as their canonical name) or left out.
    let seed = 12345;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    let leftOut = 0;
    for (let tries = 0; tries < sample; tries++) {
      let name = "";
      for (let p = 0; p < split.width; p++) name += WEDGE_LETTERS[random() % 28];
      let found: ReturnType<CensusSplit["entryOf"]>;
      try {
        found = split.entryOf(name);
      } catch {
        continue; // a wedge off the board: not a name
      }
      const canonical = split.canonical(name);
      if (found === undefined) {
        leftOut++;
        expect(listed.has(canonical)).toBe(false);
        expect(split.excluded(canonical)).toBe(true);
      } else expect(found).toEqual(listed.get(canonical));
    }
    return leftOut;
  }

  it("agrees with the list on 8×8 (Knuth's bunches, edge, ring) and 6×6 (centre, edge, ring)", () => {
    expect(check(new CensusSplit(new Board(8, 8)), 1500)).toBeGreaterThan(0);
    check(new CensusSplit(new Board(8, 8), "edge"), 1000);
    check(new CensusSplit(new Board(8, 8), "ring"), 1000);
    for (const split of ["centre", "edge", "ring"] as const) {
      check(new CensusSplit(new Board(6, 6), split), 1000);
    }
  });

  it("every 6×6 centre name: listed as its canonical name, or left out, or not a name", () => {
    const split = new CensusSplit(new Board(6, 6));
    const listed = new Map(split.subproblems().map((e) => [e.name, e]));
    let seen = 0;
    for (const a of WEDGE_LETTERS) {
      for (const b of WEDGE_LETTERS) {
        let found: ReturnType<CensusSplit["entryOf"]>;
        try {
          found = split.entryOf(a + b);
        } catch {
          continue;
        }
        seen++;
        expect(found).toEqual(listed.get(split.canonical(a + b)));
      }
    }
    expect(seen).toBeGreaterThan(listed.size);
  });
});
