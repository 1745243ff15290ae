import { mirrorKeys } from "./frontier-fold.js";
import { type FrontierSpill, type Layer, layerChunks, type MergeState } from "./frontier-layer.js";
import { narrowFold, narrowLoopFits, sweepSliceNarrow } from "./frontier-narrow.js";
import type { SweepPlan } from "./frontier-plan.js";
import type { FrontierLoop } from "./frontier-types.js";
import { USED, WORD } from "./layer-table.js";

/**
 * Where a cell's transitions go: the next layer's table (LayerTable), or, in a sweep on
 * several threads, a router that sends each state to the thread owning its key
 * (frontier-shard-sync.ts). Counts are (lo + hi·2^32) modulo 2^64 or the lane's prime.
 */
export interface LayerSink {
  queuePair(k0: number, k1: number, lo: number, hi: number): void;
  queue(key: Uint32Array, lo: number, hi: number): void;
}

/** What sweeping one cell did (frontier.ts sizes tables and bounds counts with it). */
export interface CellSwept {
  /** Transitions built. */
  readonly transitions: number;
  /** Entries read from the layer. */
  readonly inputStates: number;
  /** The layer's total count, summed in floating point (exact below 2^53). */
  readonly total: number;
  /** Subsets of the cell's edges to earlier cells that were tried per state. */
  readonly subsets: number;
}

/** The transitions of a sweep, one cell at a time, and the tours completed at its last cell. */
export interface CellSweeper {
  /**
   * Read every state of `layer` (the states before cell t), try every subset of t's edges to
   * earlier cells on it, and queue the states that result into `table` (none at the last cell:
   * the complete structures are added up instead).
   */
  sweep(t: number, layer: Layer, table: LayerSink | undefined, merge: MergeState): CellSwept;
  /** The completed structures: low and high words of their count, and whether it passed 2^64. */
  accepted(): { lo: number; hi: number; overflow: boolean };
}

const GONE = 0;
const FREE = 1;
const NO_FOLD = { bytes: new Uint32Array(0), byteCount: 0, closed0: 0, closed1: 0 };

/**
 * The per-cell transitions of the sweep (codes and layouts: frontier.ts, frontier-plan.ts).
 * The scratch arrays and helpers are built once per lane (nothing is allocated per state);
 * the loop over states and subsets is one top-level function, `sweepCell`, so that V8's
 * optimised code for it serves every lane and every count (a closure made per lane was
 * compiled afresh for each), and the small helpers are inlined into it.
 */
export function cellSweeper(
  plan: SweepPlan,
  prime: number,
  spill: FrontierSpill | undefined,
  loop: FrontierLoop = "fastest",
): CellSweeper {
  const state = new Uint32Array(plan.words);
  const cur = new Uint32Array(plan.words);
  const fields = fieldOps(plan, cur);
  const narrow = loop !== "general" && narrowLoopFits(plan);
  const kit: CellKit = {
    plan,
    prime,
    spill,
    state,
    cur,
    fields,
    keys: keyOps(plan, state, cur),
    subsets: subsetOps(plan, cur, fields.get),
    tally: new Tally(prime),
    narrow,
    narrowFold: narrow ? narrowFold(plan) : NO_FOLD,
    cell: {
      t: 0,
      subsets: 0,
      k: 0,
      lStart: 0,
      lEnd: 0,
      last: false,
      foldHere: false,
      enter: FREE,
      transitions: 0,
      total: 0,
    },
  };
  return {
    sweep: (t, layer, table, merge) => sweepCell(kit, t, layer, table, merge),
    accepted: () => ({ lo: kit.tally.lo, hi: kit.tally.hi, overflow: kit.tally.overflow }),
  };
}

