import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { MemoryLimitError, OptionError } from "../../src/core/errors.js";
import { boardSymmetries } from "../../src/count/backtrack.js";
import { type CountOptions, count } from "../../src/count/count.js";
import { formatCountJson } from "../../src/count/json.js";
import { allDirectedPaths, type BruteQuery, bruteCount } from "./brute.js";

const METHODS = ["backtrack", "frontier"] as const;

function both(board: Board, options: CountOptions): bigint {
  const [a, b] = METHODS.map((method) => count(board, { ...options, method }));
  expect(a!.status).toBe("done");
  expect(b!.status).toBe("done");
  expect(a!.count, `methods disagree on ${board} ${JSON.stringify(options)}`).toBe(b!.count);
  return a!.count;
}

describe("count(board, options) — known values (shared/REFERENCE.md)", () => {
  test.each([
    ["5x5 open directed", 5, 5, {}, 1728n],
    ["5x5 from a corner", 5, 5, { start: 0 }, 304n],
    ["5x5 from an edge centre", 5, 5, { start: 2 }, 56n],
    ["5x5 from (1,1)", 5, 5, { start: 6 }, 56n],
    ["5x5 from the centre", 5, 5, { start: 12 }, 64n],
    ["3x10 closed", 3, 10, { closed: true }, 16n],
    ["3x12 closed", 3, 12, { closed: true }, 176n],
    ["3x4 open undirected", 3, 4, { directed: false }, 8n],
    ["4x5 open undirected", 4, 5, { directed: false }, 82n],
  ] as const)("%s", (_name, rows, cols, options, expected) => {
    expect(both(new Board(rows, cols), options)).toBe(expected);
    // Transposed board, same count (the frontier sweeps the other way round).
    if (!("start" in options)) expect(both(new Board(cols, rows), options)).toBe(expected);
  });

  test("6x6 closed: 9,862 undirected, 19,724 directed (both methods)", () => {
    const board = new Board(6, 6);
    expect(both(board, { closed: true })).toBe(9862n);
    expect(count(board, { closed: true, directed: true, method: "backtrack" }).count).toBe(19724n);
  });
});

// Every board up to 21 cells (and 3x8), both orientations, against the plain enumeration.
const SMALL: Array<[number, number]> = [];
for (let rows = 1; rows <= 5; rows++) {
  for (let cols = rows; cols <= 8; cols++) {
    if (rows * cols <= 21 || (rows === 3 && cols === 8)) SMALL.push([rows, cols]);
  }
}

describe("count agrees with brute force on every small board", () => {
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
    // Starts and ends: every cell of a few boards, a spread of cells elsewhere.
    const cells = n <= 12 ? [...Array(n).keys()] : [0, 1, Math.floor(n / 2), n - 2];
    for (const s of cells) {
      queries.push(
        { start: s },
        { end: s },
        { start: s, nonClosable: true },
        { closed: true, start: s },
      );
      for (const e of [0, n - 1, (s + 3) % n]) {
        queries.push({ start: s, end: e }, { closed: true, start: s, end: e });
      }
    }
    for (const q of queries) {
      const expected = bruteCount(rows, cols, paths, q);
      const got = both(new Board(rows, cols), q);
      expect(got, `${rows}x${cols} ${JSON.stringify(q)}`).toBe(expected);
      if (q.start === undefined && q.end === undefined) {
        expect(both(new Board(cols, rows), q), `${cols}x${rows} ${JSON.stringify(q)}`).toBe(
          expected,
        );
      }
    }
  });
});

