import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { count } from "../../src/count/count.js";
import { countMethod } from "../../src/count/dispatch.js";
import { countRequest } from "../../src/count/request.js";
import { countParallel } from "../../src/node/count-parallel.js";
import { runCli } from "../helpers/cli.js";
import { allDirectedPaths, bruteCount } from "./brute.js";

/**
 * The census method of `count` (src/count/census-count.ts): closed tours counted through the
 * census engine's subproblems, which auto picks on the knight's plain boards of up to 42 cells
 * with both sides ≥ 5. Checked against brute force on the small boards and against the mates
 * counter (an independent search) on every board auto gives it.
 */

function census(board: Board, directed = false): bigint {
  const result = count(board, { closed: true, directed, method: "census" });
  expect(result.status).toBe("done");
  expect(result.method).toBe("census");
  return result.count;
}

describe("count(board, { closed: true, method: 'census' })", () => {
  // Boards up to 20 cells, against every directed Hamiltonian path (test/count/brute.ts).
  const small: Array<[number, number]> = [];
  for (let rows = 1; rows <= 5; rows++) {
    for (let cols = rows; cols <= 8; cols++) if (rows * cols <= 20) small.push([rows, cols]);
  }
  test.each(small)("%i x %i equals brute force, both ways, directed twice", (rows, cols) => {
    const paths = allDirectedPaths(rows, cols);
    const undirected = bruteCount(rows, cols, paths, { closed: true });
    const directed = bruteCount(rows, cols, paths, { closed: true, directed: true });
    expect(census(new Board(rows, cols))).toBe(undirected);
    expect(census(new Board(cols, rows))).toBe(undirected);
    expect(census(new Board(rows, cols), true)).toBe(directed);
  });

  // Every board auto gives the census (both sides ≥ 5, at most 42 cells; 6×7 below), and the
  // narrow ones it does not, against the mates counter.
  test.each([
    [5, 5],
    [5, 6],
    [5, 7],
    [5, 8],
    [6, 6],
    [3, 10],
    [4, 7],
  ] as const)("%i x %i equals the mates counter, both ways", (rows, cols) => {
    const mates = count(new Board(rows, cols), { closed: true, method: "mates" }).count;
    expect(census(new Board(rows, cols))).toBe(mates);
    expect(census(new Board(cols, rows))).toBe(mates);
  });

  test("6x7 closed: 1,067,638 (OEIS A175881), picked by auto", () => {
    const result = count(new Board(6, 7), { closed: true });
    expect(result.method).toBe("census");
    expect(result.status).toBe("done");
    expect(result.count).toBe(1067638n);
  });

  test("refused for open tours, a fixed cell and the geometries the census does not take", () => {
    const six = new Board(6, 6);
    expect(() => count(six, { method: "census" })).toThrow(/closed tours only/);
    expect(() => count(six, { closed: true, start: 0, method: "census" })).toThrow(OptionError);
    const torus = new Board(6, 6, { topology: "torus" });
    expect(() => count(torus, { closed: true, method: "census" })).toThrow(/no census of/);
  });
});

describe("auto and the census", () => {
  test("auto takes the census for closed tours from no fixed cell, 5 ≤ sides, ≤ 42 cells", () => {
    const pick = (rows: number, cols: number, query: Parameters<typeof countRequest>[1]) => {
      const board = new Board(rows, cols);
      return countMethod("auto", board, countRequest(board, query));
    };
    expect(pick(6, 6, { closed: true })).toBe("census");
    expect(pick(7, 6, { closed: true, directed: true })).toBe("census");
    expect(pick(5, 8, { closed: true })).toBe("census");
    // Open tours, a fixed start: the mates counter, as before.
    expect(pick(6, 6, {})).toBe("mates");
    expect(pick(6, 6, { closed: true, start: 0 })).toBe("mates");
    // Narrow and large boards: the frontier sweep.
    expect(pick(4, 8, { closed: true })).toBe("frontier");
    expect(pick(6, 8, { closed: true })).toBe("frontier");
    expect(pick(5, 10, { closed: true })).toBe("frontier");
    // Other geometries: as before.
    const holed = new Board(6, 6, { holes: [0, 5, 30, 35] });
    expect(countMethod("auto", holed, countRequest(holed, { closed: true }))).toBe("mates");
    // Without the request (what is counted), auto picks as before the census method.
    expect(countMethod("auto", new Board(6, 6))).toBe("mates");
  });

  test("--method still forces the others", () => {
    const six = new Board(6, 6);
    for (const method of ["mates", "frontier", "backtrack"] as const) {
      const result = count(six, { closed: true, method });
      expect(result.method).toBe(method);
      expect(result.count).toBe(9862n);
    }
  });
});

