/**
 * An open-addressing hash table (linear probing, power-of-two capacity) from fixed-width keys
 * (`keyWords` × 32 bits) to exact counts, for the frontier sweep: one table per layer, reused.
 *
 * Layout: one ArrayBuffer seen as a Uint32Array (the key words) and a Float64Array (the counts),
 * an entry being the key words then the count limbs, inline, so one probe touches one cache line.
 * The top bit of the last key word marks a used slot (the frontier's keys never use it), so a
 * fresh buffer is an empty table and emptying a slot is one store.
 *
 * Counts come in two widths:
 * - narrow (1 limb): one float64, exact while every count stays below 2^53 — an entry of two key
 *   words is 16 bytes, four to a cache line. Almost every sweep that finishes in reasonable time
 *   (6×n, 7×8, 7×7) stays narrow.
 * - wide (3 limbs): lo, mid < 2^48 and hi < 2^53, exact to 2^149 without BigInt in the hot loop
 *   (5×30 closed tours pass 2^107). `widen()` converts a table in place.
 *
 * The caller decides when to widen: `total` is the sum of every count added since the last
 * `clear` (narrow tables), a bound on what the next layer can hold (see frontier.ts).
 */
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import { hashKey, hashPair, hashQuad } from "./key-hash.js";

/** Base of the wide limbs. */
export const LIMB = 2 ** 48;
const HIGH_LIMIT = 2 ** 53;
const USED = 0x80000000;
/**
 * Highest load before growing. Linear probing stays short at 0.7 when four entries share a
 * cache line, and the smaller table keeps more of it in cache.
 */
const MAX_LOAD = 0.7;
/** Additions queued before a flush. */
const BATCH = 64;

export class StateTable {
  /** Key words per entry, even (so the counts are float64-aligned); 2 for frontiers to 15 cells. */
  readonly keyWords: number;
  /** Count limbs per entry: 1 (narrow) or 3 (wide). */
  limbs: 1 | 3;
  /** 32-bit words per entry. */
  stride: number;
  capacity: number;
  size = 0;
  /** Sum of the counts added (narrow tables; float, a bound). */
  total = 0;
  keys: Uint32Array;
  counts: Float64Array;
  private mask: number;
  /** Grow past this many states: a load factor of MAX_LOAD. */
  private limit: number;
  private readonly maxBytes: number;
  private pending = 0;
  private readonly pendingKeys: Uint32Array;
  private readonly pendingCounts = new Float64Array(3 * BATCH);
  private readonly pendingHashes = new Int32Array(BATCH);
  /** Where flush's touches go, so the compiler cannot drop them. */
  sink = 0;

  /**
   * `keyWords` is how many 32-bit words the caller's keys use (rounded up to even here);
   * `maxBytes` bounds this table's buffer (growing past it throws a MemoryLimitError naming the
   * number of states), so a sweep too large for the machine stops with a clear message.
   */
  constructor(keyWords: number, capacity = 1024, maxBytes = DEFAULT_MAX_BYTES, limbs: 1 | 3 = 3) {
    this.keyWords = keyWords + (keyWords & 1);
    this.pendingKeys = new Uint32Array(BATCH * this.keyWords);
    this.maxBytes = maxBytes;
    this.limbs = limbs;
    this.stride = this.keyWords + 2 * limbs;
    let cap = 16;
    while (cap < capacity) cap *= 2;
    this.capacity = cap;
    this.mask = cap - 1;
    this.limit = Math.floor(cap * MAX_LOAD);
    const buffer = new ArrayBuffer(cap * this.stride * 4);
    this.keys = new Uint32Array(buffer);
    this.counts = new Float64Array(buffer);
  }

  /** Number of float64 numbers one snapshot entry takes: the key words, then lo, mid, hi. */
  get snapshotStride(): number {
    return this.keyWords + 3;
  }

  /** Remove every entry (keeps the buffer). */
  clear(): void {
    if (this.size > 0) this.keys.fill(0);
    this.size = 0;
    this.total = 0;
  }

  /**
   * Mark the table empty after the caller emptied every used slot itself (the sweep clears each
   * entry as it reads it, saving a pass over the buffer).
   */
  markEmptied(): void {
    this.size = 0;
    this.total = 0;
  }

  /** Whether slot `s` holds a state. */
  isUsed(s: number): boolean {
    return this.keys[s * this.stride + this.keyWords - 1]! >= USED;
  }

  /**
   * Add `count` (an integer below 2^53) to the count of `key` in a narrow table. The last key
   * word must leave its top bit clear.
   */
  addNarrow(key: Uint32Array, count: number): void {
    this.insertNarrow(key, 0, hashKey(key, 0, this.keyWords), count);
  }

