import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { createPiece } from "../../src/core/piece.js";
import type { Topology } from "../../src/core/topology.js";
import { validateTour } from "../../src/core/validate.js";
import { cellOrbits } from "../../src/count/cell-orbits.js";
import { type CountOptions, count } from "../../src/count/count.js";
import { countMethod, planCount } from "../../src/count/dispatch.js";
import { enumerateTours } from "../../src/count/enumerate.js";
import { frontierGeometryRefusal, takesFreeOrder } from "../../src/count/frontier-geometry.js";
import { formatCountJson } from "../../src/count/json.js";
import { type CountQuery, countRequest } from "../../src/count/request.js";
import { UnitCounter } from "../../src/count/unit-counter.js";
import { type BruteGeometry, bruteCount, brutePathEnds } from "../helpers/geometry-brute.js";

/**
 * The counting engines on every geometry: counts equal an independent brute force
 * (test/helpers/geometry-brute.ts, which shares no code with src/) on boards of up to ~20 cells,
 * the two searching methods agree, and every enumerated tour validates.
 */

const SEARCHERS = ["backtrack", "mates"] as const;

function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    ...(g.leaps ? { piece: createPiece(g.leaps) } : {}),
    ...(g.topology ? { topology: g.topology } : {}),
    ...(g.holes ? { holes: g.holes } : {}),
  });
}

/** The count by both searching methods, which must agree and finish. */
function both(board: Board, options: CountOptions): bigint {
  const [a, b] = SEARCHERS.map((method) => count(board, { ...options, method }));
  expect(a!.status).toBe("done");
  expect(b!.status).toBe("done");
  expect(a!.count, `backtrack and mates disagree on ${board} ${JSON.stringify(options)}`).toBe(
    b!.count,
  );
  return a!.count;
}

const K: Array<[number, number]> = [[1, 2]];
const CAMEL: Array<[number, number]> = [[1, 3]];
const ZEBRA: Array<[number, number]> = [[2, 3]];
const GIRAFFE: Array<[number, number]> = [[1, 4]];
const FERS: Array<[number, number]> = [[1, 1]];
const WAZIR: Array<[number, number]> = [[0, 1]];
const KNIGHT_CAMEL: Array<[number, number]> = [
  [1, 2],
  [1, 3],
];
const KING: Array<[number, number]> = [
  [0, 1],
  [1, 1],
];

/** Geometries whose brute force takes well under a second each. */
const GEOMETRIES: BruteGeometry[] = [
  { rows: 3, cols: 4, leaps: K },
  { rows: 3, cols: 4, topology: "cylinder" },
  { rows: 4, cols: 3, topology: "cylinder" },
  { rows: 3, cols: 5, topology: "cylinder" },
  { rows: 5, cols: 3, topology: "cylinder" },
  { rows: 4, cols: 4, topology: "cylinder" },
  { rows: 3, cols: 4, topology: "torus" },
  { rows: 4, cols: 3, topology: "torus" },
  { rows: 4, cols: 4, topology: "torus" },
  { rows: 3, cols: 4, holes: [0] },
  { rows: 4, cols: 5, holes: [0, 19] },
  { rows: 4, cols: 4, topology: "torus", holes: [5] },
  { rows: 5, cols: 4, topology: "cylinder", holes: [1] },
  { rows: 4, cols: 4, leaps: CAMEL, topology: "torus" },
  { rows: 5, cols: 3, leaps: ZEBRA, topology: "cylinder" },
  { rows: 5, cols: 3, leaps: GIRAFFE, topology: "torus" },
  { rows: 4, cols: 4, leaps: FERS },
  { rows: 3, cols: 3, leaps: FERS, topology: "torus" },
  { rows: 3, cols: 5, leaps: FERS, topology: "torus" },
  { rows: 4, cols: 4, leaps: WAZIR },
  { rows: 3, cols: 5, leaps: WAZIR },
  { rows: 4, cols: 4, leaps: WAZIR, topology: "torus" },
  { rows: 4, cols: 4, leaps: KNIGHT_CAMEL },
  { rows: 3, cols: 4, leaps: KNIGHT_CAMEL },
  { rows: 3, cols: 4, leaps: KING },
  { rows: 3, cols: 5, leaps: KING, holes: [7] },
];

