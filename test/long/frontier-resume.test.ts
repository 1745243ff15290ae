// `npm run test:long`: the frontier sweep resumed from a snapshot after every cell (the fast
// suite resumes from a few; these are the same checks, at about a minute in all).
import { describe, expect, test } from "vitest";
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
