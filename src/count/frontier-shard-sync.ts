import type { LayerSink } from "./frontier-cell.js";
import { hashKey, hashPair } from "./key-hash.js";
import { type LayerTable, USED } from "./layer-table.js";

/**
 * What the threads of one frontier sweep share (frontier-shard.ts runs the sweep itself): a
 * barrier, the decisions thread 0 makes between cells, every thread's figures per cell, and the
 * boxes in which a thread hands the states it built to the thread that owns their keys. All of
 * it lives in SharedArrayBuffers made once per sweep (`shardShared`), plain data that crosses to
 * a worker as it is; the threads never post messages to each other.
 *
 * A state belongs to thread `shardOf(hash of its key)`. Each thread reads its own share of the
 * layer and builds its own share of the next one: a state it makes for itself goes straight
 * into its table, one for thread j into its box for j. A full box (or a thread waiting while
 * this one has a good part of a box to give) calls an exchange: every thread meets at the
 * barrier, then adds what the others left for it into its table. The boxes are double
 * buffered — a round writes one set while the set of the round before is read — so one
 * barrier per round suffices: a set is written again only after the barrier that follows its
 * reading.
 */

/** The thread owning a key of hash `h` (low bits: the tables place keys by their high bits). */
export function shardOf(h: number, threads: number): number {
  return (h & 0x7fffffff) % threads;
}

/** Most words an entry of any sweep takes (five key words for a 29-cell window, two counts). */
export const MAX_ENTRY_WORDS = 8;

// Control words.
const ARRIVED = 0;
const GENERATION = 1;
/** 0, or 1 + the thread that failed first. */
const FAILED = 2;
/** Set once the failed thread's message is written. */
const MESSAGE_READY = 3;
/** What thread 0 decided at the top of a cell (DECIDE_* bits). */
const DECISION = 4;
/** Set by a thread whose part of a snapshot could not be written. */
const SNAPSHOT_FAILED = 5;
const CONTROL_WORDS = 8;

export const DECIDE_STOP_LIMIT = 1;
export const DECIDE_STOP_ABORTED = 2;
export const DECIDE_SNAPSHOT = 4;

/** A thread's figures for one cell, in `stats` (float64 each). */
export const Stat = {
  /** Total count of the layer read (float), and whether sums passed 2^64 (lane 0). */
  Total: 0,
  MergeOverflow: 1,
  TableOverflow: 2,
  TallyOverflow: 3,
  States: 4,
  BytesInMemory: 5,
  BytesOnDisk: 6,
  Transitions: 7,
  TableBytes: 8,
  TableReused: 9,
} as const;
export type Stat = (typeof Stat)[keyof typeof Stat];
export const STATS = 10;

/** The shared memory of one threaded sweep (see the file comment). */
export interface ShardShared {
  readonly threads: number;
  /** Cells of the board (the per-cell figures are kept for every cell). */
  readonly cells: number;
  /** Entries per box, and words per entry the boxes have room for. */
  readonly boxEntries: number;
  readonly entryWords: number;
  readonly control: SharedArrayBuffer;
  readonly stats: SharedArrayBuffer;
  readonly boxes: SharedArrayBuffer;
  readonly message: SharedArrayBuffer;
}

/** Bytes of the message a failed thread leaves for thread 0. */
const MESSAGE_BYTES = 1 << 16;

/**
 * The shared memory for `threads` threads sweeping a board of `cells` cells under a ceiling of
 * `maxBytes`, with entries of at most `entryWords` words. The boxes — 2 sets × threads² — take
 * 64 MiB, or a sixteenth of a smaller ceiling: a box lets its writer run ahead of its reader by
 * that much, so a thread the system pauses for a moment does not stop the others at once.
 */
