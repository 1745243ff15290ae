import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createRandom } from "../../src/core/random.js";
import { randomBelow, randomWord } from "../../src/sample/random-bigint.js";

describe("randomBelow(random, bound)", () => {
  test("stays in [0, bound) for bounds of any size", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 200n }), fc.integer(), (bound, seed) => {
        const random = createRandom(seed);
        for (let i = 0; i < 5; i++) {
          const value = randomBelow(random, bound);
          expect(value >= 0n && value < bound).toBe(true);
        }
      }),
    );
  });

  test("is even over a bound that is not a power of two (chi-square, fixed seed)", () => {
    const random = createRandom(42);
    const tally = new Array<number>(12).fill(0);
    for (let i = 0; i < 12_000; i++) tally[Number(randomBelow(random, 12n))]!++;
    const chi = tally.reduce((sum, o) => sum + (o - 1000) ** 2 / 1000, 0);
    expect(chi).toBeLessThan(11 + 4 * Math.sqrt(22));
  });

  test("reaches the top of a bound above 2^53 (no float rounding)", () => {
    const random = createRandom(1);
    const bound = (1n << 64n) + 3n;
    let high = 0;
    for (let i = 0; i < 200; i++) if (randomBelow(random, bound) >= 1n << 63n) high++;
    expect(high).toBeGreaterThan(60);
    expect(high).toBeLessThan(140);
  });

  test("rejects a bound that is not positive", () => {
    expect(() => randomBelow(createRandom(1), 0n)).toThrow(RangeError);
  });

  test("randomWord gives whole 32-bit words", () => {
    const random = createRandom(5);
    for (let i = 0; i < 100; i++) {
      const w = randomWord(random);
      expect(Number.isInteger(w) && w >= 0 && w < 2 ** 32).toBe(true);
    }
  });
});
