import { describe, expect, test } from "vitest";
import { hashKey, hashPair, hashQuad } from "../../src/count/key-hash.js";
import { USED } from "../../src/count/layer-table.js";

/** Distinct hashes of the keys (a ^ x, b ^ x, …): every word with the same low bits flipped. */
function distinctUnderSharedFlips(hash: (x: number) => number, flips: number): number {
  const seen = new Set<number>();
  for (let x = 0; x < flips; x++) seen.add(hash(x));
  return seen.size;
}

describe("key hashes: frontier keys that flip the same bits in every word", () => {
  // The sweep's keys are frontier bit patterns; the old two-word hash joined the words by xor
  // before mixing, so all 65,536 of these keys had one hash (and one home slot).
  const a = 0x1234abcd;
  const b = 0x0bad5eed;
  const c = 0x7777aaaa;
  test("two words: as many hashes as keys (a random function loses about half a key here)", () => {
    const hashes = distinctUnderSharedFlips((x) => hashPair(a ^ x, ((b ^ x) | USED) >>> 0), 65536);
    expect(hashes).toBeGreaterThanOrEqual(65530);
  });
  test("three and four words", () => {
    const words = new Uint32Array(3);
    const three = distinctUnderSharedFlips((x) => {
      words.set([a ^ x, c ^ x, b ^ x]);
      return hashKey(words, 0, 3);
    }, 65536);
    expect(three).toBeGreaterThanOrEqual(65530);
    const four = distinctUnderSharedFlips(
      (x) => hashQuad(a ^ x, c ^ x, b ^ x, ((a ^ c ^ x) | USED) >>> 0),
      65536,
    );
    expect(four).toBeGreaterThanOrEqual(65530);
  });
  test("the general hash agrees with the two- and four-word ones (runs are merged by it)", () => {
    const words = new Uint32Array(4);
    for (let x = 0; x < 1000; x++) {
      words.set([a ^ (x * 7919), b + x, c ^ (x << 9), (x * 2654435761) >>> 0]);
      const last2 = (words[1]! | USED) >>> 0;
      expect(hashKey(words, 0, 2)).toBe(hashPair(words[0]!, last2));
      const last4 = (words[3]! | USED) >>> 0;
      expect(hashKey(words, 0, 4)).toBe(hashQuad(words[0]!, words[1]!, words[2]!, last4));
    }
  });
});
