// `npm run test:long`: the frontier sweep resumed from a snapshot after every cell (the fast
// suite resumes from a few; these are the same checks, at about a minute in all).
import { describe, expect, test } from "vitest";
import { frontierCount } from "../../src/count/frontier.js";
import { frontierCountExact } from "../../src/count/frontier-exact.js";
import {
  checkFoldResume,
  checkResumedTableSizes,
  checkSpilledResume,
  everyCell,
} from "../helpers/frontier-resume.js";

describe("the frontier sweep resumes from a snapshot after every cell", () => {
  test("folded and unfolded snapshots resume the other way, to one count", () => {
    expect(checkFoldResume(everyCell)).toBe(58);
  });

  test("snapshots of a sweep that spilled to disk", () => {
    expect(checkSpilledResume(everyCell)).toBe(29);
  });

  test("a resumed sweep sizes its first table as the uninterrupted one did", () => {
    expect(checkResumedTableSizes(everyCell)).toBe(23);
  });
});

describe("paths on an odd number of cells end on the corners' colour", () => {
  test("7×5: the sweep that drops ends of the other colour equals the exact sweep (622,868)", () => {
    const exact = frontierCountExact(7, 5, { mode: "path" });
    const swept = frontierCount(7, 5, { mode: "path", fold: false });
    expect(swept.count).toBe(exact.count);
    expect(swept.count).toBe(622868n);
    expect(swept.transitions).toBeLessThan(0.65 * exact.transitions);
  });
});
