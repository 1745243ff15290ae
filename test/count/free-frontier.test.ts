import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { MemoryLimitError } from "../../src/core/errors.js";
import { moveGraph } from "../../src/core/graph.js";
import { parsePiece } from "../../src/core/piece.js";
import type { Topology } from "../../src/core/topology.js";
import { frontierSeconds, LONG_WORK_SECONDS } from "../../src/count/cost.js";
import { freeEstimate } from "../../src/count/free-estimate.js";
import { freeCycleLane, freePlan } from "../../src/count/free-frontier.js";
import { chooseFreeOrder, freeOrder, openAfter } from "../../src/count/free-order.js";
import { pathPlan } from "../../src/count/free-plan.js";
import {
  type FrontierSnapshot,
  freeCyclePlan,
  frontierCountBoard,
} from "../../src/count/frontier.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { sweepGraph } from "../../src/count/frontier-order.js";
import { bruteCount } from "../helpers/geometry-brute.js";
import { MemorySpill } from "../helpers/memory-spill.js";

/**
 * The frontier count in a free order of the cells (src/count/free-frontier.ts): every closed
 * count equals the independent brute force (test/helpers/geometry-brute.ts) in the greedy order
 * and in random orders, and the published or twice-computed counts of docs/results.md on the
 * boards it now takes from the row sweep.
 */

interface Case {
  rows: number;
  cols: number;
  piece: string;
  topology: Topology;
  holes?: number[];
}

const board = (c: Case) =>
  new Board(c.rows, c.cols, {
    piece: parsePiece(c.piece),
    topology: c.topology,
    holes: c.holes ?? [],
  });

/** Hamiltonian cycles of `b` counted in `order` (all lanes' residues agree with the count). */
function countIn(b: Board, order: Int32Array, lane = 0): bigint {
  return freeCycleLane(freePlan(moveGraph(b), order), lane, {}).residue;
}

/** Hamiltonian paths of `b` (undirected) counted in `order`, as cycles through an apex. */
function pathsIn(b: Board, order: Int32Array, lane = 0): bigint {
  return freeCycleLane(pathPlan(moveGraph(b), order), lane, {}).residue;
}

const bruteCounts = new Map<Case, { closed: bigint; open: bigint }>();

/** The brute force's counts, closed and open (directed), once per case. */
function bruteBoth(c: Case): { closed: bigint; open: bigint } {
  const known = bruteCounts.get(c);
  if (known !== undefined) return known;
  const leaps = parsePiece(c.piece).leaps.map(([a, b]) => [a, b] as [number, number]);
  const geometry = { rows: c.rows, cols: c.cols, leaps, topology: c.topology };
  const counts = bruteCount({ ...geometry, holes: c.holes ?? [] });
  const both = { closed: BigInt(counts.closed), open: BigInt(counts.open) };
  bruteCounts.set(c, both);
  return both;
}

/** The brute force's closed count (the random orders ask again: it is kept). */
const brute = (c: Case) => bruteBoth(c).closed;

// Boards of up to 16 cells with closed tours or none, on every topology and several pieces
// (the 3×5 torus is left out: its brute force takes about two minutes).
const SMALL: Case[] = [
  { rows: 3, cols: 4, piece: "knight", topology: "plane" },
  { rows: 4, cols: 4, piece: "knight", topology: "cylinder" },
  { rows: 4, cols: 4, piece: "knight", topology: "torus" },
  { rows: 3, cols: 5, piece: "knight", topology: "cylinder" },
  { rows: 4, cols: 4, piece: "camel", topology: "torus" },
  { rows: 4, cols: 4, piece: "zebra", topology: "torus" },
  { rows: 3, cols: 5, piece: "knight+camel", topology: "plane" },
  { rows: 4, cols: 4, piece: "fers+wazir", topology: "plane" },
  { rows: 4, cols: 4, piece: "wazir", topology: "torus" },
  { rows: 2, cols: 6, piece: "giraffe", topology: "torus" },
  { rows: 4, cols: 4, piece: "knight", topology: "torus", holes: [0, 5] },
  { rows: 4, cols: 4, piece: "fers+wazir", topology: "plane", holes: [5, 10] },
];

