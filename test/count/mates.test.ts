import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { type CountOptions, count } from "../../src/count/count.js";
import { MatesSearch } from "../../src/count/mates.js";
import { matesPlan } from "../../src/count/mates-count.js";
import { countRequest } from "../../src/count/request.js";
import { countParallel } from "../../src/node/count-parallel.js";
import { runCli } from "../helpers/cli.js";
import { allDirectedPaths, type BruteQuery, bruteCount } from "./brute.js";

function mates(board: Board, options: CountOptions = {}): bigint {
  const result = count(board, { ...options, method: "mates" });
  expect(result.status).toBe("done");
  expect(result.method).toBe("mates");
  return result.count;
}

describe("count(board, { method: 'mates' }) — known values (shared/REFERENCE.md)", () => {
  test.each([
    ["3x10 closed", 3, 10, { closed: true }, 16n],
    ["3x12 closed", 3, 12, { closed: true }, 176n],
    ["6x6 closed", 6, 6, { closed: true }, 9862n],
    ["6x6 closed directed", 6, 6, { closed: true, directed: true }, 19724n],
    ["5x5 open directed", 5, 5, {}, 1728n],
    ["5x5 from a corner", 5, 5, { start: 0 }, 304n],
    ["5x5 from an edge centre", 5, 5, { start: 2 }, 56n],
    ["5x5 from (1,1)", 5, 5, { start: 6 }, 56n],
    ["5x5 from the centre", 5, 5, { start: 12 }, 64n],
    ["3x4 open undirected", 3, 4, { directed: false }, 8n],
    ["4x5 open undirected", 4, 5, { directed: false }, 82n],
  ] as const)("%s", (_name, rows, cols, options, expected) => {
    expect(mates(new Board(rows, cols), options)).toBe(expected);
    if (!("start" in options)) expect(mates(new Board(cols, rows), options)).toBe(expected);
  });

  test("5x6 and 5x8 closed equal the frontier sweep (and m×n = n×m)", () => {
    for (const [rows, cols] of [
      [5, 6],
      [5, 8],
    ] as const) {
      const expected = count(new Board(rows, cols), { closed: true, method: "frontier" }).count;
      expect(mates(new Board(rows, cols), { closed: true })).toBe(expected);
      expect(mates(new Board(cols, rows), { closed: true })).toBe(expected);
    }
  });
});

// Every board up to 20 cells, both orientations, against the plain enumeration of test/count.
const SMALL: Array<[number, number]> = [];
for (let rows = 1; rows <= 5; rows++) {
  for (let cols = rows; cols <= 8; cols++) if (rows * cols <= 20) SMALL.push([rows, cols]);
}

describe("the mates counter agrees with brute force on every small board", () => {
  test.each(SMALL)("%i x %i", (rows, cols) => {
    const paths = allDirectedPaths(rows, cols);
    const n = rows * cols;
    const queries: BruteQuery[] = [
      { closed: true },
      { closed: true, directed: true },
      {},
      { directed: false },
      { nonClosable: true },
      { nonClosable: true, directed: false },
    ];
    const cells = n <= 12 ? [...Array(n).keys()] : [0, 1, Math.floor(n / 2), n - 2];
    for (const s of cells) {
      queries.push(
        { start: s },
        { end: s },
        { start: s, nonClosable: true },
        { closed: true, start: s },
        { closed: true, start: s, directed: true },
      );
      for (const e of [0, n - 1, (s + 3) % n]) {
        queries.push(
          { start: s, end: e },
          { start: s, end: e, nonClosable: true },
          { closed: true, start: s, end: e },
        );
      }
    }
    for (const q of queries) {
      const expected = bruteCount(rows, cols, paths, q);
      expect(mates(new Board(rows, cols), q), `${rows}x${cols} ${JSON.stringify(q)}`).toBe(
        expected,
      );
      if (q.start === undefined && q.end === undefined) {
        expect(mates(new Board(cols, rows), q), `${cols}x${rows} ${JSON.stringify(q)}`).toBe(
          expected,
        );
      }
    }
  });
});

