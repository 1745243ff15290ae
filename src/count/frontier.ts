import { Board, DEFAULT_MAX_BYTES, moveGraph, OptionError } from "../core/index.js";
import { FrontierStop } from "./frontier-exact.js";
import { mirrorKeys } from "./frontier-fold.js";
import { combineLanes, lanePrime, primeLanesFor } from "./frontier-lanes.js";
import {
  type Layer,
  layerBytesInMemory,
  layerBytesOnDisk,
  layerChunks,
  type MergeState,
} from "./frontier-layer.js";
import { keyLayout, mirrorMapsGraph, sweepLayout, wrongEndColour } from "./frontier-layout.js";
import { EMPTY_LAYER, releaseLayer, SweepMemory } from "./frontier-memory.js";
import { keyRepack } from "./frontier-repack.js";
import {
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  MAX_FRONTIER_SIDE,
  MAX_FRONTIER_WINDOW,
  sweepId,
} from "./frontier-types.js";
import { USED, WORD } from "./layer-table.js";

/**
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
 * - 2 TAIL (path mode only): degree 1, the end of a partial path whose other end is a finished
 *   tour end;
 * - SECOND and SECOND + d: degree 1, the two ends of one partial path ("mates"): the earlier
 *   end holds SECOND + d, d being how many slots ahead its mate is, and the later end holds
 *   SECOND (3 in path mode, 2 in cycle mode, which has no TAIL).
 *
 * Mates named by distance are canonical as they stand (equal frontiers, equal keys): the key is
 * the w codes packed into as few bits as they need (frontier-layout.ts: 52 bits for 6-wide
 * boards, 56 for 7-wide paths, 63 for 8-wide cycles — two 32-bit words). The number of tour
 * ends already fixed is the number of TAIL codes, and a finished structure only appears at the
 * last cell, where it is added to the result instead of stored, so neither takes key bits.
 *
 * Two shortcuts cut the work without changing a count: at the end of each row a state and its
 * mirror image (left–right) share one entry, since the rows still to come are symmetric
 * (FrontierOptions.fold), and on boards of an odd number of cells a path end fixed on the
 * colour the corners do not have is dropped at once (such a path cannot cover the board).
 *
 * Counts are modulo 2^64 (two 32-bit words an entry; 16 bytes with the key), exact when no sum
 * carried out of 64 bits; otherwise more runs modulo primes finish the count by the Chinese
 * remainder theorem (frontier-lanes.ts). Memory: the layer being read (dense, exactly sized)
 * and the table being built (sized from the growth measured one row earlier) stay under
 * `maxBytes` together; when they would not, and a spill store is given, the layer goes to disk
 * and the table drains sorted runs to disk whenever it is full (frontier-layer.ts).
 */

export { FrontierStop } from "./frontier-exact.js";
export {
  type FrontierLayerInfo,
  type FrontierOptions,
  type FrontierResult,
  type FrontierSnapshot,
  MAX_FRONTIER_SIDE,
  MAX_FRONTIER_WINDOW,
  sweepId,
} from "./frontier-types.js";

/**
 * Count Hamiltonian cycles (mode "cycle") or paths (mode "path", optionally with required ends)
 * of the knight graph on rows × cols. Boards of one cell are the caller's business.
 * The frontier is 2·cols + 1 cells wide: pass the board with cols ≤ rows.
 */
export function frontierCount(
  rows: number,
  cols: number,
  options: FrontierOptions,
): FrontierResult {
  if (Math.min(rows, cols) > MAX_FRONTIER_SIDE || cols > 2 * MAX_FRONTIER_SIDE) {
    throw new OptionError(
      `the frontier method counts boards whose smaller side is at most ${MAX_FRONTIER_SIDE}; got ${rows}×${cols}`,
      `${rows}x${cols}`,
    );
  }
  return frontierCountBoard(new Board(rows, cols), options);
}

/**
 * The sweep on any board as it stands — any piece, holes, columns wrapped — in row-major order,
 * its window read off the move graph (`sweepWindow`; refused past MAX_FRONTIER_WINDOW). `ends`
 * are cells of this board. Turning a wide plane board first is the caller's choice
 * (frontier-request.ts does); a torus's window is nearly the whole board.
 */
