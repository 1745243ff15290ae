import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// One JSON envelope for every command's --json (src/cli/envelope.ts, docs/cli.md): one object
// whose first key is `status` ("done", "limit", "aborted", "error"), the same key for the same
// idea (`closed`, never `kind`; `count` a decimal string), errors as JSON on stdout too.
const QUEENS_LIKE = "a b c\na b\nc\na\nb c\n";

/** The perfect matchings of 12 items (10,395 solutions): an exact cover no test finishes. */
const MATCHINGS = (() => {
  const items = Array.from({ length: 12 }, (_, i) => `i${i}`);
  const options = items.flatMap((a, i) => items.slice(i + 1).map((b) => `${a} ${b}`));
  return `${items.join(" ")}\n${options.join("\n")}\n`;
})();

/**
 * The one JSON object a run printed (the last line: sample prints its tours before it), with
 * `status` its first key — or, in cover's streamed listing, whose status is known at the end
 * only, its last.
 */
function envelope(stdout: string): Record<string, unknown> {
  const last = stdout.trimEnd().split("\n").at(-1) ?? "";
  const value = JSON.parse(last) as Record<string, unknown>;
  const keys = Object.keys(value);
  expect(keys[0] === "status" || ("solutions" in value && keys.includes("status")), last).toBe(
    true,
  );
  return value;
}

describe("--json: the envelope of a finished run", () => {
  it.each([
    [["count", "5", "--json"], { count: "1728", closed: false }],
    [["census", "5x6", "--json", "--workers", "1"], { tours: expect.any(String) }],
    [["extreme", "6", "--min", "obtuse", "--json"], { value: 9, proved: true }],
    [["census", "6", "--json", "--workers", "1"], { count: "9862", tours: "9862" }],
    [["census", "7", "--json"], { count: "0", tours: "0" }],
    [["extreme", "6", "--min", "obtuse", "--json"], { count: "8", tours: "8" }],
    [["exists", "5", "--closed", "--json"], { exists: false, closed: true }],
    [["sample", "5", "--json"], { count: "1728", printed: 1, closed: false }],
    [["cover", "-", "--count", "--json"], { count: "2" }],
    [["cover", "-", "--json"], { count: "2" }],
  ] as const)("%j", async (argv, fields) => {
    const r = await runCli(argv, { stdin: QUEENS_LIKE, stdinIsTTY: false });
    expect(r.code, r.stderr).toBe(argv[0] === "exists" ? 1 : 0);
    expect(envelope(r.stdout)).toMatchObject({ status: "done", ...fields });
  });

  it("verify and stats: the verdict and the statistics, with closed (not kind)", async () => {
    const TOUR_5x6 = (await runCli(["tour", "5x6", "--closed", "--format", "json"])).stdout;
    const verify = await runCli(["verify", "--json"], { stdin: TOUR_5x6, stdinIsTTY: false });
    expect(verify.code, verify.stderr).toBe(0);
    expect(envelope(verify.stdout)).toMatchObject({ status: "done", valid: true, closed: true });
    expect(verify.stdout).not.toContain('"kind"');
    const stats = await runCli(["stats", "--json"], { stdin: TOUR_5x6, stdinIsTTY: false });
    expect(stats.code, stats.stderr).toBe(0);
    expect(envelope(stats.stdout)).toMatchObject({ status: "done", closed: true, moves: 30 });
  });
});

describe("--json: the number of tours is `count` in census and extreme too", () => {
  it("extreme on a board with no closed tour: count 0 beside tours 0, exit 1", async () => {
    const r = await runCli(["extreme", "7", "--min", "obtuse", "--json"]);
    expect(r.code, r.stderr).toBe(1);
    expect(envelope(r.stdout)).toMatchObject({ status: "done", count: "0", tours: "0" });
  });
});

describe("--json: a limit keeps the partial result under status 'limit'", () => {
  it.each([
    [
      ["count", "6", "--method", "backtrack", "--node-limit", "1000", "--json"],
      { lowerBound: true },
    ],
    [["census", "8", "--range", "0:2", "--time-limit", "0.05", "--json"], {}],
    [["extreme", "8", "--min", "acute", "--time-limit", "0.05", "--json"], { proved: false }],
    [["cover", "-", "--count", "--node-limit", "100", "--json"], { lowerBound: true }],
    [["cover", "-", "--node-limit", "100", "--json"], { lowerBound: true }],
  ] as const)("%j", async (argv, fields) => {
    const r = await runCli(argv, { stdin: MATCHINGS, stdinIsTTY: false });
    expect(r.code, r.stderr).toBe(3);
    expect(envelope(r.stdout)).toMatchObject({ status: "limit", ...fields });
  });
});

describe("--json: errors are an envelope on standard output as well as a line on stderr", () => {
  it.each([
    ["count", "0", "--json"],
    ["census", "x", "--json"],
    ["extreme", "6", "--json"],
    ["exists", "0", "--json"],
    ["sample", "5", "--limit", "0", "--json"],
    ["cover", "missing.dlx", "--json"],
    ["verify", "missing.txt", "--json"],
    ["stats", "missing.txt", "--json"],
  ])("%s %s", async (...argv) => {
    const r = await runCli(argv);
    expect(r.code).toBe(2);
    expect(envelope(r.stdout)).toMatchObject({
      status: "error",
      error: { exit: 2, message: expect.any(String) },
    });
    expect(r.stderr).toMatch(new RegExp(`^knight ${argv[0]}: `));
  });
});