describe("count conventions", () => {
  test("closed directed = 2 × undirected; open undirected = directed / 2", () => {
    for (const [rows, cols] of [
      [3, 10],
      [5, 6],
    ] as const) {
      const board = new Board(rows, cols);
      expect(both(board, { closed: true, directed: true })).toBe(
        2n * both(board, { closed: true }),
      );
      expect(both(board, { directed: false }) * 2n).toBe(both(board, {}));
    }
  });

  test("a start cell counts the same in every orientation of the board (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 3, max: 6 }),
        fc.nat(),
        fc.boolean(),
        (rows, cols, pick, closed) => {
          const board = new Board(rows, cols);
          const start = pick % board.cells;
          const expected = count(board, { start, closed, method: "backtrack" }).count;
          for (const perm of boardSymmetries(board)) {
            expect(count(board, { start: perm[start]!, closed, method: "frontier" }).count).toBe(
              expected,
            );
          }
          // The transposed board with the transposed cell.
          const t = new Board(cols, rows);
          const tStart = board.col(start) * rows + board.row(start);
          expect(count(t, { start: tStart, closed, method: "backtrack" }).count).toBe(expected);
        },
      ),
      { numRuns: 12, seed: 5 },
    );
  });

  test("Knuth's convention: non-closable undirected open tours of 5x6", () => {
    const board = new Board(5, 6);
    const all = both(board, { directed: false });
    const closed = both(board, { closed: true });
    expect(both(board, { directed: false, nonClosable: true })).toBe(all - 30n * closed);
  });

  test("one cell: one open tour, no closed tour; a single row has none", () => {
    expect(both(new Board(1, 1), {})).toBe(1n);
    expect(both(new Board(1, 1), { closed: true })).toBe(0n);
    expect(both(new Board(1, 7), {})).toBe(0n);
  });

  test("bad options are OptionErrors naming the value", () => {
    const board = new Board(5, 5);
    expect(() => count(board, { start: 25 })).toThrow(OptionError);
    expect(() => count(board, { method: "magic" as never })).toThrow(/magic/);
    expect(() => count(board, { closed: true, nonClosable: true })).toThrow(OptionError);
    expect(() => count(board, { symmetry: 180 })).toThrow(/symmetric counter/);
  });

  test("a board too wide for the frontier's labels is refused, not miscounted", () => {
    expect(() => count(new Board(14, 14), { closed: true, method: "frontier" })).toThrow(
      /smaller side is at most 12/,
    );
  });

  test("a frontier sweep over the memory limit is a MemoryLimitError", () => {
    expect(() =>
      count(new Board(6, 8), { closed: true, method: "frontier", maxBytes: 2e6 }),
    ).toThrow(MemoryLimitError);
  });

  test("a time limit or an aborted signal ends the count with that status", () => {
    const board = new Board(6, 6);
    const controller = new AbortController();
    controller.abort();
    expect(count(board, { method: "backtrack", signal: controller.signal }).status).toBe("aborted");
    expect(count(board, { method: "frontier", signal: controller.signal }).status).toBe("aborted");
    expect(count(board, { method: "backtrack", timeLimitMs: 0 }).status).toBe("limit");
  });

  test("onProgress reports subproblems done and tours so far, ending at the total", () => {
    const seen: Array<{ done: number; total: number; count: bigint }> = [];
    const result = count(new Board(5, 5), { method: "backtrack", onProgress: (p) => seen.push(p) });
    const last = seen[seen.length - 1]!;
    expect(last.done).toBe(last.total);
    expect(last.count).toBe(result.count);
    // A report after each unit; between them, on a slow machine, the budget's timed reports
    // repeat the last unit's figure while a unit runs — never going back.
    expect(seen.every((p, i) => i === 0 || p.done >= seen[i - 1]!.done)).toBe(true);
    expect(new Set(seen.map((p) => p.done).filter((done) => done > 0)).size).toBe(last.total);
  });

  test("count JSON follows the contract", () => {
    const board = new Board(6, 6);
    expect(formatCountJson(count(board, { closed: true }), board)).toBe(
      '{"rows":6,"cols":6,"kind":"closed","directed":false,"symmetry":null,"upToSymmetry":false,"count":"9862"}',
    );
    const five = new Board(5, 5);
    expect(JSON.parse(formatCountJson(count(five, { start: 0 }), five))).toEqual({
      rows: 5,
      cols: 5,
      kind: "open",
      directed: true,
      symmetry: null,
      upToSymmetry: false,
      start: "a5",
      count: "304",
    });
  });
});

describe("count's node limit", () => {
  const six = new Board(6, 6);
  test.each(["backtrack", "mates"] as const)(
    "%s: a small limit ends with status limit and a partial count; a large one changes nothing",
    (method) => {
      const cut = count(six, { method, nodeLimit: 20_000 });
      expect(cut.status).toBe("limit");
      expect(cut.stats.nodes).toBeGreaterThanOrEqual(20_000);
      expect(cut.count).toBeLessThan(6_637_920n);
      const whole = count(six, { closed: true, method, nodeLimit: 1e9 });
      expect(whole.status).toBe("done");
      expect(whole.count).toBe(9862n);
    },
  );

  test("the frontier sweep, which has no search nodes, refuses one; bad values are refused", () => {
    expect(() => count(six, { method: "frontier", nodeLimit: 10 })).toThrow(
      /node limit \(10\) does not apply to the frontier sweep/,
    );
    expect(() => count(six, { method: "backtrack", nodeLimit: -1 })).toThrow(OptionError);
  });
});
