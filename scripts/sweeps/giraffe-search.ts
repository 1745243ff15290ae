// Closed giraffe ({1,4}-leaper) tours on 5×n: an EXACT search (a frontier dynamic programme over
// the cells taken class by class) that decides whether 5×n has one, and returns a tour when it does.
//   npx tsx scripts/sweeps/giraffe-search.ts --n 38            (one board; --n 38,44,46 for several)
//   npx tsx scripts/sweeps/giraffe-search.ts --n 8,16,24,32,34,36 --pure   (cross-check, no class argument)
//   npx tsx scripts/sweeps/giraffe-search.ts --n 38 --pump     (5×38 tour, 1–3 CPU s, pumped to 46, 54, 62)
//   npx tsx scripts/sweeps/giraffe-search.ts --n 44 --beam 100000 --seed 1 --only 12,4,12,4,2,4,2,4 --pump
//                                                              (5×44: the exact DP passes 3M states, the beam finds one in ~50 CPU s)
// More: --beam K --seed S (heuristic: keep a random sample of K states per cell step; a tour
// found is still checked, but "none" is then no proof), --only e0,...,e7 (one count vector),
// --max-states M (stop a run when a layer passes M states; default 6,000,000), --merge T (take
// consecutive classes joined by ≥ T tour moves together, column by column; default off),
// --no-balance (skip the balance identity check, which never fired in our runs).
// Options: --pure (no class-count constraints, forced or forbidden moves: a plain Hamiltonian-
// cycle frontier DP), --seconds S (stop a run after S CPU seconds), --pump (pump a tour found by
// a loop of 8 columns, as scripts/sweeps/giraffe-5xn.ts does), --out FILE (default
// scripts/sweeps/giraffe-search.jsonl; records appended), --no-out.
//
// The class argument (re-derived and checked by code in `classes`): put cell (r,c) in class
// X = p·4 + k, k = c mod 4, p = (r + ⌊c/4⌋) mod 2. A (±1,±4) move stays in its class and changes
// the row parity; a (±4,±1) move joins rows 0 and 4 of consecutive classes X_i, X_{i+1} (mod 8).
// In any 2-factor the moves leaving class X number D_X = 2(E_X − O_X) (E/O: cells of X in
// even/odd rows), so the numbers e_i of tour moves between X_i and X_{i+1} satisfy
// e_{i−1} + e_i = D_i: one free parameter y = e_7, and 0 ≤ e_i ≤ (moves available). Every
// feasible y is run separately with the exact counts as constraints (e_i = available: all those
// moves forced; e_i = 0: all forbidden), and the DP prunes on them. The cells are taken class by
// class along the chain, starting after the pair with the fewest tour moves, inside a class by
// column then row; the frontier state is, for each frontier cell, 0 (no move yet), 1 (two moves)
// or a path label (one move; the path's two ends share it), plus the 8 pair counters.
// The DP is exact: the set of reachable states after every cell; a board has a closed tour iff
// the final set holds DONE. Parent pointers (an index and the moves chosen) give the tour back.
import { appendFileSync } from "node:fs";
import { type ColumnWord, columnsTour, tourColumns } from "../../src/construct/column-words.js";
import { Board } from "../../src/core/board.js";
import { parsePiece } from "../../src/core/piece.js";
import { validateTour } from "../../src/core/validate.js";
import { ColumnTransfer, DONE as T_DONE } from "../../src/count/column-transfer.js";
import { findColumnPath, runColumns } from "../../src/count/column-words.js";
import { parseOptions } from "../lib/args.js";

const H = 5;
const LEAPS: ReadonlyArray<readonly [number, number]> = [
  [1, 4],
  [1, -4],
  [-1, 4],
  [-1, -4],
  [4, 1],
  [4, -1],
  [-4, 1],
  [-4, -1],
];
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);

// ---------------------------------------------------------------------------------------------
// The board and the class structure.

interface Graph {
  n: number;
  cells: number;
  adj: number[][];
}

function giraffeGraph(n: number): Graph {
  const cells = H * n;
  const adj: number[][] = Array.from({ length: cells }, () => []);
  for (let r = 0; r < H; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of LEAPS) {
        const r2 = r + dr;
        const c2 = c + dc;
        if (r2 >= 0 && r2 < H && c2 >= 0 && c2 < n) adj[r * n + c]!.push(r2 * n + c2);
      }
    }
  }
  return { n, cells, adj };
}

/** Class index p·4 + k, so that X0..X7 = (0,0),(1,0),(2,0),(3,0),(0,1),(1,1),(2,1),(3,1). */
function classOf(r: number, c: number): number {
  return ((r + (c >> 2)) & 1) * 4 + (c & 3);
}

