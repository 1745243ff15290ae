import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { moveGraph } from "../../src/core/graph.js";
import {
  type FrontierOptions,
  type FrontierSnapshot,
  frontierCount,
  frontierCountBoard,
} from "../../src/count/frontier.js";
import { sweepPlan } from "../../src/count/frontier-plan.js";
import { laneStart } from "../../src/count/frontier-snapshot.js";
import { wasmSweep } from "../../src/count/frontier-wasm.js";
import { NARROW_SOURCE_SHA256 } from "../../src/count/narrow-wasm.js";
import { boardOf } from "../helpers/frontier-geometry-checks.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";

/**
 * The narrow row sweep in WebAssembly (src/count/wasm/narrow.c, frontier-wasm.ts) where it hands
 * over to JavaScript: a memory ceiling it outgrows mid-count, snapshots and resumes, the prime
 * lanes of a count past 2^64. Its cell-for-cell agreement with the JavaScript loops on every
 * small board is test/count/frontier-narrow.test.ts's.
 */

/** A count, and which of its cells ran in WebAssembly (per lane, in order). */
function traced(rows: number, cols: number, options: FrontierOptions) {
  const inWasm: boolean[] = [];
  const result = frontierCount(rows, cols, {
    ...options,
    onLayer: (info) => inWasm.push(info.webAssembly === true),
  });
  return { result, inWasm };
}

