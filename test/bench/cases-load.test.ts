import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

// The benchmark cases import the built package (dist/), which the type checker and knip cannot
// follow: a name dropped from a front door breaks `npm run bench` without failing anything else.
// So every case module is imported here (npm test builds dist/ first) and its cases checked for
// the runner's shape.
const CASES = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "bench", "cases");

describe("bench/cases", () => {
  for (const file of readdirSync(CASES).filter((f) => f.endsWith(".js"))) {
    it(`${file} loads and exports cases the runner can time`, async () => {
      const cases = (await import(pathToFileURL(join(CASES, file)).href)).default;
      expect(Array.isArray(cases)).toBe(true);
      expect(cases.length).toBeGreaterThan(0);
      for (const c of cases) {
        expect(typeof c.group).toBe("string");
        expect(typeof c.name).toBe("string");
        expect(typeof c.fn).toBe("function");
      }
    });
  }
});
