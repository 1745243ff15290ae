import { describe, expect, test } from "vitest";
import { LayerTable, USED } from "../../src/count/layer-table.js";

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
  for (const [what, onFull] of [
    ["grows when full", "grow"],
    ["is drained and cleared when full (a spill in the middle of a bucket)", "drain"],
  ] as const) {
    test(`every addition lands once, in any bucket, when the table ${what}`, () => {
      const next = randomWords(onFull === "grow" ? 7 : 11);
      const distinct = 60_000;
      const table = new LayerTable(2, 20_000, 0, 0.86, undefined, 1024);
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
