import { describe, expect, it } from "vitest";
import { censusStatsOfTour } from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { enumerateTours } from "../../src/count/index.js";
import { canonicalKey, symmetriesOf } from "../../src/symmetry/index.js";
import { runCli } from "../helpers/cli.js";

describe("knight extreme", () => {
  it("proves the fewest obtuse turns of a closed 6×6 tour: 9, in 8 tours", async () => {
    const result = await runCli(["extreme", "6", "--closed", "--min", "obtuse", "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      stat: "obtuse",
      goal: "min",
      value: 9,
      tours: "8",
      proved: true,
    });
    const tour = parseTour(JSON.stringify(json.tour));
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    expect(censusStatsOfTour(tour).obtuse).toBe(9);
  });

  it("lists the tours reaching the value up to symmetry (--classes), orbits summing to the count", async () => {
    const result = await runCli([
      "extreme",
      "6",
      "--closed",
      "--min",
      "acute",
      "--classes",
      "--json",
    ]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.classesComplete).toBe(true);
    let sum = 0;
    const keys = new Set<string>();
    for (const c of json.classes) {
      const tour = parseTour(JSON.stringify(c.tour));
      expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
      expect(censusStatsOfTour(tour).acute).toBe(json.value);
      expect(c.orbit * symmetriesOf(tour).length).toBe(8);
      keys.add(canonicalKey(tour));
      sum += c.orbit;
    }
    expect(keys.size).toBe(json.classes.length);
    expect(String(sum)).toBe(json.tours);
  });

  it("says when --classes kept fewer tours than reach the value", async () => {
    const result = await runCli([
      "extreme",
      "6",
      "--closed",
      "--min",
      "orthogonal",
      "--classes",
      "3",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /among the first 3 tours kept \(more reach it; raise --classes\)/,
    );
  });

  it("prints the answer and a witness grid", async () => {
    const result = await runCli(["extreme", "6", "--closed", "--max", "sweptArea"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^greatest sweptArea over the closed tours of 6×6: 61$/m);
    expect(result.stdout).toMatch(/^tours reaching it: 2; subproblems searched: \d+ of 214/m);
    expect(parseTour(result.stdout.split("one of them:\n")[1]!).path.length).toBe(36);
  });

  it("bounds a sum of angle counts: the fewest turns of 126.87° or 143.13°", async () => {
    const sum = await runCli(["extreme", "6", "--closed", "--min", "angle127+angle143", "--json"]);
    expect(sum.code).toBe(0);
    const json = JSON.parse(sum.stdout);
    expect(json.proved).toBe(true);
    const tour = parseTour(JSON.stringify(json.tour));
    const stats = censusStatsOfTour(tour);
    expect(stats.angle127 + stats.angle143).toBe(json.value);
    // Against every tour: the census's two angle histograms cannot give the sum's least, so
    // the brute force is over the 9,862 enumerated tours themselves.
    const byValue = new Map<number, number>();
    for (const t of enumerateTours(new Board(6, 6), { closed: true })) {
      const s = censusStatsOfTour(t);
      const v = s.angle127 + s.angle143;
      byValue.set(v, (byValue.get(v) ?? 0) + 1);
    }
    const least = Math.min(...byValue.keys());
    expect(json.value).toBe(least);
    expect(BigInt(json.tours)).toBe(BigInt(byValue.get(least)!));
  });

  it("says there is none on a board without closed tours, with the theorem (exit 1)", async () => {
    const result = await runCli(["extreme", "5", "--closed", "--min", "acute"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(
      /^knight extreme: no closed tour of 5×5: a closed tour alternates/,
    );
    const json = await runCli(["extreme", "5", "--min", "acute", "--json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: "done", value: null, tours: "0" });
  });

  it("takes closed tours without --closed (the only kind it handles)", async () => {
    const implied = await runCli(["extreme", "6", "--min", "obtuse", "--json"]);
    expect(implied.code).toBe(0);
    expect(JSON.parse(implied.stdout)).toMatchObject({ status: "done", value: 9, tours: "8" });
  });

  it.each([
    [["extreme", "6", "--closed"], /give one of --min STAT or --max STAT/],
    [["extreme", "6", "--closed", "--min", "acute", "--max", "obtuse"], /give one of/],
    [["extreme", "6", "--closed", "--min", "length"], /--min: stat must be one of acute, obtuse/],
    [
      ["extreme", "6", "--closed", "--max", "angle127+acute"],
      /takes each of angle37, .*, angle180 at most once; got 'acute' in 'angle127\+acute'/,
    ],
    [["extreme", "6", "--closed", "--min", "angle90+angle90"], /at most once; got 'angle90'/],
  ])("refuses bad input: %j", async (argv, pattern) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(pattern);
  });
});
