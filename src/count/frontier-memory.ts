import { MemoryLimitError } from "../core/errors.js";
import {
  CHUNK_ENTRIES,
  type FrontierSpill,
  type Layer,
  layerBytesInMemory,
  type MergeState,
  mergeRunsOnDisk,
  type Run,
  readBufferBytes,
  writeRun,
} from "./frontier-layer.js";
import { LayerTable } from "./layer-table.js";

/**
 * The frontier sweep's memory and spill policy: how large the next cell's table is built and in
 * which buffer, when a layer goes to disk, and when a dead buffer is let go — so that the layer
 * being read and the table being built stay under the ceiling together (docs/counting.md, "The
 * state table"). The sweep (frontier.ts) asks at the start of each cell (`openTable`) and at its
 * end (`dropLayer`, `takeTable`); the transitions in between see only the table.
 */

/** Load the next table is sized for, and the load at which a full table grows or spills. */
const TARGET_LOAD = 0.75;
const MAX_LOAD = 0.86;

export interface SweepMemoryOptions {
  /** Key words per entry, and words per entry (key words, then the count's two words). */
  readonly kw: number;
  readonly stride: number;
  /** The lane's prime (0: counts modulo 2^64). */
  readonly prime: number;
  readonly maxBytes: number;
  readonly spill: FrontierSpill | undefined;
  readonly onRelease: (() => void) | undefined;
  /** The board's label, for errors. */
  readonly label: string;
  /**
   * What the errors name (a thread of a sweep on several threads: its table, and the ceiling
   * of the whole count, of which `maxBytes` is this thread's share).
   */
  readonly shown?: { readonly table: string; readonly limit: number } | undefined;
  /**
   * The loads a table is sized for and grows or spills at (default TARGET_LOAD, MAX_LOAD). The
   * free order's tables probed far longer at these: one step of the 5×5 torus's open tours
   * (three-word keys, 41 million states out) ran over 30 CPU minutes at 0.75–0.86 without
   * finishing, and 58 s at 0.6–0.7. Why its keys cluster there was not found.
   */
  readonly loads?: TableLoads | undefined;
}

/** A table's sizing load and its load at which it grows or spills. */
export interface TableLoads {
  readonly target: number;
  readonly max: number;
}

/** The table a cell builds into, and the layer it reads (moved to disk when that made room). */
export interface OpenedTable {
  /** Undefined at the last cell, whose structures are added up instead of stored. */
  readonly table: LayerTable | undefined;
  readonly tableReused: boolean;
  /** Runs the table spilled to disk while the cell was swept. */
  readonly runs: Run[];
  readonly layer: Layer;
}

export class SweepMemory {
  /** A buffer whose contents are dead (the layer last read), for the next table. */
  spare: Uint32Array | undefined;
  private readonly kw: number;
  private readonly stride: number;
  private readonly entryBytes: number;
  private readonly prime: number;
  private readonly maxBytes: number;
  private readonly spill: FrontierSpill | undefined;
  private readonly onRelease: (() => void) | undefined;
  private readonly label: string;
  private readonly tableName: string;
  private readonly limitShown: number;
  private readonly loads: TableLoads;

  constructor(options: SweepMemoryOptions) {
    this.loads = options.loads ?? { target: TARGET_LOAD, max: MAX_LOAD };
    this.kw = options.kw;
    this.stride = options.stride;
    this.entryBytes = options.stride * 4;
    this.prime = options.prime;
    this.maxBytes = options.maxBytes;
    this.spill = options.spill;
    this.onRelease = options.onRelease;
    this.label = options.label;
    this.tableName = options.shown?.table ?? "the frontier table";
    this.limitShown = options.shown?.limit ?? options.maxBytes;
  }