export function shardShared(
  threads: number,
  cells: number,
  maxBytes = 2 ** 32,
  entryWords = MAX_ENTRY_WORDS,
): ShardShared {
  if (!Number.isSafeInteger(threads) || threads < 1) {
    throw new Error(`a sharded sweep needs a positive whole number of threads; got ${threads}`);
  }
  if (entryWords > MAX_ENTRY_WORDS) {
    throw new Error(`a sharded sweep takes entries of at most ${MAX_ENTRY_WORDS} words`);
  }
  const boxBytes = Math.min(2 ** 26, maxBytes / 16);
  const perBox = boxBytes / (2 * threads * threads * 4 * entryWords);
  const boxEntries = Math.max(64, Math.floor(perBox));
  return {
    threads,
    cells,
    boxEntries,
    entryWords,
    control: new SharedArrayBuffer(4 * (CONTROL_WORDS + 2 * threads * threads + 2 * threads)),
    stats: new SharedArrayBuffer(8 * threads * (cells * STATS + 2)),
    boxes: new SharedArrayBuffer(4 * 2 * threads * threads * boxEntries * entryWords),
    message: new SharedArrayBuffer(MESSAGE_BYTES),
  };
}

/** Thrown in a thread when another failed: its own error is what the sweep reports. */
export class ShardAborted extends Error {
  constructor() {
    super("another thread of the frontier sweep failed");
  }
}

/** What a failed thread tells thread 0 (the error rebuilt there). */
export interface ShardFailure {
  readonly thread: number;
  readonly message: string;
  readonly name?: string | undefined;
  readonly code?: string | undefined;
  readonly bytes?: number | undefined;
  readonly limit?: number | undefined;
}

/** One thread's view of the shared memory: barrier, decisions, figures, failure. */
export class ShardSync {
  readonly threads: number;
  readonly me: number;
  readonly shared: ShardShared;
  readonly control: Int32Array;
  readonly stats: Float64Array;
  /** Which set of boxes the current round writes (the same on every thread). */
  parity = 0;

  constructor(shared: ShardShared, me: number) {
    this.shared = shared;
    this.threads = shared.threads;
    this.me = me;
    this.control = new Int32Array(shared.control);
    this.stats = new Float64Array(shared.stats);
  }

  /**
   * Wait until every thread has arrived. Throws ShardAborted when a thread has failed (checked
   * while waiting, so a thread that dies between barriers never leaves the others hanging).
   */
  barrier(): void {
    const c = this.control;
    if (Atomics.load(c, FAILED) !== 0) throw new ShardAborted();
    const generation = Atomics.load(c, GENERATION);
    if (Atomics.add(c, ARRIVED, 1) === this.threads - 1) {
      Atomics.store(c, ARRIVED, 0);
      Atomics.add(c, GENERATION, 1);
      Atomics.notify(c, GENERATION);
      return;
    }
    for (;;) {
      Atomics.wait(c, GENERATION, generation, 250);
      if (Atomics.load(c, GENERATION) !== generation) return;
      if (Atomics.load(c, FAILED) !== 0) throw new ShardAborted();
    }
  }

  /** Whether some thread waits at the barrier. */
  someoneWaiting(): boolean {
    return Atomics.load(this.control, ARRIVED) !== 0;
  }

  /** Thread 0: publish the decision the others read after the next barrier. */
  setDecision(bits: number): void {
    Atomics.store(this.control, DECISION, bits);
    Atomics.store(this.control, SNAPSHOT_FAILED, 0);
  }

  decision(): number {
    return Atomics.load(this.control, DECISION);
  }

  snapshotFailed(): void {
    Atomics.store(this.control, SNAPSHOT_FAILED, 1);
  }

  /** Whether a thread's part of the snapshot failed (read after a barrier). */
  snapshotOk(): boolean {
    return Atomics.load(this.control, SNAPSHOT_FAILED) === 0;
  }

  /** Offset of thread `thread`'s figures for `cell` in `stats`. */
  statAt(thread: number, cell: number): number {
    return (thread * this.shared.cells + cell) * STATS;
  }

