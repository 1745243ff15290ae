import { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { Budget, StopReason } from "../core/run.js";
import { type SweepLayout, sweepLayout } from "./frontier-layout.js";
import { type RowOrder, sweepGraph } from "./frontier-order.js";
import { StateTable } from "./state-table.js";

/**
 * The frontier sweep with exact counts (three float64 limbs, exact to 2^149) and the older
 * key layout: the tests' cross-check oracle for the modular sweep of frontier.ts. It shares the
 * sweep's layout (frontier-layout.ts, built from the move graph, so any geometry the sweep takes)
 * and mirrors it transition for transition, without its shortcuts (no fold, no colour rule).
 *
 * Frontier dynamic programming ("dynamic enumeration", a transfer matrix): count Hamiltonian
 * cycles or Hamiltonian paths of the knight graph of a rows × cols board by sweeping the cells
 * in row-major order and keeping, for every possible state of the frontier, how many partial
 * edge sets lead to it. See docs/counting.md for a worked example.
 *
 * When cell `v` is processed it chooses 0, 1 or 2 of its edges to earlier cells (every edge is
 * decided exactly once, by its later end). A processed cell stays in the frontier while it has
 * unprocessed neighbours; with row-major order a knight reaches at most 2·cols + 1 cells ahead,
 * so the frontier is a sliding window of W = 2·cols + 1 cells. Each window slot holds a code:
 *
 * - 0 GONE: the cell has degree 2 (or has left as a path end) — it takes no more edges;
 * - 1 FREE: degree 0 so far;
 * - 2 TAIL: degree 1, the end of a partial path whose other end is a finished tour end
 *   (path mode only);
 * - 3 SECOND and 3 + d: degree 1, the two ends of one partial path ("mates"): the earlier end
 *   holds 3 + d, d being how many slots ahead its mate is, and the later end holds SECOND.
 *
 * Mates named by distance are canonical as they stand (equal frontiers, equal keys) and stay
 * valid when the window slides, so the next state's key is the old key shifted by one field
 * with a few fields rewritten — no renumbering pass. Fields are 4 bits while W ≤ 13 (boards
 * up to 6 wide), else 5 bits; the key packs the W fields, the number of tour ends already fixed
 * (2 bits) and a "complete" bit into 32-bit words (two words up to 7 wide). Counts are one
 * float64 while they are small and three limbs (exact to 2^149) after (see state-table.ts).
 */

type FrontierMode = "cycle" | "path";

export interface ExactFrontierOptions {
  /** "cycle": Hamiltonian cycles; "path": Hamiltonian paths (undirected, counted once). */
  readonly mode: FrontierMode;
  /**
   * Cells that must be ends of the path (path mode): their degree is capped at 1. At most 2.
   */
  readonly ends?: readonly number[] | undefined;
  /**
   * The run's budget, checked between cells (the sweep has no search nodes: its node limit
   * counts only what nested runs spent); a stop throws FrontierStop.
   */
  readonly budget?: Budget | undefined;
  /**
   * Memory ceiling for the two state tables together (default DEFAULT_MAX_BYTES): a sweep that
   * needs more throws a MemoryLimitError.
   */
  readonly maxBytes?: number | undefined;
  /** Called after every cell with the number of states in the table. */
  readonly onStep?: ((step: number, steps: number, states: number) => void) | undefined;
  /**
   * Called after a cell with the whole table, at most once per `snapshotEveryMs` (default
   * 60 s): save it, and a later run can `resume` from it instead of starting over.
   */
  readonly onSnapshot?: ((snapshot: ExactFrontierSnapshot) => void) | undefined;
  readonly snapshotEveryMs?: number | undefined;
  /** A snapshot taken by an earlier run of the same sweep (same board, mode and ends). */
  readonly resume?: ExactFrontierSnapshot | undefined;
}

/**
 * The sweep's whole state after `step` cells: the live table entries, densely packed
 * (`stride` numbers each: key words, then three count limbs).
 */
export interface ExactFrontierSnapshot {
  /** Identifies the sweep: rows, cols, mode and required ends. */
  readonly sweep: string;
  readonly step: number;
  readonly stride: number;
  readonly entries: Float64Array;
}

/** The `sweep` identifier of a snapshot (with the order of the rows when not row-major). */
function sweepId(
  board: Board,
  mode: FrontierMode,
  ends: readonly number[],
  order: RowOrder,
): string {
  // ":d": frontier fields name mates by distance (older snapshots used other keys).
  return `${board.key}:${mode}:${ends.join(",")}:d${order === "rows" ? "" : `:${order}`}`;
}

export interface ExactFrontierResult {
  /** Number of undirected Hamiltonian cycles or paths meeting the request. */
  readonly count: bigint;
  /** Largest number of frontier states held at once. */
  readonly peakStates: number;
  /** Total state transitions tried. */
  readonly transitions: number;
}

/** Thrown out of the sweep when its budget says stop. */
export class FrontierStop extends Error {
  readonly reason: StopReason;
  constructor(reason: StopReason) {
    super(`frontier sweep stopped: ${reason}`);
    this.reason = reason;
  }
}

const GONE = 0;
const FREE = 1;
const TAIL = 2;
const SECOND = 3;
/** Widest window the sweep takes: 5-bit fields name mates up to 28 slots apart. */
const MAX_WINDOW = 29;

/**
 * Count Hamiltonian cycles (mode "cycle") or paths (mode "path", optionally with required ends)
 * of the knight graph on rows × cols. Boards of one cell are the caller's business.
 * The frontier is 2·cols + 1 cells wide: pass the board with cols ≤ rows.
 */
export function frontierCountExact(
  rows: number,
  cols: number,
  options: ExactFrontierOptions,
): ExactFrontierResult {
  return frontierCountExactBoard(new Board(rows, cols), options);
}

/** The exact sweep on any board the sweep takes, as it stands (see frontierCountBoard). */
export function frontierCountExactBoard(
  board: Board,
  options: ExactFrontierOptions,
): ExactFrontierResult {
  const ends = options.ends ?? [];
  const pathMode = options.mode === "path";
  if (board.vertexCount < 2) return { count: 0n, peakStates: 0, transitions: 0 };
  const graph = sweepGraph(moveGraph(board));
  const L = sweepLayout(graph, ends);
  const { n, w } = L;
  if (w > MAX_WINDOW) {
    throw new OptionError(
      `the frontier sweep of ${board} needs a window of ${w} cells; it takes at most ${MAX_WINDOW}`,
      board.label,
    );
  }
  const F = fieldLayout(w);
  const tableBytes = (options.maxBytes ?? DEFAULT_MAX_BYTES) / 2;
  let current = new StateTable(F.words, 1024, tableBytes, 1);
  let next = new StateTable(F.words, 1024, tableBytes, 1);
  const sweep = sweepId(board, options.mode, ends, graph.rowOrder);
  const firstStep = startTable(current, options.resume, sweep, n);
  const kit = exactKit(L, F, pathMode, current.keyWords);
  const snapshotEvery = options.snapshotEveryMs ?? 60_000;
  let lastSnapshot = performance.now();
  let peakStates = current.size;
  let transitions = 0;

  for (let t = firstStep; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    // Every output count is a sum of distinct input counts (one subset of v's edges per input
    // state reaches a given output state), so it is at most the input total: stay narrow while
    // that total is far below 2^53.
    if (current.limbs === 1 && current.total >= NARROW_LIMIT) current.widen();
    if (current.limbs === 3) next.widen();
    next.clear();
    next.reserve(current.capacity);
    transitions += sweepExactCell(kit, t, current, next);
    next.flush();
    current.markEmptied();
    const swap = current;
    current = next;
    next = swap;
    if (current.size > peakStates) peakStates = current.size;
    options.onStep?.(t + 1, n, current.size);
    if (options.onSnapshot && t + 1 < n && performance.now() - lastSnapshot >= snapshotEvery) {
      options.onSnapshot({
        sweep,
        step: t + 1,
        stride: current.snapshotStride,
        entries: current.dense(),
      });
      lastSnapshot = performance.now();
    }
  }

  // Accept: every slot gone, the structure complete, and (paths) two ends fixed.
  const key = new Uint32Array(current.keyWords);
  key[F.word[w]!]! |= ((pathMode ? 2 : 0) | 4) << F.shift[w]!;
  const count = current.get(key);
  return { count, peakStates, transitions };
}

/** Fill `table` with the empty frontier, or the snapshot `resume`; the first cell to sweep. */
function startTable(
  table: StateTable,
  resume: ExactFrontierSnapshot | undefined,
  sweep: string,
  n: number,
): number {
  const kw = table.keyWords;
  const key = new Uint32Array(kw);
  if (!resume) {
    table.addNarrow(key, 1); // the empty frontier: all GONE, no ends, not complete
    return 0;
  }
  if (resume.sweep !== sweep || resume.stride !== table.snapshotStride || resume.step > n) {
    throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
  }
  const stride = resume.stride;
  const e = resume.entries;
  for (let at = 0; at < e.length; at += stride) {
    for (let i = 0; i < kw; i++) key[i] = e[at + i]!;
    table.add(key, e[at + kw]!, e[at + kw + 1]!, e[at + kw + 2]!);
  }
  return resume.step;
}

/** The scratch arrays and field helpers of one exact sweep (see frontier-cell.ts's kit). */
function exactKit(L: SweepLayout, F: FieldLayout, pathMode: boolean, kw: number) {
  const { n, w } = L;
  const fieldWord = F.word;
  const fieldShift = F.shift;
  const fieldMask = (1 << F.bits) - 1;
  const leavesAtOnce = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    for (let e = L.leaveStart[t]!; e < L.leaveStart[t + 1]!; e++) {
      if (L.leaveSlot[e] === w && L.hole[t] === 0) leavesAtOnce[t] = 1;
    }
  }
  // The state read (`state`, its fields 0..w-1 plus slot w for the new cell, FREE) and the one
  // being built from it (`cur`), as words laid out like the key.
  const state = new Uint32Array(F.words + 1);
  const cur = new Uint32Array(F.words + 1);
  const get = (from: Uint32Array, i: number): number =>
    (from[fieldWord[i]!]! >>> fieldShift[i]!) & fieldMask;
  const set = (i: number, value: number): void => {
    const wd = fieldWord[i]!;
    const sh = fieldShift[i]!;
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
  // Per cell: its earlier neighbours (slot, later chances left, degree cap), and the subsets of
  // them v may join (bit mask over the earlier neighbours, the one or two slots).
  const maxSubsets = 1 + L.maxEarlier + (L.maxEarlier * (L.maxEarlier - 1)) / 2;
  return {
    L,
    F,
    pathMode,
    kw,
    fieldMask,
    leavesAtOnce,
    state,
    cur,
    key: new Uint32Array(kw),
    eSlot: new Int32Array(L.maxEarlier),
    eRemaining: new Int32Array(L.maxEarlier),
    eCap: new Int32Array(L.maxEarlier),
    subMask: new Int32Array(maxSubsets),
    subA: new Int32Array(maxSubsets),
    subB: new Int32Array(maxSubsets),
    get,
    set,
    mateOf,
    setPair,
  };
}

type ExactKit = ReturnType<typeof exactKit>;

/** Cell t's earlier neighbours and the subsets of them it may join, in the kit; how many. */
function exactSubsets(kit: ExactKit, t: number): number {
  const { L, pathMode, leavesAtOnce, eSlot, eRemaining, eCap, subMask, subA, subB } = kit;
  const { w, cap } = L;
  const eStart = L.earlierStart[t]!;
  const k = L.earlierStart[t + 1]! - eStart;
  for (let j = 0; j < k; j++) {
    eSlot[j] = L.earlierSlot[eStart + j]!;
    eRemaining[j] = L.earlierRemaining[eStart + j]!;
    eCap[j] = cap[t - w + eSlot[j]!]!;
  }
  // In a cycle a cell with no later neighbour must get both its edges now.
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
}

/**
 * Read every state of `current` (emptying it) and queue into `next` what cell t makes of it;
 * returns the transitions tried. The oracle's hot loop, a top-level function as in
 * frontier-cell.ts.
 */
function sweepExactCell(kit: ExactKit, t: number, current: StateTable, next: StateTable): number {
  const { L, F, pathMode, kw, fieldMask, state, cur, key } = kit;
  const { eSlot, eRemaining, eCap, subMask, subA, subB, get, set, mateOf, setPair } = kit;
  const { n, w } = L;
  const { bits, perWord, words } = F;
  const topShift = (perWord - 1) * bits;
  const metaWord = F.word[w]!;
  const metaShift = F.shift[w]!;
  const narrow = current.limbs === 1;
  const subsets = exactSubsets(kit, t);
  const k = L.earlierStart[t + 1]! - L.earlierStart[t]!;
  const lStart = L.leaveStart[t]!;
  const lEnd = L.leaveStart[t + 1]!;
  const last = t === n - 1;
  // The new cell enters FREE, a hole GONE (it takes no edge).
  const enter = L.hole[t] === 1 ? GONE : FREE;
  let transitions = 0;
  const cap0 = current.capacity;
  const keys = current.keys;
  const counts = current.counts;
  const stride = current.stride;
  for (let s = 0; s < cap0; s++) {
    const base = s * stride;
    const lastWord = keys[base + kw - 1]!;
    if (lastWord === 0) continue;
    // Read the entry and empty its slot (this table is cleared as it is read).
    keys[base + kw - 1] = 0;
    const c = (base + kw) >>> 1;
    const lo = counts[c]!;
    const mid = narrow ? 0 : counts[c + 1]!;
    const hi = narrow ? 0 : counts[c + 2]!;
    for (let i = 0; i < words; i++) state[i] = keys[base + i]!;
    // The last word was emptied above: take it from lastWord, without the used mark.
    state[kw - 1] = lastWord & 0x7fffffff;
    const meta = (state[metaWord]! >>> metaShift) & 7;
    const endsIn = meta & 3;
    const completeIn = meta >>> 2;
    // Slot w, where the meta bits were, is the new cell.
    state[metaWord] = (state[metaWord]! & ~(fieldMask << metaShift)) | (enter << metaShift);

    // Earlier neighbours that can take v's edge, and those that must: a FREE cell whose later
    // chances are too few, and (cycles) a path end leaving now.
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
      let complete = completeIn;
      transitions++;
      for (let i = 0; i < words; i++) cur[i] = state[i]!;
      if (sb >= 0) {
        set(w, GONE);
        const ca = get(state, sa);
        const cb = get(state, sb);
        const endA = ca === FREE ? sa : ca === TAIL ? -1 : mateOf(state, sa, ca);
        if (endA === sb) {
          // Closing a cycle: only the very last cell may, and only in cycle mode.
          if (pathMode || !last || complete) continue;
          set(sa, GONE);
          set(sb, GONE);
          complete = 1;
        } else {
          // Far ends of the two pieces being joined through v: a slot, or -1 for a tour end.
          const endB = cb === FREE ? sb : cb === TAIL ? -1 : mateOf(state, sb, cb);
          if (ca !== FREE) set(sa, GONE);
          if (cb !== FREE) set(sb, GONE);
          if (endA < 0 && endB < 0) {
            if (!last || complete) continue;
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
          if (!pathMode || ++endsOut > 2) continue;
          set(0, GONE);
          set(w, TAIL);
        }
      }
      // Cells whose last neighbour was v leave the frontier now.
      let ok = true;
      for (let e = lStart; e < lEnd; e++) {
        const sl = L.leaveSlot[e]!;
        const code = get(cur, sl);
        if (code === GONE) continue;
        if (code === FREE || !pathMode) {
          ok = false;
          break;
        }
        // A path end leaves for good: it is one of the tour's two ends.
        endsOut++;
        if (endsOut > 2) {
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
      if (!ok || (endsOut === 2 && endsIn < 2 && starved(kit, k))) continue;
      // The oldest slot must be gone; the next key is the window shifted by one field.
      if ((cur[0]! & fieldMask) !== GONE) {
        throw new Error("frontier invariant: oldest cell still open");
      }
      for (let i = 0; i < words - 1; i++) {
        key[i] = (cur[i]! >>> bits) | ((cur[i + 1]! & fieldMask) << topShift);
      }
      key[words - 1] = cur[words - 1]! >>> bits;
      const metaOut = endsOut | (complete << 2);
      if (metaOut !== 0) key[metaWord]! |= metaOut << metaShift;
      next.queue(key, lo, mid, hi);
    }
  }
  return transitions;
}

/** Whether a FREE earlier neighbour in `cur` has too few later chances left for two edges. */
function starved(kit: ExactKit, k: number): boolean {
  const { get, cur, eSlot, eRemaining, eCap } = kit;
  for (let j = 0; j < k; j++) {
    if (get(cur, eSlot[j]!) === FREE && eRemaining[j]! < (eCap[j] === 1 ? 1 : 2)) return true;
  }
  return false;
}

/** Narrow counts (one float64) while a layer's total stays below this (2^53 with a margin). */
const NARROW_LIMIT = 2 ** 49;

interface FieldLayout {
  /** Bits per field: codes run to SECOND + (w - 1). */
  readonly bits: number;
  readonly perWord: number;
  /** 32-bit words holding fields 0..w (field w is where the key keeps its meta bits). */
  readonly words: number;
  readonly word: Int32Array;
  readonly shift: Int32Array;
}

/**
 * Where each window field lives. Fields never straddle a word, and the last word keeps its top
 * bit clear for the table's used mark.
 */
function fieldLayout(w: number): FieldLayout {
  const bits = SECOND + w - 1 <= 15 ? 4 : 5;
  const perWord = Math.floor(32 / bits);
  const word = new Int32Array(w + 1);
  const shift = new Int32Array(w + 1);
  for (let i = 0; i <= w; i++) {
    word[i] = Math.floor(i / perWord);
    shift[i] = (i % perWord) * bits;
  }
  let words = word[w]! + 1;
  // Field w carries the 3 meta bits; with 4-bit fields it may reach bit 31 of its word.
  if (shift[w]! + 3 > 31) words++;
  return { bits, perWord, words, word, shift };
}
