import {
  Board,
  type Budget,
  DEFAULT_MAX_BYTES,
  MemoryLimitError,
  moveGraph,
  OptionError,
} from "../core/index.js";
import { FrontierStop } from "./frontier-exact.js";
import { combineLanes, lanePrime, primeLanesFor } from "./frontier-lanes.js";
import {
  CHUNK_ENTRIES,
  type FrontierSpill,
  type Layer,
  layerBytesInMemory,
  layerBytesOnDisk,
  layerChunks,
  type MergeState,
  mergeRunsOnDisk,
  type Run,
  readBufferBytes,
  writeRun,
} from "./frontier-layer.js";
import { keyLayout, mirrorMapsGraph, sweepLayout, wrongEndColour } from "./frontier-layout.js";
import { keyRepack } from "./frontier-repack.js";
import { LayerTable, USED, WORD } from "./layer-table.js";

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

export type FrontierMode = "cycle" | "path";

export interface FrontierLayerInfo {
  /** Cells swept so far, of `steps`. */
  readonly step: number;
  readonly steps: number;
  /** States in the layer after this cell (entries held: a state spilled in two runs counts twice). */
  readonly states: number;
  /** Bytes the layer holds in memory, and the table that built it (its peak). */
  readonly bytesInMemory: number;
  readonly tableBytes: number;
  /** Whether the table was built in a buffer the sweep already held (the last table's, or the spilled layer's). */
  readonly tableReused: boolean;
  readonly bytesOnDisk: number;
  /** Milliseconds this cell took. */
  readonly ms: number;
  /** Transitions built at this cell. */
  readonly transitions: number;
  /** Lane: 0 counts modulo 2^64, lane i > 0 modulo the i-th prime. */
  readonly lane: number;
}

export interface FrontierOptions {
  /** "cycle": Hamiltonian cycles; "path": Hamiltonian paths (undirected, counted once). */
  readonly mode: FrontierMode;
  /** Cells that must be ends of the path (path mode): their degree is capped at 1. At most 2. */
  readonly ends?: readonly number[] | undefined;
  /**
   * Fold each state with its mirror image at the end of every row (default true; off when
   * `ends` are given): the board's left–right reflection maps the rows still to come onto
   * themselves, so a state and its mirror have the same number of completions and one entry
   * can carry both counts. The layers, and the work, come out about half as large. Off, the
   * sweep is the plain one (a cross-check: the counts agree).
   */
  readonly fold?: boolean | undefined;
  /**
   * The run's budget, checked between cells (the sweep has no search nodes: its node limit
   * counts only what nested runs spent); a stop throws FrontierStop.
   */
  readonly budget?: Budget | undefined;
  /**
   * Memory ceiling for the layer and the table together (default DEFAULT_MAX_BYTES). Past it
   * the sweep spills to `spill`, or throws a MemoryLimitError when there is none.
   */
  readonly maxBytes?: number | undefined;
  /** Where layers go when they do not fit in memory (see frontier-layer.ts). */
  readonly spill?: FrontierSpill | undefined;
  /** Called after every cell with the number of states in the table. */
  readonly onStep?: ((step: number, steps: number, states: number) => void) | undefined;
  /** Called after every cell with its figures. */
  readonly onLayer?: ((info: FrontierLayerInfo) => void) | undefined;
  /**
   * Called between cells with the whole layer, at most once per `snapshotEveryMs` (default
   * 60 s): save it, and a later run can `resume` from it instead of starting over. The
   * snapshot's `chunks` must be read before the call returns.
   */
  readonly onSnapshot?: ((snapshot: FrontierSnapshot) => void) | undefined;
  readonly snapshotEveryMs?: number | undefined;
  /** A snapshot taken by an earlier run of the same sweep (same board, mode and ends). */
  readonly resume?: FrontierSnapshot | undefined;
  /**
   * Called when the sweep has let go of a large buffer (a layer read or spilled, a table
   * outgrown) and before it allocates the next: the memory ceiling counts only the buffers the
   * sweep holds, so a caller that can force a garbage collection (`node --expose-gc`) keeps
   * the resident memory at the ceiling instead of above it.
   */
  readonly onRelease?: (() => void) | undefined;
}

/** The sweep's whole state after `step` cells of one lane. */
export interface FrontierSnapshot {
  /** Identifies the sweep: rows, cols, mode and required ends. */
  readonly sweep: string;
  readonly step: number;
  /** 32-bit words per entry: the key words, then the count's low and high words. */
  readonly stride: number;
  /** The lane (0: modulo 2^64) and the residues of the lanes finished before it. */
  readonly lane: number;
  readonly residues: readonly string[];
  readonly states: number;
  /**
   * Lane 0: the cell after which some count passed 2^64 (-1: none yet) and the total of the
   * last layer read before it (see the bound in frontier.ts).
   */
  readonly wrappedAt: number;
  readonly exactTotal: number;
  /**
   * Output states per input state at each cell so far, which size the next tables (a resumed
   * sweep without them sizes its first table for six times the layer: 8.8 GiB where 3 GiB
   * would do, on 7×7 open after cell 30). Optional: older snapshots lack them.
   */
  readonly growth?: readonly number[] | undefined;
  /** The entries, in chunks of whole entries. */
  readonly chunks: () => Iterable<Uint32Array>;
}