interface ClassInfo {
  E: number[];
  O: number[];
  D: number[];
  /** avail[i]: moves between X_i and X_{i+1 mod 8}. */
  avail: number[];
  /** Feasible count vectors e (e[i] between X_i and X_{i+1}), one per feasible y = e[7]. */
  feasible: number[][];
  /** Rejected y with the reason. */
  rejected: Array<{ y: number; e: number[]; reason: string }>;
}

/** Re-derive the class structure from the move graph, checking every claim it relies on. */
function classes(g: Graph): ClassInfo {
  const { n, adj } = g;
  const cls = (v: number) => classOf(Math.floor(v / n), v % n);
  const E = new Array(8).fill(0);
  const O = new Array(8).fill(0);
  const avail = new Array(8).fill(0);
  for (let v = 0; v < g.cells; v++) {
    const r = Math.floor(v / n);
    if (r % 2 === 0) E[cls(v)]++;
    else O[cls(v)]++;
    for (const w of adj[v]!) {
      if (w < v) continue;
      const a = cls(v);
      const b = cls(w);
      const rw = Math.floor(w / n);
      if (a === b) {
        // inside a class: must change the row by 1 (so flip the row parity)
        if (Math.abs(r - rw) !== 1) throw new Error(`move ${v}-${w} inside class ${a} not a (1,4)`);
      } else {
        if (!((a + 1) % 8 === b || (b + 1) % 8 === a))
          throw new Error(`move ${v}-${w}: classes ${a},${b} not consecutive`);
        if (!((r === 0 && rw === 4) || (r === 4 && rw === 0)))
          throw new Error(`move ${v}-${w} between classes not row 0-4`);
        avail[(a + 1) % 8 === b ? a : b]++;
      }
    }
  }
  const D = E.map((e, i) => 2 * (e - O[i]!));
  const feasible: number[][] = [];
  const rejected: ClassInfo["rejected"] = [];
  for (let y = 0; y <= avail[7]; y++) {
    const e = new Array(8).fill(0);
    e[7] = y;
    for (let i = 0; i < 8; i++) e[i] = D[i]! - e[(i + 7) % 8]!;
    // e[7] was overwritten by D[7] − e[6]: it must come back to y
    let reason = "";
    if (e[7] !== y) reason = `inconsistent: e7 comes back as ${e[7]}`;
    else if (e.some((x, i) => x < 0 || x > avail[i]!)) reason = "a count outside 0..available";
    else if (e.filter((x) => x === 0).length >= 2)
      reason = "two zero pairs: the tour would be disconnected";
    else if (new Set(e.map((x) => x % 2)).size > 1)
      reason = "mixed parity: some cut of the cycle would be odd";
    if (reason === "") feasible.push(e);
    else rejected.push({ y, e, reason });
  }
  return { E, O, D, avail, feasible, rejected };
}

// ---------------------------------------------------------------------------------------------
// The frontier DP.

interface Plan {
  g: Graph;
  order: Int32Array;
  pos: Int32Array;
  cls: Int8Array;
  /** For each step t: the earlier neighbours of order[t] allowed (cells), forced flags, pair ids. */
  back: Int32Array[];
  backForced: Uint8Array[];
  backPair: Int8Array[];
  /** Frontier (cells) before step t, for t = 0..N. */
  frontier: Int32Array[];
  /** last[u]: the last step at which u gets a move considered. */
  last: Int32Array;
  /** Allowed neighbour positions of u, sorted; forced flags; pair id per neighbour. */
  nbPos: Int32Array[];
  nbForced: Uint8Array[];
  nbPair: Int8Array[];
  /** e[i] or null (pure mode). */
  e: number[] | null;
  /** Per pair: the step after which all its moves have been considered; moves of the pair left after step t. */
  pairLast: Int32Array;
  pairLeft: Int32Array[];
}

