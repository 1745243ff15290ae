// The browser entry bundles with Vite for the browser without Node polyfills: no warning (a
// Node built-in would be "externalized for browser compatibility"), no import left in the
// bundle, and the bundle runs. Sizes are reported by the benchmark (bench/cases/package.js),
// not asserted here.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { bundleBrowserEntry } from "../../scripts/docs/bundle-size.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";

const scratch = mkdtempSync(join(tmpdir(), "knight-bundle-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the browser bundle of dist/index.js (Vite, minified)", () => {
  it("builds without a warning, imports nothing, and solves a tour", async () => {
    const bundle = await bundleBrowserEntry();
    expect(bundle.warnings).toEqual([]);
    expect(bundle.chunks).toBe(1);
    expect(bundle.code).not.toMatch(/\bimport\s*[{*"'(]|\brequire\(/);
    expect(bundle.gzipBytes).toBeLessThan(bundle.minifiedBytes);
    // The bundle is a working library: load it and solve a tour with it.
    const file = join(scratch, "knight-tours.js");
    writeFileSync(file, bundle.code);
    const lib = await import(pathToFileURL(file).href);
    const result = lib.solve(new lib.Board(6, 6), { closed: true });
    expect(result.status).toBe("found");
    expect(validateTour(new Board(6, 6), result.tour.path, { closed: true }).valid).toBe(true);
  });

  it("tree-shakes: importing solve alone bundles less than the whole library", async () => {
    const whole = await bundleBrowserEntry();
    const part = await bundleBrowserEntry({ only: ["Board", "solve", "validateTour"] });
    expect(part.warnings).toEqual([]);
    expect(part.minifiedBytes).toBeLessThan(whole.minifiedBytes);
  });

  it("would see a Node built-in: a module importing node:fs is reported", async () => {
    const nodey = join(scratch, "nodey.js");
    writeFileSync(
      nodey,
      'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
    );
    const bundle = await bundleBrowserEntry({ entry: nodey });
    expect(bundle.warnings.join("\n")).toMatch(/externalized for browser compatibility/);
  });
});
