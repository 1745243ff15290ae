import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { formatTour } from "../../src/core/format/index.js";
import type { Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";
import { open5x5Tour } from "../helpers/tours.js";

// The commands that read a tour (verify, stats, render) on every kind of bad file: each gets
// the documented exit code (2 unreadable, 1 readable but not a valid tour) and one line that
// names the file and the problem, with the line and column where there is one.

const board = new Board(5, 5);
const tour: Tour = open5x5Tour();
const json = formatTour(tour, "json");
const errno = (code: string) => Object.assign(new Error(`${code}: cannot read`), { code });

const FILES: Record<string, string | Uint8Array | Error> = {
  "tour.json": json,
  "bom.json": `\uFEFF${json}`,
  "extra.json": json.replace('{"rows"', '{"name":"mine","rows"'),
  "rows-string.json": json.replace('"rows":5', '"rows":"5"'),
  "no-cols.json": json.replace('"cols":5,', ""),
  "closed-string.json": json.replace('"closed":false', '"closed":"no"'),
  "path-string.json": `{"rows":5,"cols":5,"path":"a1 b3"}`,
  "fraction.json": json.replace("[2,2]]", "[2,2.5]]"),
  "pretty.json": `{\n  "rows": 5,\n  "cols": 5,\n  "path": [\n    [0, 0],\n    [2, "1"]\n  ]\n}\n`,
  "array.json": "[[0,0],[2,1]]",
  "truncated.json": json.slice(0, 30),
  "wrong-board.json": json.replace('"rows":5', '"rows":6'),
  "off-board.json": json.replace("[2,2]]", "[7,7]]"),
  "empty.txt": "",
  dir: errno("EISDIR"),
  "locked.json": errno("EACCES"),
  "bad-utf8.txt": Uint8Array.from([0x31, 0x20, 0x32, 0x0a, 0x33, 0xff, 0x34, 0x0a]),
  "huge-line.txt": "a".repeat(100_000),
  "huge-number.txt": "99999999999999999999999\n",
  "digits-line.txt": "1".repeat(100_000),
  "binary-junk.bin": Uint8Array.from({ length: 256 }, (_, i) => (i * 37) & 0xff),
};

const COMMANDS = [["verify"], ["stats"], ["render", "--format", "grid"]] as const;

async function read(command: readonly (string | undefined)[], file: string) {
  const argv = [...command, file].filter((a): a is string => a !== undefined);
  return runCli(argv, { files: FILES, stdinIsTTY: true });
}

/** One line on stderr, naming the file, matching `pattern`; nothing on stdout. */
function expectMessage(
  result: { code: number; stdout: string; stderr: string },
  code: number,
  file: string,
  pattern: RegExp,
) {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(file);
  expect(lines[0]).toMatch(pattern);
  expect(lines[0]!.length).toBeLessThan(300);
}

describe.each(COMMANDS)("knight %s on bad files", (...command) => {
  it.each([
    ["missing.json", /cannot read 'missing.json': no such file/],
    ["dir", /cannot read 'dir': it is a directory/],
    ["locked.json", /cannot read 'locked.json': permission denied/],
    ["empty.txt", /the input is empty/],
    ["bad-utf8.txt", /not UTF-8 text: byte 6 \(0xff, line 2, column 2\)/],
    [
      "huge-line.txt",
      /expected a cell like a1, got 'a{40}…' \(100000 characters\) \(line 1, column 1\)/,
    ],
    // Not a step number past 15 digits (they read as 1e+23 and Infinity, then exit 1).
    ["huge-number.txt", /'99999999999999999999999' \(23 digits\) is too long to be a step number/],
    ["digits-line.txt", /'1{20}…' \(100000 digits\) is too long to be a step number/],
    ["binary-junk.bin", /not UTF-8 text|not a tour/],
    ["rows-string.json", /"rows" must be a positive integer, got "5" \(line 1, column 9\)/],
    ["no-cols.json", /"cols" must be a positive integer, got nothing \(the field is missing\)/],
    ["closed-string.json", /"closed" must be true or false, got "no" \(line 1, column \d+\)/],
    [
      "path-string.json",
      /"path" must be an array of \[row, col\] pairs, got "a1 b3" \(line 1, column 27\)/,
    ],
    [
      "fraction.json",
      /path\[24\] must be a \[row, col\] pair of integers, got \[2,2\.5\] \(line 1, column \d+\)/,
    ],
    [
      "pretty.json",
      /path\[1\] must be a \[row, col\] pair of integers, got \[2,"1"\] \(line 6, column 5\)/,
    ],
    ["array.json", /tour JSON must be an object/],
    ["truncated.json", /not valid JSON: .*\(line 1, column 29\)/],
  ])("%s: exit 2", async (file, pattern) => {
    expectMessage(await read(command, file), 2, file, pattern);
  });

  // render draws a partial path as it is (a grid with dots), so 25 steps on 6×5 is a picture.
  const wrongBoard: Array<readonly [string, RegExp]> =
    command[0] === "render"
      ? []
      : [
          [
            "wrong-board.json",
            /wrong-board.json: invalid tour: .*25 cells but the 6×5 board has 30/,
          ] as const,
        ];
  it.each([
    ...wrongBoard,
    [
      "off-board.json",
      /off-board.json: invalid tour: step 25 is \[7,7\], which is not on the 5×5 board/,
    ] as const,
  ])("%s: exit 1", async (file, pattern) => {
    const result = await read(command, file);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(pattern);
  });

  it("reads a file with a byte-order mark, and ignores fields it does not know", async () => {
    for (const file of ["bom.json", "extra.json"]) {
      const result = await read(command, file);
      expect(result.code, `${file}: ${result.stderr}`).toBe(0);
      expect(result.stdout.length).toBeGreaterThan(0);
    }
  });
});

describe("the tour fixture", () => {
  it("is a valid open 5×5 tour", () => {
    expect(validateTour(board, tour.path).valid).toBe(true);
  });
});

// The real file system through the built executable: the same messages.
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "knight-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("real files (bin/knight.js)", () => {
  it.each([
    ["missing", undefined, /cannot read '.*missing': no such file/],
    ["folder", "dir", /cannot read '.*folder': it is a directory/],
    ["empty", "", /empty: the input is empty/],
    ["latin1", Uint8Array.from([0x61, 0x31, 0x20, 0xe9, 0x0a]), /latin1: not UTF-8 text: byte 4/],
  ] as const)("verify %s: exit 2 naming the file", (name, content, pattern) => {
    const path = join(dir, name);
    if (content === "dir") mkdirSync(path);
    else if (content !== undefined) writeFileSync(path, content);
    const result = spawnSync(process.execPath, [bin, "verify", path], { encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(pattern);
    expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