const label = (c: Case) =>
  `${c.rows}×${c.cols} ${c.piece} ${c.topology}${c.holes ? ` minus ${c.holes}` : ""}`;

describe("free-order frontier count", () => {
  test.each(SMALL.map((c) => [label(c), c] as const))("%s: equals the brute force", (_, c) => {
    const b = board(c);
    const order = freeOrder(b, moveGraph(b))!;
    const expected = brute(c);
    expect(countIn(b, order.order)).toBe(expected);
    // A prime lane gives the residue of the same count.
    expect(countIn(b, order.order, 1)).toBe(expected % BigInt(lanePrime(0)));
  });

  test.each(SMALL.map((c) => [label(c), c] as const))(
    "%s: open tours, as cycles through an apex, equal the brute force",
    (_, c) => {
      const b = board(c);
      const order = freeOrder(b, moveGraph(b))!;
      // The brute force counts each path from both ends.
      const expected = bruteBoth(c).open / 2n;
      expect(pathsIn(b, order.order)).toBe(expected);
      expect(pathsIn(b, order.order, 1)).toBe(expected % BigInt(lanePrime(0)));
    },
  );

  test("any order of the cells gives the same count", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SMALL),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (c, seed) => {
          const b = board(c);
          const cells = [...Array(b.cells).keys()].filter((v) => !b.holes.includes(v));
          // A seeded shuffle: any order is a valid sweep, only its frontier's width changes.
          let s = seed || 1;
          for (let i = cells.length - 1; i > 0; i--) {
            s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
            const j = s % (i + 1);
            [cells[i], cells[j]] = [cells[j]!, cells[i]!];
          }
          expect(countIn(b, Int32Array.from(cells))).toBe(brute(c));
          expect(pathsIn(b, Int32Array.from(cells))).toBe(bruteBoth(c).open / 2n);
        },
      ),
      { numRuns: 40 },
    );
  });

  test("the greedy order opens each cell once and closes it once", () => {
    const b = new Board(5, 24, { piece: parsePiece("giraffe") });
    const graph = moveGraph(b);
    const order = freeOrder(b, graph)!;
    expect([...order.order].sort((x, y) => x - y)).toEqual([...Array(120).keys()]);
    const open = openAfter(graph, order.order);
    expect(Math.max(...open)).toBe(order.widest);
    expect(open.at(-1)).toBe(0);
    // The row sweep's window on this board is 21 cells; the order of the eight classes 14.
    expect(order.widest).toBeLessThanOrEqual(15);
  });
});

/** A snapshot's entries copied out (each chunk is valid only until the next is asked for). */
function copyChunks(snap: FrontierSnapshot): Uint32Array[] {
  const copies: Uint32Array[] = [];
  for (const chunk of snap.chunks()) copies.push(chunk.slice());
  return copies;
}

