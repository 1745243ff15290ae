import { OptionError } from "../core/errors.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import {
  fersWazirImpossible,
  HAS_FERS,
  HAS_WAZIR,
  MAX_ALTERNATING_WIDTH,
  Scratch,
  type SweepPlan,
  sweepPlan,
} from "./alternating.js";
import { LayerTable, USED } from "./layer-table.js";

/** Highest load of a layer's table before it grows. */
const MAX_LOAD = 0.6;

/**
 * One fers–wazir tour, read off the sweep of alternating.ts: the sweep forward keeps every
 * layer's states (no counts), then walks back from the closing transition of the last cell,
 * taking at each cell the first state of the layer before that leads to the state chosen
 * after it, and that transition's edges. Every state kept was reached from the empty frontier,
 * so the walk back always reaches it. Deterministic: the same board gives the same tour.
 *
 * Memory: every layer's keys (8 or 12 bytes a state; 12×12 about 40 MB, 14×14 about 600 MB).
 */
export function fersWazirTour(
  rows: number,
  cols: number,
  maxBytes = DEFAULT_MAX_BYTES,
): { path: Int32Array } | { reason: string } {
  const impossible = fersWazirImpossible(rows, cols);
  if (impossible !== undefined) return { reason: impossible };
  const width = Math.min(rows, cols);
  const height = Math.max(rows, cols);
  if (width > MAX_ALTERNATING_WIDTH) {
    throw new OptionError(
      `fers–wazir tours are found by the sweep on boards whose shorter side is at most ${MAX_ALTERNATING_WIDTH}; got ${rows}×${cols}`,
      `${rows}x${cols}`,
    );
  }
  const plan = sweepPlan(height, width);
  const layers = forward(plan, maxBytes);
  const choices = backward(plan, layers);
  if (choices === undefined) return { reason: `${rows}×${cols} has no fers–wazir tour` };
  const cycle = cycleOf(plan, choices);
  // The sweep ran across the shorter side: cell (r, c) of the sweep is (c, r) of a wide board.
  const path = new Int32Array(cycle.length);
  for (let i = 0; i < cycle.length; i++) {
    const r = Math.floor(cycle[i]! / width);
    const c = cycle[i]! % width;
    path[i] = cols === width ? r * cols + c : c * cols + r;
  }
  return { path };
}

/** v's wazir choice (0 none, 1 left, 2 up) and fers choice (0 none, 1 up-left, 2 up-right). */
function tryChoice(plan: SweepPlan, scratch: Scratch, t: number, w: number, f: number): boolean {
  const { width, slots, later } = plan;
  const c = t % width;
  const v = slots;
  if ((w === 1 || f === 1) && c === 0) return false;
  if (f === 2 && c === width - 1) return false;
  scratch.reset();
  if (w === 1 && !scratch.join(v, c - 1, HAS_WAZIR)) return false;
  if (w === 2 && !scratch.join(v, c, HAS_WAZIR)) return false;
  if (f === 1 && !scratch.join(v, width, HAS_FERS)) return false;
  if (f === 2 && !scratch.join(v, c + 1, HAS_FERS)) return false;
  const last = t === plan.height * width - 1;
  if (scratch.closed !== last) return false;
  return scratch.pack(c, width, later, t * slots);
}

/** Every layer's distinct keys, layer t being the states before cell t (layer 0: empty). */
function forward(plan: SweepPlan, maxBytes: number): Uint32Array[] {
  const kw = plan.keyWords;
  const cells = plan.height * plan.width;
  const scratch = new Scratch(plan.slots, kw);
  const layers: Uint32Array[] = [new Uint32Array(kw)];
  let held = 0;
  for (let t = 0; t < cells - 1; t++) {
    const from = layers[t]!;
    // The table merges equal keys; its counts are not read.
    const table = new LayerTable(kw, (2 * from.length) / kw / MAX_LOAD, 0, MAX_LOAD);
    table.onFull = (full) => {
      checkMemory(
        `the fers–wazir tour of ${plan.height}×${plan.width}`,
        held + 2 * full.bytes,
        maxBytes,
        `${plan.height}x${plan.width}`,
      );
      full.grow(full.capacity * 2);
    };
    for (let base = 0; base < from.length; base += kw) {
      scratch.decode(from, base, plan.slots);
      for (let w = 0; w < 3; w++) {
        for (let f = 0; f < 3; f++) {
          if (tryChoice(plan, scratch, t, w, f)) table.queue(scratch.key, 1, 0);
        }
      }
    }
    table.flush();
    const keys = new Uint32Array(table.size * kw);
    const words = table.words;
    let at = 0;
    for (let base = 0; base < words.length; base += table.stride) {
      if (words[base + kw - 1]! < USED) continue;
      for (let i = 0; i < kw; i++) keys[at++] = words[base + i]!;
      // The used mark is no part of the key.
      keys[at - 1] = (keys[at - 1]! & ~USED) >>> 0;
    }
    table.release();
    held += keys.byteLength;
    checkMemory(`the fers–wazir tour of ${plan.height}×${plan.width}`, held, maxBytes, plan.height);
    layers.push(keys);
  }
  return layers;
}

/** The (w, f) choice of every cell along one run from the empty frontier to the closing. */
function backward(plan: SweepPlan, layers: readonly Uint32Array[]): Int8Array | undefined {
  const kw = plan.keyWords;
  const cells = plan.height * plan.width;
  const scratch = new Scratch(plan.slots, kw);
  const choices = new Int8Array(cells);
  const target = new Uint32Array(kw);
  for (let t = cells - 1; t >= 0; t--) {
    const from = layers[t]!;
    let found = -1;
    search: for (let base = 0; base < from.length; base += kw) {
      scratch.decode(from, base, plan.slots);
      for (let w = 0; w < 3; w++) {
        for (let f = 0; f < 3; f++) {
          if (!tryChoice(plan, scratch, t, w, f)) continue;
          // The last cell closes the cycle (tryChoice then left every slot GONE).
          if (t < cells - 1 && !sameKey(scratch.key, target)) continue;
          choices[t] = 3 * w + f;
          found = base;
          break search;
        }
      }
    }
    if (found < 0) return undefined;
    target.set(from.subarray(found, found + kw));
  }
  return choices;
}

function sameKey(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The cycle the choices' edges form, from cell 0, as sweep cells. */
function cycleOf(plan: SweepPlan, choices: Int8Array): number[] {
  const { width } = plan;
  const cells = plan.height * width;
  const ends = new Int32Array(2 * cells).fill(-1);
  const link = (a: number, b: number) => {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (ends[2 * x]! < 0) ends[2 * x] = y;
      else ends[2 * x + 1] = y;
    }
  };
  for (let t = 0; t < cells; t++) {
    const w = Math.floor(choices[t]! / 3);
    const f = choices[t]! % 3;
    if (w === 1) link(t, t - 1);
    if (w === 2) link(t, t - width);
    if (f === 1) link(t, t - width - 1);
    if (f === 2) link(t, t - width + 1);
  }
  const cycle = [0];
  let previous = -1;
  let at = 0;
  while (cycle.length < cells) {
    const next = ends[2 * at] !== previous ? ends[2 * at]! : ends[2 * at + 1]!;
    previous = at;
    at = next;
    cycle.push(at);
  }
  return cycle;
}