describe("limits and threads", () => {
  test("an aborted signal, a time limit and a node limit stop it with a lower bound", () => {
    const board = new Board(6, 6);
    const controller = new AbortController();
    controller.abort();
    const aborted = count(board, { closed: true, method: "census", signal: controller.signal });
    expect(aborted.status).toBe("aborted");
    expect(aborted.count).toBe(0n);
    const timed = count(board, { closed: true, method: "census", timeLimitMs: 1e-9 });
    expect(timed.status).toBe("limit");
    const cut = count(new Board(6, 7), { closed: true, method: "census", nodeLimit: 50_000 });
    expect(cut.status).toBe("limit");
    // The census engine polls its stop every 4,096 nodes ("about this many", as --node-limit says).
    expect(cut.stats.nodes).toBeGreaterThanOrEqual(50_000);
    expect(cut.stats.nodes).toBeLessThan(50_000 + 4096);
    expect(cut.count).toBeLessThan(1067638n);
  });

  test("onProgress reports subproblems and tours so far, ending at the total", () => {
    const seen: Array<{ done: number; total: number; count: bigint }> = [];
    const result = count(new Board(6, 6), {
      closed: true,
      method: "census",
      onProgress: (p) => seen.push(p),
    });
    const last = seen.at(-1)!;
    expect(last.done).toBe(last.total);
    expect(last.count).toBe(9862n);
    expect(result.stats.units).toBe(last.total);
  });

  test("countParallel: in this thread by default, stopping between subproblems on the signal", async () => {
    const board = new Board(6, 6);
    const whole = await countParallel(board, { closed: true });
    expect(whole.method).toBe("census");
    expect(whole.count).toBe(9862n);
    const controller = new AbortController();
    const stopped = await countParallel(board, {
      closed: true,
      signal: controller.signal,
      onProgress: (p) => {
        // Aborted from a callback: the signal is seen at the next turn of the event loop.
        if (p.done === 20) queueMicrotask(() => controller.abort());
      },
    });
    expect(stopped.status).toBe("aborted");
    expect(stopped.stats.units).toBeGreaterThanOrEqual(20);
    expect(stopped.stats.units).toBeLessThan(whole.stats.units);
    expect(stopped.count).toBeLessThan(9862n);
  });

  test("countParallel: two workers, and a checkpoint resumed, give the same total", async () => {
    const board = new Board(6, 6);
    const two = await countParallel(board, { closed: true, method: "census", workers: 2 });
    expect(two.status).toBe("done");
    expect(two.count).toBe(9862n);
    const dir = mkdtempSync(join(tmpdir(), "knight-census-count-"));
    try {
      const file = join(dir, "census.ckpt");
      const controller = new AbortController();
      const first = await countParallel(board, {
        closed: true,
        workers: 1,
        checkpoint: file,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 20) controller.abort();
        },
      });
      expect(first.status).toBe("aborted");
      const again = await countParallel(board, { closed: true, workers: 1, checkpoint: file });
      expect(again.status).toBe("done");
      expect(again.method).toBe("census");
      expect(again.count).toBe(9862n);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("knight count with the census", () => {
  test("the --json envelope as for the other methods; --method census named in the help", async () => {
    const auto = await runCli(["count", "6", "--closed", "--json"]);
    const mates = await runCli(["count", "6", "--closed", "--json", "--method", "mates"]);
    expect(auto.code).toBe(0);
    expect(JSON.parse(auto.stdout)).toEqual(JSON.parse(mates.stdout));
    expect(JSON.parse(auto.stdout)).toMatchObject({ status: "done", count: "9862" });
    const help = await runCli(["count", "--help"]);
    expect(help.stdout).toMatch(/census/);
  });

  test("--method census on open tours is bad input (exit 2), naming what it counts", async () => {
    const run = await runCli(["count", "6", "--method", "census"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/closed tours only/);
  });

  test("--method census with --queue is refused before any connection (exit 2)", async () => {
    const run = await runCli([
      "count",
      "6",
      "--closed",
      "--method",
      "census",
      "--queue",
      "redis://127.0.0.1:1",
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/census subproblems run on this machine's --workers only/);
  });

  test("Ctrl-C: exit 130, and with --json the tours counted so far as a lower bound", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const run = await runCli(["count", "6x7", "--closed", "--json"], {
      interrupt: controller.signal,
    });
    expect(run.code).toBe(130);
    const json = JSON.parse(run.stdout);
    expect(json.lowerBound).toBe(true);
    expect(BigInt(json.count)).toBeLessThan(1067638n);
  });
});
