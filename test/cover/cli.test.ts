import { describe, expect, it } from "vitest";
import { formatDlx, parseDlx } from "../../src/cover/format.js";
import { knuthExample, queensProblem } from "../../src/cover/problems.js";
import { runCli } from "../helpers/cli.js";

const KNUTH = formatDlx(knuthExample());
const QUEENS = formatDlx(queensProblem(8));

describe("knight cover", () => {
  it("--count prints the number of solutions (8 queens: 92)", async () => {
    const result = await runCli(["cover", "queens.dlx", "--count"], {
      files: { "queens.dlx": QUEENS },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("92\n");
  });

  it("--first prints the first solution, one option per line as in the input", async () => {
    const result = await runCli(["cover", "-", "--first"], { stdin: KNUTH });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n").sort()).toEqual(["a d f", "b g", "c e"]);
  });

  it("lists every solution, separated by blank lines, and says how many on stderr", async () => {
    const result = await runCli(["cover", "-"], { stdin: formatDlx(queensProblem(6)) });
    expect(result.code).toBe(0);
    const solutions = result.stdout.trim().split("\n\n");
    expect(solutions).toHaveLength(4);
    const problem = parseDlx(formatDlx(queensProblem(6)));
    for (const solution of solutions) {
      const options = solution.split("\n");
      expect(options).toHaveLength(6);
      // Each line is an option of the problem; together they cover every row and column once.
      const rows = new Set(options.map((o) => o.split(" ")[0]));
      const cols = new Set(options.map((o) => o.split(" ")[1]));
      expect(rows.size).toBe(6);
      expect(cols.size).toBe(6);
      for (const o of options)
        expect(problem.itemNames).toEqual(expect.arrayContaining(o.split(" ")));
    }
    expect(result.stderr).toBe("4 solutions\n");
  });

  it("--json gives the count as a string and the solutions as option numbers", async () => {
    const result = await runCli(["cover", "-", "--json"], { stdin: KNUTH });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ items: 7, options: 6, status: "done", count: "1" });
    expect(json.solutions.map((s: number[]) => [...s].sort())).toEqual([[0, 3, 4]]);
  });

  it("--first exits 1 when there is no solution", async () => {
    const result = await runCli(["cover", "-", "--first"], { stdin: "a b\na\n" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no solution/);
  });

  it("--max-solutions stops early; --node-limit exits 3", async () => {
    const some = await runCli(["cover", "-", "--max-solutions", "3"], { stdin: QUEENS });
    expect(some.code).toBe(0);
    expect(some.stdout.trim().split("\n\n")).toHaveLength(3);
    const limited = await runCli(["cover", "-", "--count", "--node-limit", "5"], { stdin: QUEENS });
    expect(limited.code).toBe(3);
    expect(limited.stderr).toMatch(/node limit of 5/);
  });

  it("bad input exits 2 with one line naming the problem", async () => {
    const result = await runCli(["cover", "p.dlx", "--count"], {
      files: { "p.dlx": "a b\na c\n" },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^knight cover: p\.dlx: line 2: the option names 'c'/);
    const both = await runCli(["cover", "-", "--count", "--first"], { stdin: KNUTH });
    expect(both.code).toBe(2);
    const missing = await runCli(["cover", "nope.dlx"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it("--stats prints nodes and updates on stderr", async () => {
    const result = await runCli(["cover", "-", "--count", "--stats"], { stdin: KNUTH });
    expect(result.stderr).toMatch(/status exhausted; solutions 1; nodes \d+; updates \d+/);
  });
});
