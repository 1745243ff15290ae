/**
 * The frontier sweep's table for the layer being built: open addressing with linear probing
 * from fixed-width keys (`keyWords` × 32 bits) to counts modulo 2^64 (two 32-bit halves) or
 * modulo a prime below 2^52 (one lane of a Chinese-remainder count, see frontier-lanes.ts).
 *
 * One Uint32Array holds the entries inline — key words, then the low and high count words — so
 * a probe touches one cache line: 16 bytes an entry for the two-word keys of boards up to 7
 * wide. The top bit of the last key word marks a used slot, so a fresh buffer is an empty
 * table. The capacity is exactly what the caller asks (no power of two): a key's home slot is
 * `⌊hash · capacity / 2^32⌋`, so slots follow hash order, which is what makes a drained table
 * nearly sorted by (hash, key) — the order of the sorted runs written when a layer spills.
 *
 * Counts modulo 2^64 wrap; `overflowed` records whether any sum carried out of 64 bits, so a
 * count that never did is exact (see frontier.ts).
 */

import { hashKey, hashPair } from "./key-hash.js";

export const WORD = 4294967296;
export const USED = 0x80000000;
/** Additions queued before a flush. */
const BATCH = 64;
/**
 * Two-word additions (the big sweeps) are queued in buckets by hash, so that a bucket's
 * additions land in one region of the table, BUCKET_REGION bytes or so: each region is a few
 * huge pages, whose address translations then stay cached while the bucket is applied. Queued
 * in one batch, a 10 GiB table's additions each missed the TLB as well as the cache.
 */
const BUCKET_REGION = 4 * 2 ** 20;
/** At most 4,096 buckets: their queues then take 5 MiB, beside tables of 16 GiB. */
const MOST_BUCKETS_LOG = 12;
/**
 * Tables up to STAGED_TABLE_BYTES (a 6-wide sweep's: tens of megabytes) queue more: buckets of
 * STAGED_REGION bytes of table (a share of a core's L2 cache) holding up to STAGED_ADDITIONS
 * additions between them. A bucket applied then brings its region into the cache once and
 * most of its additions hit lines already there, where 64 additions over 4 MiB each missed.
 */
const STAGED_TABLE_BYTES = 256 * 2 ** 20;
const STAGED_REGION = 256 * 2 ** 10;
const STAGED_ADDITIONS = 2 ** 20;
const MOST_STAGED_BATCH = 2 ** 13;
/**
 * Staged buckets are applied whole while the table holds less than this share of its limit
 * (a region may then run up to half its slots ahead of the table's load), then at the room
 * left over the buckets (LayerTable.applyAt).
 */
const STAGED_WHOLE = 0.6;
/**
 * The queues of staged additions (key words and counts, and hashes) a released table left for
 * the next one: a sweep builds a table per cell, and fresh queues of 20 MiB each time cost their
 * page faults again.
 */
let stagedQueues: { words: Uint32Array; hashes: Uint32Array } | undefined;
/**
 * Tables of fewer slots than this apply two-word additions with 32-bit integer arithmetic
 * (`applyPairsInt`): word offsets (4 a slot) stay below 2^31, so slots and offsets are int32.
 */
export const INT_SLOTS = 2 ** 28;

/**
 * Compare the entries at `a` and `b` (word offsets) by (hash, last key word, …, first): the
 * order of sorted runs. Negative, zero or positive.
 */
export function compareEntries(
  x: Uint32Array,
  a: number,
  hashA: number,
  y: Uint32Array,
  b: number,
  hashB: number,
  kw: number,
): number {
  if (hashA !== hashB) return hashA < hashB ? -1 : 1;
  for (let i = kw - 1; i >= 0; i--) {
    const p = x[a + i]! | (i === kw - 1 ? USED : 0);
    const q = y[b + i]! | (i === kw - 1 ? USED : 0);
    if (p !== q) return p >>> 0 < q >>> 0 ? -1 : 1;
  }
  return 0;
}

/**
 * Add the count (lo, hi) to the count at `words[at..at+2)`, modulo 2^64 (`prime` 0) or modulo
 * `prime`. Returns true when a 2^64 sum carried out (the count wrapped).
 */
