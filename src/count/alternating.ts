import { OptionError } from "../core/errors.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import { combineLanes, lanePrime, primeLanesFor } from "./frontier-lanes.js";
import { LayerTable, USED, WORD } from "./layer-table.js";

/**
 * Fers–wazir tours: closed tours of the king graph that alternate a fers move (one step
 * diagonally) and a wazir move (one step orthogonally) — Hamiltonian cycles in which every cell
 * has exactly one diagonal edge and one orthogonal edge. Counted by a transfer-matrix sweep of
 * the cells in row-major order over the shorter side W (OEIS A383153, A383154: undirected
 * cycles, each counted once).
 *
 * When cell v = (r, c) is processed it decides its edges to earlier cells: at most one wazir edge
 * (left (r, c−1) or up (r−1, c)) and at most one fers edge (up-left (r−1, c−1) or up-right
 * (r−1, c+1)). The frontier has W + 1 slots: slot k < W holds column k's latest cell — (r, k)
 * for k < c, (r−1, k) for k ≥ c — and slot W holds (r−1, c−1), the cell v is the last to reach.
 * Each slot's code (5 bits) is its state in the low 2 bits and, for a path end, a label:
 *
 * - 0 GONE: the cell has both its edges, or does not exist (the row above the board);
 * - 1 FREE: no edge yet;
 * - 2 HAS_FERS / 3 HAS_WAZIR: one edge, of that class — the cell still needs the other class;
 *   the label (bits 2–4) names its partial path: the two ends of a path share a label, and
 *   labels are numbered in slot order, so equal frontiers have equal keys.
 *
 * Paths may cross (two fers edges of one 2×2 square do), so mates are named by label, not by
 * the nesting of brackets that planar sweeps use. A cell is dropped as soon as the edges still
 * to come cannot complete it (a FREE cell needs one of each class later, a HAS_FERS cell a
 * wazir edge); a cell leaving the window must be GONE. The one cycle closes at the last cell.
 *
 * Keys take 6 slots a 32-bit word (2 words to W = 11, 3 to W = 17). Counts are modulo 2^64 in
 * a LayerTable, exact when no sum carried out; otherwise further runs modulo primes below 2^52
 * finish the count by the Chinese remainder theorem (frontier-lanes.ts), as the knight's sweep
 * does.
 */

const GONE = 0;
const FREE = 1;
export const HAS_FERS = 2;
export const HAS_WAZIR = 3;
/** Bits of the classes of edges a slot may still receive. */
const FERS_LATER = 1;
const WAZIR_LATER = 2;
const SLOTS_PER_WORD = 6;
/** Widest sweep: W + 1 = 17 slots, at most 8 paths, so a label fits in 3 bits. */
export const MAX_ALTERNATING_WIDTH = 16;
const MAX_LOAD = 0.6;

export interface AlternatingOptions {
  /** Memory ceiling for the two tables of a step together (default DEFAULT_MAX_BYTES). */
  readonly maxBytes?: number | undefined;
  /** Called after every cell with the states in the new layer. */
  readonly onStep?: ((step: number, steps: number, states: number) => void) | undefined;
  /**
   * Only this lane: 0 counts modulo 2^64, i > 0 modulo lanePrime(i − 1). Given, the result's
   * count is that residue (a check of a count computed otherwise); omitted, the lanes needed
   * for the exact count run.
   */
  readonly lane?: number | undefined;
  /**
   * Only this modulus, a prime below 2^52 (a check with residues that wrap where the lanes'
   * primes exceed the count); takes the place of `lane`.
   */
  readonly prime?: number | undefined;
  /**
   * Sweep across the longer side instead of the shorter (default false): far more states, the
   * same count — an independent check, since the layers have nothing in common.
   */
  readonly longWindow?: boolean | undefined;
}

export interface AlternatingResult {
  /** The exact count, or the residue of `lane` when one was asked for. */
  readonly count: bigint;
  /** Most states in one layer. */
  readonly peakStates: number;
  /** Transitions built, over every lane. */
  readonly transitions: number;
  /** Lanes run. */
  readonly lanes: number;
  /** Largest table buffer held, in bytes. */
  readonly peakTableBytes: number;
}

/**
 * Count the fers–wazir tours of a rows × cols board (undirected closed tours, each once).
 * Boards with an odd side have none (see `fersWazirImpossible`); they are swept all the same.
 */
