// The frontier sweep on several threads (src/count/frontier-shard*.ts, src/node/frontier-threads.ts)
// against the sweep on one thread and brute force. The worker threads run the built code in
// dist/ (npm run build first, as for the other worker tests).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { Board, Budget, createPiece, MemoryLimitError, moveGraph } from "../../src/core/index.js";
import {
  type FrontierSnapshot,
  FrontierStop,
  freeCyclePlan,
  frontierCountBoard,
} from "../../src/count/frontier.js";
import { sweepPlan } from "../../src/count/frontier-plan.js";
import { shareOfChunks } from "../../src/count/frontier-shard.js";
import { loadSnapshot, saveSnapshot } from "../../src/node/frontier-snapshot.js";
import { DiskSpill } from "../../src/node/frontier-spill.js";
import { threadedFrontierCount } from "../../src/node/frontier-threads.js";
import { bruteCount } from "../helpers/geometry-brute.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "knight-threads-test-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A closed count of `board` on two threads under `maxBytes`, spilling to a fresh folder: the
 * count, the most bytes a layer had on disk, and what is left in the folder afterwards.
 */
function spilledOnTwoThreads(
  board: Board,
  maxBytes: number,
): { count: bigint; onDisk: number; left: string[] } {
  const dir = tempDir();
  const spill = new DiskSpill(dir);
  let onDisk = 0;
  const run = threadedFrontierCount(
    board,
    {
      mode: "cycle",
      maxBytes,
      spill,
      onLayer: (info) => {
        onDisk = Math.max(onDisk, info.bytesOnDisk);
      },
    },
    { threads: 2, spillDir: dir },
  );
  spill.close();
  return { count: run.count, onDisk, left: readdirSync(dir) };
}

