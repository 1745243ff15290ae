import { MemoryLimitError } from "../core/errors.js";
import type { MoveGraph } from "../core/graph.js";
import { DEFAULT_MAX_BYTES, formatBytes } from "../core/memory.js";
import { FrontierStop } from "./frontier-exact.js";
import { countBound, lanePrime } from "./frontier-lanes.js";
import type { FrontierOptions } from "./frontier-types.js";
import { addCount, LayerTable, WORD } from "./layer-table.js";

/**
 * The frontier count of Hamiltonian cycles in any order of the cells (free-order.ts), for graphs
 * whose row-by-row sweep (frontier.ts) would carry a wide window of idle cells: the giraffe's
 * closed tours on 5×n. The idea is the same — every edge is decided when its later end is taken,
 * and a state records what the cells still open (taken, with a neighbour to come) have so far:
 * no edge, two edges, or one edge and where the other end of its path is — but the open cells
 * are named by their place in the list of open cells at that step, not by a window over the
 * order, so the key is as short as the frontier is narrow. Each undirected cycle is built along
 * one sequence of choices and counted once.
 *
 * A state's key: for open cell i (in order of their steps) a field of b bits holding 0 (no
 * edge), 1 (two edges) or 2 + j (one edge; the other end of its path is open cell j), where b
 * fits the largest code; fields do not straddle 32-bit words and leave each word's top bit free
 * (LayerTable's used mark). Counts are kept modulo 2^64 or a prime lane (frontier-lanes.ts), as
 * in the row sweep, with the same bound when a sum passes 2^64. One thread, in memory: a table
 * past the memory ceiling stops the count with a MemoryLimitError.
 */

/** The fixed shape of a count in `order`: each step's open cells and how its cell joins them. */
export interface FreePlan {
  readonly n: number;
  readonly order: Int32Array;
  /** 32-bit words of the widest step's key. */
  readonly kw: number;
  /** Open cells before step t (`inSize[t]`) and after it (`inSize[t + 1]`); n + 1 entries. */
  readonly inSize: Int32Array;
  /** For step t, the open cells (indices before the step) its cell has moves to. */
  readonly backStart: Int32Array;
  readonly backIndex: Int32Array;
  /**
   * For step t, each of its inSize[t] + 1 cells (the open ones, then the new cell) mapped to
   * its index among the cells open after the step, or −1 when it closes now.
   */
  readonly mapStart: Int32Array;
  readonly mapIndex: Int32Array;
  /** For step t, the moves each cell open after it still has to come. */
  readonly laterStart: Int32Array;
  readonly later: Int32Array;
}

/** Bits of a field when `open` cells are open: codes 0 .. open + 1. */
function fieldBits(open: number): number {
  return 32 - Math.clz32(open + 1);
}

/** Fields of `bits` bits a 32-bit word holds, its top bit kept free. */
function fieldsPerWord(bits: number): number {
  return Math.floor(31 / bits);
}

export function freePlan(graph: MoveGraph, order: Int32Array): FreePlan {
  const { offsets, targets } = graph;
  const n = order.length;
  const position = new Int32Array(graph.board.cells).fill(-1);
  order.forEach((v, t) => {
    position[v] = t;
  });
  const lastStep = new Int32Array(graph.board.cells);
  for (const v of order) {
    let last = position[v]!;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      last = Math.max(last, position[targets[i]!]!);
    }
    lastStep[v] = last;
  }
  const inSize = new Int32Array(n + 1);
  const backStart = new Int32Array(n + 1);
  const mapStart = new Int32Array(n + 1);
  const laterStart = new Int32Array(n + 1);
  const backIndex: number[] = [];
  const mapIndex: number[] = [];
  const later: number[] = [];
  /** Where each open cell is in the open list (−1: not open). */
  const where = new Int32Array(graph.board.cells).fill(-1);
  let open: number[] = [];
  let kw = 1;
  for (let t = 0; t < n; t++) {
    const v = order[t]!;
    inSize[t] = open.length;
    backStart[t] = backIndex.length;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const w = targets[i]!;
      if (position[w]! < t) backIndex.push(where[w]!);
    }
    const extended = [...open, v];
    const next = extended.filter((u) => lastStep[u]! > t);
    mapStart[t] = mapIndex.length;
    let k = 0;
    for (const u of extended) mapIndex.push(lastStep[u]! > t ? k++ : -1);
    laterStart[t] = later.length;
    for (const u of next) {
      let after = 0;
      for (let i = offsets[u]!; i < offsets[u + 1]!; i++) if (position[targets[i]!]! > t) after++;
      later.push(after);
    }
    for (const u of open) where[u] = -1;
    next.forEach((u, i) => {
      where[u] = i;
    });
    open = next;
    const perWord = fieldsPerWord(fieldBits(open.length));
    kw = Math.max(kw, Math.ceil(open.length / perWord));
  }
  inSize[n] = open.length;
  backStart[n] = backIndex.length;
  mapStart[n] = mapIndex.length;
  laterStart[n] = later.length;
  return {
    n,
    order,
    kw,
    inSize,
    backStart,
    backIndex: Int32Array.from(backIndex),
    mapStart,
    mapIndex: Int32Array.from(mapIndex),
    laterStart,
    later: Int32Array.from(later),
  };
}

