import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { VERSION } from "../../src/cli/version.js";
import { Board } from "../../src/core/board.js";
import { formatTour, parseBinaryTour, parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { COUNT_METHODS } from "../../src/count/count.js";
import { METHODS, TIE_BREAKS } from "../../src/solve/types.js";
import { bruteForceTour } from "../helpers/brute-force.js";
import { runCli } from "../helpers/cli.js";

/** Bad input gets exactly one line on stderr, no stack trace, and the given exit code. */
function expectOneLineError(
  result: { code: number; stdout: string; stderr: string },
  code: number,
  pattern: RegExp,
) {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\s+at .*\(.*:\d+:\d+\)/);
  expect(lines.length).toBeLessThanOrEqual(2); // the message, and at most a usage hint
}

describe("knight tour", () => {
  it("prints a valid closed 8×8 tour as JSON", async () => {
    const result = await runCli(["tour", "8", "--closed", "--format", "json"]);
    expect(result.code).toBe(0);
    const tour = parseTour(result.stdout);
    expect(tour.closed).toBe(true);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
  });

  it.each(["grid", "algebraic", "json"])(
    "prints a tour from a given start as %s",
    async (format) => {
      const result = await runCli(["tour", "6x7", "--start", "b1", "--format", format]);
      expect(result.code).toBe(0);
      const tour = parseTour(result.stdout);
      expect([tour.board.rows, tour.board.cols]).toEqual([6, 7]);
      expect(tour.path[0]).toBe(tour.board.cell(5, 1));
      expect(validateTour(tour.board, tour.path).valid).toBe(true);
    },
  );

  it("prints statistics to stderr with --stats", async () => {
    const result = await runCli(["tour", "8", "--closed", "--stats"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/nodes \d+.*closed: yes/);
    expect(
      validateTour(new Board(8, 8), parseTour(result.stdout).path, { closed: true }).valid,
    ).toBe(true);
  });

  it("writes to --out", async () => {
    const result = await runCli([
      "tour",
      "5",
      "--start",
      "a1",
      "--out",
      "t.json",
      "--format",
      "json",
    ]);
    expect(result).toMatchObject({ code: 0, stdout: "", stderr: "" });
    const tour = parseTour(new TextDecoder().decode(result.written["t.json"]));
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });

  it("writes the binary format, which verify and the library read back", async () => {
    const result = await runCli(["tour", "6x9", "--closed", "--format", "bin", "--out", "t.bin"]);
    expect(result.code).toBe(0);
    const bytes = result.written["t.bin"]!;
    expect(bytes.length).toBe(20 + 4 * 54);
    const tour = parseBinaryTour(bytes);
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
    const verified = await runCli(["verify", "t.bin"], { files: { "t.bin": bytes } });
    expect(verified.stdout).toBe("valid closed tour of 6×9 (54 cells)\n");
  });

  it.each([
    [["tour", "0"], 2, /bad board '0'.*at least 1/],
    [["tour", "-3"], 2, /'-3'/],
    [["tour", "8x"], 2, /bad board '8x': expected N .* or RxC/],
    [["tour", "1e9"], 2, /bad board '1e9'/],
    [["tour", "100000"], 2, /100000×100000 board .*needs about .*bytes/],
    [
      ["tour", "8", "--start", "j9"],
      2,
      /--start: cell 'j9' is not on the 8×8 board: files are a..h and ranks 1..8/,
    ],
    [["tour", "8", "--start", "3,-1"], 2, /cell '3,-1' is not on the 8×8 board/],
    [["tour", "8", "--start", "e"], 2, /bad cell 'e'/],
    [
      ["tour", "8", "--format", "yaml"],
      2,
      /--format must be one of grid, json, algebraic, bin, svg, png, ansi; got 'yaml'/,
    ],
    [
      ["tour", "8", "--seed", "abc"],
      2,
      /--seed must be a whole number from 0 to 4294967295, got 'abc'/,
    ],
    [["tour", "8", "--time-limit", "-1"], 2, /'-1'|--time-limit/],
    [["tour", "8", "--bogus"], 2, /unknown option '--bogus'/],
    [["tour"], 2, /missing required argument 'board'/],
    [
      ["tour", "5", "--closed"],
      1,
      /no closed tour of 5×5: a closed tour alternates colours, so it needs an even number of cells; 5×5 has 25/,
    ],
    [["tour", "4", "--closed"], 1, /no closed tour of 4×4/],
    [["tour", "3"], 1, /no open tour of 3×3: the centre of a 3×3 board has no knight moves/],
    [["tour", "5", "--start", "b1"], 1, /no open tour of 5×5 from b1: .*corners' colour/],
    [["frobnicate"], 2, /unknown command 'frobnicate'/],
  ])("knight %j fails cleanly", async (argv, code, pattern) => {
    expectOneLineError(await runCli(argv), code, pattern);
  });
});

describe("knight tour on huge boards", () => {
  it("builds a 1500×1500 closed tour by the block-order construction and streams it as binary", async () => {
    const result = await runCli([
      "tour",
      "1500",
      "--closed",
      "--start",
      "c3",
      "--format",
      "bin",
      "--out",
      "big.bin",
      "--stats",
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/method blocks/);
    const tour = parseBinaryTour(result.written["big.bin"]!);
    expect(tour.path[0]).toBe(tour.board.cell(1497, 2));
    expect(validateTour(tour.board, tour.path, { closed: true }).valid).toBe(true);
  });

  it("streams a long thin board's open tour as JSON", async () => {
    const result = await runCli(["tour", "4x20001", "--format", "json"]);
    expect(result.code).toBe(0);
    const tour = parseTour(result.stdout);
    expect(validateTour(tour.board, tour.path).valid).toBe(true);
  });
});

describe("knight --max-memory", () => {
  it("refuses a board whose memory need is over the limit, before any work", async () => {
    expectOneLineError(
      await runCli(["--max-memory", "100M", "tour", "5000", "--closed"]),
      2,
      /^knight tour: .*5000×5000.*125000000 bytes.*over the limit of 100\.0 MiB/,
    );
    expectOneLineError(
      await runCli(["--max-memory", "lots", "tour", "8"]),
      2,
      /--max-memory must be a size like 512M or 2G, got 'lots'/,
    );
  });
});

describe("knight verify", () => {
  const board = new Board(5, 6);
  const path = Int32Array.from(bruteForceTour({ rows: 5, cols: 6, closed: true })!);
  const closedTour = { board, path, closed: true };

  it.each(["json", "grid", "algebraic"] as const)(
    "accepts a valid tour in %s from a file or stdin",
    async (format) => {
      const text = formatTour(closedTour, format);
      const fromFile = await runCli(["verify", "t.txt"], { files: { "t.txt": text } });
      expect(fromFile.code).toBe(0);
      expect(fromFile.stdout).toMatch(/^valid closed tour of 5×6 \(30 cells\)/);
      const fromStdin = await runCli(["verify", "-"], { stdin: text });
      expect(fromStdin.code).toBe(0);
      const piped = await runCli(["verify"], { stdin: text });
      expect(piped.stdout).toBe(fromStdin.stdout);
    },
  );

  it("says when an open tour also closes, and checks --closed", async () => {
    const open = formatTour({ ...closedTour, closed: false }, "json");
    const result = await runCli(["verify", "--json"], { stdin: open });
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: "done",
      valid: true,
      closed: false,
      rows: 5,
      cols: 6,
    });
    const plain = await runCli(["verify"], { stdin: open });
    expect(plain.stdout).toMatch(/valid open tour .* also closes/);
    const required = await runCli(["verify", "--closed"], { stdin: open });
    expect(required.code).toBe(0);
    const fiveByFive = formatTour(
      {
        board: new Board(5, 5),
        path: Int32Array.from(bruteForceTour({ rows: 5, cols: 5, closed: false })!),
        closed: false,
      },
      "json",
    );
    expectOneLineError(
      await runCli(["verify", "--closed"], { stdin: fiveByFive }),
      1,
      /the tour is open: its ends \w+ and \w+ are not a knight's move apart, and --closed asks for a closed tour/,
    );
  });

  it("rejects a repeated cell, naming both steps", async () => {
    const json = JSON.parse(formatTour(closedTour, "json"));
    json.path[9] = json.path[2];
    expectOneLineError(
      await runCli(["verify"], { stdin: JSON.stringify(json) }),
      1,
      /^knight verify: invalid tour: (cell [a-f]\d is visited twice, at steps 3 and 10|step 3 → 4.*)/,
    );
  });

  it("rejects a step that is not a knight move, and a grid that repeats a number", async () => {
    const swapped = closedTour.path.slice();
    [swapped[4], swapped[5]] = [swapped[5]!, swapped[4]!];
    expectOneLineError(
      await runCli(["verify"], {
        stdin: formatTour({ ...closedTour, path: swapped }, "algebraic"),
      }),
      1,
      /invalid tour: step \d+ → \d+, [a-f]\d → [a-f]\d, is not a knight's move/,
    );
    expectOneLineError(
      await runCli(["verify"], { stdin: "1 2 3\n4 16 16" }),
      1,
      /step 16 .*more than|appears twice/,
    );
  });

  it.each([
    ["", /the input is empty/],
    ["   \n\n", /the input is empty/],
    ["hello, world", /expected a cell like a1, got 'hello' \(line 1, column 1\)/],
    ["%%%", /not a tour/],
    ['{"rows":8,"cols":8', /not valid JSON.*line 1, column \d+/],
    ['{"rows":8,"cols":0,"path":[]}', /"cols" must be a positive integer, got 0/],
    ["1 2 3\n4 five 6", /got 'five' \(line 2, column 3\)/],
  ])("rejects unreadable input %j with exit 2", async (stdin, pattern) => {
    expectOneLineError(await runCli(["verify"], { stdin }), 2, pattern);
  });

  it("rejects a missing file, and a terminal with no input", async () => {
    expectOneLineError(
      await runCli(["verify", "nope.json"]),
      2,
      /cannot read 'nope.json': no such file/,
    );
    expectOneLineError(await runCli(["verify"], { stdinIsTTY: true }), 2, /no input: give a FILE/);
  });
});

describe("knight exists", () => {
  it("agrees with Schwenk's theorem and the open-tour theorem on every board up to 12×12", async () => {
    for (let r = 1; r <= 12; r++) {
      for (let c = 1; c <= 12; c++) {
        const m = Math.min(r, c);
        const n = Math.max(r, c);
        const closedExpected =
          !(m % 2 === 1 && n % 2 === 1) &&
          m !== 1 &&
          m !== 2 &&
          m !== 4 &&
          !(m === 3 && [4, 6, 8].includes(n));
        const openExpected =
          (m === 1 && n === 1) || (m === 3 && (n === 4 || n >= 7)) || (m === 4 && n >= 5) || m >= 5;
        for (const [closed, expected] of [
          [true, closedExpected],
          [false, openExpected],
        ] as const) {
          const result = await runCli([
            "exists",
            `${r}x${c}`,
            "--json",
            ...(closed ? ["--closed"] : []),
          ]);
          const answer = JSON.parse(result.stdout);
          expect(answer, `${r}x${c} ${closed}`).toMatchObject({
            rows: r,
            cols: c,
            closed,
            exists: expected,
            decidedBy: "theory",
          });
          expect(answer.reason.length).toBeGreaterThan(10);
          expect(result.code).toBe(expected ? 0 : 1);
        }
      }
    }
  });

  it("explains impossible requests in a sentence", async () => {
    const result = await runCli(["exists", "5", "--closed"]);
    expect(result).toMatchObject({
      code: 1,
      stdout:
        "no: a closed tour alternates colours, so it needs an even number of cells; 5×5 has 25\n",
    });
    const four = await runCli(["exists", "4x5", "--start", "b2"]);
    expect(four.code).toBe(1);
    expect(four.stdout).toMatch(/outer rows/);
  });

  it("settles a case no theorem decides with a search", async () => {
    const result = await runCli(["exists", "5", "--start", "a1", "--json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({
      exists: true,
      decidedBy: "search",
      start: "a1",
    });
    expect(result.code).toBe(0);
    const theoryOnly = await runCli(["exists", "5", "--start", "a1", "--no-search"]);
    expect(theoryOnly.code).toBe(3);
    expect(theoryOnly.stdout).toMatch(/^unknown: /);
  });
});

describe("knight", () => {
  it("prints its version, kept in step with package.json", async () => {
    expect(VERSION).toBe(packageJson.version);
    expect(await runCli(["--version"])).toMatchObject({
      code: 0,
      stdout: `${VERSION}\n`,
      stderr: "",
    });
  });

  it("has help for every command", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of ["tour", "verify", "exists"]) {
      expect(help.stdout).toContain(command);
      const sub = await runCli([command, "--help"]);
      expect(sub.code).toBe(0);
      expect(sub.stdout).toMatch(new RegExp(`Usage: knight ${command}`));
      expect(sub.stdout).toMatch(/Exit codes/);
    }
  });

  it("lists every command, tour method, tie-break and count method in knight --help", async () => {
    const help = await runCli(["--help"]);
    const text = help.stdout.replace(/\s+/g, " ");
    for (const command of ["count", "enumerate", "sample", "cover", "render", "play", "serve"]) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    }
    expect(text).toContain(`Tour methods (knight tour --method): ${METHODS.join(", ")}.`);
    expect(text).toContain(`Warnsdorff tie-breaks (--tie-break): ${TIE_BREAKS.join(", ")}.`);
    expect(text).toContain("knight tour --trace");
    expect(text).toContain(`Count methods (knight count --method): ${COUNT_METHODS.join(", ")}.`);
    for (const line of help.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(90);
  });

  it("prints usage and exits 2 with no command", async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Usage: knight/);
  });
});
