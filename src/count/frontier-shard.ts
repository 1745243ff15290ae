import type { Board } from "../core/board.js";
import { type ErrorCode, KnightError, MemoryLimitError } from "../core/errors.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import { countBound, countByLanes, type LaneRun } from "./frontier.js";
import { FrontierStop } from "./frontier-exact.js";
import { lanePrime } from "./frontier-lanes.js";
import {
  CHUNK_ENTRIES,
  type Layer,
  layerBytesInMemory,
  layerBytesOnDisk,
  layerChunks,
  type MergeState,
} from "./frontier-layer.js";
import { releaseLayer, SweepMemory } from "./frontier-memory.js";
import { type LanePlan, lanePlanFor } from "./frontier-shard-plan.js";
import {
  DECIDE_SNAPSHOT,
  DECIDE_STOP_ABORTED,
  DECIDE_STOP_LIMIT,
  ShardAborted,
  type ShardFailure,
  ShardRouter,
  type ShardSync,
  Stat,
  shardOf,
} from "./frontier-shard-sync.js";
import type { LaneStart } from "./frontier-snapshot.js";
import type { FrontierOptions, FrontierResult, FrontierSnapshot } from "./frontier-types.js";
import { hashKey, hashPair } from "./key-hash.js";
import { USED, WORD } from "./layer-table.js";

/**
 * The frontier sweep on several threads (docs/counting.md, "The sweep on every core"): the same cells, lanes
 * and transitions as frontier.ts, each thread sweeping the share of every layer whose keys it
 * owns and routing the states it builds to their owners (frontier-shard-sync.ts). Every thread
 * calls `frontierCountShard` with its own ShardSync; the threads meet at a barrier inside every
 * cell and between cells, and thread 0 — the caller's — reports progress, checks the budget,
 * and decides when a snapshot is taken. Browser-safe: the threads are the caller's (src/node
 * starts worker threads); nothing here does I/O.
 *
 * Each thread has its own table, memory ceiling (its share of `maxBytes`) and spill store, so
 * spilling works per thread as it does on one. A snapshot is one layer, written share by share
 * (thread 0 first) through a ShardSnapshotSink: the same file a sweep on one thread writes, so
 * a snapshot resumes on any number of threads — each keeps the entries whose keys it owns.
 */

/** How a threaded sweep writes a snapshot: a header, then every thread's entries in turn. */
export interface ShardSnapshotSink {
  /**
   * Thread 0, between cells, when `snapshotEveryMs` has passed: start a snapshot with this
   * header (its `chunks` are empty; `states` is every thread's). False: not now.
   */
  begin(header: FrontierSnapshot): boolean;
  /** Every thread in turn, thread 0 first: add its entries. False when they were not written. */
  append(chunks: Iterable<Uint32Array>): boolean;
  /** Thread 0, after every thread appended: keep the snapshot (`ok`) or drop it. */
  end(ok: boolean): void;
}

export interface ShardOptions {
  readonly sync: ShardSync;
  readonly snapshots?: ShardSnapshotSink | undefined;
}

/** Thrown on threads other than 0 when thread 0 stopped the sweep (its budget ran out). */
export class ShardStopped extends Error {
  constructor() {
    super("the frontier sweep was stopped");
  }
}

/**
 * This thread's part of the sweep of `board` (see frontierCountBoard). Thread 0's result is the
 * count; the others return the same count but no figures. `options` are this thread's: its
 * spill store and `resume` (the whole snapshot: this thread keeps its share); the hooks
 * (onStep, onLayer, budget, snapshotEveryMs) are read on thread 0 only. `maxBytes` is the
 * ceiling of all threads together.
 */