export function addCount(words: Uint32Array, at: number, lo: number, hi: number, prime: number) {
  if (prime === 0) {
    const low = words[at]! + lo;
    const carry = low >= WORD ? 1 : 0;
    const high = words[at + 1]! + hi + carry;
    // Stores wrap modulo 2^32.
    words[at] = low;
    words[at + 1] = high;
    return high >= WORD;
  }
  let sum = words[at + 1]! * WORD + words[at]! + (hi * WORD + lo);
  if (sum >= prime) sum -= prime;
  words[at] = sum;
  words[at + 1] = Math.floor(sum / WORD);
  return false;
}

export class LayerTable {
  readonly keyWords: number;
  /** 32-bit words per entry: the key, then two count words. */
  readonly stride: number;
  /** 0: counts modulo 2^64; otherwise a prime below 2^52. */
  readonly prime: number;
  capacity: number;
  size = 0;
  /** Whether some count carried out of 2^64 (prime 0 only). */
  overflowed = false;
  words: Uint32Array;
  /** `words` as signed 32-bit integers (the same buffer): what applyPairsInt reads and writes. */
  private ints: Int32Array;
  /** Whether two-word additions take applyPairsInt (capacity below INT_SLOTS, and allowed). */
  private intPath: boolean;
  private readonly intSlots: number;
  /** Called when the table reaches `limit` states: the owner must make room (`grow` or drain). */
  onFull: (table: LayerTable) => void = () => {};
  /** The load at which onFull is called. */
  limit: number;
  private scale: number;
  private readonly maxLoad: number;
  private pending = 0;
  private readonly pendingKeys: Uint32Array;
  private readonly pendingCounts = new Float64Array(2 * BATCH);
  private readonly pendingHashes = new Float64Array(BATCH);
  /** Home slots of a batch being applied (a capacity may pass 2^31). */
  private readonly homes: Float64Array;
  /** The same below INT_SLOTS. */
  private readonly homesInt: Int32Array;
  /** Two-word additions modulo 2^64 go through the buckets. */
  private readonly pairs: boolean;
  /** log2 of the number of buckets: a key's bucket is the top bits of its hash. */
  private readonly bucketsLog: number;
  /** Additions a bucket has room for. */
  private readonly bucketBatch: number;
  /**
   * Additions at which a bucket is applied: its room while the table is below STAGED_WHOLE of
   * its limit, then the free room under `limit` over the buckets, so that no region fills far
   * ahead of the rest near the limit (buckets of 8,192 additions into regions of 16,384 slots
   * applied whole up to the limit overran them into the next regions, and a table drained
   * full was then so far from sorted that its insertion sort took 40 times as long: a 6×5
   * open sweep spilling under 4 MiB went from 1.5 to 11 s of CPU).
   */
  private applyAt: number;
  /** Each bucket's queued additions: key words (used mark set), count low, count high. */
  private readonly bucketWords: Uint32Array;
  /** Whether the bucket queues are the staged ones (STAGED_ADDITIONS, handed on at release). */
  private readonly staged: boolean;
  private readonly bucketInts: Int32Array;
  private readonly bucketHashes: Uint32Array;
  private readonly bucketFill: Int32Array;
  /** Where flush's touches go, so the compiler cannot drop them. */
  sink = 0;
  /** Whether the table was built in a buffer handed to the constructor. */
  readonly reused: boolean = false;

