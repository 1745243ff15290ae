import type { KeyLayout } from "./frontier-layout.js";

/**
 * Byte-indexed tables that move a frontier state between the sweep's working layout (fields of
 * `bits` bits, `perWord` to a 32-bit word, slot i in field i) and the compact key layout
 * (frontier-layout.ts: fields of different widths packed into `K.words` words).
 *
 * Both moves are bit permutations — every bit of a field goes to one place, and no two places
 * coincide — so the result is the OR of what each source byte contributes on its own: one
 * lookup per byte instead of a shift, mask and OR per field. Per transition that is about ten
 * lookups where the field loop did fifteen fields of four array reads each.
 *
 * - decode: key field i → working slot i (i < w);
 * - encode: working slot j → key field j − 1 (1 ≤ j ≤ w): the window shifted by one cell, the
 *   oldest slot (which must be empty) dropped.
 */
export interface KeyRepack {
  /** Source byte positions that carry bits (byte b is bits 8·(b mod 4).. of word ⌊b/4⌋). */
  readonly decodeBytes: Int32Array;
  /** Per position p and byte value v, the working words at (p·256 + v)·workWords. */
  readonly decode: Uint32Array;
  readonly encodeBytes: Int32Array;
  /** Per position p and byte value v, the key words at (p·256 + v)·K.words. */
  readonly encode: Uint32Array;
}

export function keyRepack(w: number, bits: number, workWords: number, K: KeyLayout): KeyRepack {
  const perWord = Math.floor(32 / bits);
  const width = (i: number): number => 32 - Math.clz32(K.mask[i]!);
  // Bit maps as (source bit index → destination bit index), bit index = 32·word + shift.
  const decodeMap: [number, number][] = [];
  const encodeMap: [number, number][] = [];
  for (let i = 0; i < w; i++) {
    const keyBit = 32 * K.word[i]! + K.shift[i]!;
    const workOf = (slot: number): number =>
      32 * Math.floor(slot / perWord) + (slot % perWord) * bits;
    for (let b = 0; b < width(i); b++) {
      decodeMap.push([keyBit + b, workOf(i) + b]);
      encodeMap.push([workOf(i + 1) + b, keyBit + b]);
    }
  }
  const [decodeBytes, decode] = byteTables(decodeMap, workWords);
  const [encodeBytes, encode] = byteTables(encodeMap, K.words);
  return { decodeBytes, decode, encodeBytes, encode };
}

function byteTables(map: readonly [number, number][], outWords: number): [Int32Array, Uint32Array] {
  const bytes = [...new Set(map.map(([from]) => from >> 3))].sort((a, b) => a - b);
  const table = new Uint32Array(bytes.length * 256 * outWords);
  bytes.forEach((byte, p) => {
    for (let v = 0; v < 256; v++) {
      const at = (p * 256 + v) * outWords;
      for (const [from, to] of map) {
        if (from >> 3 === byte && (v >> (from & 7)) & 1) table[at + (to >> 5)]! |= 1 << (to & 31);
      }
    }
  });
  return [Int32Array.from(bytes), table];
}