/** What the transitions of one lane work with. */
export interface CellKit {
  readonly plan: SweepPlan;
  readonly prime: number;
  readonly spill: FrontierSpill | undefined;
  /** The working state read from an entry, and the one a transition builds. */
  readonly state: Uint32Array;
  readonly cur: Uint32Array;
  readonly fields: ReturnType<typeof fieldOps>;
  readonly keys: ReturnType<typeof keyOps>;
  readonly subsets: ReturnType<typeof subsetOps>;
  readonly tally: Tally;
  /** Whether the slices run frontier-narrow.ts's loop (the state in two locals). */
  readonly narrow: boolean;
  /** That loop's mirror tables (frontier-fold.ts's narrowMirror). */
  readonly narrowFold: { bytes: Uint32Array; byteCount: number; closed0: number; closed1: number };
  /** The cell being swept: what sweepSlice reads, and its running totals. */
  readonly cell: CellInSweep;
}

/** What is fixed for the whole of cell t (set by sweepCell), and the cell's totals so far. */
interface CellInSweep {
  t: number;
  subsets: number;
  /** Earlier neighbours of t, and t's entries in the layout's leaving list. */
  k: number;
  lStart: number;
  lEnd: number;
  last: boolean;
  foldHere: boolean;
  /** The code the new cell enters with (FREE; GONE for a hole). */
  enter: number;
  transitions: number;
  total: number;
}

/**
 * States a call of sweepSlice reads at most. A short call lets V8 swap in the optimised code of
 * the loop between calls; one call over a whole layer of a million states had it compile the
 * loop a second time for on-stack replacement (40–180 ms of compiling each time, measured with
 * --trace-opt on 6×7).
 */
const SLICE = 4096;

/** The fields of a working state: read one, write one of `cur`, find and make mates. */
function fieldOps(plan: SweepPlan, cur: Uint32Array) {
  const { SECOND, fWord, fShift, fieldMask } = plan;
  const get = (from: Uint32Array, i: number): number =>
    (from[fWord[i]!]! >>> fShift[i]!) & fieldMask;
  const set = (i: number, value: number): void => {
    const wd = fWord[i]!;
    const sh = fShift[i]!;
    cur[wd] = (cur[wd]! & ~(fieldMask << sh)) | (value << sh);
  };
  /** Slot of the mate of the path end at slot i (code `code`) in `from`. */
  const mateOf = (from: Uint32Array, i: number, code: number): number => {
    if (code > SECOND) return i + code - SECOND;
    for (let j = i - 1; j >= 0; j--) if (get(from, j) === SECOND + i - j) return j;
    throw new Error(`frontier invariant: the path end in slot ${i} has no mate`);
  };
  /** Make slots x and y (x ≠ y) the two ends of one partial path in `cur`. */
  const setPair = (x: number, y: number): void => {
    if (x < y) {
      set(x, SECOND + y - x);
      set(y, SECOND);
    } else {
      set(y, SECOND + x - y);
      set(x, SECOND);
    }
  };
  return { get, set, mateOf, setPair };
}