  /**
   * `reuse`: a buffer no longer needed (a layer already read) to build the table in when it is
   * large enough; it is cleared here. Reusing saves the page faults of fresh memory, which
   * cost as much as the sweep itself on tables of a few megabytes. `bucketRegion`: the bytes
   * of table a bucket of two-word additions covers (tests and benchmarks vary it).
   * `intSlots`: apply two-word additions with integer arithmetic while the table has fewer
   * slots than this (capped at INT_SLOTS, the default; 0 keeps the general path: a
   * cross-check, and tests pass a small bound to see a table grow past it).
   */
  constructor(
    keyWords: number,
    capacity: number,
    prime: number,
    maxLoad: number,
    reuse?: Uint32Array | undefined,
    bucketRegion?: number | undefined,
    intSlots = INT_SLOTS,
  ) {
    this.keyWords = keyWords;
    this.stride = keyWords + 2;
    this.prime = prime;
    this.maxLoad = maxLoad;
    this.capacity = Math.max(16, Math.ceil(capacity));
    this.scale = this.capacity / WORD;
    this.limit = Math.max(1, Math.floor(this.capacity * maxLoad));
    const length = this.capacity * this.stride;
    if (reuse && reuse.buffer.byteLength >= length * 4) {
      this.words = new Uint32Array(reuse.buffer, 0, length);
      this.words.fill(0);
      this.reused = true;
    } else {
      this.words = new Uint32Array(length);
    }
    this.intSlots = Math.min(intSlots, INT_SLOTS);
    this.ints = new Int32Array(this.words.buffer, this.words.byteOffset, this.words.length);
    this.pendingKeys = new Uint32Array(BATCH * keyWords);
    this.pairs = keyWords === 2 && prime === 0;
    const tableBytes = this.capacity * this.stride * 4;
    const staged = bucketRegion === undefined && tableBytes <= STAGED_TABLE_BYTES;
    const regions = tableBytes / (bucketRegion ?? (staged ? STAGED_REGION : BUCKET_REGION));
    this.bucketsLog = this.pairs
      ? Math.min(MOST_BUCKETS_LOG, Math.max(0, Math.ceil(Math.log2(regions))))
      : 0;
    const buckets = this.pairs ? 2 ** this.bucketsLog : 0;
    this.bucketBatch = staged
      ? Math.max(BATCH, Math.min(MOST_STAGED_BATCH, STAGED_ADDITIONS >> this.bucketsLog))
      : BATCH;
    const batch = this.bucketBatch;
    this.applyAt = batch;
    this.homes = new Float64Array(batch);
    this.homesInt = new Int32Array(batch);
    this.staged = staged && this.pairs;
    if (this.staged) {
      // Every staged table's queues have room for STAGED_ADDITIONS (pages never written stay
      // unallocated): one table's queues serve the next.
      const queues = stagedQueues ?? {
        words: new Uint32Array(STAGED_ADDITIONS * 4),
        hashes: new Uint32Array(STAGED_ADDITIONS),
      };
      stagedQueues = undefined;
      this.bucketWords = queues.words;
      this.bucketHashes = queues.hashes;
    } else {
      this.bucketWords = new Uint32Array(buckets * batch * 4);
      this.bucketHashes = new Uint32Array(buckets * batch);
    }
    this.bucketInts = new Int32Array(this.bucketWords.buffer);
    this.intPath = this.pairs && this.capacity < this.intSlots;
    this.bucketFill = new Int32Array(buckets);
  }

  get bytes(): number {
    return this.words.byteLength;
  }

  /** Queue the addition of (lo + hi·2^32) to the count of `key`; applied by `flush`. */
  queue(key: Uint32Array, lo: number, hi: number): void {
    const kw = this.keyWords;
    const n = this.pending;
    const at = n * kw;
    for (let i = 0; i < kw; i++) this.pendingKeys[at + i] = key[i]!;
    this.pendingCounts[2 * n] = lo;
    this.pendingCounts[2 * n + 1] = hi;
    if (++this.pending === BATCH) this.flush();
  }

  /** queue for two-word keys. */
  queuePair(k0: number, k1: number, lo: number, hi: number): void {
    if (this.pairs) {
      const last = (k1 | USED) >>> 0;
      const h = hashPair(k0, last);
      // Shifted twice: a shift by 32 would shift by 0.
      const bucket = (h >>> 1) >>> (31 - this.bucketsLog);
      const fill = this.bucketFill[bucket]!;
      const batch = this.bucketBatch;
      const i = bucket * batch + fill;
      const bw = this.bucketWords;
      this.bucketHashes[i] = h;
      bw[4 * i] = k0;
      bw[4 * i + 1] = last;
      bw[4 * i + 2] = lo;
      bw[4 * i + 3] = hi;
      if (fill + 1 >= this.applyAt) {
        this.bucketFill[bucket] = 0;
        if (this.intPath) this.applyPairsInt(bucket * batch, fill + 1);
        else this.applyPairs(bucket * batch, fill + 1);
        if (this.staged) this.stageFor();
      } else {
        this.bucketFill[bucket] = fill + 1;
      }
      return;
    }
    const n = this.pending;
    this.pendingKeys[2 * n] = k0;
    this.pendingKeys[2 * n + 1] = k1;
    this.pendingCounts[2 * n] = lo;
    this.pendingCounts[2 * n + 1] = hi;
    if (++this.pending === BATCH) this.flush();
  }

