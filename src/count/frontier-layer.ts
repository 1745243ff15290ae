import { MemoryLimitError } from "../core/errors.js";
import { hashKey } from "./key-hash.js";
import { addCount, compareEntries } from "./layer-table.js";

/**
 * Where a layer of the frontier sweep lives between cells, and how the next cell reads it:
 *
 * - in memory: one dense array of entries (key words, two count words), exactly sized;
 * - on disk, as runs written by a `FrontierSpill` (the library does no I/O itself: the node
 *   front door passes one that writes files). A layer spilled in one piece is one run, read as
 *   it is; a layer built in several table loads is several runs, each sorted by (hash, key), and
 *   the reader merges them — an external merge sort whose merge pass is the next cell's read,
 *   adding up the counts of a state that more than one run holds. When the runs are too many
 *   for a read buffer each under the memory ceiling, earlier merge passes write fewer, longer
 *   runs first (`mergeRunsOnDisk`);
 * - a stream of entries (a checkpoint being resumed).
 */
export interface FrontierSpill {
  /** Bytes free where the runs go (checked before every write). */
  freeBytes(): number;
  /** Write `words` as a new run; returns its id. */
  write(words: Uint32Array): number;
  /** Add `words` to the end of run `id` (a merge pass writes its output run chunk by chunk). */
  append(id: number, words: Uint32Array): void;
  /** Read up to `into.length` words of run `id` from word `offset`; returns how many. */
  read(id: number, offset: number, into: Uint32Array): number;
  /** Delete a run. */
  remove(id: number): void;
}

export interface Run {
  readonly id: number;
  readonly entries: number;
}

export interface Layer {
  /** Entries held (a state held by several runs counts once per run). */
  readonly states: number;
  readonly memory?: Uint32Array | undefined;
  readonly runs?: readonly Run[] | undefined;
  readonly stream?: (() => Iterable<Uint32Array>) | undefined;
}

/** Entries per chunk read from disk (and per read buffer of a merge). */
export const CHUNK_ENTRIES = 1 << 14;

/** Bytes the layer keeps in memory: the whole buffer it lives in (a table's, slack included). */
export function layerBytesInMemory(layer: Layer): number {
  return layer.memory?.buffer.byteLength ?? 0;
}

export function layerBytesOnDisk(layer: Layer, stride: number): number {
  let bytes = 0;
  for (const run of layer.runs ?? []) bytes += run.entries * stride * 4;
  return bytes;
}

/** Disk kept free beside the runs (the rest of the machine needs some too). */
const DISK_MARGIN = 2 ** 30;

/** Fail with a MemoryLimitError unless `bytes` more fit on the spill's disk beside the margin. */
function checkDisk(spill: FrontierSpill, bytes: number): void {
  const free = spill.freeBytes();
  if (free < bytes + DISK_MARGIN) {
    throw new MemoryLimitError(
      `the frontier sweep needs ${bytes} more bytes of disk for a spilled run and only ${free} are free (keeping ${DISK_MARGIN} spare)`,
      "spill",
      bytes,
      free,
    );
  }
}

/** Write `words` as a new run, after checking the disk has room for it. */
export function writeRun(spill: FrontierSpill, words: Uint32Array): number {
  checkDisk(spill, words.byteLength);
  return spill.write(words);
}

/** Bytes of one read buffer of a merge. */
export function readBufferBytes(stride: number): number {
  return CHUNK_ENTRIES * stride * 4;
}

/**
 * Merge a spilled layer's runs on disk, up to `fanIn` at a time and the shortest first, until
 * at most `maxRuns` are left: the extra passes of the external merge sort, for when the next
 * cell could not hold a read buffer for every run under the memory ceiling. Each merged run
 * replaces the runs it came from (deleted once it is written); equal states are added up, so
 * the layer's entry count can only fall. The first pass merges just enough runs that the later
 * passes are full ones.
 */
export function mergeRunsOnDisk(
  layer: Layer,
  spill: FrontierSpill,
  kw: number,
  prime: number,
  state: MergeState,
  maxRuns: number,
  fanIn: number,
): Layer {
  if (fanIn < 2 || maxRuns < 1) throw new Error("a merge pass needs fanIn >= 2 and maxRuns >= 1");
  const stride = kw + 2;
  let runs = [...(layer.runs ?? [])];
  while (runs.length > maxRuns) {
    runs.sort((a, b) => a.entries - b.entries);
    const excess = runs.length - maxRuns;
    const take = Math.min(fanIn, ((excess - 1) % (fanIn - 1)) + 2);
    const group = runs.slice(0, take);
    checkDisk(
      spill,
      group.reduce((bytes, run) => bytes + run.entries * stride * 4, 0),
    );
    let id = -1;
    let entries = 0;
    for (const chunk of mergeRuns(group, spill, kw, prime, state)) {
      if (id < 0) id = spill.write(chunk);
      else spill.append(id, chunk);
      entries += chunk.length / stride;
    }
    for (const run of group) spill.remove(run.id);
    runs = runs.slice(take);
    if (entries > 0) runs.push({ id, entries });
  }
  return { states: runs.reduce((sum, run) => sum + run.entries, 0), runs };
}