export function countFersWazir(
  rows: number,
  cols: number,
  options: AlternatingOptions = {},
): AlternatingResult {
  for (const side of [rows, cols]) {
    if (!Number.isSafeInteger(side) || side < 1) {
      throw new OptionError(`board sides must be whole numbers ≥ 1; got ${rows}×${cols}`, side);
    }
  }
  const long = options.longWindow === true;
  const width = long ? Math.max(rows, cols) : Math.min(rows, cols);
  const height = long ? Math.min(rows, cols) : Math.max(rows, cols);
  if (width > MAX_ALTERNATING_WIDTH) {
    throw new OptionError(
      `the fers–wazir sweep counts boards whose ${long ? "longer" : "shorter"} side is at most ${MAX_ALTERNATING_WIDTH}; got ${rows}×${cols}`,
      `${rows}x${cols}`,
    );
  }
  const plan = sweepPlan(height, width);
  if (options.prime !== undefined || options.lane !== undefined) {
    const modulus =
      options.prime !== undefined ? checkPrime(options.prime) : laneModulus(options.lane!);
    const run = sweepLane(plan, options, modulus);
    return { ...run, lanes: 1 };
  }
  const first = sweepLane(plan, options, 0);
  if (first.bound === 0n) return { ...first, lanes: 1 };
  const residues: bigint[] = [];
  let { peakStates, transitions, peakTableBytes } = first;
  const lanes = primeLanesFor(first.bound);
  for (let i = 0; i < lanes; i++) {
    const run = sweepLane(plan, options, lanePrime(i));
    residues.push(run.count);
    peakStates = Math.max(peakStates, run.peakStates);
    peakTableBytes = Math.max(peakTableBytes, run.peakTableBytes);
    transitions += run.transitions;
  }
  const count = combineLanes(first.count, residues);
  return { count, peakStates, transitions, lanes: 1 + lanes, peakTableBytes };
}

/** Why a rows × cols board has no fers–wazir tour, or undefined when it may have some. */
export function fersWazirImpossible(rows: number, cols: number): string | undefined {
  if (rows % 2 === 0 && cols % 2 === 0) return undefined;
  // Every cell has one fers edge, and a fers move changes the row by one and the column by one:
  // the fers edges pair the cells of even rows with those of odd rows, and likewise columns.
  return `a fers–wazir tour needs both sides even (its fers moves pair the cells of even and odd rows, and of even and odd columns, one to one); ${rows}×${cols} has none`;
}

function checkPrime(prime: number): number {
  if (!Number.isSafeInteger(prime) || prime < 2 || prime >= 2 ** 52 || !isPrime(prime)) {
    throw new OptionError(`the modulus must be a prime below 2^52; got ${prime}`, prime);
  }
  return prime;
}

/** Trial division: the moduli asked for are checked once, so speed does not matter. */
function isPrime(n: number): boolean {
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

function laneModulus(lane: number): number {
  if (!Number.isSafeInteger(lane) || lane < 0) {
    throw new OptionError(`lane must be a whole number ≥ 0; got ${lane}`, lane);
  }
  return lane === 0 ? 0 : lanePrime(lane - 1);
}

/** What the sweep of a board needs, computed once for all its lanes. */
export interface SweepPlan {
  readonly height: number;
  readonly width: number;
  readonly slots: number;
  readonly keyWords: number;
  /**
   * FERS_LATER | WAZIR_LATER bits of the edges slot s may still receive after cell t:
   * `later[t * slots + s]`, read off the board (not reasoned out case by case).
   */
  readonly later: Uint8Array;
}

export function sweepPlan(height: number, width: number): SweepPlan {
  const slots = width + 1;
  const cells = height * width;
  const later = new Uint8Array(cells * slots);
  for (let t = 0; t < cells; t++) {
    const r = Math.floor(t / width);
    const c = t % width;
    for (let s = 0; s < slots; s++) {
      // The cell slot s holds once cell t is processed.
      let cr: number;
      let cc: number;
      if (s === width) [cr, cc] = [r - 1, c];
      else [cr, cc] = s <= c ? [r, s] : [r - 1, s];
      if (cr < 0) continue;
      let bits = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nr = cr + dr;
          const nc = cc + dc;
          if ((dr === 0 && dc === 0) || nr < 0 || nr >= height || nc < 0 || nc >= width) continue;
          if (nr * width + nc <= t) continue;
          bits |= dr !== 0 && dc !== 0 ? FERS_LATER : WAZIR_LATER;
        }
      }
      later[t * slots + s] = bits;
    }
  }
  const keyWords = Math.ceil(slots / SLOTS_PER_WORD);
  return { height, width, slots, keyWords, later };
}

interface LaneRun {
  /** The residue (modulo 2^64 or the lane's prime). */
  readonly count: bigint;
  /** Lane 0 only: 0 when the count is exact, else an upper bound on it. */
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
  readonly peakTableBytes: number;
}

/**
 * Work arrays of one sweep, allocated once: the decoded state (codes and mates of the W + 1
 * slots and of v, slot W + 1) and the key being built.
 */
