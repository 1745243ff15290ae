import type { Random } from "../core/random.js";

/** 2^32: `Random.next()` is a whole 32-bit word divided by this, so multiplying back is exact. */
const WORD = 4294967296;

/** 32 uniformly random bits from `random`, as a number in [0, 2^32). */
export function randomWord(random: Random): number {
  return Math.floor(random.next() * WORD);
}

/**
 * A uniformly random BigInt in [0, bound), exactly: draw as many bits as `bound - 1` has, 32 at
 * a time from `random`, and draw again when the value is `bound` or more (rejection, fewer than
 * two draws on average). No float rounding, so weights of any size are honoured exactly —
 * `Random.int(n)` would bias large n.
 */
export function randomBelow(random: Random, bound: bigint): bigint {
  if (bound <= 0n) throw new RangeError(`randomBelow needs a positive bound, got ${bound}`);
  if (bound === 1n) return 0n;
  const bits = (bound - 1n).toString(2).length;
  const words = Math.ceil(bits / 32);
  const topMask = BigInt(2 ** (bits - 32 * (words - 1)) - 1);
  for (;;) {
    let value = BigInt(randomWord(random)) & topMask;
    for (let w = 1; w < words; w++) value = (value << 32n) | BigInt(randomWord(random));
    if (value < bound) return value;
  }
}
