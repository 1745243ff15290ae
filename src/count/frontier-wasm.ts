import { compileBase64 } from "../core/wasm-module.js";
import type { CellSwept } from "./frontier-cell.js";
import { cellEdges } from "./frontier-cell.js";
import type { Layer } from "./frontier-layer.js";
import { narrowFold, narrowLoopFits } from "./frontier-narrow.js";
import type { SweepPlan } from "./frontier-plan.js";
import { NARROW_WASM_BASE64 } from "./narrow-wasm.js";

/**
 * The narrow row sweep in WebAssembly (src/count/wasm/narrow.c): frontier-narrow.ts's
 * transitions, state for state, with the layer and the next table in the module's memory, at
 * the speed of a native C sweep of the same algorithm or better (bench/records/counting.md). runLane (frontier-lane.ts)
 * hands it the cells of a one-thread row sweep whose layers fit in memory, and takes the layer
 * back into JavaScript (`layer()`) for a snapshot, or for good when a table would pass the
 * memory ceiling (the JavaScript sweep then spills) — so a count gives the same result either
 * way, only sooner.
 */
export interface WasmSweep {
  /**
   * Sweep cell t (the layer is the states before it) into a table sized for about `hint`
   * states; at the last cell, add up the tours. Null when the table would pass the memory
   * ceiling: the layer is then as it was (take it with `layer()` and sweep the cell in
   * JavaScript).
   */
  cell(t: number, hint: number): CellSwept | null;
  /** States in the layer now. */
  readonly states: number;
  /** Bytes of the last cell's table, and of the module's memory. */
  readonly tableBytes: number;
  readonly memoryBytes: number;
  /** Whether a sum in a table passed 2^64 (prime 0). */
  readonly overflowed: boolean;
  /** A copy of the layer, as JavaScript holds one. */
  layer(): Layer;
  /** The tours added up at the last cell: low and high words, and whether a sum passed 2^64. */
  accepted(): { lo: number; hi: number; overflow: boolean };
}

interface NarrowExports {
  readonly memory: WebAssembly.Memory;
  readonly mirror: WebAssembly.Global;
  readonly cell_in: WebAssembly.Global;
  readonly cell_out: WebAssembly.Global;
  setup(...args: number[]): number;
  layer_room(states: number): number;
  layer_address(): number;
  layer_size(): number;
  tally_value(): bigint;
  overflowed(): number;
  tally_overflowed(): number;
  cell(hint: number): number;
}

/** The limits of narrow.c's arrays. */
const MAX_EARLIER = 16;
const MAX_SUBSETS = 160;
const MAX_LEAVE = 32;
const MAX_MIRROR_BYTES = 8;
/** WebAssembly memory is addressed with 32 bits; engines give it 4 GiB at most. */
const MOST_MEMORY = 3 * 2 ** 30;

let compiled: WebAssembly.Module | null | undefined;

function narrowModule(): WebAssembly.Module | null {
  if (compiled === undefined) compiled = compileBase64(NARROW_WASM_BASE64);
  return compiled;
}

/** Whether this platform runs the WebAssembly sweep (WebAssembly there, the module compiled). */
export function wasmSweepAvailable(): boolean {
  return narrowModule() !== null;
}

/**
 * A WebAssembly sweep of `plan` modulo `prime` (0: 2^64) starting from `first`, whose memory
 * stays under `maxBytes`; null when the module cannot take it (no WebAssembly, a plan the
 * narrow loop does not serve, a layer spilled in runs, a ceiling too low for the layer and the
 * staging area). A layer in memory is copied in; a snapshot's stream is read into it.
 */
