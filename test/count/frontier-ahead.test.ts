import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { frontierCountBoard } from "../../src/count/frontier.js";
import { statesAhead } from "../../src/count/frontier-ahead.js";
import type { FrontierMode } from "../../src/count/frontier-types.js";

/**
 * The states a sweep still has to read, as predicted after each cell (for the progress's ETA),
 * against the states its cells then read: from the cell where the frontier is full, within a
 * factor of two either way; before it, `filling` says the prediction is not to be trusted.
 */
describe("statesAhead", () => {
  const boards: Array<[number, number, FrontierMode]> = [
    [8, 6, "cycle"],
    [10, 5, "path"],
  ];
  for (const [rows, cols, mode] of boards) {
    test(`${rows}×${cols} ${mode}: the sweep's own predictions, cell by cell`, () => {
      const seen: Array<{ states: number; ahead: number; filling: boolean }> = [];
      frontierCountBoard(new Board(rows, cols), {
        mode,
        onLayer: (i) =>
          seen.push({ states: i.states, ahead: i.ahead.states, filling: i.ahead.filling }),
      });
      const n = seen.length;
      expect(n).toBe(rows * cols);
      const firstFull = seen.findIndex((s, t) => t > cols && !s.filling);
      expect(firstFull).toBeGreaterThan(cols);
      expect(firstFull).toBeLessThan(n - cols);
      for (let t = firstFull; t < n - 1; t++) {
        let read = 0;
        for (let u = t + 1; u < n; u++) read += seen[u - 1]!.states;
        const ratio = seen[t]!.ahead / read;
        expect(ratio, `cell ${t}`).toBeGreaterThan(0.75);
        expect(ratio, `cell ${t}`).toBeLessThan(2);
      }
      expect(seen[n - 1]!.ahead).toBe(0);
    });
  }

  test("the last row reads about one and a half layers; past the end, nothing", () => {
    const growth = new Float64Array(20).fill(1);
    expect(statesAhead(growth, 1000, 15, 20, 5).states).toBeCloseTo(1000 + 400 + 160 + 64, 6);
    expect(statesAhead(growth, 1000, 19, 20, 5).states).toBe(0);
  });

  test("a frontier that doubled over its last row is still filling", () => {
    const growth = new Float64Array(40).fill(1);
    growth[10] = 3;
    expect(statesAhead(growth, 100, 12, 40, 5).filling).toBe(true);
    expect(statesAhead(growth, 100, 16, 40, 5).filling).toBe(false);
  });
});