/** What one lane of the count returns (frontier.ts `LaneRun`). */
export interface FreeLaneRun {
  readonly residue: bigint;
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
}

/** Queue load of the tables: they grow (doubling) when they pass it. */
const MAX_LOAD = 0.7;
/** States between two checks of the budget inside a step. */
const CHECK_EVERY = 1 << 16;

/**
 * One lane of the count of Hamiltonian cycles of `graph` in `plan`'s order: lane 0 modulo 2^64
 * (with a bound on the count when a sum passed 2^64), lane i ≥ 1 modulo lanePrime(i − 1).
 */
export function freeCycleLane(
  plan: FreePlan,
  lane: number,
  options: Pick<FrontierOptions, "budget" | "maxBytes" | "onLayer" | "onStep">,
): FreeLaneRun {
  const prime = lane === 0 ? 0 : lanePrime(lane - 1);
  const { n, kw } = plan;
  const stride = kw + 2;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const widest = Math.max(...plan.inSize) + 1;
  const degree = new Int32Array(widest);
  const mate = new Int32Array(widest);
  const degree2 = new Int32Array(widest);
  const mate2 = new Int32Array(widest);
  const key = new Uint32Array(kw);
  const accepted = new Uint32Array(2);
  let acceptedOverflow = false;
  // The empty frontier, with a count of one.
  let layer: Uint32Array = new Uint32Array(stride);
  layer[kw] = 1;
  let states = 1;
  let peakStates = 1;
  let transitions = 0;
  let read = 0;
  let growth = 2;
  let overflowAt = -1;
  let exactTotal = 1;
  const subsetsAt = new Float64Array(n);

  for (let t = 0; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    const began = performance.now();
    const m = plan.inSize[t]!;
    const out = plan.inSize[t + 1]!;
    const inBits = fieldBits(m);
    const inPer = fieldsPerWord(inBits);
    const outBits = fieldBits(out);
    const outPer = fieldsPerWord(outBits);
    const inMask = (1 << inBits) - 1;
    const b0 = plan.backStart[t]!;
    const k = plan.backStart[t + 1]! - b0;
    const map0 = plan.mapStart[t]!;
    const later0 = plan.laterStart[t]!;
    const isLast = t === n - 1;
    subsetsAt[t] = 1 + k + (k * (k - 1)) / 2;
    const table = openTable(kw, states * growth * 1.2 + 16, prime, maxBytes, layer.byteLength);

    // The cells of a state, then every choice of at most two of the new cell's moves.
    const emit = (lo: number, hi: number): void => {
      // Cells closing now need both their edges; cells staying need room for theirs.
      for (let e = 0; e <= m; e++) {
        const to = plan.mapIndex[map0 + e]!;
        if (to < 0) {
          if (degree2[e] !== 2) return;
        } else if (degree2[e]! + plan.later[later0 + to]! < 2) return;
      }
      key.fill(0);
      for (let e = 0; e <= m; e++) {
        const to = plan.mapIndex[map0 + e]!;
        if (to < 0) continue;
        const d = degree2[e]!;
        const code = d === 0 ? 0 : d === 2 ? 1 : 2 + plan.mapIndex[map0 + mate2[e]!]!;
        const word = (to / outPer) | 0;
        key[word] = (key[word]! | (code << ((to - word * outPer) * outBits))) >>> 0;
      }
      table.queue(key, lo, hi);
      transitions++;
    };
    /** Join the new cell (index m) to cell a: false when that would close a cycle too soon. */
    const join = (a: number): "ok" | "closed" | "dead" => {
      if (degree2[a]! >= 2) return "dead";
      if (degree2[m] === 1 && mate2[m] === a) {
        degree2[a] = 2;
        degree2[m] = 2;
        return "closed";
      }
      // The far ends of the two pieces become each other's mates.
      const endA = degree2[a] === 0 ? a : mate2[a]!;
      const endM = degree2[m] === 0 ? m : mate2[m]!;
      degree2[a]!++;
      degree2[m]!++;
      mate2[endA] = endM;
      mate2[endM] = endA;
      return "ok";
    };
    const restore = (): void => {
      for (let i = 0; i <= m; i++) {
        degree2[i] = degree[i]!;
        mate2[i] = mate[i]!;
      }
    };

    const entries = states;
    for (let s = 0; s < entries; s++) {
      if ((s & (CHECK_EVERY - 1)) === CHECK_EVERY - 1) {
        const inner = options.budget?.check() ?? null;
        if (inner) throw new FrontierStop(inner);
      }
      const base = s * stride;
      for (let i = 0; i < m; i++) {
        const word = (i / inPer) | 0;
        const code = (layer[base + word]! >>> ((i - word * inPer) * inBits)) & inMask;
        degree[i] = code === 0 ? 0 : code === 1 ? 2 : 1;
        mate[i] = code >= 2 ? code - 2 : i;
      }
      degree[m] = 0;
      mate[m] = m;
      const lo = layer[base + kw]!;
      const hi = layer[base + kw + 1]!;
      // No edge, one edge, two edges.
      if (!isLast) {
        restore();
        emit(lo, hi);
      }
      for (let x = 0; x < k; x++) {
        const a = plan.backIndex[b0 + x]!;
        if (!isLast) {
          restore();
          if (join(a) === "ok") emit(lo, hi);
        }
        for (let y = x + 1; y < k; y++) {
          restore();
          if (join(a) !== "ok") continue;
          const joined = join(plan.backIndex[b0 + y]!);
          if (joined === "ok" && !isLast) emit(lo, hi);
          else if (joined === "closed" && isLast && allFull(degree2, m)) {
            if (addCount(accepted, 0, lo, hi, prime)) acceptedOverflow = true;
          }
        }
      }
    }
    read += entries;
    table.flush();
    if (prime === 0 && overflowAt < 0 && table.overflowed) overflowAt = t;
    const next = table.drain(false);
    const tableBytes = table.bytes;
    const nextLayer = table.words.subarray(0, next * stride);
    // The layer lives on in the table's buffer; the table hands its queues to the next one.
    table.release();
    if (prime === 0 && overflowAt < 0) exactTotal = layerTotal(nextLayer, next, stride, kw);
    growth = states > 0 ? Math.max(0.05, next / states) : 1;
    layer = nextLayer;
    states = next;
    peakStates = Math.max(peakStates, states);
    options.onStep?.(t + 1, n, states);
    options.onLayer?.({
      step: t + 1,
      steps: n,
      states,
      bytesInMemory: layer.byteLength,
      tableBytes,
      tableReused: false,
      bytesOnDisk: 0,
      read,
      ahead: { states: 0, filling: true },
      ms: performance.now() - began,
      transitions,
      lane,
    });
  }
  if (prime === 0 && acceptedOverflow && overflowAt < 0) overflowAt = n - 1;
  const residue = BigInt(accepted[1]!) * BigInt(WORD) + BigInt(accepted[0]!);
  const bound = prime === 0 && overflowAt >= 0 ? countBound(exactTotal, overflowAt, subsetsAt) : 0n;
  return { residue, bound, peakStates, transitions };
}

