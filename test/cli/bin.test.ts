import { execFileSync, spawnSync } from "node:child_process";
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
});