export function frontierCountBoard(board: Board, options: FrontierOptions): FrontierResult {
  const ends = options.ends ?? [];
  if (board.vertexCount < 2) return { count: 0n, peakStates: 0, transitions: 0, lanes: 0 };
  const sweep = sweepId(board, options.mode, ends);
  const resume = options.resume;
  if (resume && resume.sweep !== sweep) {
    throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
  }
  const residues: bigint[] = (resume?.residues ?? []).map((r) => BigInt(r));
  let peakStates = 0;
  let transitions = 0;
  let lanesNeeded = 1;
  let bound = 0n;
  for (let lane = residues.length; lane < lanesNeeded; lane++) {
    const run = sweepLane(
      board,
      options,
      lane,
      residues,
      resume?.lane === lane ? resume : undefined,
    );
    peakStates = Math.max(peakStates, run.peakStates);
    transitions += run.transitions;
    residues.push(run.residue);
    if (lane === 0 && run.bound > 0n) {
      bound = run.bound;
      lanesNeeded = 1 + primeLanesFor(bound);
    } else if (lane === 0 && resume && resume.lane > 0) {
      lanesNeeded = resume.lane + 1;
    }
  }
  if (lanesNeeded < residues.length) lanesNeeded = residues.length;
  const count =
    residues.length === 1 ? residues[0]! : combineLanes(residues[0]!, residues.slice(1));
  return { count, peakStates, transitions, lanes: residues.length };
}

interface LaneRun {
  readonly residue: bigint;
  /** 0 when the count is exact (no sum passed 2^64), else an upper bound on it. */
  readonly bound: bigint;
  readonly peakStates: number;
  readonly transitions: number;
}

