import { describe, expect, it } from "vitest";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

// The defects of the command line's output side, each by name, run in-process (fast). The
// real process (files, signals, /dev/full, pipes) is in process-output.test.ts.

/** A DLX problem with about 10^23 solutions: every perfect matching of 40 items. */
const MATCHINGS = (() => {
  const items = Array.from({ length: 40 }, (_, k) => `i${k}`);
  const lines = [items.join(" ")];
  for (let a = 0; a < 40; a++) for (let b = a + 1; b < 40; b++) lines.push(`i${a} i${b}`);
  return `${lines.join("\n")}\n`;
})();
const KNUTH = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";

function oneLine(stderr: string): string {
  const lines = stderr.trimEnd().split("\n");
  expect(lines.length, stderr).toBe(1);
  expect(stderr).not.toMatch(/\n\s+at .+:\d+/);
  return lines[0]!;
}

describe("cover FILE --time-limit: the listing honours the limit", () => {
  it("stops a listing of millions of solutions at the node limit, exit 3, complete solutions only", async () => {
    const r = await runCli(["cover", "m.dlx", "--node-limit", "3000"], {
      files: { "m.dlx": MATCHINGS },
    });
    expect(r.code).toBe(3);
    const solutions = r.stdout.trimEnd().split("\n\n");
    expect(solutions.length).toBeGreaterThan(10);
    for (const s of solutions) expect(s.split("\n")).toHaveLength(20);
    expect(oneLine(r.stderr)).toMatch(/node limit.*listed \d+ solutions so far \(a lower bound\)/);
  });

  it("with --json streams the solutions and ends with the status object (limit, lower bound)", async () => {
    const r = await runCli(["cover", "m.dlx", "--json", "--node-limit", "3000"], {
      files: { "m.dlx": MATCHINGS },
    });
    expect(r.code).toBe(3);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({ items: 40, options: 780, status: "limit", lowerBound: true });
    expect(json.solutions.length).toBe(Number(json.count));
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
  });

  it("with --time-limit ends with exit 3 and a status object, whatever the speed", async () => {
    const r = await runCli(["cover", "m.dlx", "--json", "--time-limit", "0.2"], {
      files: { "m.dlx": MATCHINGS },
    });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "limit", lowerBound: true });
  });

  it("lists a complete problem as before, in JSON too", async () => {
    const r = await runCli(["cover", "-", "--json"], { stdin: KNUTH, stdinIsTTY: false });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      solutions: [[3, 4, 0]],
      status: "done",
      count: "1",
      lowerBound: false,
    });
  });
});

describe("cover --count --time-limit prints no partial number as the answer", () => {
  it("prints nothing on standard output and says the count so far is a lower bound", async () => {
    const r = await runCli(["cover", "m.dlx", "--count", "--node-limit", "2000"], {
      files: { "m.dlx": MATCHINGS },
    });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe("");
    expect(oneLine(r.stderr)).toMatch(/counted \d+ solutions so far \(a lower bound\)/);
  });

  it("with --json prints the status object", async () => {
    const r = await runCli(["cover", "m.dlx", "--count", "--json", "--node-limit", "2000"], {
      files: { "m.dlx": MATCHINGS },
    });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "limit", lowerBound: true });
  });
});

describe("cover input: random bytes and a repeated item", () => {
  it("says random bytes are not UTF-8 text and names the DLX format, not a tour", async () => {
    const r = await runCli(["cover", "junk"], {
      files: { junk: Uint8Array.from([0xff, 0xfe, 0x00, 0x81, 0x41]) },
    });
    expect(r.code).toBe(2);
    const line = oneLine(r.stderr);
    expect(line).toMatch(/not UTF-8 text.*Knuth's DLX format/);
    expect(line).not.toMatch(/tour/);
  });

  it("names the line and the item an option repeats", async () => {
    const r = await runCli(["cover", "-"], { stdin: "a b c\nb c\na a\n", stdinIsTTY: false });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      "knight cover: standard input: line 3: the option names 'a' twice",
    );
  });
});

