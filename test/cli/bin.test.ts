import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";

// The real executable, as a user runs it (npm test builds dist/ before vitest).
const root = fileURLToPath(new URL("../..", import.meta.url));
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

describe("bin/knight.js", () => {
  it("pipes a closed 8×8 tour into knight verify", () => {
    const output = execFileSync(
      "bash",
      ["-c", `node ${bin} tour 8 --closed --format json | node ${bin} verify`],
      {
        cwd: root,
        encoding: "utf8",
      },
    );
    expect(output).toBe("valid closed tour of 8×8 (64 cells)\n");
  });

  it("prints a valid tour and exits 0", () => {
    const result = spawnSync("node", [bin, "tour", "8", "--closed"], { encoding: "utf8" });
    expect(result.status).toBe(0);
    const tour = parseTour(result.stdout);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
  });

  it("exits 1 with the reason for an impossible tour and 2 for a bad board, on stderr", () => {
    const impossible = spawnSync("node", [bin, "tour", "5", "--closed"], { encoding: "utf8" });
    expect(impossible.status).toBe(1);
    expect(impossible.stdout).toBe("");
    expect(impossible.stderr).toMatch(/^knight tour: no closed tour of 5×5: .*25\n$/);
    const bad = spawnSync("node", [bin, "tour", "0"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^knight tour: bad board '0'/);
  });

  it("reads an empty file as bad input", () => {
    const result = spawnSync("node", [bin, "verify", "/dev/null"], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/the input is empty/);
  });

  it("loads only the code of the command named: a streamed tour, nothing of count, census, pictures or the queue", () => {
    const dir = mkdtempSync(join(tmpdir(), "knight-modules-"));
    try {
      const loaded = (args: string[]): string[] => {
        const log = join(dir, "modules.txt");
        writeFileSync(log, "");
        // A module hook (node:module register) that notes every module as it loads.
        const hooks = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(process.env.KNIGHT_MODULE_LOG, url + "\\n");
  return next(url, context);
}`;
        const register = `import { register } from "node:module";
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
        const run = spawnSync(
          "node",
          ["--import", `data:text/javascript,${encodeURIComponent(register)}`, bin, ...args],
          { encoding: "utf8", env: { ...process.env, KNIGHT_MODULE_LOG: log } },
        );
        expect(run.status, run.stderr).toBe(0);
        const urls = readFileSync(log, "utf8").split("\n");
        return [
          ...urls
            .filter((url) => url.includes("/dist/"))
            .map((url) => url.slice(url.lastIndexOf("/dist/") + 6)),
          ...(urls.some((url) => url.includes("/node_modules/pdf-lib/")) ? ["npm:pdf-lib"] : []),
        ];
      };
      const file = join(dir, "t.bin");
      const tour = loaded(["tour", "1000", "--closed", "--format", "bin", "--out", file]);
      expect(tour).toContain("cli/commands/tour.js");
      expect(tour).toContain("construct/block-strip.js");
      const others =
        /^(count|census|symmetry|stats|sample|play|render|node)\/|^cli\/commands\/(?!tour\.js|picture-options\.js)/;
      expect(tour.filter((module) => others.test(module))).toEqual([]);
      const verify = loaded(["verify", file]);
      expect(verify).toContain("cli/commands/verify.js");
      expect(
        verify.filter((module) => /^(solve|construct|cli\/commands\/tour)/.test(module)),
      ).toEqual([]);
      // The whole program (its help lists every command) loads them all.
      // …but not the PDF library, which only printing puzzles needs (it was 0.15 s of CPU).
      const help = loaded(["--help"]);
      expect(help).toContain("cli/commands/serve.js");
      expect(help).not.toContain("npm:pdf-lib");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("streams a binary tour into knight verify, and refuses a tour larger than the free disk", () => {
    const dir = mkdtempSync(join(tmpdir(), "knight-stream-"));
    try {
      const file = join(dir, "t.bin");
      const tour = spawnSync("node", [
        bin,
        "tour",
        "1000",
        "--closed",
        "--format",
        "bin",
        "--out",
        file,
      ]);
      expect(tour.status).toBe(0);
      // 4 MB of tour under a 2 MB memory limit: only the streamed check (one bit a cell) fits.
      const verify = spawnSync("node", [bin, "--max-memory", "2M", "verify", file], {
        encoding: "utf8",
      });
      expect(verify.stdout).toBe("valid closed tour of 1000×1000 (1000000 cells)\n");
      expect(verify.status).toBe(0);
      // 10¹² cells, 5 TB: refused before a byte is written (a timeout bounds a regression).
      const huge = spawnSync(
        "node",
        [bin, "tour", "1000000", "--closed", "--format", "bin", "--out", join(dir, "h.bin")],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(huge.stderr).toMatch(
        /^knight tour: not enough disk space for '.*h\.bin': the tour needs/,
      );
      expect(huge.status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