  /**
   * The table for cell t's layer, sized for `estimate` states (from the growth one row
   * earlier), built in the spare buffer where it fits; the layer read goes to disk first when
   * it and the table would not fit together.
   */
  openTable(input: Layer, estimate: number, t: number, n: number, last: boolean): OpenedTable {
    const { kw, stride, entryBytes, prime, maxBytes, spill } = this;
    let layer = input;
    let inMemory = layerBytesInMemory(layer);
    const readBuffers = layer.runs ? (layer.runs.length + 1) * readBufferBytes(stride) : 0;
    let want = Math.ceil(estimate / this.loads.target);
    if (
      spill &&
      layer.memory &&
      layer.states > CHUNK_ENTRIES &&
      inMemory + want * entryBytes > maxBytes
    ) {
      const written = layer.memory;
      layer = toDisk(layer, spill, entryBytes);
      inMemory = 0;
      // The layer's buffer is dead now: the next table is built in it.
      this.spare = largerSpare(this.spare, written, maxBytes, this.onRelease);
    }
    const free = maxBytes - inMemory - readBuffers;
    // A large table leaves room for the read buffers of a merge of up to MERGE_RESERVE runs
    // (at most a sixteenth of the room), so that its buffer can be the next cell's table too.
    const reserve =
      want * entryBytes * 8 > maxBytes
        ? Math.min(MERGE_RESERVE * readBufferBytes(stride), free / 16)
        : 0;
    want = Math.min(want, Math.floor((free - reserve) / entryBytes));
    // Build the table in the spare buffer when it holds it, or when it is large and holds
    // most of it (the table then starts a little smaller, and grows or spills as any table):
    // memory already touched keeps its pages — with huge pages on Linux, a fresh 10 GiB table
    // can come back partly on 4 KiB pages, measured 5 times slower (bench/records/counting.md). A spare
    // is used only when its whole buffer fits under the ceiling beside the layer and the read
    // buffers; one not used is let go before the table is allocated.
    const spare = this.spare;
    if (spare) {
      const spareBytes = spare.buffer.byteLength;
      const spareEntries = Math.floor(spareBytes / entryBytes);
      const large = spareBytes * 8 > maxBytes;
      const fits = spareBytes <= free;
      // A large spare is used whole (the ceiling counts its whole buffer, so the table may as
      // well have all of it), however much larger than the table needs: letting it go and
      // allocating a smaller table held both at once (a 7×7 sweep under a 10 GiB ceiling peaked
      // at 13.2 GiB resident when it dropped a 10 GiB spare for a 3.4 GiB table).
      const whole = large && spareEntries >= 0.75 * want;
      if (fits && whole) want = spareEntries;
      // (A large spare that is not used whole holds under 0.75 of `want`: dropped below.)
      if (!fits || spareEntries < want || last) {
        if (large) discard(spare);
        this.spare = undefined;
        if (large) this.onRelease?.();
      }
    }
    let table: LayerTable | undefined;
    let tableReused = false;
    const runs: Run[] = [];
    if (!last) {
      if (want < 16) {
        throw new MemoryLimitError(
          `${this.tableName} at cell ${t + 1} of ${n} (after a layer of ${layer.states} states) would be over the limit of ${this.limitShown} bytes; give it a spill folder (--spill-dir; knight count spills to the temporary folder unless --no-spill) or more memory (--max-memory)`,
          this.label,
          inMemory + 16 * entryBytes,
          this.limitShown,
        );
      }
      table = new LayerTable(kw, want, prime, this.loads.max, this.spare);
      tableReused = table.reused;
      this.spare = undefined;
      table.onFull = (full) => {
        const bigger = Math.ceil(full.capacity * 1.5);
        const held = layerBytesInMemory(layer) + readBuffers;
        if (held + (full.capacity + bigger) * entryBytes <= maxBytes) {
          // Only a large old buffer is worth a forced collection (as in dropLayer): the one
          // after a table of a few megabytes grew cost 45–90 ms of CPU in a 6×8 count.
          const wasLarge = full.bytes * 8 > maxBytes;
          full.grow(bigger);
          if (wasLarge) this.onRelease?.();
          return;
        }
        if (!spill) {
          throw new MemoryLimitError(
            `${this.tableName} (${full.size} states at cell ${t + 1} of ${n}) is over the limit of ${this.limitShown} bytes; give it a spill folder (--spill-dir; knight count spills to the temporary folder unless --no-spill) or more memory (--max-memory)`,
            this.label,
            held + (full.capacity + bigger) * entryBytes,
            this.limitShown,
          );
        }
        const entries = full.drain(true);
        runs.push({ id: writeRun(spill, full.words.subarray(0, entries * stride)), entries });
        full.clear();
      };
    }

    return { table, tableReused, runs, layer };
  }

  /**
   * The layer just read is dead: its runs are removed, a small buffer is kept for the next
   * table (unless it was lent to a snapshot), a large one let go before the next layer is
   * copied out of the table.
   */
  dropLayer(layer: Layer, lent: boolean): void {
    const { maxBytes, spill } = this;
    releaseLayer(layer, spill);
    // A small layer's buffer is kept for the next table; a large one is let go (the memory
    // ceiling counts every buffer held).
    if (layer.memory && !lent && layer.memory.buffer.byteLength * 8 <= maxBytes) {
      this.spare = layer.memory;
    }
    // The layer just read is dead: let it go before the next one is copied out of the table.
    const wasLarge = layerBytesInMemory(layer) * 8 > maxBytes;
    if (wasLarge && layer.memory) discard(layer.memory);
    if (wasLarge) this.onRelease?.();
  }