describe("enumerate | verify: the NDJSON writers print is read by every reader", () => {
  it("verify, stats and render read enumerate's and sample's lines, each checked by line", async () => {
    const listed = await runCli(["enumerate", "6", "--closed", "--limit", "3"]);
    expect(listed.code).toBe(0);
    const sampled = await runCli(["sample", "5", "--limit", "2", "--seed", "3"]);
    for (const stdin of [listed.stdout, sampled.stdout]) {
      const n = stdin.trimEnd().split("\n").length;
      const verified = await runCli(["verify"], { stdin, stdinIsTTY: false });
      expect(verified.code, verified.stderr).toBe(0);
      expect(verified.stdout.trimEnd().split("\n")).toHaveLength(n);
      expect(verified.stdout).toMatch(/^line 1: valid (closed|open) tour of/);
      const stats = await runCli(["stats", "--json"], { stdin, stdinIsTTY: false });
      expect(stats.code).toBe(0);
      const objects = stats.stdout
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(objects.map((o) => o.line)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
      const grids = await runCli(["render", "--format", "grid"], { stdin, stdinIsTTY: false });
      expect(grids.code).toBe(0);
      expect(grids.stdout.trimEnd().split("\n\n")).toHaveLength(n);
      for (const grid of grids.stdout.trimEnd().split("\n\n")) {
        const tour = parseTour(grid);
        expect(validateTour(tour.board, tour.path).valid).toBe(true);
      }
      // A picture draws one tour: several are refused with the way out.
      const svg = await runCli(["render", "--format", "svg"], { stdin, stdinIsTTY: false });
      expect(svg.code).toBe(2);
      expect(oneLine(svg.stderr)).toMatch(/holds \d tours \(one per line\)/);
    }
  });

  it("reports a bad line by its number and goes on with the others", async () => {
    const listed = await runCli(["enumerate", "6", "--closed", "--limit", "3"]);
    const lines = listed.stdout.trimEnd().split("\n");
    lines[1] = lines[1]!.replace("[0,0]", "[5,5]");
    const r = await runCli(["verify", "--json"], {
      stdin: `${lines.join("\n")}\n`,
      stdinIsTTY: false,
    });
    expect(r.code).toBe(1);
    const verdicts = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(verdicts.map((v) => [v.line, v.valid])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(verdicts[1].message).toMatch(/^line 2: invalid tour/);
  });
});

describe("verify --closed on an open tour", () => {
  it("says the tour is open, not that its last cell is wrong", async () => {
    const open = await runCli(["tour", "5", "--format", "json"]);
    const r = await runCli(["verify", "--closed", "t.json"], { files: { "t.json": open.stdout } });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      /^knight verify: t\.json: invalid tour: the tour is open: its ends a5 and \w+ are not a knight's move apart/,
    );
  });
});

describe("a 50 MB file of repeated moves", () => {
  const repeated = "a1 b3 c5 a1 ".repeat(500_000); // 6 MB here: the same path as 50 MB
  it("is refused at its first repeat, without a header", async () => {
    const r = await runCli(["verify", "rep.txt"], { files: { "rep.txt": repeated } });
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/cell a1 is visited twice, at steps 1 and 4/);
  });

  it("is refused from its size when it names its board", async () => {
    for (const text of [
      `# 8x8 open tour\n${repeated}`,
      JSON.stringify({ rows: 8, cols: 8, closed: false, path: Array(200_000).fill([7, 0]) }),
    ]) {
      const r = await runCli(["verify", "rep.txt"], { files: { "rep.txt": text } });
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr)).toMatch(
        /more than a tour of the 8×8 board it names can take \(at most 12288: 128 a cell\)/,
      );
    }
  });
});

describe("--seed 0", () => {
  it("is accepted by tour, cover and sample alike", async () => {
    expect((await runCli(["tour", "6", "--seed", "0", "--tie-break", "random"])).code).toBe(0);
    expect(
      (await runCli(["cover", "-", "--seed", "0"], { stdin: KNUTH, stdinIsTTY: false })).code,
    ).toBe(0);
    expect((await runCli(["sample", "5", "--seed", "0"])).code).toBe(0);
    const r = await runCli(["tour", "6", "--seed", "4294967296"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--seed must be a whole number from 0 to 4294967295/);
  });
});

describe("knight tour 6 --format bin on a terminal", () => {
  it("is refused, as png is, before any search", async () => {
    const r = await runCli(["tour", "6", "--format", "bin"], { stdoutIsTTY: true });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--format bin: standard output is a terminal; give --out FILE\.bin/);
    expect(
      (await runCli(["tour", "6", "--format", "bin", "--out", "t.bin"], { stdoutIsTTY: true }))
        .code,
    ).toBe(0);
  });
});