/** Entries into working states (`load`), and working states into the next table's keys. */
function keyOps(plan: SweepPlan, state: Uint32Array, cur: Uint32Array) {
  const { pathMode, TAIL, compact, kw, bits, fieldMask, topShift, words } = plan;
  const { metaWord, metaShift } = plan;
  const { decodeBytes, decode, encodeBytes, encode } = plan.repack;
  const decodeCount = compact ? decodeBytes.length : 0;
  const encodeCount = compact ? encodeBytes.length : 0;
  const key = new Uint32Array(kw);
  const mirrorKey = new Uint32Array(kw);
  // Path ends in a working word of 5-bit fields (compact layouts only): the fields equal to
  // TAIL become zero under the XOR, and the zero fields are counted in parallel.
  const tailPattern = TAIL * 0x2108421;
  const tailsIn = (x: number): number => {
    const y = x ^ tailPattern;
    const nonzero = ((y & 0x1ef7bdef) + 0x1ef7bdef) | y;
    return (Math.imul((~nonzero & 0x21084210) >>> 4, 0x2108421) >>> 25) & 31;
  };
  // The stored key of the mirror image of an end-of-row working state (frontier-fold.ts).
  const mirrorKeyOf = mirrorKeys(plan);
  /**
   * The stored key of the working state `from` (window shifted by one cell) in `out`. For the
   * row-end cells and wide keys: the other cells pack the key inline in sweepCell.
   */
  const keyOf = (from: Uint32Array, endsOut: number, out: Uint32Array): void => {
    if (!compact) {
      let k0 = from[0]! >>> bits;
      let k1 = 0;
      if (words > 1) {
        k0 |= (from[1]! & fieldMask) << topShift;
        k1 = from[1]! >>> bits;
      }
      if (endsOut !== 0) {
        if (metaWord === 0) k0 |= endsOut << metaShift;
        else k1 |= endsOut << metaShift;
      }
      out[0] = k0;
      out[1] = k1;
      return;
    }
    out.fill(0);
    for (let p = 0; p < encodeCount; p++) {
      const byte = encodeBytes[p]!;
      const at = (p * 256 + ((from[byte >> 2]! >>> ((byte & 3) << 3)) & 255)) * kw;
      for (let i = 0; i < kw; i++) out[i] |= encode[at + i]!;
    }
  };
  /** Whether key a comes before key b (highest word first): the fold keeps the smaller. */
  const keyBelow = (a: Uint32Array, b: Uint32Array): boolean => {
    for (let i = kw - 1; i >= 0; i--) if (a[i] !== b[i]) return a[i]! < b[i]!;
    return false;
  };
  /** Queue the state in `cur` at a row end: it or its mirror image, whichever key is smaller. */
  const queueFolded = (table: LayerSink, endsOut: number, lo: number, hi: number): void => {
    keyOf(cur, endsOut, key);
    mirrorKeyOf(cur, endsOut, mirrorKey);
    const kept = keyBelow(mirrorKey, key) ? mirrorKey : key;
    if (kw === 2) table.queuePair(kept[0]!, kept[1]!, lo, hi);
    else table.queue(kept, lo, hi);
  };
  /** Queue the state in `cur` under its compact key (windows over 13). */
  const queueCompact = (table: LayerSink, lo: number, hi: number): void => {
    if (kw === 2) {
      let k0 = 0;
      let k1 = 0;
      for (let p = 0; p < encodeCount; p++) {
        const byte = encodeBytes[p]!;
        const at = (p * 256 + ((cur[byte >> 2]! >>> ((byte & 3) << 3)) & 255)) * 2;
        k0 |= encode[at]!;
        k1 |= encode[at + 1]!;
      }
      table.queuePair(k0, k1, lo, hi);
      return;
    }
    keyOf(cur, 0, key);
    table.queue(key, lo, hi);
  };
  /** Load the entry at `base` of `chunk` into the working `state`; the tour ends it has fixed. */
  const load = (chunk: Uint32Array, base: number): number => {
    if (!compact) {
      state[0] = chunk[base]!;
      if (words > 1) state[1] = chunk[base + 1]! & ~USED;
      return (state[metaWord]! >>> metaShift) & 3;
    }
    for (let i = 0; i < words; i++) state[i] = 0;
    for (let p = 0; p < decodeCount; p++) {
      const byte = decodeBytes[p]!;
      const v = (chunk[base + (byte >> 2)]! >>> ((byte & 3) << 3)) & 255;
      const at = (p * 256 + v) * words;
      for (let i = 0; i < words; i++) state[i] |= decode[at + i]!;
    }
    let endsIn = 0;
    if (pathMode) for (let i = 0; i < words; i++) endsIn += tailsIn(state[i]!);
    return endsIn;
  };
  return { load, queueFolded, queueCompact };
}

/**
 * A cell's earlier neighbours (eSlot, eRemaining, eCap) and the subsets of at most two of them
 * it may take (subMask, subA, subB), filled by `prepare(t)`, which returns how many subsets.
 * Also what the WebAssembly sweep (frontier-wasm.ts) is given for each cell.
 */