  /** Offset of thread `thread`'s tally (low, high words) in `stats`. */
  tallyAt(thread: number): number {
    return this.threads * this.shared.cells * STATS + 2 * thread;
  }

  /** The sum over threads of one figure of one cell. */
  sum(cell: number, stat: Stat): number {
    let s = 0;
    for (let i = 0; i < this.threads; i++) s += this.stats[this.statAt(i, cell) + stat]!;
    return s;
  }

  /**
   * Record this thread's failure and wake the others (the first failure wins; it is the one
   * thread 0 reports). Never throws.
   */
  fail(failure: Omit<ShardFailure, "thread">): void {
    const c = this.control;
    if (Atomics.compareExchange(c, FAILED, 0, this.me + 1) === 0) {
      const text = new TextEncoder().encode(JSON.stringify({ ...failure, thread: this.me }));
      const bytes = new Uint8Array(this.shared.message);
      const length = Math.min(text.length, bytes.length - 4);
      new DataView(this.shared.message).setUint32(0, length, true);
      bytes.set(text.subarray(0, length), 4);
      Atomics.store(c, MESSAGE_READY, 1);
    }
    Atomics.notify(c, GENERATION);
  }

  /** The failure another thread recorded (waits up to a few seconds for its message). */
  failure(): ShardFailure | undefined {
    const c = this.control;
    const who = Atomics.load(c, FAILED);
    if (who === 0 || who === this.me + 1) return undefined;
    for (let i = 0; i < 40 && Atomics.load(c, MESSAGE_READY) === 0; i++) {
      Atomics.wait(c, MESSAGE_READY, 0, 100);
    }
    if (Atomics.load(c, MESSAGE_READY) === 0) {
      return { thread: who - 1, message: `thread ${who - 1} of the frontier sweep failed` };
    }
    const length = new DataView(this.shared.message).getUint32(0, true);
    const text = new TextDecoder().decode(new Uint8Array(this.shared.message, 4, length).slice());
    try {
      return JSON.parse(text) as ShardFailure;
    } catch {
      return { thread: who - 1, message: text };
    }
  }
}

/**
 * A thread's sink for the transitions of a cell: states it owns go into its table, the others
 * into its boxes, exchanged as described above. Nothing is allocated per state.
 */
export class ShardRouter implements LayerSink {
  /** The table this thread builds (undefined at the last cell, which queues nothing). */
  table: LayerTable | undefined;
  private readonly sync: ShardSync;
  private readonly threads: number;
  private readonly me: number;
  private readonly kw: number;
  private readonly stride: number;
  private readonly boxEntries: number;
  private readonly boxWords: number;
  private readonly boxes: Uint32Array;
  /** Entries in each of this thread's boxes of the current set. */
  private readonly fill: Int32Array;
  private readonly key: Uint32Array;
  /** Fills and done flags, per set (after the control words). */
  private readonly fillsAt: number;
  private readonly doneAt: number;
  /** States sent to other threads since the last look at the barrier. */
  private sent = 0;

  constructor(sync: ShardSync, kw: number) {
    const { threads, me, shared } = sync;
    this.sync = sync;
    this.threads = threads;
    this.me = me;
    this.kw = kw;
    this.stride = kw + 2;
    if (this.stride > shared.entryWords) {
      throw new Error(
        `the threads' boxes take entries of ${shared.entryWords} words, not ${this.stride}`,
      );
    }
    this.boxEntries = shared.boxEntries;
    this.boxWords = shared.boxEntries * shared.entryWords;
    this.boxes = new Uint32Array(shared.boxes);
    this.fill = new Int32Array(threads);
    this.key = new Uint32Array(kw);
    this.fillsAt = CONTROL_WORDS;
    this.doneAt = CONTROL_WORDS + 2 * threads * threads;
  }

