/**
 * The 32-bit hash of a counting table's key (several 32-bit words, the last carrying the used
 * mark), shared by the frontier sweep's layers (layer-table.ts), their sorted runs and shards,
 * and the mates counter's tables (state-table.ts).
 *
 * The last word is mixed on its own before the next word joins, and every later word after it
 * too. The sweep's keys are bit patterns of the frontier, and many pairs of them flip the same
 * low bits in both words of a two-word key: the hash that joined them by xor first
 * (imul(last ^ first, …)) gave all such keys one value. On the 4×6 torus's open tours one step
 * of 296,732 states held 112,133 pairs of keys with equal hashes (10 expected of a random
 * function), in classes of up to 16, each a cluster that linear probing walks whole; now 1.
 * (Its three-word keys were not affected: the 5×5 torus's held as many equal pairs as chance.)
 */

/** Hash of the key at `words[off..off+kw)`; its last word's used mark is set here. */
export function hashKey(words: Uint32Array, off: number, kw: number): number {
  let h = Math.imul((words[off + kw - 1]! | 0x80000000) >>> 0, 0x9e3779b1);
  h ^= h >>> 16;
  for (let i = 0; i < kw - 1; i++) {
    h = Math.imul(h ^ words[off + i]!, 0x85ebca6b);
    h ^= h >>> 13;
  }
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** hashKey of a two-word key: `last` is the second word with the used mark. */
export function hashPair(first: number, last: number): number {
  let h = Math.imul(last, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h ^ first, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** hashKey of a four-word key: `last` is the fourth word with the used mark. */
export function hashQuad(a: number, b: number, c: number, last: number): number {
  let h = Math.imul(last, 0x9e3779b1);
  h ^= h >>> 16;
  h = Math.imul(h ^ a, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ b, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ c, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
