import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { moveGraph } from "../../src/core/graph.js";
import { count } from "../../src/count/count.js";
import { countMethod } from "../../src/count/dispatch.js";
import { frontierCountBoard, MAX_FRONTIER_WINDOW } from "../../src/count/frontier.js";
import {
  frontierGeometryRefusal,
  frontierWindow,
  sweepBoard,
} from "../../src/count/frontier-geometry.js";
import { mirrorMapsGraph, sweepLayout, sweepWindow } from "../../src/count/frontier-layout.js";
import { sweepGraph } from "../../src/count/frontier-order.js";
import { countRequest } from "../../src/count/request.js";
import {
  boardOf,
  expectSweepEqualsBrute,
  expectSweepEqualsOracle,
  sweep,
} from "../helpers/frontier-geometry-checks.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";

/**
 * The frontier sweep on other pieces, holed boards and cylinders: every count equals the
 * independent brute force (test/helpers/geometry-brute.ts) on boards of up to ~20 cells, the
 * modular sweep equals its exact oracle (frontier-exact.ts, the same layout without the fold
 * and the colour rule) on wider windows, and the mates counter on larger boards.
 */

const CAMEL: Array<[number, number]> = [[1, 3]];
const ZEBRA: Array<[number, number]> = [[2, 3]];
const GIRAFFE: Array<[number, number]> = [[1, 4]];
const FERS: Array<[number, number]> = [[1, 1]];
const WAZIR: Array<[number, number]> = [[0, 1]];
const KNIGHT_CAMEL: Array<[number, number]> = [
  [1, 2],
  [1, 3],
];

/** Geometries the sweep takes whose brute force is quick (a second at most each). */
const GEOMETRIES: BruteGeometry[] = [
  { rows: 4, cols: 4, leaps: CAMEL },
  { rows: 5, cols: 4, leaps: ZEBRA },
  { rows: 4, cols: 5, leaps: ZEBRA },
  { rows: 5, cols: 5, leaps: GIRAFFE },
  { rows: 3, cols: 3, leaps: FERS },
  { rows: 4, cols: 5, leaps: WAZIR },
  { rows: 3, cols: 5, leaps: WAZIR },
  { rows: 3, cols: 5, leaps: KNIGHT_CAMEL },
  { rows: 4, cols: 3, leaps: KNIGHT_CAMEL },
  // Holes: a corner; two corners on one row (the mirror keeps them: folded); a trailing hole
  // (the sweep stops at the last cell toured); holes inside.
  { rows: 4, cols: 5, holes: [0] },
  { rows: 4, cols: 5, holes: [0, 4] },
  { rows: 5, cols: 4, holes: [19] },
  { rows: 3, cols: 6, holes: [8] },
  { rows: 4, cols: 5, leaps: WAZIR, holes: [7, 12] },
  { rows: 5, cols: 4, leaps: ZEBRA, holes: [0, 3] },
  // Cylinders in both orientations (columns wrap; the sweep never turns one).
  { rows: 4, cols: 4, topology: "cylinder" },
  { rows: 5, cols: 3, topology: "cylinder" },
  { rows: 3, cols: 5, topology: "cylinder" },
  { rows: 4, cols: 3, topology: "cylinder" },
  { rows: 3, cols: 4, topology: "cylinder" },
  { rows: 5, cols: 4, leaps: WAZIR, topology: "cylinder" },
  { rows: 4, cols: 4, topology: "cylinder", holes: [0, 3] },
  { rows: 5, cols: 3, leaps: ZEBRA, topology: "cylinder" },
  { rows: 3, cols: 4, leaps: KNIGHT_CAMEL, topology: "cylinder" },
  // Tori (rows interleaved from both ends; wider than tall, turned first), with the simple-graph
  // rule of small wrapped boards: 1×5 is K₅, and on 2 or 4 rows the moves two rows up and two
  // rows down reach the same cell, one edge.
  { rows: 1, cols: 5, topology: "torus" },
  { rows: 2, cols: 5, topology: "torus" },
  { rows: 2, cols: 6, topology: "torus" },
  { rows: 3, cols: 3, topology: "torus" },
  // 3×4, 4×3 and 4×4 (about 10 s together) in test/long/frontier-geometry.test.ts.
  { rows: 4, cols: 4, topology: "torus", holes: [5] },
  { rows: 4, cols: 4, topology: "torus", holes: [0, 3] },
  { rows: 4, cols: 4, leaps: CAMEL, topology: "torus" },
  { rows: 5, cols: 3, leaps: GIRAFFE, topology: "torus" },
  { rows: 4, cols: 4, leaps: WAZIR, topology: "torus" },
  { rows: 3, cols: 5, leaps: FERS, topology: "torus" },
  // Tori of 6 rows or more are swept with the rows interleaved (frontier-order.ts).
  { rows: 7, cols: 2, topology: "torus" },
  { rows: 2, cols: 8, topology: "torus" },
  { rows: 8, cols: 1, topology: "torus" },
];