  /** First word of the box from `from` to `to` in set `set`. */
  private boxAt(set: number, from: number, to: number): number {
    return ((set * this.threads + from) * this.threads + to) * this.boxWords;
  }

  queuePair(k0: number, k1: number, lo: number, hi: number): void {
    const s = shardOf(hashPair(k0, (k1 | USED) >>> 0), this.threads);
    if (s === this.me) {
      this.table!.queuePair(k0, k1, lo, hi);
      return;
    }
    const f = this.fill[s]!;
    const at = this.boxAt(this.sync.parity, this.me, s) + f * 4;
    const boxes = this.boxes;
    boxes[at] = k0;
    boxes[at + 1] = k1;
    boxes[at + 2] = lo;
    boxes[at + 3] = hi;
    this.sent2(s, f + 1);
  }

  queue(key: Uint32Array, lo: number, hi: number): void {
    const kw = this.kw;
    const s = shardOf(hashKey(key, 0, kw), this.threads);
    if (s === this.me) {
      this.table!.queue(key, lo, hi);
      return;
    }
    const f = this.fill[s]!;
    const at = this.boxAt(this.sync.parity, this.me, s) + f * this.stride;
    const boxes = this.boxes;
    for (let i = 0; i < kw; i++) boxes[at + i] = key[i]!;
    boxes[at + kw] = lo;
    boxes[at + kw + 1] = hi;
    this.sent2(s, f + 1);
  }

  /**
   * Box `s` now holds `filled` entries: exchange when it is full, or when a thread waits at the
   * barrier and this one has an eighth of a box for it (looked at every 1,024 states sent).
   */
  private sent2(s: number, filled: number): void {
    this.fill[s] = filled;
    if (filled === this.boxEntries) this.exchange(false);
    else if ((++this.sent & 1023) === 0) {
      if (filled > this.boxEntries >> 3 && this.sync.someoneWaiting()) this.exchange(false);
    }
  }

  /**
   * One round: publish this thread's fills (and whether it has finished the cell), meet the
   * others at the barrier, add what they left for this thread to its table. Returns whether
   * every thread had finished the cell (then nothing more comes).
   */
  exchange(finished: boolean): boolean {
    const { sync, threads, me } = this;
    const control = sync.control;
    const set = sync.parity;
    for (let j = 0; j < threads; j++) {
      Atomics.store(control, this.fillsAt + (set * threads + me) * threads + j, this.fill[j]!);
    }
    Atomics.store(control, this.doneAt + set * threads + me, finished ? 1 : 0);
    sync.barrier();
    let all = true;
    for (let i = 0; i < threads; i++) {
      if (Atomics.load(control, this.doneAt + set * threads + i) === 0) all = false;
    }
    for (let i = 0; i < threads; i++) {
      if (i === me) continue;
      const n = Atomics.load(control, this.fillsAt + (set * threads + i) * threads + me);
      if (n > 0) this.take(this.boxAt(set, i, me), n);
    }
    sync.parity = set ^ 1;
    this.fill.fill(0);
    this.sent = 0;
    return all;
  }

  /** Add the `n` entries of the box at `at` to this thread's table. */
  private take(at: number, n: number): void {
    const table = this.table;
    if (!table) throw new Error("frontier shard: states arrived at the last cell");
    const { boxes, kw, stride, key } = this;
    if (kw === 2) {
      for (let e = 0, p = at; e < n; e++, p += 4) {
        table.queuePair(boxes[p]!, boxes[p + 1]!, boxes[p + 2]!, boxes[p + 3]!);
      }
      return;
    }
    for (let e = 0, p = at; e < n; e++, p += stride) {
      for (let i = 0; i < kw; i++) key[i] = boxes[p + i]!;
      table.queue(key, boxes[p + kw]!, boxes[p + kw + 1]!);
    }
  }

  /** The end of a cell for this thread: exchange until every thread has finished it. */
  finishCell(): void {
    while (!this.exchange(true)) {}
  }
}
