import { describe, expect, test } from "vitest";
import { type FrontierSnapshot, frontierCount } from "../../src/count/frontier.js";

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
