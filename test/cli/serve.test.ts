import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { newerSource } from "../../src/cli/commands/serve.js";

// `knight serve` in a checkout served web/dist as it was, however old: an edit to the page's
// sources showed only after a manual `npm run build:web`.
const root = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "knight-serve-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Write `text` to `path` (folders made) with its modification time `secondsAgo` in the past. */
function file(path: string, secondsAgo: number, text = ""): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  const when = Date.now() / 1000 - secondsAgo;
  utimesSync(path, when, when);
}

describe("serve: is web/dist older than its sources", () => {
  it("names a source file changed after the build, anywhere under the roots", async () => {
    const dir = mkdtempSync(join(work, "unit-"));
    const index = join(dir, "web/dist/index.html");
    file(index, 100);
    file(join(dir, "web/main.ts"), 200);
    file(join(dir, "src/core/board.ts"), 300);
    expect(
      await newerSource(index, [join(dir, "web"), join(dir, "src")], join(dir, "web/dist")),
    ).toBeUndefined();
    file(join(dir, "src/core/deep/moves.ts"), 10);
    expect(
      await newerSource(index, [join(dir, "web"), join(dir, "src")], join(dir, "web/dist")),
    ).toBe(join(dir, "src/core/deep/moves.ts"));
  });

  it("does not count the build's own files, and a missing root is no source", async () => {
    const dir = mkdtempSync(join(work, "unit-"));
    const index = join(dir, "web/dist/index.html");
    file(index, 100);
    file(join(dir, "web/dist/assets/page.js"), 1);
    const roots = [join(dir, "web"), join(dir, "src")];
    expect(await newerSource(index, roots, join(dir, "web/dist"))).toBeUndefined();
  });
});

describe("knight serve with a stale web/dist", () => {
  it("refuses with a hint naming npm run build:web when it cannot rebuild (no Vite)", () => {
    // A copy of the built CLI with a page older than one of its sources, and commander as its
    // only package: Vite is missing, so the one-line hint is the answer (a real rebuild takes
    // seconds and is what a checkout with Vite does).
    const copy = mkdtempSync(join(work, "copy-"));
    for (const part of ["bin", "dist", "package.json"]) {
      cpSync(join(root, part), join(copy, part), { recursive: true });
    }
    mkdirSync(join(copy, "node_modules"));
    symlinkSync(join(root, "node_modules/commander"), join(copy, "node_modules/commander"));
    file(join(copy, "web/dist/index.html"), 100, "<!doctype html>");
    file(join(copy, "web/vite.config.ts"), 200, "export default {};");
    file(join(copy, "web/main.ts"), 10);
    const run = spawnSync(process.execPath, [join(copy, "bin/knight.js"), "serve", "--port", "0"], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(2);
    expect(run.stderr).toBe(
      "knight serve: the web page in web/dist is older than web/main.ts: run 'npm run build:web' (Vite is not installed to rebuild it)\n",
    );
  });
});
