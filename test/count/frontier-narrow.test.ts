import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { moveGraph } from "../../src/core/graph.js";
import {
  type FrontierOptions,
  freeCyclePlan,
  frontierCount,
  frontierCountBoard,
} from "../../src/count/frontier.js";
import { narrowLoopFits } from "../../src/count/frontier-narrow.js";
import { sweepPlan } from "../../src/count/frontier-plan.js";
import { boardOf } from "../helpers/frontier-geometry-checks.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";

/**
 * The narrow loops — in WebAssembly (frontier-wasm.ts, FrontierOptions.loop "fastest") and in
 * JavaScript (frontier-narrow.ts, loop "narrow") — against the general one (frontier-cell.ts,
 * loop "general"): the same count, the same transitions and the same layer after every cell, on
 * every board the narrow loop takes here; and all three against brute force.
 */

/** Count, transitions and the states after each cell of one sweep; cells run in WebAssembly. */
function run(board: Board, options: FrontierOptions) {
  const layers: number[] = [];
  let inWasm = 0;
  const result = frontierCountBoard(board, {
    ...options,
    onStep: (_, __, s) => layers.push(s),
    onLayer: (info) => {
      if (info.webAssembly) inWasm++;
    },
  });
  return { same: { count: result.count, transitions: result.transitions, layers }, inWasm };
}

/** The three loops on `board`: they agree in everything; the count. */
function bothLoops(board: Board, options: FrontierOptions): bigint {
  const fastest = run(board, { ...options, loop: "fastest" });
  const narrow = run(board, { ...options, loop: "narrow" });
  const general = run(board, { ...options, loop: "general" });
  const label = `${board} ${JSON.stringify(options)}`;
  expect(fastest.same, label).toEqual(general.same);
  expect(narrow.same, label).toEqual(general.same);
  // Where the row sweep runs (not a free order) and the narrow loop fits, "fastest" runs every
  // cell in WebAssembly; elsewhere none.
  const rows = freeCyclePlan(board, options) === undefined;
  expect(fastest.inWasm, label).toBe(rows && fits(board, options) ? general.same.layers.length : 0);
  expect(narrow.inWasm + general.inWasm, label).toBe(0);
  return fastest.same.count;
}

const fits = (board: Board, options: FrontierOptions = { mode: "cycle" }) =>
  narrowLoopFits(sweepPlan(board, moveGraph(board), options));

describe("the narrow loop", () => {
  test("serves windows of up to 13 slots (knight boards up to 6 wide), not wider", () => {
    expect(fits(new Board(8, 6))).toBe(true);
    expect(fits(new Board(5, 3), { mode: "path" })).toBe(true);
    expect(fits(new Board(4, 2))).toBe(true); // one word: w = 5
    expect(fits(new Board(8, 7))).toBe(false); // w = 15: compact keys
    expect(fits(new Board(6, 5, { piece: "giraffe" }))).toBe(false);
  });

  test("equals the general loop on every knight board of up to 25 cells, cycles and paths, folded or not", () => {
    let boards = 0;
    for (let rows = 2; rows <= 15; rows++) {
      for (let cols = 2; cols <= Math.min(rows, 6) && rows * cols <= 25; cols++) {
        for (const mode of ["cycle", "path"] as const) {
          for (const fold of [true, false]) bothLoops(new Board(rows, cols), { mode, fold });
          boards++;
        }
      }
    }
    expect(boards).toBeGreaterThan(40);
  });

  test("equals the general loop on 6-wide boards (the 13-slot window) and with required ends", () => {
    expect(bothLoops(new Board(6, 6), { mode: "cycle" })).toBe(9862n);
    expect(bothLoops(new Board(4, 6), { mode: "path" })).toBe(744n);
    expect(bothLoops(new Board(5, 5), { mode: "path", ends: [0] })).toBe(304n);
    expect(bothLoops(new Board(5, 5), { mode: "path", ends: [0, 24] })).toBe(
      frontierCount(5, 5, { mode: "path", ends: [0, 24], loop: "general" }).count,
    );
    expect(bothLoops(new Board(4, 6), { mode: "path", ends: [1, 22] })).toBe(
      frontierCount(6, 4, { mode: "path", ends: [4, 19], loop: "general" }).count,
    );
    // An end required on the wrong colour of an odd board: none.
    expect(bothLoops(new Board(5, 5), { mode: "path", ends: [1] })).toBe(0n);
  });

  test("both loops equal brute force on small boards, holes, other pieces, cylinders and tori", () => {
    const geometries: BruteGeometry[] = [
      { rows: 3, cols: 4 },
      { rows: 4, cols: 5 },
      { rows: 5, cols: 4, holes: [19] },
      { rows: 4, cols: 5, holes: [0, 4] },
      { rows: 3, cols: 6, holes: [8] },
      { rows: 4, cols: 4, leaps: [[1, 3]] },
      { rows: 4, cols: 5, leaps: [[0, 1]], holes: [7, 12] },
      { rows: 3, cols: 3, leaps: [[1, 1]] },
      { rows: 4, cols: 3, topology: "cylinder" },
      { rows: 3, cols: 4, topology: "cylinder" },
      { rows: 4, cols: 4, topology: "cylinder", holes: [0, 3] },
      { rows: 2, cols: 5, topology: "torus" },
      { rows: 3, cols: 3, topology: "torus" },
      { rows: 7, cols: 2, topology: "torus" },
    ];
    let narrow = 0;
    for (const g of geometries) {
      const board = boardOf(g);
      const brute = bruteCount(g);
      if (fits(board)) narrow++;
      expect(bothLoops(board, { mode: "cycle" }), String(board)).toBe(BigInt(brute.closed));
      expect(bothLoops(board, { mode: "path" }), String(board)).toBe(BigInt(brute.open / 2));
    }
    expect(narrow).toBeGreaterThan(10);
  });
});