/** Whether a merge added up counts past 2^64. */
export interface MergeState {
  overflowed: boolean;
}

/**
 * The layer's entries, in chunks of whole entries (each chunk is only valid until the next is
 * asked for).
 */
export function* layerChunks(
  layer: Layer,
  spill: FrontierSpill | undefined,
  kw: number,
  prime: number,
  state: MergeState,
): Generator<Uint32Array> {
  const stride = kw + 2;
  if (layer.memory) {
    yield layer.memory;
    return;
  }
  if (layer.stream) {
    yield* layer.stream();
    return;
  }
  const runs = layer.runs ?? [];
  if (runs.length === 0) return;
  if (!spill) throw new Error("frontier layer on disk without a spill store");
  if (runs.length === 1) {
    const buffer = new Uint32Array(CHUNK_ENTRIES * stride);
    const id = runs[0]!.id;
    for (let offset = 0; ; ) {
      const got = spill.read(id, offset, buffer);
      if (got === 0) return;
      offset += got;
      yield buffer.subarray(0, got);
    }
  }
  yield* mergeRuns(runs, spill, kw, prime, state);
}

/** k-way merge of runs sorted by (hash, key), adding up equal keys. */
function* mergeRuns(
  runs: readonly Run[],
  spill: FrontierSpill,
  kw: number,
  prime: number,
  state: MergeState,
): Generator<Uint32Array> {
  const stride = kw + 2;
  const k = runs.length;
  const buffers = runs.map(() => new Uint32Array(CHUNK_ENTRIES * stride));
  const length = new Float64Array(k);
  const position = new Float64Array(k);
  const offset = new Float64Array(k);
  const hash = new Float64Array(k);
  const heap: number[] = [];
  const less = (a: number, b: number): boolean =>
    compareEntries(buffers[a]!, position[a]!, hash[a]!, buffers[b]!, position[b]!, hash[b]!, kw) <
    0;
  const siftDown = (from: number): void => {
    let i = from;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= heap.length) return;
      const r = l + 1;
      const c = r < heap.length && less(heap[r]!, heap[l]!) ? r : l;
      if (!less(heap[c]!, heap[i]!)) return;
      [heap[c], heap[i]] = [heap[i]!, heap[c]!];
      i = c;
    }
  };
  /** Load run r's next entry; false when the run is done. */
  const advance = (r: number): boolean => {
    position[r]! += stride;
    if (position[r]! >= length[r]!) {
      const got = spill.read(runs[r]!.id, offset[r]!, buffers[r]!);
      offset[r]! += got;
      length[r] = got;
      position[r] = 0;
      if (got === 0) return false;
    }
    hash[r] = hashKey(buffers[r]!, position[r]!, kw);
    return true;
  };
  for (let r = 0; r < k; r++) {
    position[r] = -stride;
    length[r] = 0;
    if (advance(r)) heap.push(r);
  }
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(i);
  const out = new Uint32Array(CHUNK_ENTRIES * stride);
  let at = 0;
  while (heap.length > 0) {
    const r = heap[0]!;
    const from = buffers[r]!;
    const p = position[r]!;
    const previous = at - stride;
    let same = at > 0;
    for (let i = 0; same && i < kw; i++) if (out[previous + i] !== from[p + i]) same = false;
    if (same) {
      if (addCount(out, previous + kw, from[p + kw]!, from[p + kw + 1]!, prime)) {
        state.overflowed = true;
      }
    } else {
      if (at === out.length) {
        // Keep the last entry: the next run's entry may add to it.
        yield out.subarray(0, at - stride);
        out.copyWithin(0, at - stride, at);
        at = stride;
      }
      out.set(from.subarray(p, p + stride), at);
      at += stride;
    }
    if (advance(r)) siftDown(0);
    else {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
      if (heap.length > 0) siftDown(0);
    }
  }
  if (at > 0) yield out.subarray(0, at);
}