describe("boards the free order takes from the row sweep", () => {
  test("closed giraffe tours on 5×24: 67,844 (docs/results.md, two class-ordered runs)", () => {
    const b = sweepBoard(new Board(5, 24, { piece: parsePiece("giraffe") }));
    expect(freeCyclePlan(b, { mode: "cycle" })).toBeDefined();
    const result = frontierCountBoard(b, { mode: "cycle" });
    expect(result.count).toBe(67_844n);
    // The row sweep passed 64 million states on this board; the free order stays near 10^5.
    expect(result.peakStates).toBeLessThan(1_000_000);
  });

  test("the 4×5 and 4×6 tori, closed: 5,199,764 and 587,553,228 (row sweep, unfolded too)", () => {
    for (const [cols, expected] of [
      [5, 5_199_764n],
      [6, 587_553_228n],
    ] as const) {
      const b = sweepBoard(new Board(4, cols, { topology: "torus" }));
      expect(freeCyclePlan(b, { mode: "cycle" })).toBeDefined();
      expect(frontierCountBoard(b, { mode: "cycle" }).count).toBe(expected);
    }
  });

  test("open tours of the 4×5 torus: 666,368,320 directed (the mates counter's, docs/results.md)", () => {
    const b = sweepBoard(new Board(4, 5, { topology: "torus" }));
    const plan = freeCyclePlan(b, { mode: "path" });
    expect(plan).toBeDefined();
    // The apex is taken first and stays open to the end.
    expect(plan!.order[0]).toBe(b.cells);
    expect(2n * frontierCountBoard(b, { mode: "path" }).count).toBe(666_368_320n);
  });

  test("a snapshot taken between cells resumes the count, closed and open, and no other", () => {
    const b = sweepBoard(new Board(4, 5, { topology: "torus" }));
    for (const [mode, expected] of [
      ["cycle", 5_199_764n],
      ["path", 666_368_320n / 2n],
    ] as const) {
      const snapshots: FrontierSnapshot[] = [];
      const whole = frontierCountBoard(b, {
        mode,
        snapshotEveryMs: 0,
        // The layer lives in a buffer the count reuses: a saved snapshot is a copy.
        onSnapshot: (snap) => {
          const copies = copyChunks(snap);
          snapshots.push({ ...snap, chunks: () => copies });
        },
      });
      expect(whole.count).toBe(expected);
      expect(snapshots.length).toBe(b.cells + (mode === "path" ? 1 : 0) - 1);
      expect(snapshots[0]!.sweep).toMatch(/::free:/);
      for (const at of [0, 9, snapshots.length - 1]) {
        const resumed = frontierCountBoard(b, { mode, resume: snapshots[at]! });
        expect(resumed.count).toBe(expected);
      }
    }
    // A free count's snapshot resumes no other board, and a row sweep's no free count.
    const taken: FrontierSnapshot[] = [];
    frontierCountBoard(b, { mode: "cycle", snapshotEveryMs: 0, onSnapshot: (s) => taken.push(s) });
    const other = sweepBoard(new Board(4, 6, { topology: "torus" }));
    expect(() => frontierCountBoard(other, { mode: "cycle", resume: taken[3]! })).toThrow(
      /snapshot is for sweep/,
    );
    expect(
      freeCyclePlan(b, { mode: "cycle", resume: { ...taken[3]!, sweep: "5x4:cycle::k" } }),
    ).toBeUndefined();
  });

  test("the 5×6 and 3×10 tori are one graph, so the free order's 5×6 count is the rows' 3×10", () => {
    // Both are the knight's moves on Z30 (5 and 6, 3 and 10 coprime: the Chinese remainder
    // theorem), and multiplying by the unit 7 takes the 3×10 moves {±1, ±2, ±8, ±11} onto the
    // 5×6 ones {±4, ±7, ±13, ±14}: x ↦ 7x is an isomorphism, checked here edge by edge.
    const from = new Board(3, 10, { topology: "torus" });
    const to = new Board(5, 6, { topology: "torus" });
    const residue = (b: Board, cell: number) => {
      for (let x = 0; x < 30; x++)
        if (x % b.rows === b.row(cell) && x % b.cols === b.col(cell)) return x;
      throw new Error(`no residue for ${cell}`);
    };
    const cellOf = (b: Board, x: number) => (x % b.rows) * b.cols + (x % b.cols);
    const map = (cell: number) => cellOf(to, (7 * residue(from, cell)) % 30);
    const edges = (b: Board, relabel: (c: number) => number) => {
      const g = moveGraph(b);
      const set: string[] = [];
      for (let v = 0; v < b.cells; v++) {
        for (let i = g.offsets[v]!; i < g.offsets[v + 1]!; i++)
          set.push(`${relabel(v)}-${relabel(g.targets[i]!)}`);
      }
      return set.sort();
    };
    expect(new Set([...Array(30).keys()].map(map)).size).toBe(30);
    expect(edges(from, map)).toEqual(edges(to, (c) => c));
    // docs/results.md: 3×10 by the row sweep in both row orders; 5×6 by `knight count` in the
    // free order (250 CPU s: not run here).
    expect(freeCyclePlan(sweepBoard(to), { mode: "cycle" })).toBeDefined();
    expect(freeCyclePlan(sweepBoard(from), { mode: "cycle" })).toBeUndefined();
  });

  test("past the memory ceiling the layers go to disk as sorted runs, merged as they are read", () => {
    const b = sweepBoard(new Board(4, 6, { topology: "torus" }));
    // Its peak layer is 73,593 states of 16 bytes: 1.2 MB, and the table beside it more.
    const maxBytes = 600_000;
    expect(() => frontierCountBoard(b, { mode: "cycle", maxBytes })).toThrow(MemoryLimitError);
    const spill = new MemorySpill();
    const snapshots: FrontierSnapshot[] = [];
    const result = frontierCountBoard(b, {
      mode: "cycle",
      maxBytes,
      spill,
      snapshotEveryMs: 0,
      onSnapshot: (snap) => {
        if (snap.step !== 18) return;
        const copies = copyChunks(snap);
        snapshots.push({ ...snap, chunks: () => copies });
      },
    });
    expect(result.count).toBe(587_553_228n);
    expect(spill.writes).toBeGreaterThan(1);
    // Every run is removed once read.
    expect(spill.runs.size).toBe(0);
    // A snapshot of a layer on disk (read out as one stream) resumes the count, in memory.
    expect(snapshots.length).toBe(1);
    expect(frontierCountBoard(b, { mode: "cycle", resume: snapshots[0]! }).count).toBe(
      587_553_228n,
    );
  });

  test("the row sweep keeps what it counts best, and what names it", () => {
    const plain = new Board(6, 6);
    expect(freeCyclePlan(plain, { mode: "cycle" })).toBeUndefined();
    const torus = sweepBoard(new Board(3, 8, { topology: "torus" }));
    expect(freeCyclePlan(torus, { mode: "cycle" })).toBeUndefined();
    const cylinder = new Board(6, 6, { topology: "cylinder" });
    expect(freeCyclePlan(cylinder, { mode: "cycle" })).toBeUndefined();
    const wide = sweepBoard(new Board(4, 6, { topology: "torus" }));
    expect(freeCyclePlan(wide, { mode: "path", ends: [0] })).toBeUndefined();
    expect(freeCyclePlan(wide, { mode: "cycle", fold: false })).toBeUndefined();
    expect(freeCyclePlan(wide, { mode: "cycle", order: "interleaved" })).toBeUndefined();
    // The 4×6 torus's proxy is far below the rows' there.
    const graph = moveGraph(wide);
    expect(chooseFreeOrder(wide, graph, sweepGraph(graph).order)).toBeDefined();
    // A torus 4 wide whose proxy is only 1/5.6 of the rows' (4×9) goes to the free order too:
    // its interleaved rows hold far more states than their open cells suggest.
    const nine = sweepBoard(new Board(4, 9, { topology: "torus" }));
    const nineGraph = moveGraph(nine);
    expect(chooseFreeOrder(nine, nineGraph, sweepGraph(nineGraph).order)).toBeDefined();
    expect(freeCyclePlan(nine, { mode: "cycle" })).toBeDefined();
  });

  test("the estimate prices the free order: 5×24 giraffe starts at once, 5×44 asks first", () => {
    // The pilot's milliseconds scale with the machine's load (5×24 said 18 s under a CI run
    // beside other counts when the pilot was stopped by the clock, under 1 s quiet): the bounds
    // are the decision the estimate makes, not its figure.
    const giraffe = (n: number) => new Board(5, n, { piece: parsePiece("giraffe") });
    expect(frontierSeconds(giraffe(24), true)).toBeLessThan(LONG_WORK_SECONDS / 5);
    expect(frontierSeconds(giraffe(44), true)).toBeGreaterThan(LONG_WORK_SECONDS);
    const torus = new Board(4, 6, { topology: "torus" });
    expect(frontierSeconds(torus, true)).toBeLessThan(LONG_WORK_SECONDS / 5);
  });

  test("the pilot stops after a given work, not a given time: the same layers on any machine", () => {
    // The 5×5 torus (14 cells open at most): the pilot stops part way, at the same step every
    // time, so the layers it extrapolates from — and the peak it predicts — do not change.
    const plan = freeCyclePlan(new Board(5, 5, { topology: "torus" }), { mode: "cycle" })!;
    const first = freeEstimate(plan, false);
    const again = freeEstimate(plan, false);
    expect(again.peakStates).toBe(first.peakStates);
    expect(first.peakStates).toBeGreaterThan(1e6);
    expect(first.entryBytes).toBe(4 * (plan.kw + 2));
  });
});