/** The `sweep` identifier of a snapshot: the geometry's key (`6x5` for the knight's plain board). */
export function sweepId(board: Board, mode: FrontierMode, ends: readonly number[]): string {
  // ":k": compact keys, counts modulo 2^64 (older snapshots used other layouts).
  return `${board.key}:${mode}:${ends.join(",")}:k`;
}

export interface FrontierResult {
  /** Number of undirected Hamiltonian cycles or paths meeting the request. */
  readonly count: bigint;
  /** Largest number of frontier states held at once. */
  readonly peakStates: number;
  /** Total state transitions tried (all lanes). */
  readonly transitions: number;
  /** Sweeps run: 1 when the count stayed below 2^64, else 1 + the prime lanes. */
  readonly lanes: number;
}

export { FrontierStop } from "./frontier-exact.js";

/** Widest board (smaller side) the sweep takes for the knight on a plain board (a 25-cell window). */
export const MAX_FRONTIER_SIDE = 12;
/**
 * Widest window the sweep takes, any geometry: a path end names its mate by distance in a 5-bit
 * field, so codes run to SECOND + w − 1 ≤ 31.
 */
export const MAX_FRONTIER_WINDOW = 29;
/** Load the next table is sized for, and the load at which a full table grows or spills. */
const TARGET_LOAD = 0.75;
const MAX_LOAD = 0.86;

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
  const entryBytes = stride * 4;
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
  /** A buffer whose contents are dead (the layer last read), for the next table. */
  let spare: Uint32Array | undefined;
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

  // Folding at the end of a row (see FrontierOptions.fold), when the mirror maps the geometry
  // to itself. There the swept cells are whole rows, and an open cell (one with a neighbour
  // still to come) has an open mirror image, which is in the window too: the mirror moves each
  // slot to its column's mirror in the same row and renames mates by their new distance. Slot
  // i holds cell t − w + i with t the row's last cell, so its column is (cols − 1 − w + i) mod
  // cols, the same at every row end. (A knight on a plane: slots 2..w are the last two rows.)
  const fold = (options.fold ?? true) && ends.length === 0 && mirrorMapsGraph(graph);
  const slotMirror = new Int32Array(w + 1);
  for (let i = 0; i <= w; i++) {
    const col = (((cols - 1 - w + i) % cols) + cols) % cols;
    const m = i + cols - 1 - 2 * col;
    // Out of the window (or slot 0, which leaves): the cell there is closed, as its mirror.
    slotMirror[i] = m >= 1 && m <= w ? m : -1;
  }
  const mirrored = Int32Array.from({ length: w }, (_, i) => i + 1).filter(
    (i) => slotMirror[i]! >= 0,
  );
  const unmirrored = Int32Array.from({ length: w }, (_, i) => i + 1).filter(
    (i) => slotMirror[i]! < 0,
  );
  // The mirror image's key is the OR of what each slot's code contributes on its own: a FREE
  // or TAIL code moves to the mirrored slot, and the earlier end of a pair writes both ends
  // of the mirrored pair (the later end, SECOND, writes nothing). One table of key words per
  // slot and code, built once.
  const codes = 1 << bits;
  const mirrorTable = new Uint32Array((w + 1) * codes * kw);
  const mirrorField = (at: number, slot: number, value: number): void => {
    // The stored key drops slot 0: key field slot − 1.
    const f = slot - 1;
    const word = compact ? K.word[f]! : Math.floor(f / perWord);
    const shift = compact ? K.shift[f]! : (f % perWord) * bits;
    mirrorTable[at + word]! |= value << shift;
  };
  for (let i = 1; i <= w; i++) {
    const mi = slotMirror[i]!;
    if (mi < 0) continue;
    for (let code = 0; code < codes; code++) {
      const at = (i * codes + code) * kw;
      if (code === FREE || code === TAIL) mirrorField(at, mi, code);
      else if (code > SECOND && i + code - SECOND <= w) {
        const mj = slotMirror[i + code - SECOND]!;
        if (mj < 0) continue;
        mirrorField(at, Math.min(mi, mj), SECOND + Math.abs(mj - mi));
        mirrorField(at, Math.max(mi, mj), SECOND);
      }
    }
  }
  const mirrorKey = new Uint32Array(kw);
  /** The stored key of the mirror image of the end-of-row working state `from`, in `out`. */
  const mirrorKeyOf = (from: Uint32Array, endsOut: number, out: Uint32Array): void => {
    for (let u = 0; u < unmirrored.length; u++) {
      const i = unmirrored[u]!;
      if (get(from, i) !== GONE) {
        throw new Error(`frontier invariant: a row ended with slot ${i} open, its mirror outside`);
      }
    }
    out.fill(0);
    for (let u = 0; u < mirrored.length; u++) {
      const i = mirrored[u]!;
      const at = (i * codes + get(from, i)) * kw;
      for (let q = 0; q < kw; q++) out[q]! |= mirrorTable[at + q]!;
    }
    if (!compact && endsOut !== 0) out[metaWord]! |= endsOut << metaShift;
  };
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
    let inMemory = layerBytesInMemory(layer);
    const readBuffers = layer.runs ? (layer.runs.length + 1) * readBufferBytes(stride) : 0;
    let want = Math.ceil(estimate / TARGET_LOAD);
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
      spare = largerSpare(spare, written, maxBytes, options.onRelease);
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
    // can come back partly on 4 KiB pages, measured 5 times slower (docs/counting.md). A spare
    // is used only when its whole buffer fits under the ceiling beside the layer and the read
    // buffers; one not used is let go before the table is allocated.
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
        spare = undefined;
        if (large) options.onRelease?.();
      }
    }
    let table: LayerTable | undefined;
    let tableReused = false;
    const runs: Run[] = [];
    if (!last) {
      if (want < 16) {
        throw new MemoryLimitError(
          `the frontier table at cell ${t + 1} of ${n} (after a layer of ${layer.states} states) would be over the limit of ${maxBytes} bytes; give a spill directory (--spill-dir) or more memory`,
          board.label,
          inMemory + 16 * entryBytes,
          maxBytes,
        );
      }
      table = new LayerTable(kw, want, prime, MAX_LOAD, spare);
      tableReused = table.reused;
      spare = undefined;
      table.onFull = (full) => {
        const bigger = Math.ceil(full.capacity * 1.5);
        const held = layerBytesInMemory(layer) + readBuffers;
        if (held + (full.capacity + bigger) * entryBytes <= maxBytes) {
          full.grow(bigger);
          options.onRelease?.();
          return;
        }
        if (!spill) {
          throw new MemoryLimitError(
            `the frontier table (${full.size} states at cell ${t + 1} of ${n}) is over the limit of ${maxBytes} bytes; give a spill directory (--spill-dir) or more memory`,
            board.label,
            held + (full.capacity + bigger) * entryBytes,
            maxBytes,
          );
        }
        const entries = full.drain(true);
        runs.push({ id: writeRun(spill, full.words.subarray(0, entries * stride)), entries });
        full.clear();
      };
    }

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
    releaseLayer(layer, spill);
    // A small layer's buffer is kept for the next table; a large one is let go (the memory
    // ceiling counts every buffer held).
    if (layer.memory && !lent && layer.memory.buffer.byteLength * 8 <= maxBytes) {
      spare = layer.memory;
    }
    lent = false;
    // The layer just read is dead: let it go before the next one is copied out of the table.
    const wasLarge = layerBytesInMemory(layer) * 8 > maxBytes;
    if (wasLarge && layer.memory) discard(layer.memory);
    layer = EMPTY_LAYER;
    if (wasLarge) options.onRelease?.();
    if (prime === 0 && overflowAt < 0) {
      if (merge.overflowed) overflowAt = t - 1;
      else exactTotal = total;
    }
    totalTransitions += cellTransitions;
    let tableBytes = 0;
    if (table) {
      table.flush();
      tableBytes = table.bytes;
      if (prime === 0 && overflowAt < 0 && table.overflowed) overflowAt = t;
      const tableWasLarge = table.bytes * 8 > maxBytes;
      layer = takeLayer(table, runs, spill, maxBytes);
      if (layer.runs) {
        // The layer went to disk: the table's buffer is dead, and the next table is built in it.
        spare = largerSpare(spare, table.words, maxBytes, options.onRelease);
        table.release();
        table = undefined;
      } else {
        // In a function of its own, so that no stale local keeps the table's buffer alive here.
        table.release();
        table = undefined;
        if (tableWasLarge) options.onRelease?.();
      }
      const maxRuns = maxRunsRead(maxBytes, stride);
      if (spill && layer.runs && layer.runs.length > maxRuns) {
        // A merge pass holds a read buffer per run it merges and one for its output.
        const fanIn = Math.max(2, Math.floor(maxBytes / readBufferBytes(stride)) - 1);
        layer = mergeRunsOnDisk(layer, spill, kw, prime, merge, maxRuns, fanIn);
      }
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

const EMPTY_LAYER: Layer = { states: 0, memory: new Uint32Array(0) };

function toDisk(layer: Layer, spill: FrontierSpill, entryBytes: number): Layer {
  const memory = layer.memory!;
  const id = writeRun(spill, memory);
  return {
    states: memory.byteLength / entryBytes,
    runs: [{ id, entries: memory.byteLength / entryBytes }],
  };
}

function releaseLayer(layer: Layer, spill: FrontierSpill | undefined): void {
  for (const run of layer.runs ?? []) spill?.remove(run.id);
}
