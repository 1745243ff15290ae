import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseCell } from "../../src/core/cells.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

// Bad input to `knight count` that once cost gigabytes or ended in a stack trace.
const dir = mkdtempSync(join(tmpdir(), "knight-count-input-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("knight count input", () => {
  it("refuses more workers than a few per core, naming the value and the most allowed", async () => {
    const most = 4 * availableParallelism();
    const result = await runCli(["count", "5", "--workers", String(most + 1)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `knight count: --workers ${most + 1}: at most ${most} on this machine (4 per core); more threads only add start-up time and memory\n`,
    );
    const fine = await runCli(["count", "3x4", "--workers", String(most)]);
    expect(fine.code).toBe(0);
  });

  it("refuses a --checkpoint that is a directory or in a missing folder (exit 2, naming it)", async () => {
    const asDir = await runCli(["count", "1x5", "--workers", "1", "--checkpoint", dir]);
    expect(asDir.code).toBe(2);
    expect(asDir.stderr).toBe(
      `knight count: --checkpoint '${dir}': it is a folder; give a regular file, or a new file in an existing folder\n`,
    );
    const missing = join(dir, "no", "such", "x.ckpt");
    const inMissing = await runCli(["count", "1x5", "--workers", "1", "--checkpoint", missing]);
    expect(inMissing.code).toBe(2);
    expect(inMissing.stderr).toBe(
      `knight count: --checkpoint '${missing}': its folder '${join(dir, "no", "such")}' does not exist; give a regular file, or a new file in an existing folder\n`,
    );
  });
});

describe("knight count/enumerate --closed --start S --end E: the closed tours using the move S–E", () => {
  it("counts and lists the same tours, each a closed tour from S that ends at E", async () => {
    const counted = await runCli(["count", "6", "--closed", "--start", "c3", "--end", "e4"]);
    expect(counted.code).toBe(0);
    const total = Number(counted.stdout.trim());
    // 620 of the 9,862: the three counting engines agree (test/count); here the list must match.
    expect(total).toBe(620);
    const listed = await runCli(["enumerate", "6", "--closed", "--start", "c3", "--end", "e4"]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines).toHaveLength(total);
    const board = new Board(6, 6);
    const [c3, e4] = [parseCell("c3", board), parseCell("e4", board)];
    const seen = new Set<string>();
    for (const line of lines) {
      const tour = parseTourJson(line);
      expect(validateTour(board, tour.path, { closed: true }).valid).toBe(true);
      expect([tour.path[0], tour.path.at(-1)]).toEqual([c3, e4]);
      seen.add(line);
    }
    expect(seen.size).toBe(total);
  });

  it("a corner's move is in every closed tour: a1–b3 counts all 9,862", async () => {
    const result = await runCli(["count", "6", "--closed", "--start", "a1", "--end", "b3"]);
    expect(result.stdout.trim()).toBe("9862");
  });

  it.each(["count", "enumerate"])(
    "%s refuses --closed --end without --start, saying why",
    async (command) => {
      const result = await runCli([command, "6", "--closed", "--end", "b3"]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/--end b3 with --closed needs --start: .*move S–E/);
    },
  );
});

describe("knight enumerate with nothing to list", () => {
  it("says why (the theorem) and exits 1", async () => {
    const result = await runCli(["enumerate", "5", "--closed"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^knight enumerate: no tours to list: .*even number of cells.*25/,
    );
  });

  it("says the listing was exhaustive when no theorem applies", async () => {
    const result = await runCli(["enumerate", "3x4", "--start", "a1", "--end", "a1"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^knight enumerate: no tours to list: /);
  });

  it("refuses --limit 0, as sample does (it once listed nothing and exited 0)", async () => {
    for (const argv of [
      ["enumerate", "5", "--closed", "--limit", "0"],
      ["sample", "5", "--limit", "0"],
      ["cover", "-", "--limit", "0"],
    ]) {
      const result = await runCli(argv, { stdin: "a\na\n" });
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/--limit/);
    }
  });
});

describe("knight count --symmetry --progress", () => {
  it("reports the quotient search's progress on standard error", async () => {
    // 65536 nodes between reports: 8×8 with 180° symmetry takes a few of them.
    const result = await runCli([
      "count",
      "8",
      "--symmetry",
      "180",
      "--progress",
      "--time-limit",
      "2",
    ]);
    expect([0, 3]).toContain(result.code);
    expect(result.stderr).toMatch(
      /^count --symmetry 180: [\d,]+ nodes( \| [\d,.]+ nodes\/s)? \| \d+ s$/m,
    );
  });
});

describe("knight count on a board too wide for the frontier sweep", () => {
  // It used to fail inside the worker and come back as an internal error (exit 70).
  it.each([
    [
      ["count", "13"],
      /13×13: the frontier method counts boards whose smaller side is at most 12 \(auto picks it/,
    ],
    [
      ["count", "30", "--method", "frontier"],
      /30×30: the frontier method counts boards whose smaller side is at most 12; --method backtrack/,
    ],
  ])("%j: exit 2 saying what is allowed", async (argv, pattern) => {
    const result = await runCli([...argv, "--time-limit", "0.3"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(pattern);
  });
});

describe("knight count --checkpoint names", () => {
  // '-' wrote a file named '-' in the working directory; '' was silently ignored.
  it.each([
    ["-", /--checkpoint -: a checkpoint is a file read back on the next run/],
    ["", /--checkpoint needs a file name, got ''/],
  ])("%j: exit 2", async (name, pattern) => {
    const result = await runCli(["count", "3x4", "--checkpoint", name]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(pattern);
  });
});

describe("knight count --method dlx on a huge board", () => {
  // It ran out of heap after 28 s (a V8 fatal error, no message of ours).
  it("is refused before the matrix is built, naming the need and the limit", async () => {
    const result = await runCli(["count", "2000", "--method", "dlx", "--time-limit", "1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^knight count: the exact-cover search on 2000×2000 \(about 3000 bytes a cell\) needs about 11\.2 GiB .* over the limit of 4\.0 GiB\n$/,
    );
  });
});

describe("knight count --node-limit", () => {
  it("ends the count with exit 3, saying which limit, and is refused for the frontier sweep", async () => {
    const cut = await runCli(["count", "6", "--method", "mates", "--node-limit", "20000"]);
    expect(cut.code).toBe(3);
    expect(cut.stderr).toMatch(/^knight count: the node limit ended the count; \d+ tours counted/);
    const frontier = await runCli(["count", "6", "--method", "frontier", "--node-limit", "10"]);
    expect(frontier.code).toBe(2);
    expect(frontier.stderr).toMatch(/node limit \(10\) does not apply to the frontier sweep/);
    const bad = await runCli(["count", "6", "--node-limit", "0.5"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--node-limit/);
  });
});

describe("knight count --method frontier --spill-dir", () => {
  it("finishes a sweep over --max-memory through the spill folder and empties the folder", async () => {
    const spill = join(dir, "spill");
    const argv = ["--max-memory", "6M", "count", "6x6", "--closed", "--method", "frontier"];
    const env = { XDG_CACHE_HOME: join(dir, "cache") };
    const over = await runCli([...argv, "--no-spill"], { env });
    expect(over.code).not.toBe(0);
    expect(over.stderr).toMatch(/over the limit.*--spill-dir/);
    const result = await runCli([...argv, "--spill-dir", spill], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("9862\n");
    expect(readdirSync(spill)).toEqual([]);
  });
});
