import { describe, expect, test } from "vitest";
import { type FrontierSnapshot, frontierCount } from "../../src/count/frontier.js";
import { frontierCountExact } from "../../src/count/frontier-exact.js";
import { checkFoldResume, fewCells } from "../helpers/frontier-resume.js";
import { allDirectedPaths } from "./brute.js";

describe("frontierCount(rows, cols, options)", () => {
  test("counts Hamiltonian cycles and paths (3x10 cycles, 4x5 paths, required ends)", () => {
    expect(frontierCount(10, 3, { mode: "cycle" }).count).toBe(16n);
    expect(frontierCount(5, 4, { mode: "path" }).count).toBe(82n);
    expect(frontierCount(5, 5, { mode: "path", ends: [0] }).count).toBe(304n);
    expect(frontierCount(4, 3, { mode: "path" }).count).toBe(8n);
  });

  test("wide windows (5-bit fields, keys of 3 to 5 words) count as the narrow sweep does", () => {
    // Swept along the long side the window is 2·cols + 1 cells: 15 (7 wide) to 25 (12 wide).
    expect(frontierCount(3, 10, { mode: "cycle" }).count).toBe(16n);
    expect(frontierCount(3, 12, { mode: "cycle" }).count).toBe(176n);
    expect(frontierCount(4, 5, { mode: "path" }).count).toBe(82n);
    for (const [rows, cols] of [
      [3, 7],
      [4, 6],
      [3, 9],
    ] as const) {
      for (const ends of [[], [0], [1, rows * cols - 1]]) {
        const wide = frontierCount(rows, cols, { mode: "path", ends }).count;
        // The same cells in the transposed board.
        const turned = ends.map((e) => (e % cols) * rows + Math.floor(e / cols));
        expect(wide).toBe(frontierCount(cols, rows, { mode: "path", ends: turned }).count);
      }
    }
  });

  test("resuming from a snapshot taken after any cell gives the same count", () => {
    const snapshots: FrontierSnapshot[] = [];
    const whole = frontierCount(5, 4, {
      mode: "path",
      snapshotEveryMs: 0,
      onSnapshot: (s) => snapshots.push(s),
    });
    expect(snapshots.map((s) => s.step)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    for (const snapshot of snapshots) {
      expect(frontierCount(5, 4, { mode: "path", resume: snapshot }).count).toBe(whole.count);
    }
    // A snapshot of another sweep is refused.
    expect(() => frontierCount(5, 4, { mode: "cycle", resume: snapshots[3]! })).toThrow(/snapshot/);
  });
});

describe("folding a state with its mirror image at the end of each row", () => {
  const both = ["cycle", "path"] as const;

  test("counts as the plain sweep on every board of up to 30 cells, cycles and paths", () => {
    let boards = 0;
    for (let rows = 1; rows <= 30; rows++) {
      for (let cols = 1; cols <= rows && rows * cols <= 30; cols++) {
        for (const mode of both) {
          const plain = frontierCount(rows, cols, { mode, fold: false });
          const folded = frontierCount(rows, cols, { mode });
          expect([rows, cols, mode, folded.count]).toEqual([rows, cols, mode, plain.count]);
          boards++;
        }
      }
    }
    expect(boards).toBeGreaterThan(100);
  });

  test("wide windows too: compact keys of two to four words", () => {
    for (const [rows, cols, mode] of [
      [3, 7, "path"],
      [3, 8, "path"],
      [4, 8, "cycle"],
      [3, 9, "path"],
      [3, 12, "cycle"],
    ] as const) {
      const plain = frontierCount(rows, cols, { mode, fold: false });
      expect([rows, cols, frontierCount(rows, cols, { mode }).count]).toEqual([
        rows,
        cols,
        plain.count,
      ]);
    }
  });

  test("does a little over half the work and holds fewer states", () => {
    for (const [rows, cols, mode] of [
      [5, 5, "path"],
      [6, 6, "cycle"],
      [6, 5, "path"],
    ] as const) {
      const plain = frontierCount(rows, cols, { mode, fold: false });
      const folded = frontierCount(rows, cols, { mode });
      expect(folded.count).toBe(plain.count);
      expect(folded.transitions).toBeLessThan(0.65 * plain.transitions);
      expect(folded.peakStates).toBeLessThan(0.75 * plain.peakStates);
    }
  });

  test("a folded layer is a layer: snapshots resume with folding or without, to one count", () => {
    // A few cells of 5×5 here; every cell of 6×5 in `npm run test:long`.
    expect(checkFoldResume(fewCells, 5)).toBe(10);
  });

  test("required ends turn it off: their mirror images are another request", () => {
    const request = { mode: "path", ends: [0] } as const;
    const plain = frontierCount(5, 5, { ...request, fold: false });
    const asked = frontierCount(5, 5, request);
    expect(asked.count).toBe(304n);
    expect(asked.transitions).toBe(plain.transitions);
  });
});

describe("paths on an odd number of cells end on the corners' colour", () => {
  test("the sweep drops ends of the other colour when fixed: same counts, far fewer transitions", () => {
    // Independent count: every directed path by plain depth-first search, halved.
    for (const [rows, cols] of [
      [3, 3],
      [3, 5],
      [5, 3],
      [3, 7],
    ] as const) {
      const brute = allDirectedPaths(rows, cols);
      // Both ends of every path are on the corners' colour: (row + col) even.
      for (const path of brute) {
        for (const end of [path[0]!, path[path.length - 1]!]) {
          expect((Math.floor(end / cols) + (end % cols)) % 2).toBe(0);
        }
      }
      expect(frontierCount(rows, cols, { mode: "path" }).count).toBe(BigInt(brute.length / 2));
    }
    // 7×5 (622,868 paths, ten times the work) in `npm run test:long`.
    const exact = frontierCountExact(5, 5, { mode: "path" });
    const swept = frontierCount(5, 5, { mode: "path", fold: false });
    expect(swept.count).toBe(exact.count);
    expect(swept.count).toBe(864n);
    expect(swept.transitions).toBeLessThan(0.6 * exact.transitions);
  });

  test("an end required on the other colour leaves no path", () => {
    // Cell 1 of 5×5 is (0, 1): odd. Cell 0 is a corner.
    expect(frontierCount(5, 5, { mode: "path", ends: [1] }).count).toBe(0n);
    expect(frontierCount(5, 5, { mode: "path", ends: [0] }).count).toBe(304n);
  });
});