function makePlan(g: Graph, e: number[] | null, start: number, merge: number): Plan {
  const { n, cells, adj } = g;
  const cls = new Int8Array(cells);
  for (let v = 0; v < cells; v++) cls[v] = classOf(Math.floor(v / n), v % n);
  // blocks of consecutive classes along the chain: a class joins the previous block when the
  // pair between them carries at least `merge` tour moves; a block is taken column by column
  const blockOf = new Int32Array(8);
  let block = 0;
  for (let i = 0; i < 8; i++) {
    const x = (start + i) % 8;
    const prev = (x + 7) % 8;
    if (i > 0 && !(e !== null && e[prev]! >= merge)) block++;
    blockOf[x] = block;
  }
  const chainIndex = (x: number) => blockOf[x]!;
  const list = Array.from({ length: cells }, (_, v) => v);
  list.sort((a, b) => {
    const ca = chainIndex(cls[a]!);
    const cb = chainIndex(cls[b]!);
    if (ca !== cb) return ca - cb;
    const da = a % n;
    const db = b % n;
    if (da !== db) return da - db;
    return a - b;
  });
  const order = Int32Array.from(list);
  const pos = new Int32Array(cells);
  for (let t = 0; t < cells; t++) pos[order[t]!] = t;
  const pairOf = (a: number, b: number): number => {
    const x = cls[a]!;
    const y = cls[b]!;
    if (x === y) return -1;
    return (x + 1) % 8 === y ? x : y;
  };
  const allowed = (a: number, b: number) => {
    const p = pairOf(a, b);
    return e === null || p < 0 || e[p]! > 0;
  };
  const forced = (a: number, b: number, avail: number[]) => {
    const p = pairOf(a, b);
    return e !== null && p >= 0 && e[p] === avail[p];
  };
  const info = classes(g);
  const nbPos: Int32Array[] = [];
  const nbForced: Uint8Array[] = [];
  const nbPair: Int8Array[] = [];
  const last = new Int32Array(cells);
  for (let u = 0; u < cells; u++) {
    const ws = adj[u]!.filter((w) => allowed(u, w)).sort((a, b) => pos[a]! - pos[b]!);
    nbPos[u] = Int32Array.from(ws, (w) => pos[w]!);
    nbForced[u] = Uint8Array.from(ws, (w) => (forced(u, w, info.avail) ? 1 : 0));
    nbPair[u] = Int8Array.from(ws, (w) => pairOf(u, w));
    last[u] = Math.max(pos[u]!, ...Array.from(nbPos[u]!));
  }
  const back: Int32Array[] = [];
  const backForced: Uint8Array[] = [];
  const backPair: Int8Array[] = [];
  for (let t = 0; t < cells; t++) {
    const v = order[t]!;
    const ws = adj[v]!.filter((w) => allowed(v, w) && pos[w]! < t).sort(
      (a, b) => pos[a]! - pos[b]!,
    );
    back[t] = Int32Array.from(ws);
    backForced[t] = Uint8Array.from(ws, (w) => (forced(v, w, info.avail) ? 1 : 0));
    backPair[t] = Int8Array.from(ws, (w) => pairOf(v, w));
  }
  const frontier: Int32Array[] = [];
  for (let t = 0; t <= cells; t++) {
    const f: number[] = [];
    for (let s = 0; s < t; s++) if (last[order[s]!]! >= t) f.push(order[s]!);
    frontier[t] = Int32Array.from(f);
  }
  const pairLast = new Int32Array(8).fill(-1);
  const pairLeft: Int32Array[] = Array.from({ length: 8 }, () => new Int32Array(cells + 1));
  for (let t = 0; t < cells; t++) {
    for (const p of backPair[t]!) if (p >= 0) pairLast[p] = t;
  }
  for (let p = 0; p < 8; p++) {
    let left = 0;
    for (let t = cells - 1; t >= 0; t--) {
      pairLeft[p]![t] = left; // moves of the pair considered after step t
      for (const q of backPair[t]!) if (q === p) left++;
    }
  }
  return {
    g,
    order,
    pos,
    cls,
    back,
    backForced,
    backPair,
    frontier,
    last,
    nbPos,
    nbForced,
    nbPair,
    e,
    pairLast,
    pairLeft,
  };
}

const DONE = "!";

interface Layer {
  /** parent index into the previous layer's state list */
  parent: Int32Array;
  /** bitmask over back[t] of the moves chosen */
  choice: Uint8Array;
}

interface DPResult {
  n: number;
  e: number[] | null;
  exists: boolean | null; // null: stopped by --seconds
  stoppedAt?: number;
  cpuSeconds: number;
  peakStates: number;
  totalStates: number;
  peakRssMiB: number;
  statesByClassEnd: Array<{ step: number; class: number; states: number }>;
  path: Int32Array | null;
}

/**
 * The balance equation, for every class C after step t (R: the cells of C not yet taken):
 *   Σ over frontier cells u of C of ±(2 − deg u) (+ odd rows, − even rows)
 *     = 2(E_R − O_R) − (e_{C−1} + e_C) + used_{C−1,C} + used_{C,C+1}.
 * Proof: in the finished tour, count the tour moves at the cells of R by row parity. Odd cells of
 * R have only moves inside C, to even cells of R or to even taken cells; even cells of R have moves
 * to odd cells of R, to odd taken cells of C, and to other classes. The odd taken cells' missing
 * moves all go to R; the even taken cells' missing moves go to odd cells of R or to other classes;
 * C has e_{C−1} + e_C moves to other classes, of which used_{C−1,C} + used_{C,C+1} are chosen
 * already (both ends taken); the rest are at taken cells (their missing moves) or at R. Equating
 * 2|even R| − 2|odd R| with the difference of the counts gives the identity. Returns the right side
 * without the used terms, per class.
 */
