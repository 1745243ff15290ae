import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { censusStatsOfTour, STAT_NAMES } from "../../src/census/index.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "knight-census-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectBadInput(result: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\s+at .*:\d+:\d+/);
}

describe("knight census", () => {
  it("prints the 6×6 census as JSON, per the contract, with valid witnesses", async () => {
    const result = await runCli(["census", "6", "--json", "--workers", "2"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(Object.keys(json)).toEqual([
      "status",
      "rows",
      "cols",
      "split",
      "subproblems",
      "done",
      "tours",
      "count",
      "visited",
      "stats",
      "extremes",
    ]);
    // `count`, every command's key for a number of tours, beside the `tours` docs/census.md kept.
    expect(json.count).toBe(json.tours);
    expect(json).toMatchObject({
      status: "done",
      rows: 6,
      cols: 6,
      split: "centre",
      subproblems: 214,
      done: 214,
      tours: "9862",
    });
    expect(Object.keys(json.stats)).toEqual([...STAT_NAMES]);
    for (const name of STAT_NAMES) {
      const histogram: Record<string, string> = json.stats[name];
      const sum = Object.values(histogram).reduce((s, n) => s + BigInt(n), 0n);
      expect(sum).toBe(9862n);
      const e = json.extremes[name];
      expect(Object.keys(e)).toEqual(["min", "minTours", "max", "maxTours", "minTour", "maxTour"]);
      expect(e.minTours).toBe(histogram[String(e.min)]);
      for (const [value, witness] of [
        [e.min, e.minTour],
        [e.max, e.maxTour],
      ]) {
        const tour = parseTour(JSON.stringify(witness));
        expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
        expect(censusStatsOfTour(tour)[name as (typeof STAT_NAMES)[number]]).toBe(value);
      }
    }
  });

  it("prints a text summary with the weighted and the visited totals", async () => {
    const result = await runCli(["census", "6", "--workers", "1"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^6×6 census .*: 214 of 214 subproblems done$/m);
    expect(result.stdout).toMatch(/^tours: 9862 .*visited: 2897$/m);
    expect(result.stdout).toMatch(/^obtuse +min 9 \(8 tours\) +max 24 \(2 tours\)$/m);
  });

  it("lists Knuth's 66,771 bunches with multiplicities summing to 531,441", async () => {
    const result = await runCli(["census", "8", "--list"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.length).toBe(66771);
    expect(lines.reduce((s, line) => s + Number(line.split(" ")[1]), 0)).toBe(531441);
    expect(lines.every((line) => /^[A-Za-z]{4} [1248]$/.test(line))).toBe(true);
  });

  it("names a bunch by any equivalent name: czbz is ByDy, multiplicity 8", async () => {
    const result = await runCli(["census", "8", "--bunches", "czbz,yByD", "--list"]);
    expect(result.stdout).toBe("ByDy 8\n");
    const range = await runCli(["census", "8", "--range", "0:3", "--list"]);
    expect(range.stdout.trimEnd().split("\n")).toHaveLength(3);
  });

  it("runs Knuth's ring and edge splits: wxwxwxwx 2,112 tours; CCCECECE and CCCECCGE 1 each", async () => {
    const ring = await runCli([
      "census",
      "8",
      "--split",
      "ring",
      "--bunches",
      "wxwxwxwx",
      "--json",
    ]);
    expect(ring.code).toBe(0);
    expect(JSON.parse(ring.stdout)).toMatchObject({
      split: "ring",
      visited: "2112",
      tours: "2112",
    });
    const edge = await runCli([
      "census",
      "8",
      "--split",
      "edge",
      "--bunches",
      "CCCECECE,CCCECCGE",
      "--no-stats",
      "--json",
    ]);
    expect(edge.code).toBe(0);
    expect(JSON.parse(edge.stdout)).toMatchObject({ split: "edge", visited: "2", tours: "16" });
  });

  it("runs an equivalent name as its canonical one and says so on standard error", async () => {
    // al-ʿAdlī's tour read on the edge split, before canonicalisation.
    const result = await runCli([
      "census",
      "8",
      "--split",
      "edge",
      "--bunches",
      "EGABCAIG",
      "--list",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("ABCAIGEG 8\n");
    expect(result.stderr).toMatch(
      /^knight census: EGABCAIG is the same subproblem as ABCAIGEG up to the board's symmetries: running ABCAIGEG$/m,
    );
  });

  it("counts CFgd's 165,504 tours", async () => {
    const result = await runCli(["census", "8", "--bunches", "CFgd", "--json", "--no-stats"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.visited).toBe("165504");
    expect(json.subproblems).toBe(1);
    expect(BigInt(json.tours) % 165504n).toBe(0n);
  });

  it.each([
    [["census", "8", "--range", "5:3"], /--range must be I:J with 0 ≤ I < J ≤ 66771.*got '5:3'/],
    [["census", "8", "--range", "x"], /--range must be I:J/],
    [["census", "8", "--bunches", "aBcD"], /'aBcD' is left out of the 8×8 census/],
    [["census", "8", "--bunches", "ByD!"], /'!' is not one of the letters/],
    [["census", "8", "--bunches", "ByDy", "--range", "0:1"], /exclude each other/],
    [["census", "6", "--workers", "0"], /--workers must be a positive integer, got '0'/],
    [["census", "6", "--time-limit", "-1"], /--time-limit must be a positive number/],
    [["census", "6", "--journal", ""], /--journal needs a file name/],
    [["census", "6", "--journal", "-"], /--journal -: a journal is a file/],
    [["census", "6x"], /bad board '6x'/],
    [
      ["census", "8", "--split", "corner"],
      /--split must be one of centre, edge, ring, got 'corner'/,
    ],
    [["census", "6x8", "--split", "ring"], /no ring split of 6×8: 6×8 is not square/],
    [["census", "7", "--split", "edge"], /no edge split of 7×7: an odd side/],
    [
      ["census", "8", "--split", "ring", "--bunches", "wxwx"],
      /'wxwx' .*a name has 8 wedge letters/,
    ],
    [["census", "8", "--bunches", "wxwxwxwx"], /'wxwxwxwx' .*a name has 4 wedge letters/],
    [
      ["census", "8", "--split", "edge", "--bunches", "ABCAIGEw"],
      /wedge 'w' at position 8 leaves the board/,
    ],
    [
      ["census", "8", "--split", "ring", "--bunches", "BJDJDJDJ"],
      /'BJDJDJDJ' is left out of the 8×8 census/,
    ],
  ])("refuses bad input: %j", async (argv, pattern) => {
    expectBadInput(await runCli(argv), pattern);
  });

  it("continues from its journal and refuses a journal of another census by name", async () => {
    const file = join(dir, "six.ndjson");
    const part = await runCli(["census", "6", "--range", "0:40", "--journal", file, "--json"]);
    expect(JSON.parse(part.stdout).done).toBe(40);
    const whole = await runCli(["census", "6", "--journal", file, "--json"]);
    const fresh = await runCli(["census", "6", "--json"]);
    expect(whole.stdout).toBe(fresh.stdout);
    const other = await runCli(["census", "5x6", "--journal", file]);
    expectBadInput(other, /journal '.*six\.ndjson' was written for another census \(board 6x6/);
    writeFileSync(join(dir, "junk"), "hello\n");
    expectBadInput(
      await runCli(["census", "6", "--journal", join(dir, "junk")]),
      /is not a knight-tours census journal/,
    );
  });

  it("survives kill -9: the rerun gives the same summary and counts no subproblem twice", async () => {
    const file = join(dir, "killed.ndjson");
    const child = spawn(
      process.execPath,
      [bin, "census", "6x7", "--journal", file, "--workers", "1"],
      {
        stdio: "ignore",
      },
    );
    const lines = () => (existsSync(file) ? readFileSync(file, "utf8").split("\n").length - 2 : 0);
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (lines() >= 10) {
          clearInterval(timer);
          child.kill("SIGKILL");
        }
      }, 5);
      child.on("exit", (code, signal) => {
        clearInterval(timer);
        if (signal === "SIGKILL") resolve();
        else reject(new Error(`census ended (${code}) before the kill`));
      });
    });
    const before = lines();
    expect(before).toBeGreaterThanOrEqual(10);
    expect(before).toBeLessThan(214);
    const rerun = await runCli(["census", "6x7", "--journal", file, "--workers", "1"]);
    expect(rerun.code).toBe(0);
    const fresh = await runCli(["census", "6x7", "--workers", "2"]);
    expect(rerun.stdout).toBe(fresh.stdout);
    expect(rerun.stdout).toMatch(/^tours: 1067638 /m);
    const names = readFileSync(file, "utf8")
      .split("\n")
      .slice(1)
      .filter((line) => line.startsWith("{"))
      .flatMap((line) => {
        try {
          return [JSON.parse(line).name as string];
        } catch {
          return [];
        }
      });
    expect(names.length).toBe(214);
    expect(new Set(names).size).toBe(214);
  });

  it("stops on Ctrl-C with exit 130, the journal intact, and on its time limit with exit 3", async () => {
    const file = join(dir, "interrupted.ndjson");
    const ended = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        [bin, "census", "6x7", "--journal", file, "--workers", "1", "--progress"],
        { stdio: ["ignore", "ignore", "pipe"] },
      );
      let stderr = "";
      let sent = false;
      child.stderr.setEncoding("utf8");
      child.stderr.on("data", (chunk: string) => {
        stderr += chunk;
        if (!sent && /census 6×7: \d+\/214 subproblems/.test(stderr)) {
          sent = true;
          child.kill("SIGINT");
        }
      });
      child.on("exit", (code) => resolve({ code, stderr }));
    });
    expect(ended.code, ended.stderr).toBe(130);
    expect(ended.stderr).toMatch(
      /^knight census: interrupted after \d+ of 214 subproblems; rerun/m,
    );
    const rerun = await runCli(["census", "6x7", "--journal", file, "--workers", "1"]);
    expect(rerun.stdout).toMatch(/^tours: 1067638 /m);
    const limited = await runCli(["census", "6x7", "--time-limit", "0.05", "--workers", "1"]);
    expect(limited.code).toBe(3);
    expect(limited.stderr).toMatch(/time limit .* ran out: \d+ of 214 subproblems done/);
  });
});
