import { describe, expect, test } from "vitest";
import { type FrontierSnapshot, frontierCount } from "../../src/count/frontier.js";

describe("frontierCount(rows, cols, options)", () => {
  test("counts Hamiltonian cycles and paths (3x10 cycles, 4x5 paths, required ends)", () => {
    expect(frontierCount(10, 3, { mode: "cycle" }).count).toBe(16n);
    expect(frontierCount(5, 4, { mode: "path" }).count).toBe(82n);
    expect(frontierCount(5, 5, { mode: "path", ends: [0] }).count).toBe(304n);
    expect(frontierCount(4, 3, { mode: "path" }).count).toBe(8n);
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