/** Whether every cell of the last step has its two edges (the cycle covers them all). */
function allFull(degree: Int32Array, m: number): boolean {
  for (let i = 0; i <= m; i++) if (degree[i] !== 2) return false;
  return true;
}

/** The sum of a layer's counts as a float (exact while below 2^53; a bound's start after). */
function layerTotal(layer: Uint32Array, states: number, stride: number, kw: number): number {
  let total = 0;
  for (let s = 0; s < states; s++)
    total += layer[s * stride + kw]! + layer[s * stride + kw + 1]! * WORD;
  return total;
}

/**
 * A table for about `expected` states that doubles when full, within `maxBytes` with the layer
 * being read (`held` bytes) beside it.
 */
function openTable(
  kw: number,
  expected: number,
  prime: number,
  maxBytes: number,
  held: number,
): LayerTable {
  const stride = kw + 2;
  const check = (slots: number, old: number) => {
    const bytes = held + old + slots * stride * 4;
    if (bytes > maxBytes) {
      throw new MemoryLimitError(
        `the frontier count in a free order needs about ${formatBytes(bytes)}, over the limit of ${formatBytes(maxBytes)}`,
        maxBytes,
        bytes,
        maxBytes,
      );
    }
  };
  const capacity = Math.max(16, Math.ceil(expected / MAX_LOAD));
  check(capacity, 0);
  const table = new LayerTable(kw, capacity, prime, MAX_LOAD);
  table.onFull = (full) => {
    check(full.capacity * 2, full.bytes);
    full.grow(full.capacity * 2);
  };
  return table;
}
