import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/** The event lines of a trace (they start with the step number; notes start with `#`). */
function eventLines(text: string): string[] {
  return text.split("\n").filter((line) => /^\d+ /.test(line));
}

const LINE =
  /^(\d+) (advance|backtrack|prune|stuck|restart) ([a-z]+\d+) depth (\d+)(: .+)?( \(.+\))?$/;

describe("knight tour --trace / --trace-limit", () => {
  it("writes one line per event to stderr: step, action, cell, depth; the tour still goes to stdout", async () => {
    const run = await runCli(["tour", "5", "--start", "a1", "--trace", "--stats"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(5);
    const lines = eventLines(run.stderr);
    expect(lines[0]).toBe("1 advance a1 depth 0");
    for (const [i, line] of lines.entries()) {
      const match = LINE.exec(line);
      expect(match, line).not.toBeNull();
      expect(Number(match![1])).toBe(i + 1);
    }
    // As many advance lines as --stats counts nodes.
    const nodes = Number(/nodes (\d+)/.exec(run.stderr)![1]);
    expect(lines.filter((line) => line.includes(" advance "))).toHaveLength(nodes);
  });

  it("prune lines give the reason and name its cell in a1 notation", async () => {
    // No open tour of 3×4 starts at b3: the exhaustive search prunes (theory is silent here).
    const run = await runCli(["tour", "3x4", "--start", "b3", "--trace"]);
    expect(run.code).toBe(1);
    const prunes = eventLines(run.stderr).filter((line) => line.includes(" prune "));
    expect(prunes.length).toBeGreaterThan(0);
    for (const line of prunes) {
      expect(line).toMatch(
        /prune [a-d][1-3] depth \d+: (dead end at|isolated cell|second dead end at|unvisited cells disconnected|parity|closing neighbour|does not close|ends at) ?/,
      );
    }
  });

  it("--trace-limit N caps the lines and says so on the last line", async () => {
    const run = await runCli([
      "tour",
      "8",
      "--method",
      "backtrack",
      "--node-limit",
      "5000",
      "--trace-limit",
      "10",
    ]);
    expect(run.code).toBe(3);
    const lines = run.stderr.split("\n");
    expect(eventLines(run.stderr).filter((l) => LINE.test(l))).toHaveLength(10);
    const capped = lines.find((line) => line.startsWith("# trace capped"));
    expect(capped).toMatch(/^# trace capped at 10 lines; the search had \d+ events$/);
    // The capped note is the trace's last line (the limit message follows on stderr).
    expect(lines.indexOf(capped!)).toBeGreaterThan(lines.indexOf(eventLines(run.stderr)[9]!));
  });

  it("--trace FILE writes the trace to the file, not to stderr", async () => {
    const run = await runCli([
      "tour",
      "6",
      "--start",
      "a1",
      "--end",
      "f1",
      "--method",
      "bidirectional",
      "--trace",
      "trace.txt",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe("");
    const text = new TextDecoder().decode(run.written["trace.txt"]);
    const lines = eventLines(text);
    expect(lines[0]).toBe("1 advance a1 depth 0 (start)");
    expect(lines[1]).toBe("2 advance f1 depth 35 (end)");
    for (const line of lines) expect(line).toMatch(LINE);
  });

  it.each(["search", "backtrack", "stack", "warnsdorff", "bidirectional"])(
    "--method %s traces its search",
    async (method) => {
      const run = await runCli([
        "tour",
        "5",
        "--start",
        "a1",
        "--end",
        "e1",
        "--method",
        method,
        "--trace",
      ]);
      // Warnsdorff's greedy walk may miss the end: a stuck line then closes its trace.
      expect([0, 3]).toContain(run.code);
      const lines = eventLines(run.stderr);
      expect(lines.length).toBeGreaterThanOrEqual(25);
      expect(lines[0]).toMatch(/^1 advance a1 depth 0/);
      if (run.code === 3) expect(lines.some((line) => line.includes(" stuck "))).toBe(true);
    },
  );

  it("methods without a search trace say so (dlx, construct), as do answers given by theory", async () => {
    const dlx = await runCli(["tour", "6", "--method", "dlx", "--trace"]);
    expect(dlx.code).toBe(0);
    expect(dlx.stderr).toMatch(/^# method dlx has no search trace: /m);
    const construct = await runCli(["tour", "20", "--method", "construct", "--trace"]);
    expect(construct.code).toBe(0);
    expect(construct.stderr).toMatch(/^# method construct has no search trace: /m);
    const theory = await runCli(["tour", "5", "--closed", "--trace"]);
    expect(theory.code).toBe(1);
    expect(theory.stderr).toMatch(/^# no search ran: .*odd|^# no search ran: /m);
  });

  it.each([["-1"], ["abc"], ["1.5"]])(
    "--trace-limit %s is bad input naming the value (exit 2)",
    async (value) => {
      const run = await runCli(["tour", "5", "--trace-limit", value]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`--trace-limit must be a whole number ≥ 0, got '${value}'`);
    },
  );

  it("--help lists --trace, --trace-limit and the bidirectional method", async () => {
    const run = await runCli(["tour", "--help"]);
    expect(run.stdout).toMatch(/--trace \[file\]/);
    expect(run.stdout).toMatch(/--trace-limit <n>/);
    expect(run.stdout).toMatch(/bidirectional/);
  });
});
