import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { censusStatsOfTour } from "../../src/census/index.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

const dir = mkdtempSync(join(tmpdir(), "knight-census-geometry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectBadInput(result: { code: number; stdout: string; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\s+at .*:\d+:\d+/);
}

describe("knight census --piece", () => {
  it("runs Knuth's giraffe bunch CdCd on 10×10 in a worker: 110 tours, ×2, no tarnish", async () => {
    const result = await runCli([
      "census",
      "10",
      "--piece",
      "giraffe",
      "--bunches",
      "CdCd",
      "--json",
      "--workers",
      "1",
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ rows: 10, cols: 10, subproblems: 1, done: 1, tours: "220" });
    expect(json.visited).toBe("110");
    expect(json.omitted.tarnishSquares).toMatch(/tarnish is a knight's statistic/);
    expect(json.stats.tarnishSquares).toEqual({});
    const witness = json.extremes.crossings.minTour;
    expect(witness.piece).toEqual([[1, 4]]);
    const tour = parseTour(JSON.stringify(witness));
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    expect(censusStatsOfTour(tour).crossings).toBe(json.extremes.crossings.min);
  });

  it("says in the summary why tarnish is not kept; any equivalent name runs the canonical one", async () => {
    const result = await runCli([
      "census",
      "10",
      "--piece",
      "1,4",
      "--bunches",
      "dCdC",
      "--workers",
      "1",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^10×10 giraffe census \(Knuth's bunches, split knuth-10x10-giraffe-v1\): 1 of 1/,
    );
    expect(result.stdout).toMatch(/^tours: 220 .*visited: 110$/m);
    expect(result.stdout).toMatch(/^tarnishSquares {2}not kept: tarnish is a knight's statistic/m);
  });

  it("keeps a journal per geometry: a giraffe journal is refused by the knight's census", async () => {
    const file = join(dir, "giraffe.ndjson");
    const first = await runCli([
      "census",
      "10",
      "--piece",
      "giraffe",
      "--bunches",
      "CdCd",
      "--journal",
      file,
      "--workers",
      "1",
    ]);
    expect(first.code).toBe(0);
    const header = JSON.parse(readFileSync(file, "utf8").split("\n")[0]!);
    expect(header).toMatchObject({ board: "10x10 giraffe", split: "knuth-10x10-giraffe-v1" });
    const knight = await runCli(["census", "10", "--bunches", "AB", "--journal", file]);
    expectBadInput(knight, /was written for another census \(board 10x10 giraffe/);
  });

  it.each([
    [["census", "6", "--topology", "torus"], /no census of 6×6 torus: a torus wraps/],
    [["census", "8", "--holes", "a1"], /no census of 8×8 minus a1: it has holes/],
    [["census", "8", "--piece", "fers"], /the fers has 4 moves, not 8/],
    [["census", "8", "--piece", "knight+camel"], /joins several leaps/],
    [["census", "9", "--piece", "zebra"], /an odd side has no four central cells/],
    [
      ["census", "10", "--piece", "giraffe", "--bunches", "AAAA"],
      /left out of the 10×10 giraffe census/,
    ],
    [
      ["census", "10", "--piece", "giraffe", "--queue", "redis://127.0.0.1:1"],
      /--queue carries knight censuses only, and this is the 10×10 giraffe census/,
    ],
    [
      ["extreme", "10", "--piece", "giraffe", "--closed", "--min", "tarnishSquares"],
      /no tarnishSquares for the 10×10 giraffe: tarnish is a knight's statistic/,
    ],
    [["extreme", "6", "--topology", "torus", "--closed", "--min", "obtuse"], /a torus wraps/],
  ])("%j is refused, naming the geometry", async (argv, pattern) => {
    expectBadInput(await runCli(argv), pattern);
  });
});
