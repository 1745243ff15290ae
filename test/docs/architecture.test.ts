import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_DOC, redrawn } from "../../scripts/docs/architecture.js";

describe("docs/architecture.md", () => {
  it("draws the layer map that dependency-cruiser sees in src/ (npm run docs:architecture)", () => {
    const page = readFileSync(ARCHITECTURE_DOC, "utf8");
    expect(redrawn(page)).toBe(page);
    // The picture names every library layer of the rules.
    for (const layer of ["core", "theory", "cover", "construct", "solve", "count", "census"]) {
      expect(page).toContain(`${layer}["${layer}"]`);
    }
  });
});