describe("count on every geometry equals the brute force (both methods)", () => {
  test.each(GEOMETRIES.map((g) => [String(boardOf(g)), g] as const))("%s", (_, g) => {
    const board = boardOf(g);
    const brute = bruteCount(g);
    const { ends, adj } = brutePathEnds(g);
    const sum = (f: (s: number, e: number) => boolean): bigint => {
      let total = 0;
      for (let s = 0; s < board.cells; s++) {
        for (let e = 0; e < board.cells; e++) if (f(s, e)) total += ends[s]![e]!;
      }
      return BigInt(total);
    };
    const open = sum(() => true);
    expect(open, "the two brute forces agree").toBe(BigInt(brute.open));

    expect(both(board, { closed: true })).toBe(BigInt(brute.closed));
    expect(both(board, { closed: true, directed: true })).toBe(2n * BigInt(brute.closed));
    expect(both(board, {})).toBe(BigInt(brute.open));
    expect(both(board, { directed: false })).toBe(BigInt(brute.open) / 2n);
    const closable = sum((s, e) => adj[s]!.includes(e));
    expect(both(board, { nonClosable: true })).toBe(open - closable);

    // Starts and ends: the first and last cells that are not holes, and one in the middle.
    const cells = [...Array(board.cells).keys()].filter((c) => !board.isHole(c));
    const picks = [cells[0]!, cells[Math.floor(cells.length / 2)]!, cells[cells.length - 1]!];
    for (const s of picks) {
      expect(both(board, { start: s })).toBe(sum((a) => a === s));
      expect(both(board, { end: s })).toBe(sum((_, b) => b === s));
      expect(both(board, { closed: true, start: s })).toBe(BigInt(brute.closed));
      for (const e of picks) {
        if (e === s) continue;
        expect(both(board, { start: s, end: e })).toBe(BigInt(ends[s]![e]!));
        // Closed from S to E: the cycles through the move S–E, read from S.
        const closedSE = adj[s]!.includes(e) ? BigInt(ends[s]![e]!) : 0n;
        expect(both(board, { closed: true, start: s, end: e })).toBe(closedSE);
      }
    }
  });
});

const PIECES: Array<Array<[number, number]>> = [
  K,
  CAMEL,
  ZEBRA,
  GIRAFFE,
  FERS,
  WAZIR,
  KNIGHT_CAMEL,
  KING,
];
const TOPOLOGIES: Topology[] = ["plane", "cylinder", "torus"];

describe("random small geometries (property)", () => {
  test("backtrack, mates and the brute force agree, closed and open, from a start", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...PIECES),
        fc.constantFrom(...TOPOLOGIES),
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.nat(),
        (rows, cols, leaps, topology, holePicks, startPick) => {
          const cells = rows * cols;
          const holes = [...new Set(holePicks.map((h) => h % cells))];
          if (holes.length === cells) holes.pop();
          const g: BruteGeometry = { rows, cols, leaps, topology, holes };
          const board = boardOf(g);
          const brute = bruteCount(g);
          expect(both(board, { closed: true })).toBe(BigInt(brute.closed));
          expect(both(board, {})).toBe(BigInt(brute.open));
          const free = [...Array(cells).keys()].filter((c) => !board.isHole(c));
          const start = free[startPick % free.length]!;
          // Summed over every start, the counts from a start make the whole count.
          let fromEach = 0n;
          for (const s of free) fromEach += count(board, { start: s, method: "mates" }).count;
          expect(fromEach).toBe(BigInt(brute.open));
          expect(count(board, { start, method: "backtrack" }).count).toBe(
            count(board, { start, method: "mates" }).count,
          );
        },
      ),
      { numRuns: 60, seed: 29 },
    );
  });
});