  /** applyAt for the table as it is now (staged buckets). */
  private stageFor(): void {
    if (this.size < STAGED_WHOLE * this.limit) {
      this.applyAt = this.bucketBatch;
      return;
    }
    const room = Math.floor((this.limit - this.size) / this.bucketFill.length);
    this.applyAt = Math.max(BATCH, Math.min(this.bucketBatch, room));
  }

  /**
   * Apply the queued additions. The target slots of the whole batch are touched first, in one
   * tight loop, so that their cache misses overlap instead of being paid one after another.
   */
  flush(): void {
    if (this.pairs) {
      const fills = this.bucketFill;
      for (let bucket = 0; bucket < fills.length; bucket++) {
        const n = fills[bucket]!;
        if (n === 0) continue;
        fills[bucket] = 0;
        if (this.intPath) this.applyPairsInt(bucket * this.bucketBatch, n);
        else this.applyPairs(bucket * this.bucketBatch, n);
      }
      if (this.staged) this.stageFor();
    }
    const n = this.pending;
    if (n === 0) return;
    this.pending = 0;
    const kw = this.keyWords;
    const pk = this.pendingKeys;
    const pc = this.pendingCounts;
    const hashes = this.pendingHashes;
    const stride = this.stride;
    const scale = this.scale;
    let words = this.words;
    let touch = 0;
    for (let j = 0; j < n; j++) {
      const h =
        kw === 2 ? hashPair(pk[2 * j]!, (pk[2 * j + 1]! | USED) >>> 0) : hashKey(pk, j * kw, kw);
      hashes[j] = h;
      touch ^= words[Math.floor(h * scale) * stride + kw - 1]!;
    }
    this.sink = touch;
    for (let j = 0; j < n; j++) {
      const base = this.slotOf(pk, j * kw, hashes[j]!) * stride;
      words = this.words;
      if (words[base + kw - 1] === 0) {
        for (let i = 0; i < kw - 1; i++) words[base + i] = pk[j * kw + i]!;
        words[base + kw - 1] = (pk[j * kw + kw - 1]! | USED) >>> 0;
        words[base + kw] = pc[2 * j]!;
        words[base + kw + 1] = pc[2 * j + 1]!;
        if (++this.size >= this.limit) this.onFull(this);
      } else if (addCount(words, base + kw, pc[2 * j]!, pc[2 * j + 1]!, this.prime)) {
        this.overflowed = true;
      }
    }
  }

  /**
   * Apply `n` queued two-word additions (counts modulo 2^64, entries of 16 bytes: the common
   * case) from `first` on in the bucket arrays: their home slots first, then one tight loop
   * that only touches them (with nothing else in it, their cache misses overlap), then the
   * probes. A table that grows in between has the rest's homes recomputed from their hashes.
   */
  private applyPairs(first: number, n: number): void {
    const bw = this.bucketWords;
    const hashes = this.bucketHashes;
    const homes = this.homes;
    let words = this.words;
    let cap = this.capacity;
    const scale = this.scale;
    for (let j = 0; j < n; j++) homes[j] = Math.floor(hashes[first + j]! * scale);
    let touch = 0;
    for (let j = 0; j < n; j++) touch ^= words[homes[j]! * 4 + 1]!;
    this.sink = touch;
    for (let j = 0; j < n; j++) {
      const at = 4 * (first + j);
      const k0 = bw[at]!;
      const k1 = bw[at + 1]!;
      let s = homes[j]!;
      for (;;) {
        const base = s * 4;
        const here = words[base + 1]!;
        if (here === 0) {
          words[base] = k0;
          words[base + 1] = k1;
          words[base + 2] = bw[at + 2]!;
          words[base + 3] = bw[at + 3]!;
          if (++this.size >= this.limit) {
            this.onFull(this);
            words = this.words;
            if (this.capacity !== cap) {
              cap = this.capacity;
              for (let i = j + 1; i < n; i++)
                homes[i] = Math.floor(hashes[first + i]! * this.scale);
            }
          }
          break;
        }
        if (here === k1 && words[base] === k0) {
          const low = words[base + 2]! + bw[at + 2]!;
          const carry = low >= WORD ? 1 : 0;
          const high = words[base + 3]! + bw[at + 3]! + carry;
          words[base + 2] = low;
          words[base + 3] = high;
          if (high >= WORD) this.overflowed = true;
          break;
        }
        if (++s === cap) s = 0;
      }
    }
  }