  /**
   * The next layer out of a finished table: flushed, drained (to disk when it spilled) and,
   * when it left more runs than a merge reads at once, merged on disk. The table's buffer is
   * released, or kept as the spare when the layer went to disk.
   */
  takeTable(
    table: LayerTable,
    runs: Run[],
    merge: MergeState,
  ): { layer: Layer; tableBytes: number; overflowed: boolean } {
    const { kw, stride, prime, maxBytes, spill } = this;
    table.flush();
    const tableBytes = table.bytes;
    const overflowed = table.overflowed;
    const tableWasLarge = table.bytes * 8 > maxBytes;
    let layer = takeLayer(table, runs, spill, maxBytes);
    if (layer.runs) {
      // The layer went to disk: the table's buffer is dead, and the next table is built in it.
      this.spare = largerSpare(this.spare, table.words, maxBytes, this.onRelease);
      table.release();
    } else {
      // In a function of its own, so that no stale local keeps the table's buffer alive here.
      table.release();
      if (tableWasLarge) this.onRelease?.();
    }
    const maxRuns = maxRunsRead(maxBytes, stride);
    if (spill && layer.runs && layer.runs.length > maxRuns) {
      // A merge pass holds a read buffer per run it merges and one for its output.
      const fanIn = Math.max(2, Math.floor(maxBytes / readBufferBytes(stride)) - 1);
      layer = mergeRunsOnDisk(layer, spill, kw, prime, merge, maxRuns, fanIn);
    }
    return { layer, tableBytes, overflowed };
  }
}

/**
 * The layer a finished table holds: its runs on disk when it spilled, else its entries drained
 * to the front — as an exactly sized copy when the table is large and the copy fits beside it
 * (the table's slack is given back), else in the table's own buffer.
 */
function takeLayer(
  table: LayerTable,
  runs: Run[],
  spill: FrontierSpill | undefined,
  maxBytes: number,
): Layer {
  const stride = table.stride;
  if (runs.length > 0) {
    const entries = table.drain(true);
    if (entries > 0) {
      runs.push({ id: writeRun(spill!, table.words.subarray(0, entries * stride)), entries });
    }
    return { states: runs.reduce((s, r) => s + r.entries, 0), runs };
  }
  const entries = table.drain(false);
  const dense = table.words.subarray(0, entries * stride);
  const copy =
    table.bytes * 8 > maxBytes &&
    dense.byteLength < table.bytes &&
    dense.byteLength + table.bytes <= maxBytes;
  return { states: entries, memory: copy ? dense.slice() : dense };
}

/** Runs whose read buffers a large table leaves room for (16 MiB at 16-byte entries). */
const MERGE_RESERVE = 64;

/** Of two dead buffers kept for the next table, the larger; a large one let go is reported. */
function largerSpare(
  kept: Uint32Array | undefined,
  offered: Uint32Array,
  maxBytes: number,
  onRelease: (() => void) | undefined,
): Uint32Array {
  if (kept === undefined) return offered;
  const [larger, smaller] =
    offered.buffer.byteLength > kept.buffer.byteLength ? [offered, kept] : [kept, offered];
  if (smaller.buffer.byteLength * 8 > maxBytes) {
    discard(smaller);
    onRelease?.();
  }
  return larger;
}

/**
 * Let go of a large buffer the sweep is done with, for good: its memory moves to a clone that
 * nothing references (the buffer is detached), so no stale reference left in the sweep's long
 * function — a local of the cell before, a register — can keep it alive. One did: a 7×7 sweep
 * under an 11 GiB ceiling held 14.6 GiB during cell 33, the 3.5 GiB buffer of the layer it had
 * just written to disk still resident beside the new table; it was gone when the cell ended.
 */
function discard(words: Uint32Array): void {
  const buffer = words.buffer;
  if (buffer instanceof ArrayBuffer && buffer.byteLength > 0) {
    structuredClone(buffer, { transfer: [buffer] });
  }
}

/**
 * Most runs the next cell reads in one merge: their read buffers take at most a quarter of the
 * ceiling, so the table beside them keeps the rest. Without the bound a small ceiling spirals:
 * more runs, smaller tables, more runs, until the buffers alone pass it.
 */
function maxRunsRead(maxBytes: number, stride: number): number {
  return Math.max(1, Math.floor(maxBytes / 4 / readBufferBytes(stride)) - 1);
}

export const EMPTY_LAYER: Layer = { states: 0, memory: new Uint32Array(0) };

function toDisk(layer: Layer, spill: FrontierSpill, entryBytes: number): Layer {
  const memory = layer.memory!;
  const id = writeRun(spill, memory);
  return {
    states: memory.byteLength / entryBytes,
    runs: [{ id, entries: memory.byteLength / entryBytes }],
  };
}

export function releaseLayer(layer: Layer, spill: FrontierSpill | undefined): void {
  for (const run of layer.runs ?? []) spill?.remove(run.id);
}
