import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { MemoryLimitError, OptionError } from "../../src/core/errors.js";
import { validateTour } from "../../src/core/validate.js";
import { countFersWazir, fersWazirImpossible } from "../../src/count/alternating.js";
import { fersWazirTour } from "../../src/count/alternating-tour.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { bruteFersWazir } from "../helpers/fers-wazir-brute.js";

/**
 * OEIS A383153 (D. E. Knuth, Apr 2025), its data section as published: the square array
 * A(m, n) = the 2m × 2n fers–wazir tours, read by antidiagonals (m + n = 2, 3, …, 11).
 * One published term is corrected below (A383153_CORRECTED).
 */
const A383153_DATA = [
  2, 1, 1, 1, 2, 1, 1, 4, 4, 1, 1, 9, 22, 9, 1, 1, 23, 124, 124, 23, 1, 1, 62, 818, 1620, 818, 62,
  1, 1, 170, 6004, 25111, 25111, 6004, 170, 1, 1, 469, 46488, 455219, 882130, 455219, 46488, 469, 1,
  1, 1297, 367880, 9103712, 36979379, 36979379, 9103712, 367880, 1297, 1,
];
/**
 * The data section gives A(3,7) = A(7,3) = 46488; the entry's own example table (row 3:
 * 1, 4, 22, 124, 818, 6004, 46448, …) gives 46448, and so do both sweeps here (across the
 * 6 side, and across the 14 side in scripts/sweeps/fers-wazir.ts — layers that share nothing):
 * the data term is a typo.
 */
const A383153_CORRECTED = new Map([
  ["3,7", 46448n],
  ["7,3", 46448n],
]);
/** OEIS A383154: the 2n × 2n fers–wazir tours, n = 1..6 (12×12 runs in the sweep script). */
const A383154 = [2, 2, 22, 1620, 882130, 3465050546];

/** The published array's terms as [m, n, value], antidiagonal by antidiagonal. */
function publishedArray(): Array<[number, number, bigint]> {
  const out: Array<[number, number, bigint]> = [];
  let i = 0;
  for (let d = 2; i < A383153_DATA.length; d++) {
    // Antidiagonal m + n = d, read from A(1, d−1) down to A(d−1, 1).
    for (let m = 1; m < d; m++, i++) {
      const n = d - m;
      out.push([m, n, A383153_CORRECTED.get(`${m},${n}`) ?? BigInt(A383153_DATA[i]!)]);
    }
  }
  return out;
}

describe("countFersWazir", () => {
  test("equals a plain depth-first search on every board of up to 24 cells", () => {
    for (let rows = 1; rows <= 24; rows++) {
      for (let cols = 1; rows * cols <= 24; cols++) {
        expect([rows, cols, countFersWazir(rows, cols).count]).toEqual([
          rows,
          cols,
          BigInt(bruteFersWazir(rows, cols)),
        ]);
      }
    }
  });

  test("equals the search on 4×8 and 8×4 (32 cells)", () => {
    const brute = BigInt(bruteFersWazir(4, 8));
    expect(brute).toBeGreaterThan(1n);
    expect(countFersWazir(4, 8).count).toBe(brute);
    expect(countFersWazir(8, 4).count).toBe(brute);
  });

  test("reproduces OEIS A383153 to the 10th antidiagonal (2m × 2n, m + n ≤ 11)", () => {
    const array = publishedArray();
    expect(array).toHaveLength(55);
    for (const [m, n, value] of array) {
      expect([m, n, countFersWazir(2 * m, 2 * n).count]).toEqual([m, n, value]);
    }
  });

  test("reproduces OEIS A383154 for n = 1..5", () => {
    for (let n = 1; n <= 5; n++) {
      expect(countFersWazir(2 * n, 2 * n).count).toBe(BigInt(A383154[n - 1]!));
    }
  });

  test("sweeping across the longer side gives the same counts", () => {
    for (const [rows, cols] of [
      [4, 6],
      [6, 8],
      [4, 12],
      [6, 10],
    ] as const) {
      const short = countFersWazir(rows, cols);
      const long = countFersWazir(rows, cols, { longWindow: true });
      expect(long.count).toBe(short.count);
      expect(long.peakStates).toBeGreaterThan(short.peakStates);
    }
  });

  test("a prime lane gives the count modulo its prime", () => {
    const exact = countFersWazir(8, 10).count;
    for (const lane of [1, 2]) {
      const residue = countFersWazir(8, 10, { lane }).count;
      expect(residue).toBe(exact % BigInt(lanePrime(lane - 1)));
    }
    // A small prime: the residues wrap many times over.
    expect(countFersWazir(8, 10, { prime: 101 }).count).toBe(exact % 101n);
    expect(() => countFersWazir(8, 10, { prime: 100 })).toThrow(OptionError);
  });

  test("boards with an odd side have none, and say why", () => {
    expect(countFersWazir(5, 8).count).toBe(0n);
    expect(fersWazirImpossible(5, 8)).toMatch(/both sides even.*5×8/);
    expect(fersWazirImpossible(6, 8)).toBeUndefined();
  });

  test("refuses windows past its width, bad sides, and memory past the ceiling", () => {
    expect(() => countFersWazir(18, 18)).toThrow(OptionError);
    expect(() => countFersWazir(0, 4)).toThrow(OptionError);
    expect(() => countFersWazir(10, 10, { maxBytes: 64 * 1024 })).toThrow(MemoryLimitError);
  });
});

describe("fersWazirTour", () => {
  test("finds a tour exactly where the search counts some, and the validator accepts it", () => {
    for (let rows = 1; rows <= 12; rows++) {
      for (let cols = 1; rows * cols <= 24; cols++) {
        const found = fersWazirTour(rows, cols);
        const expected = bruteFersWazir(rows, cols) > 0;
        expect(["path" in found, rows, cols]).toEqual([expected, rows, cols]);
        if (!("path" in found)) continue;
        const king = new Board(rows, cols, { piece: "fers+wazir" });
        expect(validateTour(king, found.path, { closed: true }).valid).toBe(true);
      }
    }
  });
});