  /** Add (hi·2^96 + mid·2^48 + lo) to the count of `key` in a wide table (lo, mid < 2^48). */
  addWide(key: Uint32Array, lo: number, mid: number, hi: number): void {
    this.insertWide(key, 0, hashKey(key, 0, this.keyWords), lo, mid, hi);
  }

  /** The slot holding the key at `from[off..]`, or the empty slot where it belongs. */
  private find(from: Uint32Array, off: number, h: number, lastWord: number): number {
    const kw = this.keyWords;
    const stride = this.stride;
    const keys = this.keys;
    let s = h & this.mask;
    for (;;) {
      const base = s * stride;
      const last = keys[base + kw - 1]!;
      if (last === 0) return s;
      if (last === lastWord) {
        let same = true;
        for (let i = 0; i < kw - 1; i++) {
          if (keys[base + i] !== from[off + i]) {
            same = false;
            break;
          }
        }
        if (same) return s;
      }
      s = (s + 1) & this.mask;
    }
  }

  private insertNarrow(from: Uint32Array, off: number, h: number, count: number): void {
    const kw = this.keyWords;
    const lastWord = (from[off + kw - 1]! | USED) >>> 0;
    const base = this.find(from, off, h, lastWord) * this.stride;
    this.total += count;
    const keys = this.keys;
    if (keys[base + kw - 1] === 0) {
      for (let i = 0; i < kw - 1; i++) keys[base + i] = from[off + i]!;
      keys[base + kw - 1] = lastWord;
      this.counts[(base + kw) >>> 1] = count;
      if (++this.size > this.limit) this.grow();
    } else {
      this.counts[(base + kw) >>> 1] += count;
    }
  }

  private insertWide(
    from: Uint32Array,
    off: number,
    h: number,
    lo: number,
    mid: number,
    hi: number,
  ): void {
    const kw = this.keyWords;
    const lastWord = (from[off + kw - 1]! | USED) >>> 0;
    const base = this.find(from, off, h, lastWord) * this.stride;
    const keys = this.keys;
    const counts = this.counts;
    const at = (base + kw) >>> 1;
    if (keys[base + kw - 1] === 0) {
      for (let i = 0; i < kw - 1; i++) keys[base + i] = from[off + i]!;
      keys[base + kw - 1] = lastWord;
      counts[at] = lo;
      counts[at + 1] = mid;
      counts[at + 2] = hi;
      if (++this.size > this.limit) this.grow();
      return;
    }
    let low = counts[at]! + lo;
    let middle = counts[at + 1]! + mid;
    let high = counts[at + 2]! + hi;
    if (low >= LIMB) {
      low -= LIMB;
      middle += 1;
    }
    if (middle >= LIMB) {
      middle -= LIMB;
      high += 1;
    }
    if (high >= HIGH_LIMIT) throw new RangeError("frontier count passed 2^149");
    counts[at] = low;
    counts[at + 1] = middle;
    counts[at + 2] = high;
  }

  /**
   * Add (hi·2^96 + mid·2^48 + lo) to the count of `key`, whatever the width (a narrow table
   * widens itself when the sum could pass 2^53). For tests and resuming; the sweep calls
   * addNarrow / addWide.
   */
  add(key: Uint32Array, lo: number, mid: number, hi: number): void {
    if (this.limbs === 1) {
      const value = mid * LIMB + lo;
      if (hi === 0 && value < HIGH_LIMIT && this.total + value < HIGH_LIMIT) {
        this.addNarrow(key, value);
        return;
      }
      this.widen();
    }
    this.addWide(key, lo, mid, hi);
  }

  /**
   * Queue an addition (narrow tables use `lo` only); queued additions are applied in batches by
   * `flush`, which first touches every target slot in one tight loop so that the cache misses of
   * a batch overlap instead of being paid one after another (the sweep's time is mostly these
   * misses: the tables hold millions of states at random places). Call `flush` before reading.
   */
  queue(key: Uint32Array, lo: number, mid: number, hi: number): void {
    const kw = this.keyWords;
    const n = this.pending;
    const at = n * kw;
    for (let i = 0; i < kw; i++) this.pendingKeys[at + i] = key[i]!;
    this.pendingCounts[3 * n] = lo;
    if (this.limbs === 3) {
      this.pendingCounts[3 * n + 1] = mid;
      this.pendingCounts[3 * n + 2] = hi;
    }
    if (++this.pending === BATCH) this.flush();
  }