describe("knight tour 2", () => {
  it("says there are no knight moves at all on 2×2", async () => {
    const r = await runCli(["tour", "2"]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(/no move at all on 2×2/);
  });
});

describe("--max-memory 1", () => {
  it("says the board's need once, in words, against the limit", async () => {
    const r = await runCli(["--max-memory", "1", "tour", "8"]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      "knight tour: the 8×8 board needs about 320 bytes, over the limit of 1 byte",
    );
  });
});

describe("count --json and verify --json on a limit or an error", () => {
  it("count prints the status object on a limit (status, count so far, lower bound)", async () => {
    const r = await runCli([
      "count",
      "6",
      "--method",
      "backtrack",
      "--json",
      "--node-limit",
      "1000",
      "--workers",
      "1",
    ]);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toMatchObject({
      rows: 6,
      cols: 6,
      status: "limit",
      lowerBound: true,
    });
    const sym = await runCli([
      "count",
      "10",
      "--symmetry",
      "180",
      "--json",
      "--node-limit",
      "1000",
    ]);
    expect(sym.code).toBe(3);
    expect(JSON.parse(sym.stdout)).toMatchObject({ status: "limit", lowerBound: true });
  });

  it('errors print {"error":{code,message,value}} on standard output and the line on standard error', async () => {
    const cases: Array<[string[], Record<string, string | Uint8Array>, number, string]> = [
      [["count", "0", "--json"], {}, 2, "BAD_SIZE"],
      [["count", "5", "--json", "--start", "z9"], {}, 2, "BAD_OPTION"],
      [["verify", "x.json", "--json"], { "x.json": Uint8Array.from([0xff]) }, 2, "BAD_INPUT"],
      [["verify", "missing.json", "--json"], {}, 2, "BAD_INPUT"],
      [["exists", "5", "--json", "--bogus"], {}, 2, "BAD_OPTION"],
      [["stats", "x.json", "--json"], { "x.json": "{}" }, 2, "BAD_INPUT"],
    ];
    for (const [argv, files, code, name] of cases) {
      const r = await runCli(argv, { files });
      expect(r.code, argv.join(" ")).toBe(code);
      const { error } = JSON.parse(r.stdout);
      expect(error, argv.join(" ")).toMatchObject({ code: name, exit: code });
      expect(typeof error.message).toBe("string");
      expect("value" in error).toBe(true);
      expect(r.stderr.trim().length).toBeGreaterThan(0);
    }
  });
});

describe("count and tour with closed-tour ends that are not a knight's move apart", () => {
  it("count says why the count is 0", async () => {
    const r = await runCli(["count", "6", "--closed", "--start", "a1", "--end", "c3"]);
    expect(r).toMatchObject({ code: 0, stdout: "0\n" });
    expect(r.stderr).toMatch(/c3 is not a knight's move from a1/);
  });

  it("tour answers at once, without an exhaustive search", async () => {
    const r = await runCli(["tour", "8", "--closed", "--end", "h1", "--node-limit", "1"]);
    expect(r.code).toBe(1);
    expect(oneLine(r.stderr)).toMatch(
      /no closed tour of 8×8 from a8 ends at h1: h1 is not a knight's move from a8/,
    );
  });
});

describe("knight enumerate --progress", () => {
  it("shows how many tours are listed on standard error", async () => {
    const r = await runCli(["enumerate", "5", "--start", "a1", "--progress"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split("\n")).toHaveLength(304);
    expect(r.stderr).toMatch(/^enumerate 5×5: 304 tours( \| [\d,.]+ tours\/s)? \| \d+ s$/m);
  });
});

describe("the output layer", () => {
  it("turns every write error into one line naming the path and the cause, exit 74, no file left", async () => {
    for (const [code, cause] of [
      ["ENOSPC", "no space left on the device"],
      ["EACCES", "permission denied"],
      ["EISDIR", "it is a directory"],
    ] as const) {
      for (const argv of [
        ["tour", "5", "--out", "o.txt"],
        ["tour", "5", "--format", "png", "--out", "o.txt"],
        ["tour", "5", "--trace", "o.txt", "--trace-limit", "5"],
      ]) {
        const r = await runCli(argv, { failWrites: { "o.txt": code } });
        expect(r.code, argv.join(" ")).toBe(74);
        expect(oneLine(r.stderr)).toBe(`knight tour: cannot write 'o.txt': ${cause} (${code})`);
        expect(r.written["o.txt"]).toBeUndefined();
        expect(r.aborted).toContain("o.txt");
      }
    }
    const stdout = await runCli(["enumerate", "5", "--start", "a1"], {
      failWrites: { "-": "ENOSPC" },
    });
    expect(stdout.code).toBe(74);
    expect(oneLine(stdout.stderr)).toMatch(/cannot write standard output: no space left/);
  });

  it("ends quietly with success when the reader closes the pipe", async () => {
    for (const argv of [
      ["enumerate", "6", "--closed"],
      ["sample", "5", "--limit", "50"],
      ["cover", "m.dlx"],
      ["tour", "6", "--format", "json", "--out", "-"],
    ]) {
      const r = await runCli(argv, { failWrites: { "-": "EPIPE" }, files: { "m.dlx": MATCHINGS } });
      expect(r.code, argv.join(" ")).toBe(0);
      expect(r.stderr.replace(/^distribution:.*\n/, "")).toBe("");
    }
  });
});