function balanceTarget(plan: Plan, t: number): Int32Array {
  const e = plan.e!;
  const { order, g } = plan;
  const target = new Int32Array(8);
  for (let x = 0; x < 8; x++) target[x] = -(e[(x + 7) % 8]! + e[x]!);
  for (let s = t + 1; s < order.length; s++) {
    const u = order[s]!;
    target[plan.cls[u]!] += Math.floor(u / g.n) % 2 === 0 ? 2 : -2;
  }
  return target;
}

function runDP(
  plan: Plan,
  seconds: number,
  label: string,
  maxStates: number,
  beam = 0,
  seed = 1,
  useBalance = true,
): DPResult {
  let rs = seed >>> 0 || 1;
  const rand = () => {
    // xorshift32
    rs ^= rs << 13;
    rs >>>= 0;
    rs ^= rs >>> 17;
    rs ^= rs << 5;
    rs >>>= 0;
    return rs / 4294967296;
  };
  let beamCut = false;
  const {
    order,
    back,
    backForced,
    backPair,
    frontier,
    pos,
    nbPos,
    nbForced,
    nbPair,
    e,
    pairLast,
    pairLeft,
    cls,
  } = plan;
  const N = order.length;
  const started = cpu();
  let states: string[] = [String.fromCharCode(0, 0, 0, 0, 0, 0, 0, 0)]; // no frontier, 8 counters
  const layers: Layer[] = [];
  let peak = 1;
  let total = 1;
  let peakRss = rssMiB();
  const byClass: DPResult["statesByClassEnd"] = [];
  const maxF = Math.max(...frontier.map((f) => f.length)) + 2;
  const deg = new Int32Array(maxF);
  const mate = new Int32Array(maxF);
  const deg2 = new Int32Array(maxF);
  const mate2 = new Int32Array(maxF);
  const used = new Int32Array(8);
  const used2 = new Int32Array(8);
  const labelOf = new Int32Array(maxF);
  const codes = new Array<number>(maxF + 8);
  const demand = new Int32Array(8);
  const diff = new Int32Array(8);
  const balance = e !== null && useBalance;
  let lastReport = cpu();

  // No state left: no tour (unless the beam dropped some); past a limit: undecided.
  const stop = (t: number, exists: boolean | null) => ({
    n: plan.g.n,
    e,
    exists,
    cpuSeconds: cpu() - started,
    peakStates: peak,
    totalStates: total,
    peakRssMiB: peakRss,
    statesByClassEnd: byClass,
    path: null,
    stoppedAt: t,
  });
  for (let t = 0; t < N; t++) {
    const F = frontier[t]!;
    const F2 = frontier[t + 1]!;
    const m = F.length;
    const v = order[t]!;
    // index in the extended frontier (F plus v at m) of each cell of back[t] and of F2
    const idxOfCell = new Map<number, number>();
    for (let i = 0; i < m; i++) idxOfCell.set(F[i]!, i);
    idxOfCell.set(v, m);
    const bt = back[t]!;
    const bIdx = Int32Array.from(bt, (u) => idxOfCell.get(u)!);
    const k = bt.length;
    let forcedMask = 0;
    for (let i = 0; i < k; i++) if (backForced[t]![i]) forcedMask |= 1 << i;
    const subsets: number[] = [];
    for (let mask = 0; mask < 1 << k; mask++) {
      let bits = 0;
      for (let x = mask; x; x &= x - 1) bits++;
      if (bits <= 2 && (mask & forcedMask) === forcedMask) subsets.push(mask);
    }
    const stayIdx = Int32Array.from(F2, (u) => idxOfCell.get(u)!);
    const stays = new Uint8Array(m + 1);
    for (const i of stayIdx) stays[i] = 1;
    // for staying cells: allowed/forced moves still to come after step t, and their pairs
    const cellAt = (i: number) => (i === m ? v : F[i]!);
    const need = (i: number) => {
      const u = cellAt(i);
      const ps = nbPos[u]!;
      let later = 0;
      let laterForced = 0;
      let pairSeen = -2;
      for (let j = 0; j < ps.length; j++) {
        if (ps[j]! > t) {
          later++;
          laterForced += nbForced[u]![j]!;
          const p = nbPair[u]![j]!;
          pairSeen = pairSeen === -2 ? p : pairSeen === p ? p : -3;
        }
      }
      return { later, laterForced, pair: pairSeen };
    };
    const stayInfo = Array.from(stayIdx, (i) => need(i));
    // balance check (see `balanceTarget`): class and row-parity sign of each staying cell
    const stayClass = Int8Array.from(stayIdx, (i) => cls[cellAt(i)]!);
    const staySign = Int8Array.from(stayIdx, (i) =>
      Math.floor(cellAt(i) / plan.g.n) % 2 === 1 ? 1 : -1,
    );
    const target = balance ? balanceTarget(plan, t) : null;
    const leaving: number[] = [];
    for (let i = 0; i <= m; i++) if (!stays[i]) leaving.push(i);
    const pairsEnding: number[] = [];
    for (let p = 0; p < 8; p++) if (pairLast[p] === t) pairsEnding.push(p);
    const isLast = t === N - 1;

    const next = new Map<string, number>();
    const nextChoice: number[] = [];
    const nextParent: number[] = [];
    for (let si = 0; si < states.length; si++) {
      const s = states[si]!;
      if (s === DONE) continue;
      // decode
      for (let i = 0; i < m; i++) {
        const c = s.charCodeAt(i);
        if (c === 0) {
          deg[i] = 0;
          mate[i] = i;
        } else if (c === 1) {
          deg[i] = 2;
          mate[i] = -1;
        } else {
          deg[i] = 1;
          mate[i] = -1;
        }
      }
      for (let i = 0; i < m; i++) {
        const c = s.charCodeAt(i);
        if (c >= 2 && mate[i] === -1) {
          for (let j = i + 1; j < m; j++) {
            if (s.charCodeAt(j) === c) {
              mate[i] = j;
              mate[j] = i;
              break;
            }
          }
        }
      }
      deg[m] = 0;
      mate[m] = m;
      for (let p = 0; p < 8; p++) used[p] = s.charCodeAt(m + p);
      subsetLoop: for (const mask of subsets) {
        deg2.set(deg.subarray(0, m + 1));
        mate2.set(mate.subarray(0, m + 1));
        used2.set(used);
        let closed = false;
        for (let b = 0; b < k; b++) {
          if (!(mask & (1 << b))) continue;
          if (closed) continue subsetLoop;
          const a = bIdx[b]!;
          if (deg2[a]! >= 2 || deg2[m]! >= 2) continue subsetLoop;
          const p = backPair[t]![b]!;
          if (p >= 0) {
            used2[p]++;
            if (e !== null && used2[p]! > e[p]!) continue subsetLoop;
          }
          const ma = mate2[a]!;
          const mv = mate2[m]!;
          if (ma === m) {
            // a and v are the two ends of one path: this move closes a cycle
            if (!isLast) continue subsetLoop;
            closed = true;
            deg2[a]++;
            deg2[m]++;
            continue;
          }
          deg2[a]++;
          deg2[m]++;
          mate2[ma] = mv;
          mate2[mv] = ma;
          if (deg2[a] === 2) mate2[a] = -1;
          if (deg2[m] === 2) mate2[m] = -1;
        }
        // cells leaving the frontier must be done
        for (const i of leaving) if (deg2[i] !== 2) continue subsetLoop;
        if (closed) {
          // the whole board must now be one circuit: nothing left open anywhere
          for (let i = 0; i <= m; i++) if (deg2[i] !== 2) continue subsetLoop;
          if (e !== null) for (let p = 0; p < 8; p++) if (used2[p] !== e[p]) continue subsetLoop;
          if (!next.has(DONE)) {
            next.set(DONE, nextParent.length);
            nextParent.push(si);
            nextChoice.push(mask);
          }
          continue;
        }
        if (isLast) continue;
        // cells staying: enough moves left, no forced move into a finished cell
        demand.fill(0);
        for (let q = 0; q < stayIdx.length; q++) {
          const i = stayIdx[q]!;
          const info = stayInfo[q]!;
          const want = 2 - deg2[i]!;
          if (want > info.later) continue subsetLoop;
          if (want < info.laterForced) continue subsetLoop;
          if (want > 0 && info.pair >= 0) demand[info.pair] += want;
        }
        if (target !== null) {
          diff.fill(0);
          for (let q = 0; q < stayIdx.length; q++)
            diff[stayClass[q]!] += staySign[q]! * (2 - deg2[stayIdx[q]!]!);
          for (let x = 0; x < 8; x++) {
            if (diff[x] !== target[x]! + used2[(x + 7) % 8]! + used2[x]!) continue subsetLoop;
          }
        }
        if (e !== null) {
          for (const p of pairsEnding) if (used2[p] !== e[p]) continue subsetLoop;
          for (let p = 0; p < 8; p++) {
            if (used2[p]! + demand[p]! > e[p]!) continue subsetLoop;
            if (used2[p]! + pairLeft[p]![t]! < e[p]!) continue subsetLoop;
          }
        }
        // encode: labels by first appearance over the new frontier
        let nextLabel = 2;
        labelOf.fill(0, 0, m + 1);
        for (let q = 0; q < stayIdx.length; q++) {
          const i = stayIdx[q]!;
          if (deg2[i] === 0) codes[q] = 0;
          else if (deg2[i] === 2) codes[q] = 1;
          else {
            const j = mate2[i]!;
            if (labelOf[j] !== 0) codes[q] = labelOf[j]!;
            else {
              labelOf[i] = nextLabel;
              codes[q] = nextLabel++;
            }
          }
        }
        const f2 = stayIdx.length;
        for (let p = 0; p < 8; p++) codes[f2 + p] = used2[p]!;
        codes.length = f2 + 8;
        const key = String.fromCharCode(...codes);
        if (!next.has(key)) {
          next.set(key, nextParent.length);
          nextParent.push(si);
          nextChoice.push(mask);
        }
      }
    }
    states = [...next.keys()];
    if (beam > 0 && states.length > beam) {
      // heuristic mode: keep a random sample of `beam` states (no longer exact)
      beamCut = true;
      const idx = Int32Array.from(states, (_, i) => i);
      for (let i = 0; i < beam; i++) {
        const j = i + Math.floor(rand() * (idx.length - i));
        const x = idx[i]!;
        idx[i] = idx[j]!;
        idx[j] = x;
      }
      const keep = idx.subarray(0, beam);
      states = Array.from(keep, (i) => states[i]!);
      layers.push({
        parent: Int32Array.from(keep, (i) => nextParent[i]!),
        choice: Uint8Array.from(keep, (i) => nextChoice[i]!),
      });
    } else
      layers.push({ parent: Int32Array.from(nextParent), choice: Uint8Array.from(nextChoice) });
    total += states.length;
    if (states.length > peak) peak = states.length;
    const classEnd = t === N - 1 || (t + 1) % 25 === 0 || cls[order[t + 1]!] !== cls[v];
    if (classEnd) {
      peakRss = Math.max(peakRss, rssMiB());
      byClass.push({ step: t, class: cls[v]!, states: states.length });
      console.error(
        `${label}: class X${cls[v]} step ${t + 1}/${N}: ${states.length} states (peak ${peak}, frontier ${F2.length}), ${(cpu() - started).toFixed(1)} CPU s, ${rssMiB()} MiB`,
      );
    } else if (cpu() - lastReport > 30) {
      lastReport = cpu();
      console.error(
        `${label}: step ${t + 1}/${N}: ${states.length} states, ${(cpu() - started).toFixed(1)} CPU s`,
      );
    }
    if (states.length === 0) return stop(t, beamCut ? null : false);
    if (cpu() - started > seconds || states.length > maxStates) return stop(t, null);
  }
  const doneIdx = states.indexOf(DONE);
  if (doneIdx < 0 && beamCut) {
    return {
      n: plan.g.n,
      e,
      exists: null,
      cpuSeconds: cpu() - started,
      peakStates: peak,
      totalStates: total,
      peakRssMiB: peakRss,
      statesByClassEnd: byClass,
      path: null,
    };
  }
  let path: Int32Array | null = null;
  if (doneIdx >= 0) {
    // walk the parent pointers back and collect the moves
    const edges: Array<[number, number]> = [];
    let idx = doneIdx;
    for (let t = N - 1; t >= 0; t--) {
      const L = layers[t]!;
      const mask = L.choice[idx]!;
      const bt = back[t]!;
      for (let b = 0; b < bt.length; b++) if (mask & (1 << b)) edges.push([order[t]!, bt[b]!]);
      idx = L.parent[idx]!;
    }
    path = cycleFromEdges(plan.g.cells, edges);
  }
  void pos;
  return {
    n: plan.g.n,
    e,
    exists: doneIdx >= 0,
    cpuSeconds: cpu() - started,
    peakStates: peak,
    totalStates: total,
    peakRssMiB: peakRss,
    statesByClassEnd: byClass,
    path,
  };
}