  /**
   * applyPairs for tables below INT_SLOTS slots: slots, word offsets and count words are int32
   * (no conversions to and from floating point in the probe loop). Counts add with the carry
   * found by an unsigned comparison; a carry out of the high word marks `overflowed`. A table
   * that grows to INT_SLOTS or more in between hands the rest of the batch to applyPairs.
   */
  private applyPairsInt(first: number, n: number): void {
    const bw = this.bucketInts;
    const hashes = this.bucketHashes;
    const homes = this.homesInt;
    const words = this.ints;
    const cap = this.capacity | 0;
    const scale = this.scale;
    // Home slots and the touches in one loop: the loads are independent, their misses overlap.
    let touch = 0;
    for (let j = 0; j < n; j++) {
      const home = (hashes[first + j]! * scale) | 0;
      homes[j] = home;
      touch ^= words[(home << 2) + 1]!;
    }
    this.sink = touch;
    let size = this.size;
    const limit = this.limit;
    let overflowed = false;
    for (let j = 0; j < n; j++) {
      const at = (first + j) << 2;
      const k0 = bw[at]!;
      const k1 = bw[at + 1]!;
      let s = homes[j]!;
      for (;;) {
        const base = s << 2;
        const here = words[base + 1]!;
        if (here === 0) {
          words[base] = k0;
          words[base + 1] = k1;
          words[base + 2] = bw[at + 2]!;
          words[base + 3] = bw[at + 3]!;
          if (++size >= limit) {
            this.size = size;
            if (overflowed) this.overflowed = true;
            this.onFull(this);
            // Grown (or drained): the rest of the batch goes to the table as it is now.
            if (this.intPath) this.applyPairsInt(first + j + 1, n - j - 1);
            else this.applyPairs(first + j + 1, n - j - 1);
            return;
          }
          break;
        }
        if (here === k1 && words[base] === k0) {
          const a = words[base + 2]!;
          const low = (a + bw[at + 2]!) | 0;
          const carry = low >>> 0 < a >>> 0 ? 1 : 0;
          const high = (words[base + 3]! >>> 0) + (bw[at + 3]! >>> 0) + carry;
          words[base + 2] = low;
          words[base + 3] = high | 0;
          if (high >= WORD) overflowed = true;
          break;
        }
        if (++s === cap) s = 0;
      }
    }
    this.size = size;
    if (overflowed) this.overflowed = true;
  }

  /** The slot holding the key at `from[off..]`, or the empty slot where it belongs. */
  private slotOf(from: Uint32Array, off: number, h: number): number {
    const kw = this.keyWords;
    const stride = this.stride;
    const words = this.words;
    const cap = this.capacity;
    const last = (from[off + kw - 1]! | USED) >>> 0;
    let s = Math.floor(h * this.scale);
    for (;;) {
      const base = s * stride;
      const here = words[base + kw - 1]!;
      if (here === 0) return s;
      if (here === last) {
        let same = true;
        for (let i = 0; i < kw - 1; i++) {
          if (words[base + i] !== from[off + i]) {
            same = false;
            break;
          }
        }
        if (same) return s;
      }
      if (++s === cap) s = 0;
    }
  }