export function cellEdges(plan: SweepPlan) {
  const { layout: L, w, pathMode, leavesAtOnce } = plan;
  const cap = L.cap;
  const eSlot = new Int32Array(L.maxEarlier);
  const eRemaining = new Int32Array(L.maxEarlier);
  const eCap = new Int32Array(L.maxEarlier);
  const maxSubsets = 1 + L.maxEarlier + (L.maxEarlier * (L.maxEarlier - 1)) / 2;
  const subMask = new Int32Array(maxSubsets);
  const subA = new Int32Array(maxSubsets);
  const subB = new Int32Array(maxSubsets);
  const prepare = (t: number): number => {
    const eStart = L.earlierStart[t]!;
    const k = L.earlierStart[t + 1]! - eStart;
    for (let j = 0; j < k; j++) {
      eSlot[j] = L.earlierSlot[eStart + j]!;
      eRemaining[j] = L.earlierRemaining[eStart + j]!;
      eCap[j] = cap[t - w + eSlot[j]!]!;
    }
    const vLeavesNow = !pathMode && leavesAtOnce[t] === 1;
    let subsets = 0;
    for (let a = -1; a < k; a++) {
      for (let b = a; b < k; b++) {
        if (a === -1 && b !== -1) break;
        const size = a === -1 ? 0 : b === a ? 1 : 2;
        if (size > cap[t]! || (vLeavesNow && size !== 2)) continue;
        subMask[subsets] = size === 0 ? 0 : (1 << a) | (1 << b);
        subA[subsets] = size >= 1 ? eSlot[a]! : -1;
        subB[subsets] = size === 2 ? eSlot[b]! : -1;
        subsets++;
      }
    }
    return subsets;
  };
  return { eSlot, eRemaining, eCap, subMask, subA, subB, prepare };
}

/** cellEdges, and the tests on a transition built in `cur` that use them. */
function subsetOps(
  plan: SweepPlan,
  cur: Uint32Array,
  get: (from: Uint32Array, i: number) => number,
) {
  const { words } = plan;
  const edges = cellEdges(plan);
  const { eSlot, eRemaining, eCap } = edges;
  /** Whether a FREE earlier neighbour in `cur` has too few later chances for two edges. */
  const starved = (k: number): boolean => {
    for (let j = 0; j < k; j++) {
      if (get(cur, eSlot[j]!) === FREE && eRemaining[j]! < (eCap[j] === 1 ? 1 : 2)) return true;
    }
    return false;
  };
  /** Whether every slot of `cur` is GONE. */
  const empty = (): boolean => {
    for (let i = 0; i < words; i++) if (cur[i] !== 0) return false;
    return true;
  };
  return { ...edges, starved, empty };
}

/** The completed structures' count, two words (modulo 2^64, or the lane's prime). */
class Tally {
  lo = 0;
  hi = 0;
  /** Whether a sum passed 2^64 (lane 0). */
  overflow = false;
  constructor(private readonly prime: number) {}

  accept(lo: number, hi: number): void {
    const prime = this.prime;
    const low = this.lo + lo;
    const carry = prime === 0 && low >= WORD ? 1 : 0;
    this.lo = low - carry * WORD;
    this.hi += hi + carry;
    if (prime === 0 && this.hi >= WORD) {
      this.hi -= WORD;
      this.overflow = true;
    } else if (prime !== 0) {
      let sum = this.hi * WORD + this.lo;
      if (sum >= prime) sum -= prime;
      this.lo = sum % WORD;
      this.hi = Math.floor(sum / WORD);
    }
  }
}

/**
 * Read every state of `layer` (the states before cell t), try every subset of t's edges to
 * earlier cells on it, and queue the states that result into `table`; at the last cell, add
 * up the complete structures instead. The states are read in slices (sweepSlice).
 */
