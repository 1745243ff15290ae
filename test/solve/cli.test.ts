import { describe, expect, it } from "vitest";
import { parseBoard } from "../../src/core/board.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

describe("knight tour --method / --tie-break / --stats (the solver family on the command line)", () => {
  it.each(["auto", "search", "warnsdorff", "backtrack", "stack"])(
    "--method %s prints a valid 6×6 tour",
    async (method) => {
      const run = await runCli(["tour", "6", "--method", method, "--format", "json"]);
      expect(run.code, run.stderr).toBe(0);
      const tour = parseTour(run.stdout, "json");
      expect(validateTour(parseBoard("6"), tour).valid).toBe(true);
    },
  );

  it("--stats prints nodes, backtracks, time and whether the tour closes, to stderr", async () => {
    const run = await runCli(["tour", "8", "--closed", "--stats"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /status found; method search; nodes \d+; backtracks \d+; .*time [\d.]+ ms; closed: yes/,
    );
  });

  it("an exhaustive search's verdict exits 1 with the node count", async () => {
    const run = await runCli(["tour", "3x7", "--start", "d2"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/no open tour of 3×7 starts at d2 \(exhaustive search, \d+ nodes\)/);
  });

  it("a limit on the exponential DFS exits 3 and says why", async () => {
    const run = await runCli(["tour", "8", "--method", "backtrack", "--node-limit", "50000"]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/node limit of 50000.*exponential/);
  });

  it("a stuck Warnsdorff walk exits 3 with how far it got", async () => {
    const run = await runCli([
      "tour",
      "7",
      "--method",
      "warnsdorff",
      "--tie-break",
      "roth",
      "--start",
      "c7",
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/got stuck; the longest walk covered \d+ of 49 cells/);
  });

  it("unknown methods and tie-breaks are bad input naming the allowed values", async () => {
    const method = await runCli(["tour", "8", "--method", "dfs"]);
    expect(method.code).toBe(2);
    expect(method.stderr).toMatch(
      /auto, search, warnsdorff, construct, divide, dlx, backtrack, stack/,
    );
    const tie = await runCli(["tour", "8", "--tie-break", "warnsdorf"]);
    expect(tie.code).toBe(2);
    expect(tie.stderr).toMatch(/first, random, center, roth, pohl, squirrel/);
  });

  it("knight exists settles what theory leaves open, both ways", async () => {
    const yes = await runCli(["exists", "5", "--start", "a1"]);
    expect(yes.code).toBe(0);
    expect(yes.stdout).toMatch(/^yes: a search found one/);
    const no = await runCli(["exists", "3x8", "--start", "c2"]);
    expect(no.code).toBe(1);
    expect(no.stdout).toMatch(
      /^no: no open tour of 3×8 starts at c2 \(exhaustive search, \d+ nodes\)/,
    );
  });
});
