import { describe, expect, test } from "vitest";
import { columnsTour, tourColumns } from "../../src/construct/column-words.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { columnPeriod, DONE, existsFor } from "../../src/count/column-transfer.js";
import { findColumnPath, runColumns } from "../../src/count/column-words.js";
import { answers, expectFrontierAgrees, transfer } from "../helpers/column-transfer.js";
import { bruteCount } from "../helpers/geometry-brute.js";

/**
 * The column transfer (existence of tours on h × n for every n): its answer equals brute force
 * on boards of up to 20 cells, the frontier count on longer ones, and Schwenk's theorem for the
 * knight; tours written as column words pump to longer tours that the validator accepts.
 */

const LEAPS: Record<string, Array<[number, number]>> = {
  knight: [[1, 2]],
  camel: [[1, 3]],
  zebra: [[2, 3]],
  giraffe: [[1, 4]],
  "knight+camel": [
    [1, 2],
    [1, 3],
  ],
};

describe("ColumnTransfer against brute force (boards of up to 20 cells)", () => {
  // [piece, height, most cells]: the brute force is unpruned, so the union stays small.
  const cases: Array<[string, number, number]> = [
    ["knight", 2, 20],
    ["knight", 3, 20],
    ["knight", 4, 20],
    ["camel", 3, 20],
    ["camel", 4, 20],
    ["zebra", 4, 20],
    ["giraffe", 5, 20],
    ["knight+camel", 3, 12],
    ["knight+camel", 4, 12],
  ];
  for (const [piece, h, cells] of cases) {
    test(`${piece} on ${h}×n, closed and open`, () => {
      const cols = Math.floor(cells / h);
      const closed = answers(transfer(h, piece, "closed"), cols);
      const open = answers(transfer(h, piece, "open"), cols);
      for (let n = 1; n <= cols; n++) {
        const brute = bruteCount({ rows: h, cols: n, leaps: LEAPS[piece]! });
        expect(closed[n - 1], `closed ${piece} ${h}×${n}`).toBe(brute.closed > 0);
        // One cell is a tour of its own to the brute force; the transfer needs a move.
        if (h * n > 1) expect(open[n - 1], `open ${piece} ${h}×${n}`).toBe(brute.open > 0);
      }
    });
  }
});

describe("ColumnTransfer against the frontier count", () => {
  // The open knight to 5×6 (9 s of transfer) in `npm run test:long`.
  test("giraffe 5×n closed, n ≤ 11, and knight 5×n open, n ≤ 4", () => {
    expectFrontierAgrees(11, 4);
  });
});

describe("columnPeriod", () => {
  // Schwenk (1991): an m × n board (m ≤ n) has a closed knight's tour unless m and n are both
  // odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
  const schwenk = (m: number, n: number) => {
    const [a, b] = m <= n ? [m, n] : [n, m];
    if (a % 2 === 1 && b % 2 === 1) return false;
    if (a === 1 || a === 2 || a === 4) return false;
    return !(a === 3 && (b === 4 || b === 6 || b === 8));
  };
  for (const h of [3, 4, 5]) {
    test(`the knight's closed tours on ${h}×n for every n, as Schwenk`, () => {
      const sweep = columnPeriod(transfer(h, "knight", "closed"), 60, 1e6);
      expect(sweep.status).toBe("periodic");
      for (let n = 1; n <= 200; n++) expect(existsFor(sweep, n), `${h}×${n}`).toBe(schwenk(h, n));
    });
  }

  test("a set repeats exactly at prePeriod + period", () => {
    const sweep = columnPeriod(transfer(4, "knight", "closed"), 60, 1e6);
    const { prePeriod, period } = sweep;
    expect(period).toBeGreaterThan(0);
    expect(sweep.hashes[prePeriod + period - 1]).toBe(sweep.hashes[prePeriod - 1]);
    expect(sweep.sizes[prePeriod + period - 1]).toBe(sweep.sizes[prePeriod - 1]);
  });

  test("stops at the state limit with status limit", () => {
    const sweep = columnPeriod(transfer(5, "giraffe", "closed"), 100, 1000);
    expect(sweep.status).toBe("limit");
    expect(sweep.sizes.at(-1)).toBeGreaterThan(1000);
    expect(() => existsFor(sweep, 200)).toThrow(RangeError);
  });
});

describe("column words", () => {
  test("a tour found through the transfer pumps to longer tours that validate", () => {
    // The knight on 5×n: a loop of columns from a state of a 5×8 tour back to itself.
    const t = transfer(5, "knight", "closed");
    const reach = findColumnPath(t, [...t.initial()][0]!, (s) => s === DONE, 8, 1e6);
    expect(reach).not.toBeNull();
    const words = reach!.words;
    const n = words.length;
    expect(n).toBe(6); // the smallest closed knight's tour of height 5 is 5×6
    const states = runColumns(t, words)!;
    expect(states.at(-1)).toBe(DONE);
    const tour = columnsTour(5, words)!;
    expect(validateTour(new Board(5, n), { path: tour, closed: true }).valid).toBe(true);
    expect(tourColumns(5, n, tour)).toEqual(words.map((w) => w.map((c) => [...c])));
    let pumped = false;
    for (let i = 1; i < n - 2 && !pumped; i++) {
      const start = states[i - 1]!;
      const loop = findColumnPath(t, start, (s) => s === start, 4, 1e5);
      if (loop === null) continue;
      pumped = true;
      for (let k = 1; k <= 3; k++) {
        const longer = [
          ...words.slice(0, i),
          ...Array.from({ length: k }, () => loop.words).flat(),
          ...words.slice(i),
        ];
        expect(runColumns(t, longer)!.at(-1)).toBe(DONE);
        const cycle = columnsTour(5, longer)!;
        const board = new Board(5, longer.length);
        expect(validateTour(board, { path: cycle, closed: true }).valid, String(board)).toBe(true);
      }
    }
    expect(pumped).toBe(true);
  });

  test("follow refuses edges that are no tour's", () => {
    const t = transfer(5, "knight", "closed");
    expect(
      runColumns(t, [
        [[], [], [], [], []],
        [[1], [], [], [], []],
      ]),
    ).toBeNull();
  });
});
