import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { MemoryLimitError } from "../../src/core/errors.js";
import { LIMB, StateTable } from "../../src/count/state-table.js";

describe("StateTable", () => {
  test("sums counts exactly past 2^101 (three limbs) and keeps keys apart across growth", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            key: fc.tuple(fc.nat(7), fc.constantFrom(0, 0x7fffffff, 12345)),
            lo: fc.integer({ min: 0, max: LIMB - 1 }),
            mid: fc.integer({ min: 0, max: LIMB - 1 }),
            hi: fc.nat(1000),
          }),
          { maxLength: 300 },
        ),
        (adds) => {
          const table = new StateTable(2, 16);
          const expected = new Map<string, bigint>();
          const key = new Uint32Array(2);
          for (const { key: k, lo, mid, hi } of adds) {
            key[0] = k[0];
            key[1] = k[1];
            table.add(key, lo, mid, hi);
            const id = `${k[0]},${k[1]}`;
            const value = (BigInt(hi) * BigInt(LIMB) + BigInt(mid)) * BigInt(LIMB) + BigInt(lo);
            expected.set(id, (expected.get(id) ?? 0n) + value);
          }
          expect(table.size).toBe(expected.size);
          for (const [id, value] of expected) {
            const [a, b] = id.split(",").map(Number);
            key[0] = a!;
            key[1] = b!;
            expect(table.get(key)).toBe(value);
          }
        },
      ),
      { numRuns: 50, seed: 11 },
    );
  });

  test("queued additions (narrow, widened mid-way, 2- and 4-word keys) sum like a Map", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(2, 4),
        fc.array(fc.tuple(fc.nat(40), fc.nat(3), fc.integer({ min: 1, max: 2 ** 40 })), {
          maxLength: 400,
        }),
        fc.nat(400),
        (words, adds, widenAt) => {
          const table = new StateTable(words, 16, 2 ** 30, 1);
          const expected = new Map<string, bigint>();
          const key = new Uint32Array(words);
          adds.forEach(([a, b, value], i) => {
            if (i === widenAt) {
              table.flush();
              table.widen();
            }
            key.fill(0);
            key[0] = a;
            key[words - 1] = b * 0x10000001; // top bit clear
            if (table.limbs === 1) table.queue(key, value, 0, 0);
            else table.queue(key, value % LIMB, Math.floor(value / LIMB), 0);
            const id = `${a},${b}`;
            expected.set(id, (expected.get(id) ?? 0n) + BigInt(value));
          });
          table.flush();
          expect(table.size).toBe(expected.size);
          if (table.limbs === 1) {
            const sum = [...expected.values()].reduce((x, y) => x + y, 0n);
            expect(BigInt(table.total)).toBe(sum);
          }
          for (const [id, value] of expected) {
            const [a, b] = id.split(",").map(Number);
            key.fill(0);
            key[0] = a!;
            key[words - 1] = b! * 0x10000001;
            expect(table.get(key)).toBe(value);
          }
          // A snapshot holds every entry as key words + three limbs, whatever the width.
          const dense = table.dense();
          expect(dense.length).toBe(expected.size * table.snapshotStride);
        },
      ),
      { numRuns: 60, seed: 5 },
    );
  });

  test("add() widens a narrow table before a count could pass 2^53", () => {
    const table = new StateTable(2, 16, 2 ** 30, 1);
    const key = Uint32Array.of(1, 2);
    table.add(key, 2 ** 52, 0, 0);
    expect(table.limbs).toBe(1);
    table.add(key, 0, 2 ** 5, 0); // + 2^53
    expect(table.limbs).toBe(3);
    expect(table.get(key)).toBe(2n ** 52n + 2n ** 53n);
  });

  test("a table that would outgrow its byte limit throws a MemoryLimitError", () => {
    const table = new StateTable(2, 16, 4096, 1);
    const key = new Uint32Array(2);
    expect(() => {
      for (let i = 0; i < 1000; i++) {
        key[0] = i;
        table.addNarrow(key, 1);
      }
    }).toThrow(MemoryLimitError);
  });

  test("clear empties the table; absent keys read 0n", () => {
    const table = new StateTable(1);
    const key = Uint32Array.of(3);
    table.add(key, 5, 0, 0);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(key)).toBe(0n);
  });
});
