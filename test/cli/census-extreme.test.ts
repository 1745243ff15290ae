import { describe, expect, it } from "vitest";
import { censusStatsOfTour } from "../../src/census/index.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

describe("knight extreme", () => {
  it("proves the fewest obtuse turns of a closed 6×6 tour: 9, in 16 tours", async () => {
    const result = await runCli(["extreme", "6", "--closed", "--min", "obtuse", "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({
      stat: "obtuse",
      goal: "min",
      value: 9,
      tours: "16",
      proved: true,
    });
    const tour = parseTour(JSON.stringify(json.tour));
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    expect(censusStatsOfTour(tour).obtuse).toBe(9);
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
