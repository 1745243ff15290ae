/**
 * An open-addressing hash table from fixed-width keys (`words` × 32 bits) to exact counts held
 * as three float64 limbs in base 2^48 (`lo`, `mid` < 2^48; `hi` an integer below 2^53), so
 * sums stay exact to 2^149 without BigInt in the hot loop (5×30 closed tours pass 2^101). Used
 * by the frontier sweep: one table per layer, cleared and reused.
 *
 * Layout: one Float64Array with `stride = words + 3` numbers per entry — the key words, then
 * lo, mid, hi (hi = -1 marks an empty entry). Keeping an entry in one cache line matters more than
 * anything else here: the sweep's time is dominated by random probes into a table of millions.
 */
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";

export class StateTable {
  readonly words: number;
  readonly stride: number;
  capacity: number;
  size = 0;
  data: Float64Array;
  private mask: number;
  private readonly maxBytes: number;

  /**
   * `maxBytes` bounds this table's array (growing past it throws a MemoryLimitError naming the
   * number of states), so a sweep too large for the machine stops with a clear message.
   */
  constructor(words: number, capacity = 1024, maxBytes = DEFAULT_MAX_BYTES) {
    this.words = words;
    this.maxBytes = maxBytes;
    this.stride = words + 3;
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.capacity = cap;
    this.mask = cap - 1;
    this.data = new Float64Array(cap * this.stride).fill(-1);
  }

  /** Remove every entry (keeps the allocated array). */
  clear(): void {
    if (this.size > 0) this.data.fill(-1);
    this.size = 0;
  }

  /** Whether entry `s` holds a state. */
  isUsed(s: number): boolean {
    return this.data[s * this.stride + this.words + 2]! >= 0;
  }

  /** Add (hi·2^96 + mid·2^48 + lo) to the count of `key`, inserting it when new. */
  add(key: Uint32Array, lo: number, mid: number, hi: number): void {
    const words = this.words;
    const stride = this.stride;
    const data = this.data;
    let h = 0x811c9dc5;
    for (let i = 0; i < words; i++) {
      h = Math.imul(h ^ key[i]!, 0x9e3779b1);
      h ^= h >>> 15;
    }
    let s = Math.imul(h ^ (h >>> 13), 0x85ebca6b) & this.mask;
    for (;;) {
      const base = s * stride;
      if (data[base + words + 2]! < 0) {
        for (let i = 0; i < words; i++) data[base + i] = key[i]!;
        data[base + words] = lo;
        data[base + words + 1] = mid;
        data[base + words + 2] = hi;
        if (++this.size * 2 > this.capacity) this.grow();
        return;
      }
      let same = true;
      for (let i = 0; i < words; i++) {
        if (data[base + i] !== key[i]) {
          same = false;
          break;
        }
      }
      if (same) {
        let low = data[base + words]! + lo;
        let middle = data[base + words + 1]! + mid;
        let high = data[base + words + 2]! + hi;
        if (low >= LIMB) {
          low -= LIMB;
          middle += 1;
        }
        if (middle >= LIMB) {
          middle -= LIMB;
          high += 1;
        }
        if (high >= HIGH_LIMIT) throw new RangeError("frontier count passed 2^149");
        data[base + words] = low;
        data[base + words + 1] = middle;
        data[base + words + 2] = high;
        return;
      }
      s = (s + 1) & this.mask;
    }
  }

  /** The live entries packed one after another (`stride` numbers each), for snapshots. */
  dense(): Float64Array {
    const out = new Float64Array(this.size * this.stride);
    let at = 0;
    for (let s = 0; s < this.capacity; s++) {
      const base = s * this.stride;
      if (this.data[base + this.words + 2]! < 0) continue;
      out.set(this.data.subarray(base, base + this.stride), at);
      at += this.stride;
    }
    return out;
  }

  /** The count stored for `key` as a BigInt (0n when absent). */
  get(key: Uint32Array): bigint {
    for (let s = 0; s < this.capacity; s++) {
      if (!this.isUsed(s)) continue;
      const base = s * this.stride;
      let same = true;
      for (let i = 0; i < this.words; i++) if (this.data[base + i] !== key[i]) same = false;
      if (same) {
        const limb = BigInt(LIMB);
        const w = this.words;
        return (
          (BigInt(this.data[base + w + 2]!) * limb + BigInt(this.data[base + w + 1]!)) * limb +
          BigInt(this.data[base + w]!)
        );
      }
    }
    return 0n;
  }

  private grow(): void {
    const old = this.data;
    const oldCapacity = this.capacity;
    const { words, stride } = this;
    checkMemory(
      `the frontier table (${this.size} states, growing)`,
      oldCapacity * 2 * stride * 8,
      this.maxBytes,
      this.size,
    );
    this.capacity = oldCapacity * 2;
    this.mask = this.capacity - 1;
    this.data = new Float64Array(this.capacity * stride).fill(-1);
    this.size = 0;
    const key = new Uint32Array(words);
    for (let s = 0; s < oldCapacity; s++) {
      const base = s * stride;
      if (old[base + words + 2]! < 0) continue;
      for (let i = 0; i < words; i++) key[i] = old[base + i]!;
      this.add(key, old[base + words]!, old[base + words + 1]!, old[base + words + 2]!);
    }
  }
}

/** Base of the limbs. */
export const LIMB = 2 ** 48;
const HIGH_LIMIT = 2 ** 53;