function cycleFromEdges(cells: number, edges: Array<[number, number]>): Int32Array | null {
  const link: number[][] = Array.from({ length: cells }, () => []);
  for (const [a, b] of edges) {
    link[a]!.push(b);
    link[b]!.push(a);
  }
  if (link.some((l) => l.length !== 2)) return null;
  const path = new Int32Array(cells);
  let prev = -1;
  let cur = 0;
  for (let s = 0; s < cells; s++) {
    path[s] = cur;
    const nx = link[cur]![0] === prev ? link[cur]![1]! : link[cur]![0]!;
    prev = cur;
    cur = nx;
  }
  return cur === 0 ? path : null;
}

// ---------------------------------------------------------------------------------------------
// Independent checks of a tour.

/** Plain check, written apart from the search: every cell once, every step (and last→first) a giraffe move. */
function plainCheck(n: number, path: ArrayLike<number>): string | null {
  const cells = H * n;
  if (path.length !== cells) return `length ${path.length}, want ${cells}`;
  const seen = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    const x = path[i]!;
    if (!Number.isInteger(x) || x < 0 || x >= cells) return `cell ${x} off the board`;
    if (seen[x]) return `cell ${x} twice`;
    seen[x] = 1;
  }
  for (let i = 0; i < cells; i++) {
    const a = path[i]!;
    const b = path[(i + 1) % cells]!;
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n));
    const dc = Math.abs((a % n) - (b % n));
    if (!((dr === 1 && dc === 4) || (dr === 4 && dc === 1)))
      return `step ${a}→${b} is not a giraffe move`;
  }
  return null;
}