export class Scratch {
  readonly code: Int32Array;
  readonly mate: Int32Array;
  readonly baseCode: Int32Array;
  readonly baseMate: Int32Array;
  readonly firstOf = new Int32Array(8);
  readonly labelOf: Int32Array;
  readonly key: Uint32Array;
  /** Set by `join` when the edge closed a cycle. */
  closed = false;

  constructor(slots: number, keyWords: number) {
    this.code = new Int32Array(slots + 1);
    this.mate = new Int32Array(slots + 1);
    this.baseCode = new Int32Array(slots + 1);
    this.baseMate = new Int32Array(slots + 1);
    this.labelOf = new Int32Array(slots + 1);
    this.key = new Uint32Array(keyWords);
  }

  /** Decode the key at `words[off..]` into baseCode / baseMate (slot `slots` is v: FREE). */
  decode(words: Uint32Array, off: number, slots: number): void {
    const { baseCode, baseMate, firstOf } = this;
    firstOf.fill(-1);
    for (let s = 0; s < slots; s++) {
      const word = words[off + Math.floor(s / SLOTS_PER_WORD)]!;
      const field = (word >>> (5 * (s % SLOTS_PER_WORD))) & 31;
      baseCode[s] = field & 3;
      baseMate[s] = -1;
      if ((field & 3) < HAS_FERS) continue;
      const label = field >>> 2;
      const other = firstOf[label]!;
      if (other < 0) firstOf[label] = s;
      else {
        baseMate[s] = other;
        baseMate[other] = s;
      }
    }
    baseCode[slots] = FREE;
    baseMate[slots] = -1;
  }

  /** Start a choice of v's edges from the decoded state. */
  reset(): void {
    this.code.set(this.baseCode);
    this.mate.set(this.baseMate);
    this.closed = false;
  }

  /**
   * Add the edge v–s of class `has` (HAS_FERS or HAS_WAZIR) to the working state; false when s
   * cannot take it (done, or already holding an edge of that class).
   */
  join(v: number, s: number, has: number): boolean {
    const { code, mate } = this;
    const cs = code[s]!;
    if (cs === GONE || cs === has) return false;
    const cv = code[v]!;
    if (cs !== FREE && cv !== FREE && mate[s] === v) {
      // Both are ends of one path: the edge closes it.
      this.closed = true;
    } else {
      const endS = cs === FREE ? s : mate[s]!;
      const endV = cv === FREE ? v : mate[v]!;
      mate[endS] = endV;
      mate[endV] = endS;
    }
    code[s] = cs === FREE ? has : GONE;
    code[v] = cv === FREE ? has : GONE;
    return true;
  }

  /**
   * Move v into slot c (its column) and (r−1, c) into slot W, and pack the state into `key`;
   * false when a cell can no longer be completed (the cell leaving, slot W, is not GONE, or a
   * slot's later edges cannot give what it lacks).
   */
  pack(c: number, width: number, later: Uint8Array, at: number): boolean {
    const { code, mate, labelOf, key } = this;
    const v = width + 1;
    if (code[width] !== GONE) return false;
    // Slot W ← slot c, slot c ← v; mates follow their cells.
    // (Mates of GONE cells are stale: only path ends' are read.)
    code[width] = code[c]!;
    mate[width] = mate[c]!;
    if (code[width]! >= HAS_FERS) mate[mate[width]!] = width;
    code[c] = code[v]!;
    mate[c] = mate[v]!;
    if (code[c]! >= HAS_FERS) mate[mate[c]!] = c;
    key.fill(0);
    labelOf.fill(-1);
    let next = 0;
    for (let s = 0; s <= width; s++) {
      const cs = code[s]!;
      const can = later[at + s]!;
      if (cs === FREE && can !== (FERS_LATER | WAZIR_LATER)) return false;
      if (cs === HAS_FERS && (can & WAZIR_LATER) === 0) return false;
      if (cs === HAS_WAZIR && (can & FERS_LATER) === 0) return false;
      let field = cs;
      if (cs >= HAS_FERS) {
        if (labelOf[s]! < 0) {
          labelOf[s] = next;
          labelOf[mate[s]!] = next;
          next++;
        }
        field |= labelOf[s]! << 2;
      }
      key[Math.floor(s / SLOTS_PER_WORD)]! |= field << (5 * (s % SLOTS_PER_WORD));
    }
    return true;
  }

  /** Whether every slot is GONE (after `pack`'s move). */
  allGone(width: number): boolean {
    for (let s = 0; s <= width; s++) if (this.code[s] !== GONE) return false;
    return true;
  }
}