export function wasmSweep(
  plan: SweepPlan,
  prime: number,
  first: Layer,
  maxBytes: number,
): WasmSweep | null {
  if (!narrowLoopFits(plan) || (first.memory === undefined && first.stream === undefined)) {
    return null;
  }
  const L = plan.layout;
  if (L.maxEarlier > MAX_EARLIER || plan.metaWord * 32 + plan.metaShift !== 4 * plan.w) return null;
  for (let t = 0; t < plan.n; t++) {
    if (L.leaveStart[t + 1]! - L.leaveStart[t]! > MAX_LEAVE) return null;
  }
  const fold = plan.fold ? narrowFold(plan) : undefined;
  if (fold && fold.byteCount > MAX_MIRROR_BYTES) return null;
  const module = narrowModule();
  if (module === null) return null;
  let x: NarrowExports;
  try {
    x = new WebAssembly.Instance(module, {}).exports as unknown as NarrowExports;
  } catch {
    return null;
  }
  const ceiling = Math.min(maxBytes, MOST_MEMORY);
  const ok = x.setup(
    plan.w,
    plan.pathMode ? 1 : 0,
    plan.TAIL,
    plan.SECOND,
    4 * plan.w,
    fold?.byteCount ?? 0,
    fold?.closed0 ?? 0,
    fold?.closed1 ?? 0,
    prime % 2 ** 32,
    Math.floor(prime / 2 ** 32),
    ceiling,
  );
  if (ok !== 1) return null;
  if (fold)
    new Uint32Array(x.memory.buffer, x.mirror.value as number, fold.bytes.length).set(fold.bytes);
  const words = first.states * 4;
  const at = x.layer_room(first.states);
  if (at === 0 && first.states > 0) return null;
  const into = new Uint32Array(x.memory.buffer, at, words);
  if (first.memory) {
    into.set(first.memory.subarray(0, words));
  } else {
    // A snapshot being resumed: its chunks, in order, fill the layer. `states` counts a state
    // spilled in two runs twice, and the stream merges them: it may hold fewer, never more.
    let filled = 0;
    for (const chunk of first.stream!()) {
      if (filled + chunk.length > words) return null;
      into.set(chunk, filled);
      filled += chunk.length;
    }
    x.layer_room(filled / 4);
  }
  return narrowSweep(plan, x);
}

function narrowSweep(plan: SweepPlan, x: NarrowExports): WasmSweep {
  const L = plan.layout;
  const edges = cellEdges(plan);
  let tableBytes = 0;
  const sweep: WasmSweep = {
    cell(t, hint) {
      const subsets = edges.prepare(t);
      if (subsets > MAX_SUBSETS) throw new Error(`frontier: cell ${t} has ${subsets} subsets`);
      const last = t === plan.n - 1;
      const lStart = L.leaveStart[t]!;
      const lEnd = L.leaveStart[t + 1]!;
      const p = new Int32Array(
        x.memory.buffer,
        x.cell_in.value as number,
        7 + 3 * MAX_EARLIER + 3 * MAX_SUBSETS + 2 * MAX_LEAVE,
      );
      p[0] = L.earlierStart[t + 1]! - L.earlierStart[t]!;
      p[1] = subsets;
      p[2] = lEnd - lStart;
      p[3] = last ? 1 : 0;
      p[4] = plan.fold && !last && (t + 1) % plan.cols === 0 ? 1 : 0;
      p[5] = L.hole[t] === 1 ? 0 : 1;
      p[6] = plan.oldestWrongEnd[t]!;
      p.set(edges.eSlot.subarray(0, MAX_EARLIER), 7);
      p.set(edges.eRemaining.subarray(0, MAX_EARLIER), 7 + MAX_EARLIER);
      p.set(edges.eCap.subarray(0, MAX_EARLIER), 7 + 2 * MAX_EARLIER);
      const s0 = 7 + 3 * MAX_EARLIER;
      p.set(edges.subMask.subarray(0, subsets), s0);
      p.set(edges.subA.subarray(0, subsets), s0 + MAX_SUBSETS);
      p.set(edges.subB.subarray(0, subsets), s0 + 2 * MAX_SUBSETS);
      const l0 = s0 + 3 * MAX_SUBSETS;
      p.set(L.leaveSlot.subarray(lStart, lEnd), l0);
      p.set(plan.leaveWrongEnd.subarray(lStart, lEnd), l0 + MAX_LEAVE);
      const done = x.cell(hint);
      if (done < 0) throw new Error(`frontier invariant broken at cell ${t} (WebAssembly sweep)`);
      if (done === 0) return null;
      const out = new Float64Array(x.memory.buffer, x.cell_out.value as number, 5);
      tableBytes = out[4]!;
      return { transitions: out[2]!, inputStates: out[1]!, total: out[3]!, subsets };
    },
    get states() {
      return x.layer_size();
    },
    get tableBytes() {
      return tableBytes;
    },
    get memoryBytes() {
      return x.memory.buffer.byteLength;
    },
    get overflowed() {
      return x.overflowed() === 1;
    },
    layer() {
      const states = x.layer_size();
      const memory = new Uint32Array(states * 4);
      memory.set(new Uint32Array(x.memory.buffer, x.layer_address(), states * 4));
      return { states, memory };
    },
    accepted() {
      // An i64 comes back as a signed BigInt.
      const v = BigInt.asUintN(64, x.tally_value());
      return {
        lo: Number(v & 0xffffffffn),
        hi: Number(v >> 32n),
        overflow: x.tally_overflowed() === 1,
      };
    },
  };
  return sweep;
}