describe("the WebAssembly sweep", () => {
  test("was built from the narrow.c beside it (npm run build:wasm)", () => {
    const source = readFileSync(new URL("../../src/count/wasm/narrow.c", import.meta.url));
    expect(createHash("sha256").update(source).digest("hex")).toBe(NARROW_SOURCE_SHA256);
  });

  test("counts 6×8 closed as published (OEIS A175881: 55,488,142), every cell in WebAssembly", () => {
    const { result, inWasm } = traced(8, 6, { mode: "cycle" });
    expect(result.count).toBe(55488142n);
    expect(inWasm.length).toBe(48);
    expect(inWasm.every(Boolean)).toBe(true);
  });

  test("hands the layer to JavaScript when a table would pass the ceiling, and the count holds", () => {
    // 6×6 closed peaks at 186,288 states (a table of 8 MiB here, beside 16 MiB of staging):
    // under 22 MiB the early cells fit and the big ones do not.
    const whole = traced(6, 6, { mode: "cycle" });
    const tight = traced(6, 6, { mode: "cycle", maxBytes: 22 * 2 ** 20 });
    expect(tight.result.count).toBe(9862n);
    expect(tight.result.transitions).toBe(whole.result.transitions);
    const handed = tight.inWasm.indexOf(false);
    expect(handed).toBeGreaterThan(5);
    expect(tight.inWasm.slice(handed).some(Boolean)).toBe(false);
    // Under 23.5 MiB the peak table fits only filled past its usual load of 5/8 (2^18 slots
    // filled to 7/8: 4 MiB, where 8 MiB would not fit): every cell stays in WebAssembly.
    const crowded = traced(6, 6, { mode: "cycle", maxBytes: 23.5 * 2 ** 20 });
    expect(crowded.result.count).toBe(9862n);
    expect(crowded.inWasm.every(Boolean)).toBe(true);
    // Open tours too, with their tour ends in the states.
    const open = traced(6, 5, { mode: "path", maxBytes: 18 * 2 ** 20 });
    expect(open.result.count).toBe(frontierCount(6, 5, { mode: "path", loop: "narrow" }).count);
    expect(open.inWasm.some(Boolean) && !open.inWasm.every(Boolean)).toBe(true);
  });

  test("is not started under a ceiling that leaves no room for its staging area", () => {
    const board = new Board(6, 6);
    const plan = sweepPlan(board, moveGraph(board), { mode: "cycle" });
    const first = laneStart(plan, "6x6", undefined).layer;
    expect(wasmSweep(plan, 0, first, 2 ** 20)).toBeNull();
    expect(wasmSweep(plan, 0, first, 2 ** 30)).not.toBeNull();
    const low = traced(6, 5, { mode: "cycle", maxBytes: 2 ** 20 });
    expect(low.result.count).toBe(frontierCount(6, 5, { mode: "cycle", loop: "narrow" }).count);
    expect(low.result.count).toBe(8n);
    expect(low.inWasm.some(Boolean)).toBe(false);
  });

  test("grows its tables when a cell outgrows the size it was given", () => {
    // Driven by hand with a size hint of one state a cell: every table starts at 64 slots and
    // doubles (rehashing in place) as often as the layer needs.
    for (const [rows, cols, mode, expected] of [
      [6, 6, "cycle", 9862n],
      [5, 5, "path", 864n],
    ] as const) {
      const board = new Board(rows, cols);
      const plan = sweepPlan(board, moveGraph(board), { mode });
      const sweep = wasmSweep(plan, 0, laneStart(plan, "grow", undefined).layer, 2 ** 30)!;
      let transitions = 0;
      for (let t = 0; t < plan.n; t++) transitions += sweep.cell(t, 1)!.transitions;
      const { lo, hi, overflow } = sweep.accepted();
      expect(BigInt(hi) * 2n ** 32n + BigInt(lo)).toBe(expected);
      expect(overflow).toBe(false);
      expect(transitions).toBe(frontierCountBoard(board, { mode, loop: "narrow" }).transitions);
    }
  });

  test("snapshots taken from its memory resume the count, in WebAssembly again", () => {
    const snapshots: FrontierSnapshot[] = [];
    const whole = frontierCount(6, 5, {
      mode: "path",
      snapshotEveryMs: 0,
      onSnapshot: (s) => {
        const chunks = [...s.chunks()].map((c) => c.slice());
        snapshots.push({ ...s, chunks: () => chunks });
      },
    });
    expect(snapshots.length).toBe(29);
    for (const at of [1, 12, 20, 28]) {
      const resumed = traced(6, 5, { mode: "path", resume: snapshots[at]! });
      expect(resumed.result.count, `from cell ${snapshots[at]!.step}`).toBe(whole.count);
      expect(resumed.inWasm.every(Boolean)).toBe(true);
    }
  });

  test("sweeps holes and other pieces by rows (order forced) as brute force counts them", () => {
    // Without a forced order these boards take the free order (no WebAssembly there).
    const geometries: BruteGeometry[] = [
      { rows: 5, cols: 4, holes: [19] },
      { rows: 4, cols: 5, holes: [0, 4] },
      { rows: 3, cols: 6, holes: [8] },
      { rows: 4, cols: 4, leaps: [[1, 3]] },
      { rows: 4, cols: 4, topology: "cylinder", holes: [0, 3] },
    ];
    for (const g of geometries) {
      const board = boardOf(g);
      const brute = bruteCount(g);
      for (const mode of ["cycle", "path"] as const) {
        let inWasm = 0;
        const { count } = frontierCountBoard(board, {
          mode,
          order: "rows",
          onLayer: (info) => {
            if (info.webAssembly) inWasm++;
          },
        });
        expect(count, `${board} ${mode}`).toBe(
          BigInt(mode === "cycle" ? brute.closed : brute.open / 2),
        );
        expect(inWasm, `${board} ${mode}`).toBeGreaterThan(0);
      }
    }
  });

  test("counts past 2^64 in prime lanes, as the JavaScript sweep does", () => {
    // 5×30 closed: 33 digits, lane 0 modulo 2^64 then prime lanes.
    const board = new Board(30, 5);
    const wasm = frontierCountBoard(board, { mode: "cycle" });
    const js = frontierCountBoard(board, { mode: "cycle", loop: "narrow" });
    expect(wasm.lanes).toBeGreaterThan(1);
    expect(wasm).toEqual(js);
    expect(wasm.count > 2n ** 64n).toBe(true);
  });
});