describe("enumerate on every geometry", () => {
  test.each([
    [{ rows: 4, cols: 4, topology: "torus" }, { closed: true }],
    [{ rows: 4, cols: 4, topology: "torus", holes: [5] }, { directed: false }],
    [
      { rows: 4, cols: 5, holes: [0, 19] },
      { closed: true, directed: true },
    ],
    [{ rows: 3, cols: 5, leaps: KING, holes: [7] }, { closed: true }],
    [{ rows: 4, cols: 4, leaps: WAZIR }, { start: 5 }],
    [{ rows: 5, cols: 3, leaps: GIRAFFE, topology: "torus" }, { closed: true }],
    [{ rows: 3, cols: 4, leaps: KNIGHT_CAMEL }, { nonClosable: true }],
    [{ rows: 5, cols: 3, leaps: ZEBRA, topology: "cylinder" }, { end: 7 }],
  ] as Array<[BruteGeometry, CountQuery]>)(
    "%o %o: every tour valid, distinct, as many as count",
    (g, query) => {
      const board = boardOf(g);
      const seen = new Set<string>();
      for (const tour of enumerateTours(board, query)) {
        expect(tour.path.length).toBe(board.vertexCount);
        const check = validateTour(board, tour, { closed: query.closed === true });
        expect(check.valid, `${board} ${Array.from(tour.path)}`).toBe(true);
        if (query.start !== undefined) expect(tour.path[0]).toBe(query.start);
        if (query.end !== undefined) expect(tour.path[tour.path.length - 1]).toBe(query.end);
        const key = Array.from(tour.path).join(",");
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
      expect(seen.size).toBeGreaterThan(0);
      expect(BigInt(seen.size)).toBe(count(board, query).count);
    },
  );
});

describe("the count dispatcher", () => {
  const torus = new Board(4, 4, { topology: "torus" });

  test("an unknown method is an OptionError naming the allowed ones", () => {
    expect(() => countMethod("magic", torus)).toThrow(OptionError);
    expect(() => countMethod("magic", new Board(6, 6))).toThrow(
      /one of auto, frontier, backtrack, mates, census, dlx; got 'magic'/,
    );
    expect(() => count(torus, { method: "magic" as never })).toThrow(/magic/);
  });

  test("auto never picks the frontier for a geometry it refuses; an explicit frontier is refused with the reason", () => {
    // Windows past the sweep's limit (test/count/frontier-geometry.test.ts): a 7-wide torus too.
    for (const board of [
      new Board(7, 9, { topology: "torus" }),
      new Board(3, 12, { topology: "cylinder" }),
      new Board(8, 8, { piece: "giraffe" }),
    ]) {
      const reason = frontierGeometryRefusal(board);
      expect(reason).toBeDefined();
      expect(countMethod(undefined, board)).toBe("mates");
      expect(countMethod("auto", board)).toBe("mates");
      expect(() => countMethod("frontier", board)).toThrow(reason);
      // A count the free order of the cells takes whole needs no row window (3×12 cylinder,
      // 8×8 giraffe, and the 7×9 torus since its order is searched: at most 29 cells open,
      // where its rows keep 30, and at most half their work); one with an end fixed does.
      const free = takesFreeOrder(board);
      expect(free).toBe(true);
      const ended = { method: "frontier" as const, start: 0 };
      expect(() => count(board, free ? ended : { method: "frontier" })).toThrow(OptionError);
    }
    // Planes of other pieces, holed boards and cylinders the sweep takes: its own choice.
    expect(countMethod("auto", new Board(3, 10, { topology: "cylinder" }))).toBe("frontier");
    expect(countMethod("auto", new Board(3, 10, { piece: "wazir" }))).toBe("frontier");
    expect(countMethod("auto", new Board(3, 10, { holes: [0] }))).toBe("frontier");
    expect(countMethod("auto", new Board(6, 6, { holes: [0, 5, 30, 35] }))).toBe("mates");
    expect(countMethod("auto", new Board(7, 6, { holes: [0, 5, 36, 41] }))).toBe("frontier");
    // Tori: the sweep, the small ones 4 wide in a free order of the cells (the row sweep's
    // window would hold nearly the whole board: the mates counter was faster there).
    const small = new Board(4, 5, { topology: "torus" });
    expect(takesFreeOrder(small)).toBe(true);
    expect(countMethod("auto", small)).toBe("frontier");
    expect(countMethod("auto", new Board(3, 5, { topology: "torus" }))).toBe("frontier");
    expect(countMethod("auto", new Board(6, 4, { topology: "torus" }))).toBe("frontier");
    // The knight's plain boards keep auto's old choice.
    expect(countMethod("auto", new Board(3, 10))).toBe("frontier");
    expect(countMethod("auto", new Board(6, 6))).toBe("mates");
    expect(countMethod("auto", new Board(8, 8))).toBe("frontier");
  });

  test("dlx counts hole-free geometries and refuses holed ones", () => {
    for (const g of [
      { rows: 4, cols: 4, topology: "torus" },
      { rows: 4, cols: 3, topology: "cylinder" },
      { rows: 3, cols: 4, leaps: KING },
    ] as BruteGeometry[]) {
      const brute = bruteCount(g);
      const board = boardOf(g);
      expect(count(board, { closed: true, method: "dlx" }).count).toBe(BigInt(brute.closed));
      expect(count(board, { method: "dlx" }).count).toBe(BigInt(brute.open));
    }
    const holed = new Board(4, 5, { holes: [0] });
    expect(() => count(holed, { method: "dlx" })).toThrow(/without holes/);
  });

  test("the count is the same whatever cut the plan makes; units of unknown kind are refused", () => {
    const request = countRequest(torus, { closed: true });
    for (const method of SEARCHERS) {
      for (const target of [1, 7, 200]) {
        const plan = planCount(request, method, target);
        const counter = new UnitCounter(request);
        const done = new Map(plan.units.map((u) => [u.id, BigInt(counter.count(u))]));
        expect(plan.total(done), `${method} ${target}`).toBe(1344n);
      }
    }
    const counter = new UnitCounter(request);
    expect(() => counter.count({ id: 0, frontier: true })).toThrow(/not a search subproblem/);
    expect(() => planCount(request, "dlx")).toThrow(OptionError);
  });

  test("the symmetric counts stay the knight's: --symmetry arguments are refused by count()", () => {
    expect(() => count(torus, { symmetry: 180 })).toThrow(OptionError);
  });
});

describe("geometry facts the plans use", () => {
  test("start orbits follow the geometry's own symmetries", () => {
    expect(cellOrbits(new Board(4, 4, { topology: "torus" }))).toEqual([{ cell: 0, size: 16 }]);
    // A 3×4 cylinder: columns shift, rows flip; two orbits (middle row, outer rows).
    expect(cellOrbits(new Board(3, 4, { topology: "cylinder" }))).toEqual([
      { cell: 0, size: 8 },
      { cell: 4, size: 4 },
    ]);
    // Holes break symmetries and are never starts.
    const holed = cellOrbits(new Board(3, 3, { holes: [0] }));
    expect(holed.some((o) => o.cell === 0)).toBe(false);
    expect(holed.reduce((n, o) => n + o.size, 0)).toBe(8);
  });

  test("a disconnected graph is answered 0 at once (a fers on 8×8, a camel on 10×10)", () => {
    for (const board of [
      new Board(8, 8, { piece: "fers" }),
      new Board(10, 10, { piece: "camel" }),
    ]) {
      for (const method of SEARCHERS) {
        const result = count(board, { closed: true, method });
        expect(result.count).toBe(0n);
        expect(result.stats.nodes).toBe(0);
        expect(count(board, { method }).count).toBe(0n);
      }
    }
  });

  test("count JSON names the geometry after cols only when it is not the default", () => {
    const board = new Board(4, 4, { topology: "torus", piece: "wazir", holes: [0] });
    const json = formatCountJson(count(board, { closed: true }), board);
    expect(json).toBe(
      '{"rows":4,"cols":4,"piece":[[0,1]],"topology":"torus","holes":[[0,0]],"kind":"closed","directed":false,"symmetry":null,"upToSymmetry":false,"count":"0"}',
    );
    const six = new Board(6, 6);
    expect(formatCountJson(count(six, { closed: true }), six)).toBe(
      '{"rows":6,"cols":6,"kind":"closed","directed":false,"symmetry":null,"upToSymmetry":false,"count":"9862"}',
    );
  });
});