describe("the mates counter against the other engines (property)", () => {
  test("same count as the backtracking counter on random small boards and requests", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 3, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.nat(), { nil: undefined }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.boolean(),
        (rows, cols, closed, directed, pickStart, pickEnd, nonClosable) => {
          const board = new Board(rows, cols);
          const options: CountOptions = {
            closed,
            directed,
            ...(pickStart === undefined ? {} : { start: pickStart % board.cells }),
            // A closed tour's end needs a start (it names the closing move).
            ...(pickEnd === undefined || (closed && pickStart === undefined)
              ? {}
              : { end: pickEnd % board.cells }),
            ...(closed ? {} : { nonClosable }),
          };
          const expected = count(board, { ...options, method: "backtrack" }).count;
          expect(mates(board, options), `${board} ${JSON.stringify(options)}`).toBe(expected);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });
});

describe("MatesSearch", () => {
  test("vertex and binary branching count the same cycles", () => {
    for (const [rows, cols] of [
      [3, 10],
      [5, 6],
      [6, 6],
    ] as const) {
      const graph = knightGraph(new Board(rows, cols));
      const vertex = new MatesSearch(graph).count();
      expect(new MatesSearch(graph, { branching: "binary" }).count()).toBe(vertex);
      // Open: the virtual vertex, both branchings (6x6 open is a benchmark, not a test).
      if (rows * cols > 30) continue;
      const open = new MatesSearch(graph, { virtual: true }).count();
      expect(new MatesSearch(graph, { virtual: true, branching: "binary" }).count()).toBe(open);
    }
  });

  test("the subproblems of any cut add up to the count, and the cut is the same every run", () => {
    const graph = knightGraph(new Board(6, 6));
    for (const branching of ["vertex", "binary"] as const) {
      const search = new MatesSearch(graph, { branching });
      for (const depth of [0, 1, 3, 6]) {
        const paths = search.cut({}, depth);
        expect(search.cut({}, depth)).toEqual(paths);
        let sum = 0;
        for (const path of paths) sum += search.countPath({}, path);
        expect(sum, `${branching} depth ${depth}`).toBe(9862);
      }
    }
    const plan = matesPlan(countRequest(new Board(6, 6), { closed: true }));
    expect(plan.subproblems.length).toBeGreaterThanOrEqual(64);
    expect(matesPlan(countRequest(new Board(6, 6), { closed: true }))).toEqual(plan);
  });

  test("the tree does not depend on the edge lists' order in memory (fresh vs used search)", () => {
    for (const [rows, cols, virtual, depths] of [
      [6, 6, false, [5, 12, 20]],
      [5, 6, true, [8, 16]],
    ] as const) {
      const graph = knightGraph(new Board(rows, cols));
      const used = new MatesSearch(graph, { virtual });
      const total = used.count(); // leaves its edge lists permuted by the swaps of the search
      for (const depth of depths) {
        const paths = new MatesSearch(graph, { virtual }).cut({}, depth);
        expect(used.cut({}, depth), `${rows}x${cols} depth ${depth}`).toEqual(paths);
        const fresh = new MatesSearch(graph, { virtual });
        let sum = 0;
        for (const path of paths) {
          const here = used.countPath({}, path);
          expect(new MatesSearch(graph, { virtual }).countPath({}, path)).toBe(here);
          sum += fresh.countPath({}, path);
        }
        expect(sum).toBe(total);
      }
    }
  });

  test("open counts search one start per orbit of the board's symmetries, weighted", () => {
    const plan = matesPlan(countRequest(new Board(6, 6), {}), 1);
    expect(plan.subproblems.map((sub) => sub.weight)).toEqual([4, 8, 8, 4, 8, 4]);
    expect(plan.subproblems.reduce((sum, sub) => sum + sub.weight, 0)).toBe(36);
    expect(plan.divide).toBe(1n);
    expect(matesPlan(countRequest(new Board(6, 6), { directed: false }), 1).divide).toBe(2n);
  });

  test("a stop returns -1 − (cycles so far); the same search then counts afresh", () => {
    const search = new MatesSearch(knightGraph(new Board(6, 6)));
    let calls = 0;
    const stopped = search.count({}, () => ++calls > 3);
    expect(stopped).toBeLessThan(0);
    expect(-1 - stopped).toBeLessThan(9862);
    expect(search.count()).toBe(9862);
  });

  test("impossible constraints count nothing", () => {
    const search = new MatesSearch(knightGraph(new Board(5, 6)));
    expect(search.count({ required: [[0, 1]] })).toBe(0); // not a knight's move
    expect(new MatesSearch(knightGraph(new Board(5, 5))).count()).toBe(0); // odd cells
  });
});