/** One sweep of the board modulo 2^64 (`prime` 0) or modulo `prime`. */
function sweepLane(plan: SweepPlan, options: AlternatingOptions, prime: number): LaneRun {
  const { height, width, slots, keyWords: kw, later } = plan;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const cells = height * width;
  const stride = kw + 2;
  const scratch = new Scratch(slots, kw);
  const v = slots;
  let table = newTable(plan, 16, prime, maxBytes, 0);
  table.queue(new Uint32Array(kw), 1, 0);
  table.flush();
  let peakStates = 1;
  let peakTableBytes = table.bytes;
  let transitions = 0;
  const total = new Total(prime);
  // Sum of the last layer whose counts were exact, and the cells swept since (for the bound).
  let exactTotal = 1;
  let cellsSinceExact = 0;
  for (let t = 0; t < cells; t++) {
    const c = t % width;
    const last = t === cells - 1;
    const at = t * slots;
    const next = newTable(plan, table.size * 2, prime, maxBytes, table.bytes);
    const words = table.words;
    let layerTotal = 0;
    for (let base = 0; base < words.length; base += stride) {
      // The used mark (bit 31 of the last word) is above every slot field.
      if (words[base + kw - 1]! < USED) continue;
      const lo = words[base + kw]!;
      const hi = words[base + kw + 1]!;
      layerTotal += hi * WORD + lo;
      scratch.decode(words, base, slots);
      // v's wazir edge: none, left (slot c−1), up (slot c); fers: none, up-left (W), up-right.
      for (let w = 0; w < 3; w++) {
        if (w === 1 && c === 0) continue;
        for (let f = 0; f < 3; f++) {
          if (f === 1 && c === 0) continue;
          if (f === 2 && c === width - 1) continue;
          scratch.reset();
          if (w === 1 && !scratch.join(v, c - 1, HAS_WAZIR)) continue;
          if (w === 2 && !scratch.join(v, c, HAS_WAZIR)) continue;
          if (f === 1 && !scratch.join(v, width, HAS_FERS)) continue;
          if (f === 2 && !scratch.join(v, c + 1, HAS_FERS)) continue;
          if (scratch.closed && !last) continue;
          if (!scratch.pack(c, width, later, at)) continue;
          transitions++;
          if (last) {
            if (!scratch.closed || !scratch.allGone(width)) continue;
            total.add(lo, hi);
            continue;
          }
          next.queue(scratch.key, lo, hi);
        }
      }
    }
    next.flush();
    if (prime === 0 && !table.overflowed && !total.overflowed) {
      exactTotal = layerTotal;
      cellsSinceExact = 0;
    }
    cellsSinceExact++;
    total.overflowed ||= next.overflowed;
    peakTableBytes = Math.max(peakTableBytes, table.bytes + next.bytes);
    table.release();
    table = next;
    peakStates = Math.max(peakStates, table.size);
    options.onStep?.(t + 1, cells, table.size);
  }
  table.release();
  const count = BigInt(total.hi) * BigInt(WORD) + BigInt(total.lo);
  let bound = 0n;
  if (prime === 0 && total.overflowed) {
    // Each state has at most 9 choices at a cell (3 wazir × 3 fers), so the last exact layer's
    // total (summed in floating point, hence the margin) times 9 per cell since bounds the count.
    bound = (BigInt(Math.ceil(exactTotal * (1 + 2 ** -20))) + 1n) * 9n ** BigInt(cellsSinceExact);
  }
  return { count, bound, peakStates, transitions, peakTableBytes };
}

/** The tours counted at the last cell, modulo 2^64 (two 32-bit halves) or modulo `prime`. */
class Total {
  lo = 0;
  hi = 0;
  /** Whether anything carried out of 2^64 (here or in a layer's table). */
  overflowed = false;

  constructor(readonly prime: number) {}

  add(lo: number, hi: number): void {
    if (this.prime !== 0) {
      let sum = this.hi * WORD + this.lo + (hi * WORD + lo);
      if (sum >= this.prime) sum -= this.prime;
      this.lo = sum % WORD;
      this.hi = Math.floor(sum / WORD);
      return;
    }
    this.lo += lo;
    const carry = this.lo >= WORD ? 1 : 0;
    this.lo -= carry * WORD;
    this.hi += hi + carry;
    if (this.hi >= WORD) {
      this.hi -= WORD;
      this.overflowed = true;
    }
  }
}

/** A layer table that doubles when full, within `maxBytes` beside `heldBytes` already held. */
function newTable(
  plan: SweepPlan,
  capacity: number,
  prime: number,
  maxBytes: number,
  heldBytes: number,
): LayerTable {
  const table = new LayerTable(plan.keyWords, capacity / MAX_LOAD, prime, MAX_LOAD);
  table.onFull = (full) => {
    const bytes = full.capacity * 2 * full.stride * 4;
    checkMemory(
      `the fers–wazir sweep of a ${plan.height}×${plan.width} board`,
      heldBytes + full.bytes + bytes,
      maxBytes,
      `${plan.height}x${plan.width}`,
    );
    full.grow(full.capacity * 2);
  };
  return table;
}
