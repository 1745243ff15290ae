import { describe, expect, it } from "vitest";
import { censusStatsOfTour } from "../../src/census/index.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
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

  it("says there is none on a board without closed tours (exit 1)", async () => {
    const result = await runCli(["extreme", "5", "--closed", "--min", "acute"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("no closed tour of 5×5\n");
  });

  it.each([
    [["extreme", "6", "--min", "obtuse"], /needs --closed/],
    [["extreme", "6", "--closed"], /give one of --min STAT or --max STAT/],
    [["extreme", "6", "--closed", "--min", "acute", "--max", "obtuse"], /give one of/],
    [["extreme", "6", "--closed", "--min", "length"], /--min must be one of acute, obtuse/],
  ])("refuses bad input: %j", async (argv, pattern) => {
    const result = await runCli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(pattern);
  });
});