describe("the sweep counts every request as the brute force", () => {
  test.each(GEOMETRIES.map((g) => [String(boardOf(g)), g] as const))("%s", (_, g) => {
    expectSweepEqualsBrute(g);
  });
});

describe("random small planes and cylinders (property)", () => {
  const PIECES = [[[1, 2]], CAMEL, ZEBRA, GIRAFFE, FERS, WAZIR, KNIGHT_CAMEL];
  test("the sweep equals the brute force, closed and open", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...PIECES),
        fc.constantFrom("plane" as const, "cylinder" as const),
        fc.array(fc.nat(), { maxLength: 3 }),
        (rows, cols, leaps, topology, holePicks) => {
          const cells = rows * cols;
          const holes = [...new Set(holePicks.map((h) => h % cells))];
          if (holes.length === cells) holes.pop();
          const g: BruteGeometry = {
            rows,
            cols,
            leaps: leaps as [number, number][],
            topology,
            holes,
          };
          const board = boardOf(g);
          const brute = bruteCount(g);
          expect(sweep(board, { closed: true })).toBe(BigInt(brute.closed));
          expect(sweep(board, {})).toBe(BigInt(brute.open));
        },
      ),
      { numRuns: 150, seed: 29 },
    );
  });
});

describe("the modular sweep and its exact oracle share one layout", () => {
  // Windows from 11 to 21 cells: the wider ones take the compact keys of three or more words.
  const cases: Array<[string, Board]> = [
    ["giraffe 6×5 (window 21)", new Board(6, 5, { piece: "giraffe" })],
    ["zebra 6×5 (window 17)", new Board(6, 5, { piece: "zebra" })],
    ["knight cylinder 5×4 (window 11)", new Board(5, 4, { topology: "cylinder" })],
    ["wazir 5×5 minus the centre", new Board(5, 5, { piece: "wazir", holes: [12] })],
    // The knight's 3×6 cylinder and 6×5 less corners (about 12 s) in test/long.
  ];
  test.each(cases)("%s", (_, board) => {
    expectSweepEqualsOracle(board);
  });

  test("the order of the rows changes the states, not the counts", () => {
    const boards = [
      new Board(5, 4, { topology: "cylinder" }),
      new Board(6, 3, { topology: "cylinder", holes: [4] }),
      new Board(7, 2, { topology: "torus" }),
      new Board(6, 3, { piece: "wazir", topology: "torus" }),
    ];
    for (const board of boards) {
      for (const mode of ["cycle", "path"] as const) {
        const rows = frontierCountBoard(board, { mode, order: "rows" });
        const interleaved = frontierCountBoard(board, { mode, order: "interleaved" });
        expect(interleaved.count, `${board} ${mode}`).toBe(rows.count);
        expect(interleaved.transitions).not.toBe(rows.transitions);
      }
    }
  });

  test("the fold is used only where the mirror maps the geometry to itself", () => {
    const mirrored = [
      new Board(6, 5, { holes: [0, 4, 25, 29] }),
      new Board(5, 4, { topology: "cylinder" }),
    ];
    for (const board of mirrored) {
      expect(mirrorMapsGraph(sweepGraph(moveGraph(board))), String(board)).toBe(true);
      const plain = frontierCountBoard(board, { mode: "cycle", fold: false });
      const folded = frontierCountBoard(board, { mode: "cycle" });
      expect(folded.count).toBe(plain.count);
      expect(folded.transitions, String(board)).toBeLessThan(plain.transitions);
    }
    for (const board of [new Board(6, 5, { holes: [0] }), new Board(5, 4, { holes: [1, 2, 5] })]) {
      expect(mirrorMapsGraph(sweepGraph(moveGraph(board))), String(board)).toBe(false);
      // The row order named: left to itself the library counts these in a free order.
      const plain = frontierCountBoard(board, { mode: "path", fold: false, order: "rows" });
      const asked = frontierCountBoard(board, { mode: "path", order: "rows" });
      expect(asked.transitions).toBe(plain.transitions);
    }
  });
});

describe("a second method on larger boards", () => {
  // 5×5 cylinder closed and 6×6 minus the four corners closed: in `npm run test:long`.
  test("5×4 cylinder open from a corner and 5×6 wazir open: the sweep equals mates", () => {
    for (const [board, query] of [
      [new Board(5, 4, { topology: "cylinder" }), { start: 0 }],
      [new Board(5, 6, { piece: "wazir" }), {}],
    ] as const) {
      expect(sweep(board, query)).toBe(count(board, { ...query, method: "mates" }).count);
    }
  });
});