function sweepCell(
  kit: CellKit,
  t: number,
  layer: Layer,
  table: LayerSink | undefined,
  merge: MergeState,
): CellSwept {
  const { plan, prime, spill } = kit;
  const { layout: L, n, kw, stride, fold } = plan;
  const cell = kit.cell;
  cell.t = t;
  cell.subsets = kit.subsets.prepare(t);
  cell.k = L.earlierStart[t + 1]! - L.earlierStart[t]!;
  cell.lStart = L.leaveStart[t]!;
  cell.lEnd = L.leaveStart[t + 1]!;
  cell.last = t === n - 1;
  cell.foldHere = fold && !cell.last && (t + 1) % plan.cols === 0;
  cell.enter = L.hole[t] === 1 ? GONE : FREE;
  cell.transitions = 0;
  cell.total = 0;
  let inputStates = 0;
  for (const chunk of layerChunks(layer, spill, kw, prime, merge)) {
    const entries = chunk.length / stride;
    inputStates += entries;
    for (let from = 0; from < entries; from += SLICE) {
      if (kit.narrow) sweepSliceNarrow(kit, chunk, from, Math.min(entries, from + SLICE), table);
      else sweepSlice(kit, chunk, from, Math.min(entries, from + SLICE), table);
    }
  }
  return {
    transitions: cell.transitions,
    inputStates,
    total: cell.total,
    subsets: cell.subsets,
  };
}

/**
 * Entries `from` to `to` of `chunk` (states before kit.cell.t): every subset of the cell's
 * edges to earlier cells tried on each, the states that result queued into `table` (at the
 * last cell, the complete structures added up instead). The hot path: everything it reads is
 * a local here.
 */