export function frontierCountShard(
  board: Board,
  options: FrontierOptions,
  shard: ShardOptions,
): FrontierResult {
  const { sync } = shard;
  if (board.vertexCount < 2) return { count: 0n, peakStates: 0, transitions: 0, lanes: 0 };
  const plan = lanePlanFor(board, options);
  const resume = options.resume;
  if (resume && resume.sweep !== plan.sweep) {
    throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${plan.sweep}`);
  }
  try {
    return countByLanes(resume, (lane, residues, laneResume) =>
      new ShardLane(plan, options, shard, lane, residues, laneResume).run(),
    );
  } catch (error) {
    if (error instanceof ShardAborted) {
      const failure = sync.failure();
      if (failure && sync.me === 0) throw failureError(failure, board.label);
      throw error;
    }
    if (!(error instanceof FrontierStop) && !(error instanceof ShardStopped)) {
      sync.fail(describeError(error));
    }
    throw error;
  }
}

/** What a failed thread records for thread 0 (which rethrows it as the same kind of error). */
export function describeError(error: unknown): Omit<ShardFailure, "thread"> {
  if (!(error instanceof Error)) return { message: String(error) };
  return {
    message: error.message,
    name: error.name,
    code: error instanceof KnightError ? error.code : undefined,
    bytes: error instanceof MemoryLimitError ? error.bytes : undefined,
    limit: error instanceof MemoryLimitError ? error.limit : undefined,
  };
}

/** The error another thread failed with, as thread 0 rethrows it. */
export function failureError(failure: ShardFailure, label: string): Error {
  if (failure.name === "MemoryLimitError") {
    return new MemoryLimitError(failure.message, label, failure.bytes ?? 0, failure.limit ?? 0);
  }
  if (failure.code !== undefined) {
    return new KnightError(failure.code as ErrorCode, failure.message, label);
  }
  return new Error(`frontier sweep thread ${failure.thread}: ${failure.message}`);
}

/**
 * The entries of `snapshot` whose keys thread `me` of `threads` owns, in chunks of whole
 * entries (each valid until the next is asked for).
 */
export function* shareOfChunks(
  chunks: Iterable<Uint32Array>,
  kw: number,
  threads: number,
  me: number,
): Generator<Uint32Array> {
  const stride = kw + 2;
  const out = new Uint32Array(CHUNK_ENTRIES * stride);
  let at = 0;
  for (const chunk of chunks) {
    for (let base = 0; base < chunk.length; base += stride) {
      const h =
        kw === 2
          ? hashPair(chunk[base]!, (chunk[base + 1]! | USED) >>> 0)
          : hashKey(chunk, base, kw);
      if (shardOf(h, threads) !== me) continue;
      out.set(chunk.subarray(base, base + stride), at);
      at += stride;
      if (at === out.length) {
        yield out;
        at = 0;
      }
    }
  }
  if (at > 0) yield out.subarray(0, at);
}

/** One lane on one thread (the loop of frontier.ts's sweepLane, with the meetings added). */
class ShardLane {
  private readonly sync: ShardSync;
  private readonly me: number;
  private readonly prime: number;
  private readonly plan: LanePlan;
  private readonly sweep: string;
  private readonly start: LaneStart;
  private readonly merge: MergeState = { overflowed: false };
  private readonly subsetsAt: Float64Array;
  private peakStates: number;
  private transitions = 0;
  /** States read by the cells swept so far (this lane, this process): for the ETA. */
  private read = 0;
  private lastSnapshot = performance.now();

  constructor(
    plan: LanePlan,
    private readonly options: FrontierOptions,
    private readonly shard: ShardOptions,
    private readonly lane: number,
    private readonly residues: readonly bigint[],
    resume: FrontierSnapshot | undefined,
  ) {
    this.sync = shard.sync;
    this.me = this.sync.me;
    this.prime = lane === 0 ? 0 : lanePrime(lane - 1);
    this.plan = plan;
    if (this.plan.n > this.sync.shared.cells) {
      throw new Error(
        `the threads' shared memory is for ${this.sync.shared.cells} cells, not ${this.plan.n}`,
      );
    }
    this.sweep = plan.sweep;
    const { kw } = this.plan;
    const threads = this.sync.threads;
    const share = resume && {
      ...resume,
      states: Math.ceil(resume.states / threads),
      chunks: () => shareOfChunks(resume.chunks(), kw, threads, this.me),
    };
    const start = plan.start(share);
    // The empty frontier is thread 0's; the others start with nothing.
    this.start =
      !resume && this.me !== 0
        ? { ...start, layer: { states: 0, memory: new Uint32Array(0) } }
        : start;
    this.subsetsAt = new Float64Array(this.plan.n);
    this.peakStates = resume ? resume.states : 1;
  }

  run(): LaneRun {
    const { plan, sync, me, prime, options, merge } = this;
    const { n, kw, stride } = plan;
    const spill = options.spill;
    const threads = sync.threads;
    const boxBytes = sync.shared.boxes.byteLength;
    const ceiling = options.maxBytes ?? DEFAULT_MAX_BYTES;
    const memory = new SweepMemory({
      kw,
      stride,
      prime,
      maxBytes: Math.floor((ceiling - boxBytes) / threads),
      spill,
      onRelease: options.onRelease,
      label: plan.label,
      shown: { table: `the frontier table of thread ${me + 1} of ${threads}`, limit: ceiling },
      loads: plan.loads,
    });
    const cells = plan.sweeper(prime, spill);
    const router = new ShardRouter(sync, kw);
    const growth = this.start.growth;
    let layer: Layer = this.start.layer;
    for (let t = this.start.firstStep; t < n; t++) {
      const began = performance.now();
      this.decide(t, layer);
      const opened = memory.openTable(
        layer,
        plan.tableSize(growth, layer.states, t),
        t,
        n,
        t === n - 1,
      );
      layer = opened.layer;
      router.table = opened.table;
      const swept = cells.sweep(t, layer, router, merge);
      router.finishCell();
      router.table = undefined;
      this.subsetsAt[t] = swept.subsets;
      memory.dropLayer(layer, false);
      let tableBytes = 0;
      let tableOverflow = false;
      if (opened.table) {
        const taken = memory.takeTable(opened.table, opened.runs, merge);
        tableBytes = taken.tableBytes;
        tableOverflow = taken.overflowed;
        layer = taken.layer;
        if (swept.inputStates > 0) growth[t] = layer.states / swept.inputStates;
      } else {
        layer = { states: 0, memory: new Uint32Array(0) };
      }
      const at = sync.statAt(me, t);
      const stats = sync.stats;
      stats[at + Stat.Total] = swept.total;
      stats[at + Stat.MergeOverflow] = merge.overflowed ? 1 : 0;
      stats[at + Stat.TableOverflow] = tableOverflow ? 1 : 0;
      stats[at + Stat.TallyOverflow] = cells.accepted().overflow ? 1 : 0;
      stats[at + Stat.States] = layer.states;
      stats[at + Stat.BytesInMemory] = layerBytesInMemory(layer);
      stats[at + Stat.BytesOnDisk] = layerBytesOnDisk(layer, stride);
      stats[at + Stat.Transitions] = swept.transitions;
      stats[at + Stat.TableBytes] = tableBytes;
      stats[at + Stat.TableReused] = opened.tableReused ? 1 : 0;
      sync.barrier();
      if (me === 0) this.report(t, performance.now() - began);
    }
    releaseLayer(layer, spill);
    const accepted = cells.accepted();
    sync.stats[sync.tallyAt(me)] = accepted.lo;
    sync.stats[sync.tallyAt(me) + 1] = accepted.hi;
    sync.barrier();
    return this.result();
  }

  /**
   * The top of cell t: thread 0 checks the budget and whether a snapshot is due, and every
   * thread acts on what it decided (a snapshot: each thread's share of `layer`, in turn).
   */
  private decide(t: number, layer: Layer): void {
    const { sync, me, options, shard } = this;
    if (me === 0) {
      let bits = 0;
      const stop = options.budget?.check() ?? null;
      if (stop === "limit") bits |= DECIDE_STOP_LIMIT;
      else if (stop === "aborted") bits |= DECIDE_STOP_ABORTED;
      else if (this.snapshotDue(t) && shard.snapshots!.begin(this.header(t))) {
        bits |= DECIDE_SNAPSHOT;
      }
      sync.setDecision(bits);
    }
    sync.barrier();
    const bits = sync.decision();
    if (bits & (DECIDE_STOP_LIMIT | DECIDE_STOP_ABORTED)) {
      if (me !== 0) throw new ShardStopped();
      throw new FrontierStop(bits & DECIDE_STOP_LIMIT ? "limit" : "aborted");
    }
    if (bits & DECIDE_SNAPSHOT) {
      const { plan, prime, options } = this;
      for (let i = 0; i < sync.threads; i++) {
        if (i === me) {
          const chunks = layerChunks(layer, options.spill, plan.kw, prime, { overflowed: false });
          if (!shard.snapshots?.append(chunks)) sync.snapshotFailed();
        }
        sync.barrier();
      }
      if (me === 0) {
        shard.snapshots!.end(sync.snapshotOk());
        this.lastSnapshot = performance.now();
      }
    }
  }

  private snapshotDue(t: number): boolean {
    const { options, shard } = this;
    if (!shard.snapshots || t <= this.start.firstStep) return false;
    return performance.now() - this.lastSnapshot >= (options.snapshotEveryMs ?? 60_000);
  }

  /** The header of a snapshot of the layer before cell t (every thread's figures). */
  private header(t: number): FrontierSnapshot {
    const { plan, sync } = this;
    const exact = this.exactness(t);
    return {
      sweep: this.sweep,
      step: t,
      stride: plan.stride,
      lane: this.lane,
      residues: this.residues.map(String),
      states: sync.sum(t - 1, Stat.States),
      wrappedAt: exact.overflowAt,
      exactTotal: exact.exactTotal,
      growth: Array.from(this.start.growth.subarray(0, t)),
      chunks: () => [],
      // A free open count has a step more than cells (the apex): its resume says "of 25".
      steps: plan.n,
    };
  }

  /** Thread 0 after cell t: progress for the whole sweep. */
  private report(t: number, ms: number): void {
    const { sync, options, plan, lane } = this;
    const states = sync.sum(t, Stat.States);
    const transitions = sync.sum(t, Stat.Transitions);
    this.peakStates = Math.max(this.peakStates, states);
    this.transitions += transitions;
    // The layer this cell read is the last cell's (none known at the first cell swept here).
    if (t > this.start.firstStep) this.read += sync.sum(t - 1, Stat.States);
    options.onStep?.(t + 1, plan.n, states);
    options.onLayer?.({
      step: t + 1,
      steps: plan.n,
      states,
      bytesInMemory: sync.sum(t, Stat.BytesInMemory),
      tableBytes: sync.sum(t, Stat.TableBytes),
      tableReused: sync.sum(t, Stat.TableReused) === sync.threads,
      bytesOnDisk: sync.sum(t, Stat.BytesOnDisk),
      read: this.read,
      ahead: plan.ahead(this.start.growth, states, t),
      ms,
      transitions,
      lane,
    });
  }

  /**
   * Lane 0's exactness over the cells swept before `upTo` (frontier.ts's bookkeeping, with
   * "some thread" for each flag): the cell after which a sum passed 2^64, and the total of the
   * last layer read whose counts were all exact.
   */
  private exactness(upTo: number): { overflowAt: number; exactTotal: number } {
    const { sync, prime } = this;
    let { overflowAt, exactTotal } = this.start;
    const any = (t: number, stat: Stat): boolean => sync.sum(t, stat) > 0;
    for (let t = this.start.firstStep; t < upTo && prime === 0 && overflowAt < 0; t++) {
      if (any(t, Stat.MergeOverflow)) overflowAt = t - 1;
      else exactTotal = sync.sum(t, Stat.Total);
      if (overflowAt < 0 && (any(t, Stat.TableOverflow) || any(t, Stat.TallyOverflow))) {
        overflowAt = t;
      }
    }
    return { overflowAt, exactTotal };
  }

  /** The lane's residue: every thread's tally added up (each thread computes the same). */
  private result(): LaneRun {
    const { sync, prime, plan } = this;
    let sum = 0n;
    for (let i = 0; i < sync.threads; i++) {
      const at = sync.tallyAt(i);
      sum += BigInt(sync.stats[at + 1]!) * BigInt(WORD) + BigInt(sync.stats[at]!);
    }
    const exact = this.exactness(plan.n);
    let overflowAt = exact.overflowAt;
    let residue: bigint;
    if (prime === 0) {
      residue = sum % 2n ** 64n;
      if (overflowAt < 0 && residue !== sum) overflowAt = plan.n - 1;
    } else {
      residue = sum % BigInt(prime);
    }
    const bound =
      prime === 0 && overflowAt >= 0
        ? countBound(exact.exactTotal, overflowAt, this.subsetsAt)
        : 0n;
    return { residue, bound, peakStates: this.peakStates, transitions: this.transitions };
  }
}