describe("the frontier sweep on several threads", () => {
  test("counts equal brute force and the sweep on one thread, on 1, 2 and 3 threads", () => {
    const cases = [
      { rows: 4, cols: 5 },
      { rows: 3, cols: 7 },
      { rows: 4, cols: 4, topology: "cylinder" as const },
      { rows: 4, cols: 4, leaps: [[0, 1]] as Array<[number, number]> },
    ];
    for (const g of cases) {
      const board = new Board(g.rows, g.cols, {
        ...(g.topology ? { topology: g.topology } : {}),
        ...(g.leaps ? { piece: createPiece(g.leaps) } : {}),
      });
      const brute = bruteCount(g);
      for (const [mode, want] of [
        ["cycle", BigInt(brute.closed)],
        ["path", BigInt(brute.open) / 2n],
      ] as const) {
        const one = frontierCountBoard(board, { mode });
        expect([board.key, mode, one.count]).toEqual([board.key, mode, want]);
        // Each run starts its worker threads: 1, 2 and 3 threads on the first board, 3 after.
        for (const threads of g === cases[0] ? [1, 2, 3] : [3]) {
          const run = threadedFrontierCount(board, { mode }, { threads });
          expect([board.key, mode, threads, run.count]).toEqual([board.key, mode, threads, want]);
          expect(run.peakStates).toBe(one.peakStates);
          expect(run.transitions).toBe(one.transitions);
        }
      }
    }
  });

  test("a bigger sweep agrees with one thread: 6×5 open (18,784 undirected)", () => {
    for (const [rows, cols, mode, want] of [[6, 5, "path", 18784n]] as const) {
      const board = new Board(rows, cols);
      const one = frontierCountBoard(board, { mode });
      expect(one.count).toBe(want);
      for (const threads of [2, 3]) {
        const run = threadedFrontierCount(board, { mode }, { threads });
        expect([rows, cols, threads, run.count]).toEqual([rows, cols, threads, want]);
        expect(run.peakStates).toBe(one.peakStates);
      }
    }
  });

  test("keys of more than two words go through the boxes whole (3×8 open, swept 8 wide)", () => {
    const wide = new Board(3, 8);
    expect(sweepPlan(wide, moveGraph(wide), { mode: "path" }).kw).toBeGreaterThan(2);
    // The same board turned (a 3-wide window, two-word keys) is the second method.
    const turned = frontierCountBoard(new Board(8, 3), { mode: "path" });
    expect(turned.count).toBeGreaterThan(0n);
    for (const threads of [2, 3]) {
      const run = threadedFrontierCount(wide, { mode: "path" }, { threads });
      expect([threads, run.count]).toEqual([threads, turned.count]);
    }
  });

  test("past 2^64 the threads run the prime lanes too (5×20 closed)", () => {
    // The count the one-thread sweep gives in test/count/frontier-modular.test.ts (there checked
    // to run prime lanes too): the one-thread run is not repeated here.
    const board = new Board(20, 5);
    const run = threadedFrontierCount(board, { mode: "cycle" }, { threads: 2 });
    expect(run.count).toBe(53034853662012222798n);
    expect(run.lanes).toBeGreaterThanOrEqual(2);
  });

  test("each thread spills to its own folder under a small ceiling, and cleans up", () => {
    const spilled = spilledOnTwoThreads(new Board(6, 6), 3 * 2 ** 20);
    expect(spilled.count).toBe(9862n);
    expect(spilled.onDisk).toBeGreaterThan(0);
    // Thread 0's folder is closed; the worker's removed its own.
    expect(spilled.left).toEqual([]);
  });

  test("a helper thread's memory error comes back as a MemoryLimitError on thread 0", () => {
    const board = new Board(6, 6);
    expect(() =>
      threadedFrontierCount(board, { mode: "cycle", maxBytes: 2 ** 20 }, { threads: 2 }),
    ).toThrow(MemoryLimitError);
  });

  test("a stop (time limit) ends every thread between cells", () => {
    const board = new Board(6, 6);
    const budget = Budget.start({ timeLimitMs: 1 });
    expect(() => threadedFrontierCount(board, { mode: "cycle", budget }, { threads: 2 })).toThrow(
      FrontierStop,
    );
  });

  test("a snapshot taken on 2 threads resumes on 1 and on 3; one taken on 1 resumes on 2", () => {
    const board = new Board(5, 5);
    const want = 864n;
    const dir = tempDir();
    const path = join(dir, "threads.frontier");
    const key = "test-key";
    // One snapshot, at the fifth cell boundary the sweep offers.
    let offered = 0;
    const whole = threadedFrontierCount(
      board,
      { mode: "path", snapshotEveryMs: 0 },
      {
        threads: 2,
        snapshot: { path, key, finished: {}, due: () => ++offered === 12 },
      },
    );
    expect(whole.count).toBe(want);
    const saved = loadSnapshot(path, key)!.snapshot!;
    expect(saved.step).toBeGreaterThan(5);
    expect(saved.states).toBeGreaterThan(100);
    const onOne = frontierCountBoard(board, { mode: "path", resume: saved });
    expect(onOne.count).toBe(want);
    const onThree = threadedFrontierCount(
      board,
      { mode: "path", resume: saved },
      { threads: 3, snapshot: { path, key, finished: {}, due: () => false } },
    );
    expect(onThree.count).toBe(want);

    // The other way: a snapshot of the sweep on one thread, resumed on two.
    const single = join(dir, "single.frontier");
    let taken: FrontierSnapshot | undefined;
    frontierCountBoard(board, {
      mode: "path",
      snapshotEveryMs: 0,
      onSnapshot: (snapshot) => {
        if (snapshot.step === 17) {
          saveSnapshot(single, { key, finished: {}, snapshot });
          taken = snapshot;
        }
      },
    });
    expect(taken?.step).toBe(17);
    const fromOne = loadSnapshot(single, key)!.snapshot!;
    const onTwo = threadedFrontierCount(
      board,
      { mode: "path", resume: fromOne },
      { threads: 2, snapshot: { path: single, key, finished: {}, due: () => false } },
    );
    expect(onTwo.count).toBe(want);
    expect(existsSync(`${single}.tmp`)).toBe(false);
  });

  test("a count in a free order of the cells runs on threads too: tori closed and open, spilled, resumed", () => {
    // The 4×5 and 4×6 tori (docs/results.md); open tours through the apex (free-plan.ts).
    const torus = (cols: number) => new Board(cols, 4, { topology: "torus" });
    for (const [board, mode, want] of [
      [torus(5), "cycle", 5_199_764n],
      [torus(5), "path", 666_368_320n / 2n],
      [torus(6), "cycle", 587_553_228n],
    ] as const) {
      expect(freeCyclePlan(board, { mode })).toBeDefined();
      for (const threads of [2, 3]) {
        expect(threadedFrontierCount(board, { mode }, { threads }).count).toBe(want);
      }
    }
    // Keys of three and four words (the giraffe's closed tours on 5×26 and 5×28: none, as
    // docs/results.md proves): the same layers on two threads as on one, state for state.
    for (const cols of [26, 28]) {
      const giraffe = new Board(cols, 5, { piece: createPiece([[1, 4]]) });
      expect(freeCyclePlan(giraffe, { mode: "cycle" })!.kw).toBeGreaterThanOrEqual(3);
      const one = frontierCountBoard(giraffe, { mode: "cycle" });
      const two = threadedFrontierCount(giraffe, { mode: "cycle" }, { threads: 2 });
      expect(two.count).toBe(0n);
      expect(two.peakStates).toBe(one.peakStates);
    }
    // Under a ceiling its layers go to disk, each thread to its own folder. The 4×6 torus,
    // closed: a peak layer of 73,593 states (1.2 MB) under 1.2 MiB.
    const spilled = spilledOnTwoThreads(torus(6), 1.2 * 2 ** 20);
    expect(spilled.count).toBe(587_553_228n);
    expect(spilled.onDisk).toBeGreaterThan(0);
    expect(spilled.left).toEqual([]);
    // A snapshot taken on two threads resumes on one, and the other way.
    const path = join(tempDir(), "free.frontier");
    const key = "free-key";
    let offered = 0;
    threadedFrontierCount(
      torus(6),
      { mode: "cycle", snapshotEveryMs: 0 },
      { threads: 2, snapshot: { path, key, finished: {}, due: () => ++offered === 14 } },
    );
    const saved = loadSnapshot(path, key)!.snapshot!;
    expect(saved.sweep).toMatch(/::free:/);
    expect(frontierCountBoard(torus(6), { mode: "cycle", resume: saved }).count).toBe(587_553_228n);
    expect(
      threadedFrontierCount(
        torus(6),
        { mode: "cycle", resume: saved },
        { threads: 2, snapshot: { path, key, finished: {}, due: () => false } },
      ).count,
    ).toBe(587_553_228n);
  });

  test("the shares of a layer are disjoint and cover it", () => {
    const stride = 4;
    const entries = 5000;
    const words = new Uint32Array(entries * stride);
    for (let e = 0; e < entries; e++) {
      words[e * stride] = Math.imul(e, 2654435761) >>> 0;
      words[e * stride + 1] = e;
      words[e * stride + 2] = e + 1;
    }
    for (const threads of [2, 3]) {
      const seen = new Map<number, number>();
      for (let me = 0; me < threads; me++) {
        for (const chunk of shareOfChunks([words], 2, threads, me)) {
          for (let b = 0; b < chunk.length; b += stride) {
            const id = chunk[b + 1]!;
            expect(seen.has(id)).toBe(false);
            seen.set(id, me);
          }
        }
      }
      expect(seen.size).toBe(entries);
      // Roughly even: each thread owns at least a fifth of 5,000 keys.
      for (let me = 0; me < threads; me++) {
        expect([...seen.values()].filter((x) => x === me).length).toBeGreaterThan(entries / 5);
      }
    }
  });
});
