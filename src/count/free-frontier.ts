import { MemoryLimitError } from "../core/errors.js";
import { DEFAULT_MAX_BYTES, formatBytes } from "../core/memory.js";
import type { FreePlan } from "./free-plan.js";
import { FreeStep } from "./free-step.js";
import { FrontierStop } from "./frontier-exact.js";
import { countBound, lanePrime } from "./frontier-lanes.js";
import type { FrontierOptions, FrontierSnapshot } from "./frontier-types.js";
import { LayerTable, WORD } from "./layer-table.js";

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

/** What one lane of the count returns (frontier.ts `LaneRun`). */
export interface FreeLaneRun {
  readonly residue: bigint;
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
}

/** Load of the tables: they grow (four times) when they pass it. */
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
  options: FreeLaneOptions,
): FreeLaneRun {
  const prime = lane === 0 ? 0 : lanePrime(lane - 1);
  const { n, kw } = plan;
  const stride = kw + 2;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const step = new FreeStep(plan);
  const start = startLayer(plan, options.resume);
  let layer = start.layer;
  let states = start.states;
  let peakStates = states;
  let read = 0;
  let growth = start.growth;
  let overflowAt = options.resume?.wrappedAt ?? -1;
  let exactTotal = options.resume?.exactTotal ?? 1;
  const subsetsAt = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const k = plan.backStart[t + 1]! - plan.backStart[t]!;
    subsetsAt[t] = 1 + k + (k * (k - 1)) / 2;
  }
  const snapshotEvery = options.snapshotEveryMs ?? 60_000;
  let lastSnapshot = performance.now();

  for (let t = start.step; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    const began = performance.now();
    // Sized for the last step's growth or two states per cell opened, whichever is more: a
    // table that grows moves every entry again (LayerTable.grow: about 2.5 µs an entry of four
    // words), and the giraffe's steps that open a cell grew past the last one's estimate.
    const opened = plan.inSize[t + 1]! - plan.inSize[t]!;
    const expected = states * Math.max(growth, 2 ** opened) * 1.2 + 16;
    const table = openTable(kw, expected, prime, maxBytes, layer.byteLength);
    step.begin(t);
    const entries = states;
    for (let s = 0; s < entries; s++) {
      if ((s & (CHECK_EVERY - 1)) === CHECK_EVERY - 1) {
        const inner = options.budget?.check() ?? null;
        if (inner) throw new FrontierStop(inner);
      }
      step.expand(layer, s * stride, table, prime);
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
      transitions: step.transitions,
      lane,
    });
    if (options.onSnapshot && t + 1 < n && performance.now() - lastSnapshot >= snapshotEvery) {
      const whole = layer;
      options.onSnapshot({
        sweep: options.sweep ?? "",
        step: t + 1,
        stride,
        lane,
        residues: (options.residues ?? []).map(String),
        states,
        wrappedAt: overflowAt,
        exactTotal,
        growth: [growth],
        chunks: () => [whole],
      });
      lastSnapshot = performance.now();
    }
  }
  if (prime === 0 && step.acceptedOverflow && overflowAt < 0) overflowAt = n - 1;
  const residue = BigInt(step.accepted[1]!) * BigInt(WORD) + BigInt(step.accepted[0]!);
  const bound = prime === 0 && overflowAt >= 0 ? countBound(exactTotal, overflowAt, subsetsAt) : 0n;
  return { residue, bound, peakStates, transitions: step.transitions };
}

/**
 * What a lane takes beside the plan: the count's hooks and limits, and for snapshots the
 * sweep's id and the residues of the lanes before this one (frontier.ts sets them).
 */
export type FreeLaneOptions = Pick<
  FrontierOptions,
  "budget" | "maxBytes" | "onLayer" | "onStep" | "onSnapshot" | "snapshotEveryMs" | "resume"
> & {
  readonly sweep?: string | undefined;
  readonly residues?: readonly bigint[] | undefined;
};

/**
 * The layer a lane starts from: the empty frontier with a count of one, or a snapshot's layer
 * (its entries copied into one array; a cycle closes only at the last cell, so nothing else of
 * the count is left behind).
 */
function startLayer(
  plan: FreePlan,
  resume: FrontierSnapshot | undefined,
): { layer: Uint32Array; states: number; step: number; growth: number } {
  const stride = plan.kw + 2;
  if (!resume) {
    const layer = new Uint32Array(stride);
    layer[plan.kw] = 1;
    return { layer, states: 1, step: 0, growth: 2 };
  }
  if (resume.stride !== stride || resume.step >= plan.n) {
    throw new Error(
      `frontier snapshot ${resume.sweep} (${resume.stride} words an entry, after cell ${resume.step}) does not fit this count (${stride} words, ${plan.n} cells)`,
    );
  }
  const layer = new Uint32Array(resume.states * stride);
  let at = 0;
  for (const chunk of resume.chunks()) {
    layer.set(chunk, at);
    at += chunk.length;
  }
  if (at !== layer.length) {
    throw new Error(`frontier snapshot ${resume.sweep} holds ${at / stride} states, not ${resume.states}`);
  }
  return { layer, states: resume.states, step: resume.step, growth: resume.growth?.at(-1) ?? 2 };
}

/** The sum of a layer's counts as a float (exact while below 2^53; a bound's start after). */
function layerTotal(layer: Uint32Array, states: number, stride: number, kw: number): number {
  let total = 0;
  for (let s = 0; s < states; s++)
    total += layer[s * stride + kw]! + layer[s * stride + kw + 1]! * WORD;
  return total;
}

/**
 * A table for about `expected` states that grows four times when full, within `maxBytes` with the layer
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
    check(full.capacity * 4, full.bytes);
    full.grow(full.capacity * 4);
  };
  return table;
}

export { type FreePlan, freePlan } from "./free-plan.js";
