import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";

// The output layer on the real executable (npm test builds dist/ first): a full disk, a closed
// pipe, a directory, atomic files. Several runs share one shell, so the suite spawns few.
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
/** The shell's status of the first command of a pipeline. */
const PIPE_STATUS = ["$", "{PIPESTATUS[0]}"].join("");
const work = mkdtempSync(join(tmpdir(), "knight-output-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Run each shell line (with `K` the knight command), and give back each one's code and stderr. */
function shell(lines: readonly string[]): Array<{ code: number; stderr: string }> {
  const script = lines.map((line, i) => `${line} 2> err.${i}; echo "$?" > code.${i}`).join("\n");
  const result = spawnSync("bash", ["-c", script], {
    cwd: work,
    env: { ...process.env, K: `${process.execPath} ${bin}` },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return lines.map((_, i) => ({
    code: Number(readFileSync(join(work, `code.${i}`), "utf8")),
    stderr: readFileSync(join(work, `err.${i}`), "utf8"),
  }));
}

describe("knight on a full disk, a closed pipe, a directory", () => {
  it("> /dev/full: one line naming standard output and the cause, exit 74", () => {
    const runs = shell([
      "$K tour 8 > /dev/full",
      "$K count 5 > /dev/full",
      "$K tour 5 --format json | $K verify > /dev/full",
      "$K enumerate 5 --start a1 > /dev/full",
    ]);
    const expected = [
      /^knight tour: cannot write standard output: no space left on the device \(ENOSPC\)$/,
      /^knight count: cannot write standard output: no space left/,
      /^knight verify: cannot write standard output: no space left/,
      /^knight enumerate: cannot write standard output: no space left/,
    ];
    runs.forEach(({ code, stderr }, i) => {
      expect(code, stderr).toBe(74);
      expect(stderr.trimEnd().split("\n"), stderr).toHaveLength(1);
      expect(stderr.trimEnd()).toMatch(expected[i]!);
    });
  });

  it("the last flush of standard output never turns a result into 74", () => {
    // Nothing was written there: bad input stays 2, a tour written to --out stays 0.
    const runs = shell([
      "$K tour 0 > /dev/full",
      "$K tour 8 --out t8.txt > /dev/full",
      "$K count 0 --json > /dev/full",
    ]);
    expect(runs.map((r) => r.code)).toEqual([2, 0, 2]);
    expect(runs[0]!.stderr).toMatch(/^knight tour: bad board '0'/);
    expect(runs[1]!.stderr).toBe("");
    const tour = parseTour(readFileSync(join(work, "t8.txt"), "utf8"));
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });

  it("a reader that closes the pipe (| head) ends the run quietly with exit 0", () => {
    const runs = shell(
      [
        "$K enumerate 8 --closed | head -c 100 > /dev/null; exit $STATUS",
        "$K tour 300 --format json | head -c 100 > /dev/null; exit $STATUS",
        "$K sample 6 --closed --limit 100000 --method search | head -n 1 > /dev/null; exit $STATUS",
      ].map((line) => `(${line.replace("$STATUS", PIPE_STATUS)})`),
    );
    for (const { code, stderr } of runs) {
      expect(code, stderr).toBe(0);
      expect(stderr.replace(/^distribution:.*\n/m, "")).toBe("");
    }
  });

  it("writes --out under its own name only when complete, leaving no temporary file", () => {
    const runs = shell([
      "$K tour 40 --closed --format json --out t.json",
      "$K tour 40 --out t.json",
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    const tour = parseTour(readFileSync(join(work, "t.json"), "utf8"));
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
    expect(readdirSync(work).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