function sweepLane(
  board: Board,
  options: FrontierOptions,
  lane: number,
  residues: readonly bigint[],
  resume: FrontierSnapshot | undefined,
): LaneRun {
  const ends = options.ends ?? [];
  const pathMode = options.mode === "path";
  const prime = lane === 0 ? 0 : lanePrime(lane - 1);
  const graph = moveGraph(board);
  const L = sweepLayout(graph, ends);
  const { n, w, cap } = L;
  const cols = board.cols;
  if (w > MAX_FRONTIER_WINDOW) {
    throw new OptionError(
      `the frontier sweep of ${board} needs a window of ${w} cells; it takes at most ${MAX_FRONTIER_WINDOW} (count it with the mates or backtrack method)`,
      board.label,
    );
  }
  const GONE = 0;
  const FREE = 1;
  const TAIL = pathMode ? 2 : -1;
  const SECOND = pathMode ? 3 : 2;
  const K = keyLayout(w, SECOND);
  // Up to 6 wide the key is the working layout shifted (see below): two words.
  const compact = w > 13;
  const kw = compact ? K.words : 2;
  const stride = kw + 2;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const spill = options.spill;
  const sweep = sweepId(board, options.mode, ends);

  // Exactness: the first cell at which a sum passed 2^64, and the float total of the last layer
  // whose counts were all exact.
  let overflowAt = -1;
  let exactTotal = 0;
  let layer: Layer;
  let firstStep = 0;
  if (resume) {
    if (resume.stride !== stride || resume.step > n) {
      throw new Error(`frontier snapshot is for sweep ${resume.sweep}, not ${sweep}`);
    }
    layer = { states: resume.states, stream: resume.chunks };
    firstStep = resume.step;
    overflowAt = resume.wrappedAt;
    exactTotal = resume.exactTotal;
  } else {
    // The empty frontier: all GONE, count 1.
    const start = new Uint32Array(stride);
    start[kw - 1] = 0x80000000;
    start[kw] = 1;
    layer = { states: 1, memory: start };
  }

  // A cell with no later neighbour (in a cycle: takes both its edges now); a hole takes none.
  const leavesAtOnce = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    for (let e = L.leaveStart[t]!; e < L.leaveStart[t + 1]!; e++) {
      if (L.leaveSlot[e] === w && L.hole[t] === 0) leavesAtOnce[t] = 1;
    }
  }
  // In a bipartite graph (the knight's: a move changes the colour of the square) a path
  // alternates colours from end to end, so when one colour has one cell more (the corners' on a
  // plain board of an odd number of cells) both ends are on it. A path end fixed on the other
  // colour can never complete: it is cut off when fixed.
  const wrongColour = pathMode ? wrongEndColour(graph) : -1;
  const wrongEnd = (u: number): boolean =>
    wrongColour >= 0 && u >= 0 && graph.colour(u) === wrongColour;
  const oldestWrongEnd = new Uint8Array(n);
  for (let t = 0; t < n; t++) oldestWrongEnd[t] = wrongEnd(t - w) ? 1 : 0;
  const leaveWrongEnd = new Uint8Array(L.leaveSlot.length);
  for (let t = 0; t < n; t++) {
    for (let e = L.leaveStart[t]!; e < L.leaveStart[t + 1]!; e++) {
      leaveWrongEnd[e] = wrongEnd(t - w + L.leaveSlot[e]!) ? 1 : 0;
    }
  }
  const snapshotEvery = options.snapshotEveryMs ?? 60_000;
  let lastSnapshot = performance.now();
  const key = new Uint32Array(kw);
  const eSlot = new Int32Array(L.maxEarlier);
  const eRemaining = new Int32Array(L.maxEarlier);
  const eCap = new Int32Array(L.maxEarlier);
  // The subsets of at most two earlier neighbours.
  const maxSubsets = 1 + L.maxEarlier + (L.maxEarlier * (L.maxEarlier - 1)) / 2;
  const subMask = new Int32Array(maxSubsets);
  const subA = new Int32Array(maxSubsets);
  const subB = new Int32Array(maxSubsets);
  /** Output states per input state, per cell (to size the next table). */
  const growth = new Float64Array(n).fill(0);
  resume?.growth?.forEach((ratio, cell) => {
    if (cell < n) growth[cell] = ratio;
  });
  let peakStates = layer.states;
  let totalTransitions = 0;
  const subsetsAt = new Float64Array(n);
  let accLo = 0;
  let accHi = 0;
  let accOverflow = false;
  const merge: MergeState = { overflowed: false };
  const memory = new SweepMemory({
    kw,
    stride,
    prime,
    maxBytes,
    spill,
    onRelease: options.onRelease,
    label: board.label,
  });
  /** Whether the layer was handed to onSnapshot (its buffer is then never reused). */
  let lent = false;

  // The working state: the w + 1 window slots (slot w is the new cell) as fixed-width fields in
  // 32-bit words — 4 bits while w ≤ 13 (boards up to 6 wide), else 5 — with the number of tour
  // ends fixed in the bits of slot w as read. Up to 6 wide the stored key is this layout
  // itself shifted by one field (two words); wider, it is repacked into the compact layout.
  const bits = w <= 13 ? 4 : 5;
  const perWord = Math.floor(32 / bits);
  const fieldMask = (1 << bits) - 1;
  const topShift = (perWord - 1) * bits;
  const words = Math.floor(w / perWord) + 1;
  const fWord = new Int32Array(w + 1);
  const fShift = new Int32Array(w + 1);
  for (let i = 0; i <= w; i++) {
    fWord[i] = Math.floor(i / perWord);
    fShift[i] = (i % perWord) * bits;
  }
  const metaWord = fWord[w]!;
  const metaShift = fShift[w]!;
  const state = new Uint32Array(words);
  const cur = new Uint32Array(words);
  // Wider than 6: the compact key and the working state, one byte lookup at a time.
  const { decodeBytes, decode, encodeBytes, encode } = keyRepack(w, bits, words, K);
  const decodeCount = compact ? decodeBytes.length : 0;
  const encodeCount = compact ? encodeBytes.length : 0;
  // Path ends in a working word of 5-bit fields (compact layouts only): the fields equal to
  // TAIL become zero under the XOR, and the zero fields are counted in parallel.
  const tailPattern = TAIL * 0x2108421;
  const tailsIn = (x: number): number => {
    const y = x ^ tailPattern;
    const nonzero = ((y & 0x1ef7bdef) + 0x1ef7bdef) | y;
    return (Math.imul((~nonzero & 0x21084210) >>> 4, 0x2108421) >>> 25) & 31;
  };
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

  const fold = (options.fold ?? true) && ends.length === 0 && mirrorMapsGraph(graph);
  // The stored key of the mirror image of an end-of-row working state (frontier-fold.ts).
  const mirrorKeyOf = mirrorKeys({
    w,
    cols,
    kw,
    bits,
    compact,
    K,
    metaWord,
    metaShift,
    pathMode,
  });
  const mirrorKey = new Uint32Array(kw);
  /**
   * The stored key of the working state `from` (window shifted by one cell) in `out`. For the
   * row-end cells only: the other cells pack the key inline, as this does, without the calls.
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

  for (let t = firstStep; t < n; t++) {
    const stop = options.budget?.check() ?? null;
    if (stop) throw new FrontierStop(stop);
    const began = performance.now();
    const eStart = L.earlierStart[t]!;
    const k = L.earlierStart[t + 1]! - eStart;
    for (let j = 0; j < k; j++) {
      eSlot[j] = L.earlierSlot[eStart + j]!;
      eRemaining[j] = L.earlierRemaining[eStart + j]!;
      eCap[j] = cap[t - w + eSlot[j]!]!;
    }
    const lStart = L.leaveStart[t]!;
    const lEnd = L.leaveStart[t + 1]!;
    const last = t === n - 1;
    const foldHere = fold && !last && (t + 1) % cols === 0;
    const enter = L.hole[t] === 1 ? GONE : FREE;
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
    subsetsAt[t] = subsets;

    // The table for the next layer, sized from the growth one row earlier (same column).
    const ratio = growth[t - cols] || growth[t - 1] || 4;
    const estimate = layer.states * ratio * (growth[t - cols] ? 1.1 : 1.5) + 64;
    const opened = memory.openTable(layer, estimate, t, n, last);
    layer = opened.layer;
    let table = opened.table;
    const { runs, tableReused } = opened;

    let cellTransitions = 0;
    let inputStates = 0;
    let total = 0;
    for (const chunk of layerChunks(layer, spill, kw, prime, merge)) {
      const entries = chunk.length / stride;
      inputStates += entries;
      for (let e = 0; e < entries; e++) {
        const base = e * stride;
        let endsIn = 0;
        if (compact) {
          for (let i = 0; i < words; i++) state[i] = 0;
          for (let p = 0; p < decodeCount; p++) {
            const byte = decodeBytes[p]!;
            const v = (chunk[base + (byte >> 2)]! >>> ((byte & 3) << 3)) & 255;
            const at = (p * 256 + v) * words;
            for (let i = 0; i < words; i++) state[i] |= decode[at + i]!;
          }
          if (pathMode) for (let i = 0; i < words; i++) endsIn += tailsIn(state[i]!);
        } else {
          state[0] = chunk[base]!;
          if (words > 1) state[1] = chunk[base + 1]! & ~USED;
          endsIn = (state[metaWord]! >>> metaShift) & 3;
        }
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
          cellTransitions++;
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
            if (code === GONE) continue;
            if (code === FREE || !pathMode) {
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
          if (ok && endsOut === 2 && endsIn < 2) {
            for (let j = 0; j < k; j++) {
              if (get(cur, eSlot[j]!) === FREE && eRemaining[j]! < (eCap[j] === 1 ? 1 : 2)) {
                ok = false;
              }
            }
          }
          if (!ok) continue;
          if (last) {
            // Accept: the structure complete, every slot gone, and (paths) two ends fixed.
            if (!complete || (pathMode && endsOut !== 2)) continue;
            let empty = true;
            for (let i = 0; i < words; i++) if (cur[i] !== 0) empty = false;
            if (!empty) continue;
            const low = accLo + lo;
            const carry = prime === 0 && low >= WORD ? 1 : 0;
            accLo = low - carry * WORD;
            accHi += hi + carry;
            if (prime === 0 && accHi >= WORD) {
              accHi -= WORD;
              accOverflow = true;
            } else if (prime !== 0) {
              let sum = accHi * WORD + accLo;
              if (sum >= prime) sum -= prime;
              accLo = sum % WORD;
              accHi = Math.floor(sum / WORD);
            }
            continue;
          }
          // The oldest slot must be gone; the next key is the window shifted by one field.
          if ((cur[0]! & fieldMask) !== GONE) {
            throw new Error("frontier invariant: oldest cell still open");
          }
          if (foldHere) {
            keyOf(cur, endsOut, key);
            mirrorKeyOf(cur, endsOut, mirrorKey);
            const kept = keyBelow(mirrorKey, key) ? mirrorKey : key;
            if (kw === 2) table!.queuePair(kept[0]!, kept[1]!, lo, hi);
            else table!.queue(kept, lo, hi);
            continue;
          }
          if (!compact) {
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
          } else {
            if (kw === 2) {
              let k0 = 0;
              let k1 = 0;
              for (let p = 0; p < encodeCount; p++) {
                const byte = encodeBytes[p]!;
                const at = (p * 256 + ((cur[byte >> 2]! >>> ((byte & 3) << 3)) & 255)) * 2;
                k0 |= encode[at]!;
                k1 |= encode[at + 1]!;
              }
              table!.queuePair(k0, k1, lo, hi);
              continue;
            }
            key.fill(0);
            for (let p = 0; p < encodeCount; p++) {
              const byte = encodeBytes[p]!;
              const at = (p * 256 + ((cur[byte >> 2]! >>> ((byte & 3) << 3)) & 255)) * kw;
              for (let i = 0; i < kw; i++) key[i] |= encode[at + i]!;
            }
            if (kw === 2) table!.queuePair(key[0]!, key[1]!, lo, hi);
            else table!.queue(key, lo, hi);
          }
        }
      }
    }
    memory.dropLayer(layer, lent);
    lent = false;
    layer = EMPTY_LAYER;
    if (prime === 0 && overflowAt < 0) {
      if (merge.overflowed) overflowAt = t - 1;
      else exactTotal = total;
    }
    totalTransitions += cellTransitions;
    let tableBytes = 0;
    if (table) {
      const taken = memory.takeTable(table, runs, merge);
      table = undefined;
      tableBytes = taken.tableBytes;
      if (prime === 0 && overflowAt < 0 && taken.overflowed) overflowAt = t;
      layer = taken.layer;
      growth[t] = inputStates > 0 ? layer.states / inputStates : 0;
    } else {
      layer = { states: 0, memory: new Uint32Array(0) };
    }
    if (prime === 0 && overflowAt < 0 && accOverflow) overflowAt = t;
    peakStates = Math.max(peakStates, layer.states);
    options.onStep?.(t + 1, n, layer.states);
    options.onLayer?.({
      step: t + 1,
      steps: n,
      states: layer.states,
      bytesInMemory: layerBytesInMemory(layer),
      tableBytes,
      tableReused,
      bytesOnDisk: layerBytesOnDisk(layer, stride),
      ms: performance.now() - began,
      transitions: cellTransitions,
      lane,
    });
    if (options.onSnapshot && t + 1 < n && performance.now() - lastSnapshot >= snapshotEvery) {
      const saved = layer;
      lent = true;
      options.onSnapshot({
        sweep,
        step: t + 1,
        stride,
        lane,
        residues: residues.map(String),
        states: saved.states,
        wrappedAt: overflowAt,
        exactTotal,
        growth: Array.from(growth.subarray(0, t + 1)),
        chunks: () => layerChunks(saved, spill, kw, prime, { overflowed: false }),
      });
      lastSnapshot = performance.now();
    }
  }
  releaseLayer(layer, spill);

  const residue = BigInt(accHi) * BigInt(WORD) + BigInt(accLo);
  let bound = 0n;
  if (prime === 0 && overflowAt >= 0) {
    // Every output state is reached from an input state by at most one subset of v's edges, so
    // a layer's total is at most the previous total times the subsets tried at that cell; the
    // last exact layer's total (summed in floating point, hence the margin) starts the product.
    let b = BigInt(Math.ceil(exactTotal * (1 + 2 ** -20))) + 1n;
    for (let t = Math.max(0, overflowAt - 1); t < n; t++) b *= BigInt(Math.max(1, subsetsAt[t]!));
    bound = b;
  }
  return { residue, bound, peakStates, transitions: totalTransitions };
}