  /** Apply the queued additions. */
  flush(): void {
    const n = this.pending;
    if (n === 0) return;
    this.pending = 0;
    const kw = this.keyWords;
    if (kw === 2 && this.limbs === 1) {
      this.flushNarrowPairs(n);
      return;
    }
    if (kw === 4 && this.limbs === 1) {
      this.flushNarrowQuads(n);
      return;
    }
    const pk = this.pendingKeys;
    const hashes = this.pendingHashes;
    let touch = 0;
    for (let j = 0; j < n; j++) {
      const h = hashKey(pk, j * kw, kw);
      hashes[j] = h;
      touch ^= this.keys[(h & this.mask) * this.stride + kw - 1]!;
    }
    this.sink = touch;
    const pc = this.pendingCounts;
    if (this.limbs === 1) {
      for (let j = 0; j < n; j++) this.insertNarrow(pk, j * kw, hashes[j]!, pc[3 * j]!);
    } else {
      for (let j = 0; j < n; j++) {
        this.insertWide(pk, j * kw, hashes[j]!, pc[3 * j]!, pc[3 * j + 1]!, pc[3 * j + 2]!);
      }
    }
  }

  /** flush for the common case, two key words and one limb (entries of 16 bytes). */
  private flushNarrowPairs(n: number): void {
    const pk = this.pendingKeys;
    const pc = this.pendingCounts;
    const hashes = this.pendingHashes;
    let keys = this.keys;
    let counts = this.counts;
    let mask = this.mask;
    let touch = 0;
    for (let j = 0; j < n; j++) {
      const h = hashPair(pk[2 * j]!, (pk[2 * j + 1]! | USED) >>> 0);
      hashes[j] = h;
      touch ^= keys[((h & mask) << 2) + 1]!;
    }
    this.sink = touch;
    let total = this.total;
    for (let j = 0; j < n; j++) {
      const k0 = pk[2 * j]!;
      const k1 = (pk[2 * j + 1]! | USED) >>> 0;
      const count = pc[3 * j]!;
      total += count;
      let s = hashes[j]! & mask;
      for (;;) {
        const base = s << 2;
        const last = keys[base + 1]!;
        if (last === 0) {
          keys[base] = k0;
          keys[base + 1] = k1;
          counts[(base >>> 1) + 1] = count;
          if (++this.size > this.limit) {
            this.total = total;
            this.grow();
            total = this.total;
            keys = this.keys;
            counts = this.counts;
            mask = this.mask;
          }
          break;
        }
        if (last === k1 && keys[base] === k0) {
          counts[(base >>> 1) + 1]! += count;
          break;
        }
        s = (s + 1) & mask;
      }
    }
    this.total = total;
  }

  /** flush for four key words and one limb (entries of 24 bytes: boards 7 wide). */
  private flushNarrowQuads(n: number): void {
    const pk = this.pendingKeys;
    const pc = this.pendingCounts;
    const hashes = this.pendingHashes;
    let keys = this.keys;
    let counts = this.counts;
    let mask = this.mask;
    let touch = 0;
    for (let j = 0; j < n; j++) {
      const at = 4 * j;
      const h = hashQuad(pk[at]!, pk[at + 1]!, pk[at + 2]!, (pk[at + 3]! | USED) >>> 0);
      hashes[j] = h;
      touch ^= keys[(h & mask) * 6 + 3]!;
    }
    this.sink = touch;
    let total = this.total;
    for (let j = 0; j < n; j++) {
      const at = 4 * j;
      const k0 = pk[at]!;
      const k1 = pk[at + 1]!;
      const k2 = pk[at + 2]!;
      const k3 = (pk[at + 3]! | USED) >>> 0;
      const count = pc[3 * j]!;
      total += count;
      let s = hashes[j]! & mask;
      for (;;) {
        const base = s * 6;
        const last = keys[base + 3]!;
        if (last === 0) {
          keys[base] = k0;
          keys[base + 1] = k1;
          keys[base + 2] = k2;
          keys[base + 3] = k3;
          counts[(base >>> 1) + 2] = count;
          if (++this.size > this.limit) {
            this.total = total;
            this.grow();
            total = this.total;
            keys = this.keys;
            counts = this.counts;
            mask = this.mask;
          }
          break;
        }
        if (last === k3 && keys[base] === k0 && keys[base + 1] === k1 && keys[base + 2] === k2) {
          counts[(base >>> 1) + 2]! += count;
          break;
        }
        s = (s + 1) & mask;
      }
    }
    this.total = total;
  }