function projectCheck(n: number, path: ArrayLike<number>): boolean {
  return validateTour(new Board(H, n, { piece: parsePiece("giraffe") }), { path, closed: true })
    .valid;
}

// ---------------------------------------------------------------------------------------------
// Pumping by a loop of 8 columns (as scripts/sweeps/giraffe-5xn.ts does for 5×32 and 5×34).

function pump(n: number, path: Int32Array) {
  const GIRAFFE = parsePiece("giraffe");
  const t = new ColumnTransfer({ height: H, piece: GIRAFFE, kind: "closed" });
  const words = tourColumns(H, n, path);
  const states = runColumns(t, words);
  if (states === null || states.at(-1) !== T_DONE)
    throw new Error(`the 5×${n} tour does not run through the transfer`);
  const checked = (w: readonly ColumnWord[]) => {
    const p = columnsTour(H, w);
    return p !== null && plainCheck(w.length, p) === null && projectCheck(w.length, p);
  };
  for (let at = 1; at < n - 8; at++) {
    const from = states[at - 1]!;
    const loop = findColumnPath(t, from, (s, c) => c === 8 && s === from, 8, 2_000_000);
    if (loop === null) continue;
    const prefix = words.slice(0, at);
    const suffix = words.slice(at);
    const validated: number[] = [];
    const tours: Array<{ n: number; path: number[] }> = [];
    for (let k = 0; k <= 3; k++) {
      const w = [...prefix, ...Array.from({ length: k }, () => loop.words).flat(), ...suffix];
      if (runColumns(t, w)?.at(-1) !== T_DONE || !checked(w))
        throw new Error(`5×${w.length} pumped does not check`);
      validated.push(w.length);
      if (k >= 1) tours.push({ n: w.length, path: Array.from(columnsTour(H, w)!) });
    }
    const back = runColumns(t, loop.words, from)!.at(-1);
    return { at, loop: loop.words, loopReturns: back === from, validated, tours };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

const { values } = parseOptions({
  options: {
    n: { type: "string" },
    pure: { type: "boolean" },
    seconds: { type: "string" },
    pump: { type: "boolean" },
    out: { type: "string" },
    "no-out": { type: "boolean" },
    start: { type: "string" },
    merge: { type: "string" },
    "max-states": { type: "string" },
    beam: { type: "string" },
    seed: { type: "string" },
    only: { type: "string" },
    "no-balance": { type: "boolean" },
  },
});
const ns = (values.n ?? "38").split(",").map(Number);
const seconds = values.seconds === undefined ? Number.POSITIVE_INFINITY : Number(values.seconds);
const merge = values.merge === undefined ? 99 : Number(values.merge);
const maxStates = values["max-states"] === undefined ? 6_000_000 : Number(values["max-states"]);
const beam = values.beam === undefined ? 0 : Number(values.beam);
const seed = values.seed === undefined ? 1 : Number(values.seed);
const out = values["no-out"] ? null : (values.out ?? "scripts/sweeps/giraffe-search.jsonl");
const write = (rec: object) => {
  if (out !== null) appendFileSync(out, `${JSON.stringify(rec)}\n`);
};

for (const n of ns) {
  const g = giraffeGraph(n);
  const info = classes(g);
  console.error(
    `5×${n}: E ${info.E} O ${info.O} D ${info.D} available ${info.avail}; feasible e: ${JSON.stringify(info.feasible)}; rejected: ${JSON.stringify(info.rejected.map((r) => [r.y, r.reason]))}`,
  );
  const runs: Array<{ e: number[] | null; start: number }> = [];
  if (values.pure)
    runs.push({ e: null, start: values.start === undefined ? 7 : Number(values.start) });
  else {
    for (const e of info.feasible) {
      if (values.only !== undefined && e.join(",") !== values.only) continue;
      // start the chain after the pair with the fewest tour moves
      let minP = 0;
      for (let p = 1; p < 8; p++) if (e[p]! < e[minP]!) minP = p;
      runs.push({ e, start: values.start === undefined ? (minP + 1) % 8 : Number(values.start) });
    }
  }
  if (runs.length === 0) {
    console.error(`5×${n}: no feasible class counts, so no closed tour (see the rejected reasons)`);
    write({ kind: "result", n, method: "class counts", exists: false, classes: info });
    continue;
  }
  let any = false;
  let unknown = false;
  const results = [];
  for (const run of runs) {
    const plan = makePlan(g, run.e, run.start, merge);
    const label = `5×${n} ${run.e === null ? "pure" : `e=${run.e.join(",")}`}`;
    const maxFrontier = Math.max(...plan.frontier.map((f) => f.length));
    console.error(`${label}: start class X${run.start}, max frontier ${maxFrontier}`);
    const r = runDP(plan, seconds, label, maxStates, beam, seed, !values["no-balance"]);
    const summary = {
      e: run.e,
      start: run.start,
      exists: r.exists,
      stoppedAtStep: r.stoppedAt ?? null,
      cpuSeconds: +r.cpuSeconds.toFixed(1),
      peakStates: r.peakStates,
      totalStates: r.totalStates,
      peakRssMiB: r.peakRssMiB,
      maxFrontier,
      statesByClassEnd: r.statesByClassEnd,
    };
    results.push(summary);
    console.error(
      `${label}: exists ${r.exists}, ${summary.cpuSeconds} CPU s, peak ${r.peakStates} states, total ${r.totalStates}`,
    );
    if (r.exists === null) unknown = true;
    if (r.exists) {
      any = true;
      const path = r.path!;
      const plain = plainCheck(n, path);
      const proj = projectCheck(n, path);
      console.error(`${label}: tour found; plain check ${plain ?? "ok"}, validateTour ${proj}`);
      if (plain !== null || !proj) throw new Error("the tour found does not check");
      let pumped = null;
      if (values.pump) {
        const p0 = cpu();
        pumped = pump(n, path);
        console.error(
          `${label}: pumping: ${pumped === null ? "no loop of 8 columns found" : `loop at column ${pumped.at}, validated n = ${pumped.validated}`} (${(cpu() - p0).toFixed(1)} CPU s)`,
        );
      }
      write({
        kind: "tour",
        n,
        path: Array.from(path),
        cells: "r*n+c",
        seconds: +r.cpuSeconds.toFixed(1),
        method:
          (run.e === null ? "frontier DP (pure)" : "frontier DP with class counts") +
          (beam > 0 ? `, beam ${beam} (random sample per layer)` : ""),
        seed: beam > 0 ? seed : null,
        e: run.e,
        plainCheck: plain === null,
        validateTour: proj,
        pumped:
          pumped === null
            ? null
            : {
                at: pumped.at,
                loop: pumped.loop,
                loopReturns: pumped.loopReturns,
                validated: pumped.validated,
              },
      });
      for (const pt of pumped?.tours ?? []) {
        write({
          kind: "tour",
          n: pt.n,
          path: pt.path,
          cells: "r*n+c",
          seconds: null,
          method: `pumped from the 5×${n} tour: ${(pt.n - n) / 8} copies of the 8-column loop inserted at column ${pumped!.at}`,
          seed: null,
          plainCheck: plainCheck(pt.n, pt.path) === null,
          validateTour: projectCheck(pt.n, pt.path),
        });
      }
      break; // one tour per board is enough
    }
  }
  write({
    kind: "result",
    n,
    method:
      (values.pure ? "frontier DP (pure)" : "frontier DP with class counts, each feasible e") +
      (beam > 0 ? `, beam ${beam}, seed ${seed}` : "") +
      (values.only ? `, only e=${values.only}` : ""),
    exists: any ? true : unknown ? null : false,
    classes: {
      E: info.E,
      O: info.O,
      D: info.D,
      avail: info.avail,
      feasible: info.feasible,
      rejected: info.rejected,
    },
    runs: results,
  });
}
