import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { MemoryLimitError } from "../../src/core/errors.js";
import { frontierCount } from "../../src/count/frontier.js";
import { frontierCountExact } from "../../src/count/frontier-exact.js";
import { combineLanes, lanePrime, primeLanesFor } from "../../src/count/frontier-lanes.js";
import { keyLayout } from "../../src/count/frontier-layout.js";
import { DiskSpill } from "../../src/node/frontier-spill.js";
import {
  checkResumedTableSizes,
  checkSpilledResume,
  fewCells,
} from "../helpers/frontier-resume.js";
import { MemorySpill } from "../helpers/memory-spill.js";

describe("frontierCount: compact keys, counts modulo 2^64", () => {
  test("equals the exact sweep (three limbs) on cycles, paths and required ends", () => {
    const cases: [number, number, "cycle" | "path", number[]][] = [
      [10, 3, "cycle", []],
      [5, 4, "path", []],
      [5, 5, "path", [0]],
      [5, 5, "path", []],
      [6, 5, "cycle", []],
      [8, 5, "cycle", []],
      [7, 3, "path", [1, 20]],
      [6, 4, "path", [0, 23]],
      // Wider than 6: the compact key layout (w > 13).
      [3, 7, "path", []],
      [4, 7, "cycle", []],
      [3, 10, "cycle", []],
      [3, 8, "path", [2]],
    ];
    for (const [rows, cols, mode, ends] of cases) {
      // Unfolded, the sweep holds the exact sweep's states (but for paths on an odd number of
      // cells, whose ends it keeps to the corners' colour); folded, fewer; the same count.
      const modular = frontierCount(rows, cols, { mode, ends, fold: false });
      const folded = frontierCount(rows, cols, { mode, ends });
      const exact = frontierCountExact(rows, cols, { mode, ends });
      expect([rows, cols, mode, modular.count]).toEqual([rows, cols, mode, exact.count]);
      expect([rows, cols, mode, folded.count]).toEqual([rows, cols, mode, exact.count]);
      if (mode === "cycle" || (rows * cols) % 2 === 0) {
        expect(modular.peakStates).toBe(exact.peakStates);
      } else {
        expect(modular.peakStates).toBeLessThan(exact.peakStates);
      }
      if (ends.length === 0) expect(folded.peakStates).toBeLessThan(exact.peakStates);
      expect(modular.lanes).toBe(1);
    }
  });

  test("past 2^64 it runs prime lanes and combines them (5×20 closed: 53,034,853,662,012,222,798)", () => {
    const result = frontierCount(20, 5, { mode: "cycle" });
    expect(result.count).toBe(53034853662012222798n);
    expect(result.count > 2n ** 64n).toBe(true);
    expect(result.lanes).toBeGreaterThanOrEqual(2);
  });

  test("the Chinese remainder step: primes below 2^52, lanes for a bound, recombination", () => {
    const p0 = lanePrime(0);
    const p1 = lanePrime(1);
    expect(p0).toBeLessThan(2 ** 52);
    expect(p1).toBeLessThan(p0);
    expect(primeLanesFor(2n ** 64n - 1n)).toBe(0);
    expect(primeLanesFor(2n ** 64n)).toBe(1);
    expect(primeLanesFor(2n ** 150n)).toBe(2);
    const x = 3n ** 90n; // about 2^143
    const m = 2n ** 64n;
    expect(combineLanes(x % m, [x % BigInt(p0), x % BigInt(p1)])).toBe(x);
  });

  test("keys: 7-wide paths and 8-wide cycles fit two words with the used bit clear", () => {
    expect(keyLayout(13, 2)).toMatchObject({ words: 2, bits: 44 });
    expect(keyLayout(15, 3)).toMatchObject({ words: 2, bits: 56 });
    expect(keyLayout(17, 2)).toMatchObject({ words: 2, bits: 63 });
    expect(keyLayout(17, 3).words).toBe(3);
    for (const [w, second] of [
      [15, 3],
      [17, 2],
      [25, 3],
    ] as const) {
      const layout = keyLayout(w, second);
      const used = new Uint32Array(layout.words);
      for (let i = 0; i < w; i++) {
        const field = (layout.mask[i]! << layout.shift[i]!) >>> 0;
        expect(used[layout.word[i]!]! & field).toBe(0);
        used[layout.word[i]!]! |= field;
        expect(layout.mask[i]!).toBeGreaterThanOrEqual(second + (w - 1 - i));
      }
      expect(used[layout.words - 1]! >>> 31).toBe(0);
    }
  });

  test("spilling: sorted runs merged as the next cell reads them give the same counts", () => {
    for (const [rows, cols, mode, expected] of [
      [6, 5, "path", 18784n],
      [6, 6, "cycle", 9862n],
    ] as const) {
      const spill = new MemorySpill();
      let diskSeen = 0;
      const result = frontierCount(rows, cols, {
        mode,
        maxBytes: 2 ** 22,
        spill,
        // The plain sweep's layer sizes, which this ceiling was chosen for.
        fold: false,
        onLayer: (info) => {
          diskSeen = Math.max(diskSeen, info.bytesOnDisk);
        },
      });
      expect(result.count).toBe(expected);
      expect(spill.writes).toBeGreaterThan(0);
      // Every run was deleted once read.
      expect(spill.runs.size).toBe(0);
      if (mode === "path") {
        expect(spill.maxLive).toBeGreaterThan(1);
        expect(diskSeen).toBeGreaterThan(0);
      }
    }
  });

  test("a large table is built in the buffer of the last one (or of the layer just spilled)", () => {
    const maxBytes = 3 * 2 ** 20;
    const spill = new MemorySpill();
    const infos: { reused: boolean; table: number; memory: number }[] = [];
    const result = frontierCount(6, 6, {
      mode: "cycle",
      maxBytes,
      spill,
      onLayer: (info) =>
        infos.push({
          reused: info.tableReused,
          table: info.tableBytes,
          memory: info.bytesInMemory,
        }),
    });
    expect(result.count).toBe(9862n);
    // Some large tables were built in a buffer already held, and none passed the ceiling.
    expect(infos.filter((i) => i.reused && i.table * 8 > maxBytes).length).toBeGreaterThan(0);
    for (const info of infos) expect(info.table).toBeLessThanOrEqual(maxBytes);
    expect(spill.runs.size).toBe(0);
  });

  test("a held buffer larger than the next table needs still holds it (the shrinking cells)", () => {
    // Under 6 MiB nothing contests the room, so the buffer the table first reuses holds every
    // later table until the small last ones, including those of the cells where the layer
    // shrinks to a fifth. Letting it go for a fresh, smaller table held both for a while: a
    // 7×7 sweep under a 10 GiB ceiling peaked at 13.2 GiB resident.
    const maxBytes = 6 * 2 ** 20;
    const infos: { reused: boolean; table: number }[] = [];
    const result = frontierCount(6, 6, {
      mode: "cycle",
      maxBytes,
      spill: new MemorySpill(),
      // The plain sweep's layer sizes, which this ceiling was chosen for.
      fold: false,
      onLayer: (info) => infos.push({ reused: info.tableReused, table: info.tableBytes }),
    });
    expect(result.count).toBe(9862n);
    const first = infos.findIndex((i) => i.reused && i.table * 8 > maxBytes);
    const lastLarge = infos.map((i) => i.table * 64 > maxBytes).lastIndexOf(true);
    expect(first).toBeGreaterThan(0);
    const held = infos.slice(first, lastLarge + 1);
    expect(held.length).toBeGreaterThan(3);
    for (const info of held) expect(info).toEqual({ reused: true, table: infos[first]!.table });
  });

  test("too many runs for one merge: merge passes on disk first (6×6 closed under 1.5 MiB)", () => {
    const spill = new MemorySpill();
    let mostRuns = 0;
    const result = frontierCount(6, 6, {
      mode: "cycle",
      maxBytes: 1.5 * 2 ** 20,
      spill,
      onLayer: () => {
        mostRuns = Math.max(mostRuns, spill.runs.size);
      },
    });
    expect(result.count).toBe(9862n);
    // Merge passes ran (they write their output run chunk by chunk)...
    expect(spill.appends).toBeGreaterThan(0);
    // ...so that each cell reads a single run: a quarter of 1.5 MiB holds one read buffer of
    // 256 KiB beside the output's (the bound is at least one run).
    expect(mostRuns).toBe(1);
    expect(spill.runs.size).toBe(0);
  });

  test("without a spill store, a sweep over its memory ceiling throws a MemoryLimitError", () => {
    expect(() => frontierCount(6, 6, { mode: "cycle", maxBytes: 2 ** 20 })).toThrow(
      MemoryLimitError,
    );
  });

  test("a snapshot of a spilled layer resumes to the same count; runs on disk are removed", () => {
    // A few cells and two spilled layers here; every cell in `npm run test:long`.
    expect(checkSpilledResume(fewCells)).toBeGreaterThanOrEqual(5);
  });

  test("a resumed sweep sizes its tables as the uninterrupted one did", () => {
    expect(checkResumedTableSizes(fewCells)).toBe(5);
  });

  test("a large layer's buffer is let go for good once read (detached, whatever still points at it)", () => {
    // A reference kept past onSnapshot (against its contract) stands for a stale one in the
    // sweep's own frame: either kept a dropped layer of gigabytes resident through a cell.
    const maxBytes = 16 * 2 ** 20;
    const kept: { chunk: Uint32Array; large: boolean }[] = [];
    const inMemory = new Map<number, number>();
    const result = frontierCount(6, 6, {
      mode: "cycle",
      maxBytes,
      snapshotEveryMs: 0,
      // The plain sweep's layer sizes, which this ceiling was chosen for.
      fold: false,
      onLayer: (info) => inMemory.set(info.step, info.bytesInMemory),
      onSnapshot: (snapshot) => {
        const [chunk] = snapshot.chunks();
        const large = inMemory.get(snapshot.step)! * 8 > maxBytes;
        if (chunk) kept.push({ chunk, large });
      },
    });
    expect(result.count).toBe(9862n);
    const large = kept.filter((k) => k.large);
    expect(large.length).toBeGreaterThan(3);
    for (const { chunk } of large) expect(chunk.byteLength).toBe(0);
    // Small layers' buffers are kept for the next tables, not detached.
    expect(kept.some((k) => !k.large && k.chunk.byteLength > 0)).toBe(true);
  });

  test("merge passes on a real disk: 6×6 closed under 1.5 MiB, every run removed", () => {
    const dir = mkdtempSync(join(tmpdir(), "frontier-merge-"));
    try {
      const spill = new DiskSpill(dir);
      const result = frontierCount(6, 6, { mode: "cycle", maxBytes: 1.5 * 2 ** 20, spill });
      expect(result.count).toBe(9862n);
      expect(spill.peakBytes).toBeGreaterThan(0);
      expect(spill.bytes).toBe(0);
      expect(readdirSync(spill.folder)).toEqual([]);
      spill.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("DiskSpill: a run written, appended to and read back in pieces", () => {
    const dir = mkdtempSync(join(tmpdir(), "frontier-append-"));
    try {
      const spill = new DiskSpill(dir);
      const words = Uint32Array.from({ length: 1000 }, (_, i) => i * 2654435761);
      const id = spill.write(words.subarray(0, 300));
      spill.append(id, words.subarray(300, 301));
      spill.append(id, words.subarray(301));
      expect(spill.bytes).toBe(4000);
      const back = new Uint32Array(1000);
      const piece = new Uint32Array(333);
      for (let at = 0; ; ) {
        const got = spill.read(id, at, piece);
        if (got === 0) break;
        back.set(piece.subarray(0, got), at);
        at += got;
      }
      expect(back).toEqual(words);
      spill.remove(id);
      expect(spill.bytes).toBe(0);
      expect(() => spill.append(id, words)).toThrow(/no spilled run/);
      spill.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("progress: one report per cell with states, bytes and time", () => {
    const steps: number[] = [];
    frontierCount(5, 4, {
      mode: "path",
      onLayer: (info) => {
        steps.push(info.step);
        expect(info.steps).toBe(20);
        expect(info.bytesInMemory).toBeGreaterThanOrEqual(0);
        expect(info.ms).toBeGreaterThanOrEqual(0);
      },
    });
    expect(steps).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
