// `npm run test:long`: the frontier sweep on other geometries against the mates counter on
// boards larger than the fast suite's (test/count/frontier-geometry.test.ts).
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { count } from "../../src/count/count.js";
import { frontierCountBoard } from "../../src/count/frontier.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import {
  expectSweepEqualsBrute,
  expectSweepEqualsOracle,
} from "../helpers/frontier-geometry-checks.js";

describe("a second method on larger boards, long", () => {
  test("5×5 cylinder closed and 6×6 minus the four corners closed: the sweep equals mates", () => {
    for (const board of [
      new Board(5, 5, { topology: "cylinder" }),
      new Board(6, 6, { holes: [0, 5, 30, 35] }),
    ]) {
      const swept = count(board, { closed: true, method: "frontier" });
      const mates = count(board, { closed: true, method: "mates" });
      expect([swept.status, mates.status]).toEqual(["done", "done"]);
      expect(swept.count).toBe(mates.count);
    }
  });
});

describe("the fast suite's checks on boards it leaves here", () => {
  test.each([
    { rows: 3, cols: 4, topology: "torus" as const },
    { rows: 4, cols: 3, topology: "torus" as const },
    { rows: 4, cols: 4, topology: "torus" as const },
  ])("$rows×$cols torus: every request as the brute force", (g) => {
    expectSweepEqualsBrute(g);
  });

  test.each([
    ["knight cylinder 3×6 (window 17)", new Board(3, 6, { topology: "cylinder" })],
    ["knight 6×5 minus four corners", new Board(6, 5, { holes: [0, 4, 25, 29] })],
    ["knight 6×5 minus a1", new Board(6, 5, { holes: [25] })],
  ] as const)("%s: the modular sweep equals its exact oracle", (_, board) => {
    expectSweepEqualsOracle(board);
  });
});

describe("tori, long", () => {
  test("3×5 torus closed and open, 4×5 closed: the sweep equals mates", () => {
    // Open 4×5 is left out: with it, this test had not finished after 16 minutes (4 GB held).
    for (const [board, kinds] of [
      [new Board(3, 5, { topology: "torus" }), [true, false]],
      [new Board(4, 5, { topology: "torus" }), [true]],
    ] as const) {
      for (const closed of kinds) {
        const swept = count(board, { closed, method: "frontier" });
        const mates = count(board, { closed, method: "mates" });
        expect([swept.status, mates.status]).toEqual(["done", "done"]);
        expect(swept.count, `${board} ${closed ? "closed" : "open"}`).toBe(mates.count);
      }
    }
  });

  test("3×6 torus closed: rows interleaved equal rows in order", () => {
    // Mates does not finish 3×6 in minutes; the two orders share no state past the first rows.
    const board = sweepBoard(new Board(3, 6, { topology: "torus" }));
    // Closed only (about 20 s): the open tours took 300 s more here; their two orders are
    // compared by scripts/sweeps/wrapped-boards.ts, which recorded 3×6 open.
    for (const mode of ["cycle"] as const) {
      const rows = frontierCountBoard(board, { mode, order: "rows" });
      const interleaved = frontierCountBoard(board, { mode, order: "interleaved" });
      expect(interleaved.count, mode).toBe(rows.count);
    }
  });
});