  /** Convert a narrow table to three limbs (same states, same counts). */
  widen(): void {
    if (this.limbs === 3) return;
    const old = this.keys;
    const oldCounts = this.counts;
    const oldStride = this.stride;
    const kw = this.keyWords;
    this.limbs = 3;
    this.stride = kw + 6;
    this.allocate(this.capacity, "widening");
    this.size = 0;
    const key = new Uint32Array(kw);
    for (let s = 0; s < this.capacity; s++) {
      const base = s * oldStride;
      if (old[base + kw - 1] === 0) continue;
      for (let i = 0; i < kw; i++) key[i] = old[base + i]!;
      key[kw - 1]! &= ~USED;
      const value = oldCounts[(base + kw) >>> 1]!;
      this.addWide(key, value % LIMB, Math.floor(value / LIMB), 0);
    }
  }

  /** The live entries packed one after another (`snapshotStride` numbers each), for snapshots. */
  dense(): Float64Array {
    const stride = this.snapshotStride;
    const kw = this.keyWords;
    const out = new Float64Array(this.size * stride);
    let at = 0;
    for (let s = 0; s < this.capacity; s++) {
      if (!this.isUsed(s)) continue;
      const base = s * this.stride;
      for (let i = 0; i < kw; i++) out[at + i] = this.keys[base + i]!;
      out[at + kw - 1] = (this.keys[base + kw - 1]! & ~USED) >>> 0;
      const c = (base + kw) >>> 1;
      if (this.limbs === 1) {
        const value = this.counts[c]!;
        out[at + kw] = value % LIMB;
        out[at + kw + 1] = Math.floor(value / LIMB);
        out[at + kw + 2] = 0;
      } else {
        out[at + kw] = this.counts[c]!;
        out[at + kw + 1] = this.counts[c + 1]!;
        out[at + kw + 2] = this.counts[c + 2]!;
      }
      at += stride;
    }
    return out;
  }

  /** The count stored for `key` as a BigInt (0n when absent). A linear scan: for final answers. */
  get(key: Uint32Array): bigint {
    const kw = this.keyWords;
    for (let s = 0; s < this.capacity; s++) {
      if (!this.isUsed(s)) continue;
      const base = s * this.stride;
      let same = (this.keys[base + kw - 1]! & ~USED) >>> 0 === (key[kw - 1] ?? 0);
      for (let i = 0; same && i < kw - 1; i++)
        if (this.keys[base + i] !== (key[i] ?? 0)) same = false;
      if (!same) continue;
      const c = (base + kw) >>> 1;
      if (this.limbs === 1) return BigInt(this.counts[c]!);
      const limb = BigInt(LIMB);
      return (
        (BigInt(this.counts[c + 2]!) * limb + BigInt(this.counts[c + 1]!)) * limb +
        BigInt(this.counts[c]!)
      );
    }
    return 0n;
  }

  /** Make an empty table hold at least `capacity` slots (no rehash: it must be empty). */
  reserve(capacity: number): void {
    if (this.size !== 0 || capacity <= this.capacity) return;
    let cap = this.capacity;
    while (cap < capacity) cap *= 2;
    this.allocate(cap, "reserving");
  }

  private allocate(capacity: number, why: string): void {
    const bytes = capacity * this.stride * 4;
    checkMemory(
      `the frontier table (${this.size} states, ${why})`,
      bytes,
      this.maxBytes,
      this.size,
    );
    // Drop the old buffer first so both are never held at once when reserving.
    this.keys = new Uint32Array(0);
    this.counts = new Float64Array(0);
    const buffer = new ArrayBuffer(bytes);
    this.keys = new Uint32Array(buffer);
    this.counts = new Float64Array(buffer);
    this.capacity = capacity;
    this.mask = capacity - 1;
    this.limit = Math.floor(capacity * MAX_LOAD);
  }

  private grow(): void {
    const old = this.keys;
    const oldCapacity = this.capacity;
    const { keyWords: kw, stride } = this;
    this.allocate(oldCapacity * 2, "growing");
    // The keys are distinct: each entry goes, whole, to the first empty slot from its hash.
    const keys = this.keys;
    const mask = this.mask;
    let moved = 0;
    for (let s = 0; s < oldCapacity; s++) {
      const from = s * stride;
      if (old[from + kw - 1] === 0) continue;
      let t = hashKey(old, from, kw) & mask;
      while (keys[t * stride + kw - 1] !== 0) t = (t + 1) & mask;
      const to = t * stride;
      for (let i = 0; i < stride; i++) keys[to + i] = old[from + i]!;
      moved++;
    }
    if (moved !== this.size) throw new Error("frontier table lost states while growing");
  }
}