  /**
   * Move every entry to the front, in slot order (the buffer past them is left as is), and
   * return how many there are. With `sorted`, finish by sorting them by (hash, key): they are
   * nearly in that order already (home slots follow the hash), so an insertion sort moves
   * each entry only past its probe displacement; the few that wrapped round the end of the
   * table go last before that.
   */
  drain(sorted: boolean): number {
    const { words, stride, keyWords: kw, capacity } = this;
    let wrapped: number[] = [];
    let at = 0;
    let s = 0;
    if (sorted) {
      // Entries before the first empty slot may have wrapped: their home is past them.
      for (; s < capacity && words[s * stride + kw - 1] !== 0; s++) {
        const base = s * stride;
        const home = Math.floor(hashKey(words, base, kw) * this.scale);
        if (home > s) wrapped = wrapped.concat(Array.from(words.subarray(base, base + stride)));
        else {
          if (at !== base) words.copyWithin(at, base, base + stride);
          at += stride;
        }
      }
    }
    if (stride === 4 && capacity < INT_SLOTS) at = compactPairs(this.ints, s, capacity, at);
    else {
      for (; s < capacity; s++) {
        const base = s * stride;
        if (words[base + kw - 1] === 0) continue;
        if (at !== base) for (let i = 0; i < stride; i++) words[at + i] = words[base + i]!;
        at += stride;
      }
    }
    for (const x of wrapped) words[at++] = x;
    const count = at / stride;
    if (count !== this.size) throw new Error("frontier table lost states while draining");
    if (sorted) insertionSort(words, count, stride, kw);
    return count;
  }

  /**
   * Rebuild with `capacity` slots (the caller checked the memory: the old buffer and the new
   * one are both held while the entries move).
   */
  grow(capacity: number): void {
    const old = this.words;
    const { stride, keyWords: kw } = this;
    this.capacity = Math.ceil(capacity);
    this.scale = this.capacity / WORD;
    this.limit = Math.max(1, Math.floor(this.capacity * this.maxLoad));
    this.words = new Uint32Array(this.capacity * stride);
    this.ints = new Int32Array(this.words.buffer);
    this.intPath = this.pairs && this.capacity < this.intSlots;
    const words = this.words;
    const cap = this.capacity;
    let moved = 0;
    for (let from = 0; from < old.length; from += stride) {
      if (old[from + kw - 1] === 0) continue;
      let s = Math.floor(hashKey(old, from, kw) * this.scale);
      while (words[s * stride + kw - 1] !== 0) if (++s === cap) s = 0;
      words.set(old.subarray(from, from + stride), s * stride);
      moved++;
    }
    if (moved !== this.size) throw new Error("frontier table lost states while growing");
  }

  /**
   * Let go of the buffer (the table is unusable afterwards), unless a layer still lives in it:
   * a stale reference to the table then no longer holds gigabytes.
   */
  release(): void {
    this.words = new Uint32Array(0);
    this.ints = new Int32Array(0);
    if (this.staged && this.bucketFill.every((fill) => fill === 0)) {
      stagedQueues = { words: this.bucketWords, hashes: this.bucketHashes };
    }
    this.capacity = 0;
  }

  /** Empty the table (after `drain`, whose entries are then overwritten). */
  clear(): void {
    this.words.fill(0);
    this.size = 0;
  }
}

/**
 * drain's move for entries of 4 words (two-word keys) in a table below INT_SLOTS slots: the
 * used entries of slots `from`.. moved down to word `at` on; returns the word after them.
 */
function compactPairs(words: Int32Array, from: number, capacity: number, at: number): number {
  let to = at | 0;
  for (let s = from | 0; s < capacity; s++) {
    const base = s << 2;
    const k1 = words[base + 1]!;
    if (k1 === 0) continue;
    if (to !== base) {
      words[to] = words[base]!;
      words[to + 1] = k1;
      words[to + 2] = words[base + 2]!;
      words[to + 3] = words[base + 3]!;
    }
    to += 4;
  }
  return to;
}

/** Sort `count` entries of `stride` words by (hash, key), in place. */
function insertionSort(words: Uint32Array, count: number, stride: number, kw: number): void {
  const entry = new Uint32Array(stride);
  let previous = count > 0 ? hashKey(words, 0, kw) : 0;
  for (let i = 1; i < count; i++) {
    const base = i * stride;
    const h = hashKey(words, base, kw);
    if (compareEntries(words, base - stride, previous, words, base, h, kw) <= 0) {
      previous = h;
      continue;
    }
    for (let k = 0; k < stride; k++) entry[k] = words[base + k]!;
    let j = i - 1;
    while (j >= 0) {
      const at = j * stride;
      if (compareEntries(words, at, hashKey(words, at, kw), entry, 0, h, kw) <= 0) break;
      words.copyWithin(at + stride, at, at + stride);
      j--;
    }
    words.set(entry, (j + 1) * stride);
    previous = hashKey(words, base, kw);
  }
}
