import { describe, expect, test } from "vitest";
import { INT_SLOTS, LayerTable, USED } from "../../src/count/layer-table.js";

const MOD = 2n ** 64n;

/** Every (key, count) in the table's first `entries` slots after a drain; each key once. */
function entriesOf(words: Uint32Array, entries: number): Map<string, bigint> {
  const found = new Map<string, bigint>();
  for (let e = 0; e < entries; e++) {
    const key = `${words[4 * e]},${(words[4 * e + 1]! & ~USED) >>> 0}`;
    const count = (BigInt(words[4 * e + 3]!) << 32n) | BigInt(words[4 * e + 2]!);
    // A key held in two slots of one table means an addition missed its entry.
    if (found.has(key)) throw new Error(`key ${key} twice in the table`);
    found.set(key, count);
  }
  return found;
}

/** A reproducible stream of 32-bit numbers (xorshift). */
function randomWords(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

describe("LayerTable: two-word additions queued in buckets by hash", () => {
  // A region of 1 KiB makes a table of 320 KiB use 512 buckets, as a table
  // of gigabytes does with the default region.
  // intSlots 40,000: the integer path (applyPairsInt) until the table grows past 40,000 slots
  // in the middle of a batch, then the general one (applyPairs).
  for (const [what, onFull, intSlots] of [
    ["grows when full", "grow", undefined],
    ["grows when full, past the integer path's bound", "grow", 40_000],
    ["is drained and cleared when full (a spill in the middle of a bucket)", "drain", undefined],
  ] as const) {
    test(`every addition lands once, in any bucket, when the table ${what}`, () => {
      const next = randomWords(onFull === "grow" ? 7 : 11);
      const distinct = 60_000;
      const table = new LayerTable(2, 20_000, 0, 0.86, undefined, 1024, intSlots);
      const expected = new Map<string, bigint>();
      const seen = new Map<string, bigint>();
      let fulls = 0;
      table.onFull = (full) => {
        fulls++;
        if (onFull === "grow") {
          full.grow(full.capacity * 1.5);
          return;
        }
        const entries = full.drain(true);
        for (const [key, count] of entriesOf(full.words, entries))
          seen.set(key, ((seen.get(key) ?? 0n) + count) % MOD);
        full.clear();
      };
      for (let i = 0; i < 200_000; i++) {
        const k = next() % distinct;
        const k0 = Math.imul(k, 0x9e3779b1) >>> 0;
        const k1 = (k >>> 3) & 0x7fffffff;
        // Counts near 2^64 check the carry between the halves, and wrapping.
        const lo = next();
        const hi = i % 3 === 0 ? 0xffffffff : next() & 0xff;
        table.queuePair(k0, k1, lo, hi);
        const key = `${k0},${k1}`;
        expected.set(key, ((expected.get(key) ?? 0n) + ((BigInt(hi) << 32n) | BigInt(lo))) % MOD);
      }
      table.flush();
      const entries = table.drain(true);
      for (const [key, count] of entriesOf(table.words, entries))
        seen.set(key, ((seen.get(key) ?? 0n) + count) % MOD);
      expect(fulls).toBeGreaterThan(1);
      expect(seen.size).toBe(expected.size);
      for (const [key, count] of expected) expect(seen.get(key), key).toBe(count);
      if (onFull === "grow") expect(table.overflowed).toBe(true);
    });
  }
});

describe("LayerTable: the integer path for tables below INT_SLOTS slots", () => {
  test("leaves the very words the general path leaves, carries and wrapping included", () => {
    for (const seed of [3, 5]) {
      const tables = [0, INT_SLOTS].map((intSlots) => {
        const next = randomWords(seed);
        const table = new LayerTable(2, 3_000, 0, 0.86, undefined, 1024, intSlots);
        table.onFull = (full) => full.grow(full.capacity * 1.5);
        for (let i = 0; i < 40_000; i++) {
          const k = next() % 8_000;
          // High words near 2^32: sums carry between the halves and out of 2^64.
          table.queuePair(k, k >>> 5, next(), i % 2 === 0 ? 0xfffffff0 + (k & 15) : next() & 7);
        }
        table.flush();
        return { table, entries: table.drain(true) };
      });
      const [general, int] = tables as [(typeof tables)[0], (typeof tables)[0]];
      expect(int.entries).toBe(general.entries);
      expect(int.table.capacity).toBe(general.table.capacity);
      expect(int.table.overflowed).toBe(true);
      expect(general.table.overflowed).toBe(true);
      expect(int.table.words).toEqual(general.table.words);
    }
  });
});

describe("LayerTable: tables of up to 256 MiB stage their additions in L2-sized buckets", () => {
  test("the same entries as a table applying 64 at a time; a released table's queues serve the next", () => {
    const fill = (table: LayerTable, seed: number) => {
      const next = randomWords(seed);
      table.onFull = (full) => full.grow(full.capacity * 1.5);
      for (let i = 0; i < 300_000; i++) {
        const k = next() % 90_000;
        table.queuePair(k, k >>> 3, next(), i % 2 === 0 ? 0xfffffff0 : next() & 7);
      }
      table.flush();
      return entriesOf(table.words, table.drain(true));
    };
    // 40,000 slots of 16 bytes (640 KB): four buckets of 8,192 additions, growing.
    for (const seed of [13, 17]) {
      const plain = fill(new LayerTable(2, 40_000, 0, 0.86, undefined, 4 * 2 ** 20), seed);
      const staged = new LayerTable(2, 40_000, 0, 0.86);
      expect(fill(staged, seed)).toEqual(plain);
      staged.release();
    }
  });
});
