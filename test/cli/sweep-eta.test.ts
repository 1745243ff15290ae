import { expect, test } from "vitest";
import { SweepEta } from "../../src/cli/sweep-eta.js";

const full = (states: number) => ({ states, filling: false });

test("a sweep's ETA is the states still to read at the pace of the last reports", () => {
  const eta = new SweepEta();
  // The first report (a resumed sweep's, say) times nothing yet.
  expect(eta.update(1000, 100, 0, full(1000))).toBeUndefined();
  // 100 more states read in 2 s: 20 ms a state; 500 states ahead.
  expect(eta.update(3000, 200, 0, full(500))).toBeCloseTo(500 * 20, 6);
  // Reports skip cells: 200 states over the next two cells in 1 s (5 ms a state), smoothed:
  // 0.6 × 20 + 0.4 × 5 = 14 ms.
  expect(eta.update(4000, 400, 0, full(100))).toBeCloseTo(100 * 14, 6);
  // While the frontier fills, the prediction says too little: no ETA from it.
  expect(eta.update(5000, 500, 0, { states: 100, filling: true })).toBeUndefined();
});

test("a new lane starts timing again", () => {
  const eta = new SweepEta();
  eta.update(0, 0, 0, full(10));
  eta.update(1000, 100, 0, full(10));
  // Lane 1 starts its count of states read again: its first report times nothing.
  expect(eta.update(60_000, 5, 1, full(10))).toBeCloseTo(10 * 10, 6);
});