describe("count options with method mates", () => {
  test("a time limit or an aborted signal ends the count with that status", () => {
    const board = new Board(6, 6);
    const controller = new AbortController();
    controller.abort();
    const aborted = count(board, { closed: true, method: "mates", signal: controller.signal });
    expect(aborted.status).toBe("aborted");
    expect(count(board, { closed: true, method: "mates", timeLimitMs: 1e-9 }).status).toBe("limit");
  });

  test("onProgress reports subproblems done and tours so far, ending at the total", () => {
    const seen: Array<{ done: number; total: number; count: bigint }> = [];
    const result = count(new Board(6, 6), {
      closed: true,
      method: "mates",
      onProgress: (p) => seen.push(p),
    });
    const last = seen[seen.length - 1]!;
    expect(last.done).toBe(last.total);
    expect(last.count).toBe(result.count);
    expect(result.stats.units).toBe(last.total);
    expect(seen.every((p, i) => i === 0 || p.done > seen[i - 1]!.done)).toBe(true);
  });

  test("countParallel: two workers give the same counts as one thread", async () => {
    for (const [rows, cols, query] of [
      [6, 6, { closed: true }],
      [5, 5, {}],
      [5, 5, { start: 12, nonClosable: true }],
      [1, 1, {}],
    ] as const) {
      const board = new Board(rows, cols);
      const expected = count(board, { ...query, method: "mates" }).count;
      const result = await countParallel(board, { ...query, method: "mates", workers: 2 });
      expect(result.status).toBe("done");
      expect(result.count, `${board} ${JSON.stringify(query)}`).toBe(expected);
    }
  });

  test("countParallel: interrupted, then resumed from the checkpoint, gives the same total", async () => {
    const dir = mkdtempSync(join(tmpdir(), "knight-mates-"));
    try {
      const board = new Board(6, 6);
      const file = join(dir, "mates.ckpt");
      const controller = new AbortController();
      const first = await countParallel(board, {
        closed: true,
        method: "mates",
        workers: 2,
        checkpoint: file,
        signal: controller.signal,
        onProgress: (p) => {
          if (p.done >= 20) controller.abort();
        },
      });
      expect(first.status).toBe("aborted");
      const seen: number[] = [];
      const second = await countParallel(board, {
        closed: true,
        method: "mates",
        workers: 2,
        checkpoint: file,
        onProgress: (p) => seen.push(p.done),
      });
      expect(second.status).toBe("done");
      expect(second.count).toBe(9862n);
      // The resumed run started from the recorded subproblems, not from zero.
      expect(seen[0]).toBeGreaterThanOrEqual(20);
      expect(second.stats.units).toBe(
        matesPlan(countRequest(board, { closed: true }), 128).subproblems.length,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("knight count --method mates", async () => {
    expect(await runCli(["count", "6", "--closed", "--method", "mates"])).toMatchObject({
      code: 0,
      stdout: "9862\n",
    });
    expect((await runCli(["count", "5", "--start", "a1", "--method", "mates"])).stdout).toBe(
      "304\n",
    );
  });
});
