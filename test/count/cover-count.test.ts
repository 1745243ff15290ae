import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { count } from "../../src/count/index.js";
import { runCli } from "../helpers/cli.js";

describe("count(board, { method: 'dlx' })", () => {
  it.each([
    ["5x5 open", new Board(5, 5), {}],
    ["5x5 open from a corner", new Board(5, 5), { start: 20 }],
    ["5x5 open from a corner to the centre-ish", new Board(5, 5), { start: 20, end: 0 }],
    ["6x6 closed", new Board(6, 6), { closed: true }],
    ["6x6 closed, directed", new Board(6, 6), { closed: true, directed: true }],
    ["3x4 open, undirected", new Board(3, 4), { directed: false }],
    ["4x5 open, undirected", new Board(4, 5), { directed: false }],
    ["5x6 open, non-closable", new Board(5, 6), { nonClosable: true }],
    ["3x10 closed", new Board(3, 10), { closed: true }],
    ["4x4 closed (none)", new Board(4, 4), { closed: true }],
  ] as const)("gives the counting engine's answer: %s", (_name, board, query) => {
    const byCover = count(board, { ...query, method: "dlx" });
    const byEngine = count(board, query);
    expect(byCover.status).toBe("done");
    expect(byCover.method).toBe("dlx");
    expect(byCover.count).toBe(byEngine.count);
  });

  it("refuses closed tours with a fixed end, naming the method", () => {
    expect(() => count(new Board(6, 6), { closed: true, start: 0, method: "dlx" })).toThrow(
      OptionError,
    );
  });

  it("is reachable from the CLI, in one thread only", async () => {
    const result = await runCli(["count", "6", "--closed", "--method", "dlx", "--json"]);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: "done",
      count: "9862",
      closed: true,
    });
    const parallel = await runCli(["count", "6", "--closed", "--method", "dlx", "--workers", "2"]);
    expect(parallel.code).toBe(2);
    expect(parallel.stderr).toMatch(/method dlx runs in one thread/);
  });
});