describe("the window, and what the sweep refuses", () => {
  test("the window is read off the move graph", () => {
    const window = (board: Board) => sweepWindow(sweepGraph(moveGraph(board)));
    expect(window(new Board(8, 5))).toBe(11); // 2·cols + 1
    expect(window(new Board(8, 5, { piece: "giraffe" }))).toBe(21); // 4·cols + 1
    expect(window(new Board(8, 5, { piece: "wazir" }))).toBe(5); // one row
    // A cylinder's wrapped moves reach further: (r, 0) to (r + 2, cols − 1).
    expect(window(new Board(8, 5, { topology: "cylinder" }))).toBe(14);
    // A torus is swept with its rows interleaved (0, 7, 1, 6, …): a knight reaches four places
    // ahead in that order, 5·cols − 1 cells, where row-major order would need 7·cols + 3.
    expect(
      sweepGraph(moveGraph(new Board(8, 5, { topology: "torus" }))).order.slice(0, 10),
    ).toEqual(Int32Array.from([0, 1, 2, 3, 4, 35, 36, 37, 38, 39]));
    expect(window(new Board(8, 5, { topology: "torus" }))).toBe(24);
    expect(frontierWindow(new Board(5, 8, { topology: "torus" }))).toBe(24);
    expect(frontierWindow(new Board(6, 6, { topology: "torus" }))).toBe(MAX_FRONTIER_WINDOW);
    // Up to 5 rows every row is within two of every other: row-major order is kept.
    expect(sweepGraph(moveGraph(new Board(5, 5, { topology: "torus" }))).order[5]).toBe(5);
    // Planes are turned to be at most as wide as tall; cylinders keep their wrapped columns.
    expect(frontierWindow(new Board(5, 8))).toBe(11);
    // b3 of 3×8 (row 0, column 1) is row 1, column 0 of the turned 8×3 board.
    expect(sweepBoard(new Board(3, 8, { holes: [1] })).holes).toEqual([3]);
    expect(frontierWindow(new Board(3, 8, { topology: "cylinder" }))).toBe(23);
    // Holes after the last toured cell are not swept.
    expect(sweepLayout(sweepGraph(moveGraph(new Board(5, 4, { holes: [18, 19] }))), []).n).toBe(18);
  });

  test("windows past the limit are refused naming what applies; auto then counts by mates", () => {
    // A 7-wide torus: its rows interleaved, the window is still 5·7 − 1 cells.
    const torus = new Board(9, 7, { topology: "torus" });
    expect(frontierGeometryRefusal(torus)).toMatch(
      new RegExp(`window of 34 cells.*at most ${MAX_FRONTIER_WINDOW}.*mates or backtrack`),
    );
    const giraffe = new Board(8, 8, { piece: "giraffe" });
    expect(frontierWindow(giraffe)).toBeGreaterThan(MAX_FRONTIER_WINDOW);
    expect(frontierGeometryRefusal(giraffe)).toMatch(
      new RegExp(`window of 33 cells.*at most ${MAX_FRONTIER_WINDOW}`),
    );
    const wide = new Board(3, 40, { topology: "cylinder" });
    expect(frontierGeometryRefusal(wide)).toMatch(/at most 29 columns wide.*40 wide/);
    for (const board of [torus, giraffe, wide]) {
      expect(countMethod("auto", board)).toBe("mates");
      expect(() => countMethod("frontier", board)).toThrow(frontierGeometryRefusal(board));
    }
    expect(() => frontierCountBoard(giraffe, { mode: "path", order: "rows" })).toThrow(
      /window of 33 cells/,
    );
    // Its tours the library counts in a free order of the cells (free-frontier.ts), closed and
    // open: none, as the mates counter finds (`knight count 8x8 --piece giraffe --method mates`).
    expect(frontierCountBoard(giraffe, { mode: "cycle" }).count).toBe(0n);
    expect(frontierCountBoard(giraffe, { mode: "path" }).count).toBe(0n);
    // So a request the free order takes whole is the sweep's, past the row window: closed tours,
    // or open ones with no end fixed. One that fixes an end needs the row sweep: still refused.
    const cylinder = new Board(3, 12, { topology: "cylinder" });
    expect(frontierGeometryRefusal(cylinder)).toMatch(/window of 35 cells/);
    const closed = countRequest(cylinder, { closed: true });
    expect(countMethod("auto", cylinder, closed)).toBe("frontier");
    expect(countMethod("frontier", giraffe, countRequest(giraffe))).toBe("frontier");
    const ended = countRequest(cylinder, { closed: true, start: 0, end: cylinder.cells - 1 });
    expect(countMethod("auto", cylinder, ended)).toBe("mates");
    expect(() => countMethod("frontier", giraffe, countRequest(giraffe, { start: 0 }))).toThrow(
      /window of 33 cells/,
    );
  });
});
