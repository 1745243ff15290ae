import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// `knight exists` searches when no theorem decides: the search takes --time-limit (default 10 s)
// and --node-limit (exact: a limit of n stops at n nodes, test/solve/node-limit.test.ts), and
// shows --progress.

describe("knight exists limits", () => {
  it("refuses a bad --node-limit, naming it", async () => {
    const result = await runCli([
      "exists",
      "6",
      "--start",
      "a1",
      "--end",
      "b1",
      "--node-limit",
      "0",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--node-limit must be a positive integer, got '0'/);
  });

  it("searches within --node-limit when no theorem decides", async () => {
    const result = await runCli([
      "exists",
      "6",
      "--start",
      "a1",
      "--end",
      "b1",
      "--node-limit",
      "5000",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^yes: a search found one \(\d+ nodes\)/);
  });

  it("answers from the theorems alone without searching, whatever the limits", async () => {
    const result = await runCli(["exists", "5", "--closed", "--node-limit", "1", "--progress"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^no: .*25/);
    expect(result.stderr).toBe("");
  });
});