function sweepSlice(
  kit: CellKit,
  chunk: Uint32Array,
  from: number,
  to: number,
  table: LayerSink | undefined,
): void {
  const { plan, state, cur } = kit;
  const { layout: L, w, pathMode, TAIL, compact, kw, stride, bits } = plan;
  const { fieldMask, topShift, words, metaWord, metaShift, oldestWrongEnd, leaveWrongEnd } = plan;
  const { get, set, mateOf, setPair } = kit.fields;
  const { load, queueFolded, queueCompact } = kit.keys;
  const { eSlot, eRemaining, eCap, subMask, subA, subB, starved, empty } = kit.subsets;
  const { t, subsets, k, lStart, lEnd, last, foldHere, enter } = kit.cell;
  let transitions = 0;
  let total = 0;
  for (let e = from; e < to; e++) {
    const base = e * stride;
    const endsIn = load(chunk, base);
    // Slot w, where the ends were, is the new cell: FREE (a hole: GONE).
    state[metaWord] = (state[metaWord]! & ~(fieldMask << metaShift)) | (enter << metaShift);
    const lo = chunk[base + kw]!;
    const hi = chunk[base + kw + 1]!;
    total += hi * WORD + lo;

    // Earlier neighbours that can take v's edge, and those that must: a FREE cell whose
    // later chances are too few, and (cycles) a path end leaving now.
    let must = 0;
    let able = 0;
    const freeNeed = pathMode && endsIn < 2 ? 1 : 2;
    for (let j = 0; j < k; j++) {
      const code = get(state, eSlot[j]!);
      if (code === FREE) {
        able |= 1 << j;
        if (eRemaining[j]! < (eCap[j] === 1 ? 1 : freeNeed)) must |= 1 << j;
      } else if (code !== GONE) {
        if (eCap[j] === 2) able |= 1 << j;
        if (!pathMode && eRemaining[j] === 0) must |= 1 << j;
      }
    }
    if ((must & ~able) !== 0) continue;

    for (let sub = 0; sub < subsets; sub++) {
      const chosen = subMask[sub]!;
      if ((chosen & must) !== must || (chosen & ~able) !== 0) continue;
      const sa = subA[sub]!;
      const sb = subB[sub]!;
      let endsOut = endsIn;
      let complete = 0;
      transitions++;
      for (let i = 0; i < words; i++) cur[i] = state[i]!;
      if (sb >= 0) {
        set(w, GONE);
        const ca = get(state, sa);
        const cb = get(state, sb);
        const endA = ca === FREE ? sa : ca === TAIL ? -1 : mateOf(state, sa, ca);
        if (endA === sb) {
          // Closing a cycle: only the very last cell may, and only in cycle mode.
          if (pathMode || !last) continue;
          set(sa, GONE);
          set(sb, GONE);
          complete = 1;
        } else {
          // Far ends of the two pieces joined through v: a slot, or -1 for a tour end.
          const endB = cb === FREE ? sb : cb === TAIL ? -1 : mateOf(state, sb, cb);
          if (ca !== FREE) set(sa, GONE);
          if (cb !== FREE) set(sb, GONE);
          if (endA < 0 && endB < 0) {
            if (!last) continue;
            complete = 1;
          } else if (endA < 0) set(endB, TAIL);
          else if (endB < 0) set(endA, TAIL);
          else setPair(endA, endB);
        }
      } else if (sa >= 0) {
        const ca = get(state, sa);
        // The far end of the piece v now ends: sa itself (a new piece), or sa's mate.
        const far = ca === FREE ? sa : ca === TAIL ? -1 : mateOf(state, sa, ca);
        if (ca !== FREE) set(sa, GONE);
        if (far < 0) set(w, TAIL);
        else if (far > 0) setPair(far, w);
        else {
          // The far end is the oldest slot, which leaves now (a pair w slots apart has no
          // code): in a path it becomes a tour end, and v the end of a TAIL piece.
          if (!pathMode || ++endsOut > 2 || oldestWrongEnd[t] === 1) continue;
          set(0, GONE);
          set(w, TAIL);
        }
      }
      // Cells whose last neighbour was v leave the frontier now.
      let ok = true;
      for (let e2 = lStart; e2 < lEnd; e2++) {
        const sl = L.leaveSlot[e2]!;
        const code = get(cur, sl);
        // Compared before the common case (GONE) returns: a comparison first reached only
        // after V8 optimised the loop throws the optimised code away (a 100 ms recompile).
        const free = code === FREE;
        if (code === GONE) continue;
        if (free || !pathMode) {
          ok = false;
          break;
        }
        // A path end leaves for good: it is one of the tour's two ends.
        endsOut++;
        if (endsOut > 2 || leaveWrongEnd[e2] === 1) {
          ok = false;
          break;
        }
        if (code === TAIL) {
          if (!last || complete) {
            ok = false;
            break;
          }
          complete = 1;
        } else {
          set(mateOf(cur, sl, code), TAIL);
        }
        set(sl, GONE);
      }
      // A free earlier neighbour left unchosen must still get its edges from later cells:
      // `must` saw to that, unless both tour ends got fixed just now (then a free cell can
      // no longer be an end and needs two edges).
      if (!ok || (endsOut === 2 && endsIn < 2 && starved(k))) continue;
      if (last) {
        // Accept: the structure complete, every slot gone, and (paths) two ends fixed.
        if (complete && (!pathMode || endsOut === 2) && empty()) kit.tally.accept(lo, hi);
        continue;
      }
      // The oldest slot must be gone; the next key is the window shifted by one field.
      if ((cur[0]! & fieldMask) !== GONE) {
        throw new Error("frontier invariant: oldest cell still open");
      }
      if (foldHere) queueFolded(table!, endsOut, lo, hi);
      else if (compact) queueCompact(table!, lo, hi);
      else {
        let k0 = cur[0]! >>> bits;
        let k1 = 0;
        if (words > 1) {
          k0 |= (cur[1]! & fieldMask) << topShift;
          k1 = cur[1]! >>> bits;
        }
        // The ends fixed go where slot w was (the last field after the shift).
        if (endsOut !== 0) {
          if (metaWord === 0) k0 |= endsOut << metaShift;
          else k1 |= endsOut << metaShift;
        }
        table!.queuePair(k0, k1, lo, hi);
      }
    }
  }
  kit.cell.transitions += transitions;
  kit.cell.total += total;
}
