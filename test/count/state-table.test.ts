import fc from "fast-check";
import { describe, expect, test } from "vitest";
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

  test("clear empties the table; absent keys read 0n", () => {
    const table = new StateTable(1);
    const key = Uint32Array.of(3);
    table.add(key, 5, 0, 0);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.get(key)).toBe(0n);
  });
});
