// Closed giraffe ({1,4}-leaper) tours on 5×n: an EXACT COUNT (undirected Hamiltonian cycles of the
// move graph, each cycle once), by the frontier dynamic programme of giraffe-search.ts --pure
// (cells taken class by class around the ring of 8 classes) with a BigInt count per state.
//   npx tsx scripts/sweeps/giraffe-count.ts --n 24,32,34,36,38       (two orders each, must agree)
//   npx tsx scripts/sweeps/giraffe-count.ts --validate               (small boards: DP vs brute force)
//   npx tsx scripts/sweeps/giraffe-count.ts --board 5x8 --piece 1,2 --order class --brute
// Options: --n LIST (giraffe 5×n; default 24), --methods LIST (default "s7,r3": sK = class order
// starting at class X_K, rK = the same order reversed; one method per entry, counts must agree),
// --out FILE (default scripts/sweeps/giraffe-count.jsonl, appended), --no-out, --max-states M
// (give up on a run when a layer passes M states; default 8,000,000), --seconds S (CPU limit per
// run), --board RxC --piece A,B[+C,D] --topology plane|cylinder|torus --order class|sK|rK|cols|rows|
// random:SEED --brute (count one board with the DP, and by brute force with --brute),
// --validate (the standard comparison list below), --quiet.
//
// The DP. Cells are taken in a fixed order; the edge {u, w} is decided when its later end is
// taken, so every edge set is built along exactly one sequence of choices, and a Hamiltonian
// cycle is one edge set: each undirected cycle is counted once. The state after step t is, for
// every frontier cell (taken, with a neighbour still to come), 0 (no edge), 1 (two edges) or a
// path label (one edge; the path's two ends share the label), labels renumbered in order of
// first appearance so that equal frontiers merge; the count is the number of partial edge sets
// reaching the state. A cell leaves the frontier only with two edges; a path is closed into a
// cycle only by the last cell, and only when every cell then has two edges. A state is dropped
// when a frontier cell needs more edges than it has neighbours still to come.
//
// The class order (as in giraffe-search.ts): cell (r,c) is in class X = p·4 + k, k = c mod 4,
// p = (r + ⌊c/4⌋) mod 2; classes are taken along the ring X_s, X_{s+1}, …, X_{s+7} (mod 8),
// inside a class column by column, then by row. The ring structure is checked on the graph.
//
// The brute force (`bruteCount`) is written apart from the DP: a depth-first search for
// Hamiltonian cycles from cell 0, the directed count halved, with one sound cut (an unvisited
// cell needs two possible tour neighbours among the unvisited cells, the path's head and cell 0).
import { appendFileSync } from "node:fs";
import { parsePiece } from "../../src/core/piece.js";
import { parseOptions } from "../lib/args.js";

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);

// ---------------------------------------------------------------------------------------------
// Graphs (own code: leaps, boards, topologies).

interface Graph {
  name: string;
  R: number;
  C: number;
  V: number;
  adj: number[][];
}

function makeGraph(
  R: number,
  C: number,
  leaps: Array<[number, number]>,
  topology: "plane" | "cylinder" | "torus" = "plane",
): Graph {
  const V = R * C;
  const sets: Array<Set<number>> = Array.from({ length: V }, () => new Set());
  for (const [a, b] of leaps) {
    const ds = new Set<string>();
    for (const [x, y] of [
      [a, b],
      [b, a],
    ])
      for (const sx of [1, -1]) for (const sy of [1, -1]) ds.add(`${sx * x!},${sy * y!}`);
    for (const d of ds) {
      const [dr, dc] = d.split(",").map(Number) as [number, number];
      for (let r = 0; r < R; r++)
        for (let c = 0; c < C; c++) {
          let r2 = r + dr;
          let c2 = c + dc;
          if (topology === "torus") r2 = ((r2 % R) + R) % R;
          if (topology !== "plane") c2 = ((c2 % C) + C) % C;
          if (r2 < 0 || r2 >= R || c2 < 0 || c2 >= C) continue;
          const w = r2 * C + c2;
          const v = r * C + c;
          if (w !== v) sets[v]!.add(w);
        }
    }
  }
  const adj = sets.map((s) => [...s].sort((x, y) => x - y));
  for (let v = 0; v < V; v++)
    for (const w of adj[v]!) if (!adj[w]!.includes(v)) throw new Error("asymmetric");
  return { name: `${R}x${C} ${leaps.map((l) => l.join(",")).join("+")} ${topology}`, R, C, V, adj };
}

// ---------------------------------------------------------------------------------------------
// Cell orders.

/** Class p·4 + k of (r,c), as in giraffe-search.ts. */
function classOf(r: number, c: number): number {
  return ((r + (c >> 2)) & 1) * 4 + (c & 3);
}

/** Check the ring structure of the 5×n giraffe graph that the class order is built around. */
function checkRing(g: Graph): void {
  for (let v = 0; v < g.V; v++) {
    for (const w of g.adj[v]!) {
      const a = classOf(Math.floor(v / g.C), v % g.C);
      const b = classOf(Math.floor(w / g.C), w % g.C);
      if (a !== b && (a + 1) % 8 !== b && (b + 1) % 8 !== a)
        throw new Error(`move ${v}-${w} joins classes ${a},${b}, not neighbours on the ring`);
    }
  }
}

function classOrder(g: Graph, start: number, reverse: boolean): Int32Array {
  const { C, V } = g;
  const list = Array.from({ length: V }, (_, v) => v);
  const chain = (v: number) => (classOf(Math.floor(v / C), v % C) - start + 8) % 8;
  list.sort((a, b) => chain(a) - chain(b) || (a % C) - (b % C) || a - b);
  if (reverse) list.reverse();
  return Int32Array.from(list);
}

function makeOrder(g: Graph, spec: string): Int32Array {
  const { R, C, V } = g;
  if (spec === "class") return classOrder(g, 7, false);
  const fromClass = /^([sr])([0-7])$/.exec(spec);
  if (fromClass) return classOrder(g, Number(fromClass[2]), fromClass[1] === "r");
  if (spec === "rows") return Int32Array.from({ length: V }, (_, i) => i);
  if (spec === "cols")
    return Int32Array.from({ length: V }, (_, i) => (i % R) * C + Math.floor(i / R));
  const random = /^random:(\d+)$/.exec(spec);
  if (random) {
    let s = Number(random[1]) >>> 0 || 1;
    const rand = () => {
      s ^= s << 13;
      s >>>= 0;
      s ^= s >>> 17;
      s ^= s << 5;
      s >>>= 0;
      return s / 4294967296;
    };
    const a = Array.from({ length: V }, (_, i) => i);
    for (let i = V - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return Int32Array.from(a);
  }
  throw new Error(`unknown order ${spec}`);
}

// ---------------------------------------------------------------------------------------------
// The counting frontier DP.

interface CountResult {
  count: bigint | null; // null: stopped
  cpuSeconds: number;
  peakStates: number;
  totalStates: number;
  maxFrontier: number;
  peakRssMiB: number;
  stoppedAt?: number;
}

/** Class-count constraints (giraffe 5×n only): e[p] tour moves between X_p and X_{p+1}. */
interface Constraints {
  e: number[];
}

interface ClassInfo {
  E: number[];
  O: number[];
  D: number[];
  avail: number[];
  /** Every y = e[7] with the vector e it determines (e[i] = D[i] − e[i−1]), and why it is out. */
  vectors: Array<{ y: number; e: number[]; reason: string | null }>;
}

/** The class counts of the 5×n giraffe graph (as in giraffe-search.ts `classes`). */
function classInfo(g: Graph): ClassInfo {
  const { C, V, adj } = g;
  const cls = (v: number) => classOf(Math.floor(v / C), v % C);
  const E = new Array(8).fill(0);
  const O = new Array(8).fill(0);
  const avail = new Array(8).fill(0);
  for (let v = 0; v < V; v++) {
    const r = Math.floor(v / C);
    if (r % 2 === 0) E[cls(v)]++;
    else O[cls(v)]++;
    for (const w of adj[v]!) {
      if (w < v) continue;
      const a = cls(v);
      const b = cls(w);
      if (a === b) {
        if (Math.abs(r - Math.floor(w / C)) !== 1) throw new Error("in-class move not (1,4)");
      } else avail[(a + 1) % 8 === b ? a : b]++;
    }
  }
  const D = E.map((x, i) => 2 * (x - O[i]!));
  const vectors: ClassInfo["vectors"] = [];
  for (let y = 0; y <= avail[7]; y++) {
    const e = new Array(8).fill(0);
    e[7] = y;
    for (let i = 0; i < 8; i++) e[i] = D[i]! - e[(i + 7) % 8]!;
    let reason: string | null = null;
    if (e[7] !== y) reason = "inconsistent";
    else if (e.some((x, i) => x < 0 || x > avail[i]!)) reason = "a count outside 0..available";
    else if (e.filter((x) => x === 0).length >= 2) reason = "two zero pairs";
    else if (new Set(e.map((x) => x % 2)).size > 1) reason = "mixed parity";
    vectors.push({ y, e, reason });
  }
  return { E, O, D, avail, vectors };
}

function dpCount(
  g: Graph,
  order: Int32Array,
  opts: {
    maxStates?: number;
    seconds?: number;
    label?: string;
    quiet?: boolean;
    cons?: Constraints | null;
    balance?: boolean;
  } = {},
): CountResult {
  const { V, C } = g;
  const maxStates = opts.maxStates ?? 8_000_000;
  const seconds = opts.seconds ?? Number.POSITIVE_INFINITY;
  const e = opts.cons?.e ?? null;
  const useBalance = e !== null && (opts.balance ?? true);
  const started = cpu();
  if (order.length !== V) throw new Error("order length");
  const pos = new Int32Array(V).fill(-1);
  for (let t = 0; t < V; t++) {
    if (pos[order[t]!] !== -1) throw new Error("order repeats a cell");
    pos[order[t]!] = t;
  }
  // constraints: pairs, forbidden (e = 0) and forced (e = available) moves
  const cls = Int8Array.from({ length: V }, (_, v) =>
    e === null ? 0 : classOf(Math.floor(v / C), v % C),
  );
  const pairOf = (a: number, b: number): number => {
    if (e === null) return -1;
    const x = cls[a]!;
    const y = cls[b]!;
    if (x === y) return -1;
    return (x + 1) % 8 === y ? x : y;
  };
  const info = e === null ? null : classInfo(g);
  const forcedEdge = (a: number, b: number) => {
    const p = pairOf(a, b);
    return p >= 0 && e![p] === info!.avail[p];
  };
  const adj = g.adj.map((ws, u) =>
    ws.filter((w) => {
      const p = pairOf(u, w);
      return p < 0 || e![p]! > 0;
    }),
  );
  const stopped = (peak: number, total: number, mf: number, t: number): CountResult => ({
    count: null,
    cpuSeconds: cpu() - started,
    peakStates: peak,
    totalStates: total,
    maxFrontier: mf,
    peakRssMiB: rssMiB(),
    stoppedAt: t,
  });
  // a graph with a cell of degree < 2 has no Hamiltonian cycle (V ≥ 3)
  if (V < 3 || adj.some((a) => a.length < 2))
    return {
      count: 0n,
      cpuSeconds: 0,
      peakStates: 1,
      totalStates: 1,
      maxFrontier: 0,
      peakRssMiB: rssMiB(),
    };
  const last = new Int32Array(V);
  for (let u = 0; u < V; u++) {
    let l = pos[u]!;
    for (const w of adj[u]!) if (pos[w]! > l) l = pos[w]!;
    last[u] = l;
  }
  // for a cell u after step t: neighbours still to come, forced ones among them, and their pair
  // (the pair when all of them are in one pair, −1 when all inside the class, −3 when mixed)
  const later = (u: number, t: number) => {
    let n = 0;
    let forced = 0;
    let pair = -2;
    for (const w of adj[u]!) {
      if (pos[w]! <= t) continue;
      n++;
      if (e !== null && forcedEdge(u, w)) forced++;
      const p = pairOf(u, w);
      pair = pair === -2 ? p : pair === p ? p : -3;
    }
    return { n, forced, pair };
  };
  // moves of each pair decided after step t, and the last step deciding one
  const pairLeft: Int32Array[] = Array.from({ length: 8 }, () => new Int32Array(V + 1));
  const pairLast = new Int32Array(8).fill(-1);
  if (e !== null) {
    const perStep: number[][] = Array.from({ length: V }, () => []);
    for (let t = 0; t < V; t++) {
      const v = order[t]!;
      for (const w of adj[v]!)
        if (pos[w]! < t) {
          const p = pairOf(v, w);
          if (p >= 0) {
            perStep[t]!.push(p);
            pairLast[p] = t;
          }
        }
    }
    for (let p = 0; p < 8; p++) {
      let left = 0;
      for (let t = V - 1; t >= 0; t--) {
        pairLeft[p]![t] = left;
        for (const q of perStep[t]!) if (q === p) left++;
      }
    }
  }
  // balance target (giraffe-search.ts `balanceTarget`) after step t, without the used terms
  const balanceTarget = new Int32Array(8);
  if (useBalance) {
    for (let x = 0; x < 8; x++) balanceTarget[x] = -(e![(x + 7) % 8]! + e![x]!);
    for (let s = 0; s < V; s++) {
      const u = order[s]!;
      balanceTarget[cls[u]!] += Math.floor(u / C) % 2 === 0 ? 2 : -2;
    }
  }
  const NP = e === null ? 0 : 8;
  let F: number[] = [];
  let peak = 1;
  let total = 1;
  let peakRss = rssMiB();
  let maxFrontier = 0;
  let states = new Map<string, bigint>([[String.fromCharCode(...new Array(NP).fill(0)), 1n]]);
  const deg = new Int32Array(V + 2);
  const mate = new Int32Array(V + 2);
  const d2 = new Int32Array(V + 2);
  const m2 = new Int32Array(V + 2);
  const labelOf = new Int32Array(V + 2);
  const used = new Int32Array(8);
  const used2 = new Int32Array(8);
  const demand = new Int32Array(8);
  const diff = new Int32Array(8);
  const codes: number[] = [];
  let lastReport = cpu();
  for (let t = 0; t < V; t++) {
    const v = order[t]!;
    if (useBalance) balanceTarget[cls[v]!] -= Math.floor(v / C) % 2 === 0 ? 2 : -2; // cells after t
    const m = F.length;
    const idx = new Map<number, number>();
    F.forEach((u, i) => {
      idx.set(u, i);
    });
    idx.set(v, m);
    const back = adj[v]!.filter((w) => pos[w]! < t);
    const bIdx = back.map((w) => {
      const i = idx.get(w);
      if (i === undefined) throw new Error("a back neighbour is not on the frontier");
      return i;
    });
    const bPair = back.map((w) => pairOf(v, w));
    const k = back.length;
    let forcedMask = 0;
    if (e !== null) for (let b = 0; b < k; b++) if (forcedEdge(v, back[b]!)) forcedMask |= 1 << b;
    const subsets: number[] = [];
    for (let mask = 0; mask < 1 << k; mask++) {
      let bits = 0;
      for (let x = mask; x; x &= x - 1) bits++;
      if (bits <= 2 && (mask & forcedMask) === forcedMask) subsets.push(mask);
    }
    const ext = [...F, v];
    const F2 = ext.filter((u) => last[u]! > t);
    const stayIdx = F2.map((u) => idx.get(u)!);
    const stayInfo = F2.map((u) => later(u, t));
    const stayClass = F2.map((u) => cls[u]!);
    const staySign = F2.map((u) => (Math.floor(u / C) % 2 === 1 ? 1 : -1));
    const leaving: number[] = [];
    for (let i = 0; i <= m; i++) if (last[ext[i]!]! <= t) leaving.push(i);
    const pairsEnding: number[] = [];
    for (let p = 0; p < 8; p++) if (e !== null && pairLast[p] === t) pairsEnding.push(p);
    const isLast = t === V - 1;
    const next = new Map<string, bigint>();
    for (const [s, cnt] of states) {
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
          let j = i + 1;
          while (j < m && s.charCodeAt(j) !== c) j++;
          if (j >= m) throw new Error(`label ${c} appears once in a state`);
          mate[i] = j;
          mate[j] = i;
        }
      }
      deg[m] = 0;
      mate[m] = m;
      for (let p = 0; p < NP; p++) used[p] = s.charCodeAt(m + p);
      subsetLoop: for (const mask of subsets) {
        d2.set(deg.subarray(0, m + 1));
        m2.set(mate.subarray(0, m + 1));
        if (NP) used2.set(used);
        let closed = false;
        for (let b = 0; b < k; b++) {
          if (!(mask & (1 << b))) continue;
          if (closed) continue subsetLoop;
          const a = bIdx[b]!;
          if (d2[a]! >= 2 || d2[m]! >= 2) continue subsetLoop;
          const p = bPair[b]!;
          if (p >= 0 && ++used2[p]! > e![p]!) continue subsetLoop;
          const ma = m2[a]!;
          const mv = m2[m]!;
          if (ma === m) {
            // a and v are the two ends of one path: this edge closes a cycle
            if (!isLast) continue subsetLoop;
            closed = true;
            d2[a]++;
            d2[m]++;
            continue;
          }
          d2[a]++;
          d2[m]++;
          m2[ma] = mv;
          m2[mv] = ma;
          if (d2[a] === 2) m2[a] = -1;
          if (d2[m] === 2) m2[m] = -1;
        }
        for (const i of leaving) if (d2[i] !== 2) continue subsetLoop;
        if (isLast) {
          if (!closed) continue;
          for (let i = 0; i <= m; i++) if (d2[i] !== 2) continue subsetLoop;
          for (let p = 0; p < NP; p++) if (used2[p] !== e![p]) continue subsetLoop;
          next.set("DONE", (next.get("DONE") ?? 0n) + cnt);
          continue;
        }
        if (closed) throw new Error("closed before the last cell");
        // staying cells: enough moves still to come, not too many forced ones
        demand.fill(0);
        for (let q = 0; q < stayIdx.length; q++) {
          const want = 2 - d2[stayIdx[q]!]!;
          const inf = stayInfo[q]!;
          if (want > inf.n || want < inf.forced) continue subsetLoop;
          if (want > 0 && inf.pair >= 0) demand[inf.pair] += want;
        }
        if (e !== null) {
          for (const p of pairsEnding) if (used2[p] !== e[p]) continue subsetLoop;
          for (let p = 0; p < 8; p++) {
            if (used2[p]! + demand[p]! > e[p]!) continue subsetLoop;
            if (used2[p]! + pairLeft[p]![t]! < e[p]!) continue subsetLoop;
          }
        }
        if (useBalance) {
          diff.fill(0);
          for (let q = 0; q < stayIdx.length; q++)
            diff[stayClass[q]!] += staySign[q]! * (2 - d2[stayIdx[q]!]!);
          for (let x = 0; x < 8; x++)
            if (diff[x] !== balanceTarget[x]! + used2[(x + 7) % 8]! + used2[x]!)
              continue subsetLoop;
        }
        // encode: labels by first appearance, then the pair counters
        let nextLabel = 2;
        codes.length = stayIdx.length + NP;
        labelOf.fill(0, 0, m + 1);
        for (let q = 0; q < stayIdx.length; q++) {
          const i = stayIdx[q]!;
          if (d2[i] === 0) codes[q] = 0;
          else if (d2[i] === 2) codes[q] = 1;
          else {
            const j = m2[i]!;
            const l = labelOf[j]!;
            if (l !== 0) codes[q] = l;
            else {
              labelOf[i] = nextLabel;
              codes[q] = nextLabel++;
            }
          }
        }
        for (let p = 0; p < NP; p++) codes[stayIdx.length + p] = used2[p]!;
        const key = String.fromCharCode(...codes);
        next.set(key, (next.get(key) ?? 0n) + cnt);
      }
    }
    states = next;
    F = F2;
    if (F.length > maxFrontier) maxFrontier = F.length;
    total += states.size;
    if (states.size > peak) peak = states.size;
    if (!opts.quiet && (cpu() - lastReport > 20 || t === V - 1)) {
      lastReport = cpu();
      peakRss = Math.max(peakRss, rssMiB());
      console.error(
        `${opts.label ?? g.name}: step ${t + 1}/${V}: ${states.size} states (peak ${peak}, frontier ${F.length}), ${(cpu() - started).toFixed(1)} CPU s, ${rssMiB()} MiB`,
      );
    }
    if (states.size === 0) break;
    if (states.size > maxStates || cpu() - started > seconds)
      return stopped(peak, total, maxFrontier, t);
  }
  peakRss = Math.max(peakRss, rssMiB());
  return {
    count: states.get("DONE") ?? 0n,
    cpuSeconds: cpu() - started,
    peakStates: peak,
    totalStates: total,
    maxFrontier,
    peakRssMiB: peakRss,
  };
}

// ---------------------------------------------------------------------------------------------
// Brute force, independent of the DP.

function bruteCount(
  g: Graph,
  nodeLimit = 5e9,
): { count: bigint | null; nodes: number; cpuSeconds: number } {
  const started = cpu();
  const { V, adj } = g;
  if (V < 3 || adj.some((a) => a.length < 2)) return { count: 0n, nodes: 0, cpuSeconds: 0 };
  const visited = new Uint8Array(V);
  const free = Int32Array.from(adj, (a) => a.length); // unvisited neighbours
  const isNb0 = new Uint8Array(V);
  for (const w of adj[0]!) isNb0[w] = 1;
  let directed = 0;
  let nodes = 0;
  let aborted = false;
  const visit = (v: number) => {
    visited[v] = 1;
    for (const w of adj[v]!) free[w]--;
  };
  const unvisit = (v: number) => {
    visited[v] = 0;
    for (const w of adj[v]!) free[w]++;
  };
  // an unvisited cell w needs two tour neighbours among: unvisited cells, the head, cell 0
  const ok = (w: number, head: number) => {
    let c = free[w]! + (isNb0[w] ? 1 : 0);
    if (head !== 0 && adj[head]!.includes(w)) c++;
    return c >= 2;
  };
  const dfs = (head: number, depth: number) => {
    if (++nodes > nodeLimit) {
      aborted = true;
      return;
    }
    if (depth === V) {
      if (isNb0[head]) directed++;
      return;
    }
    for (const w of adj[head]!) {
      if (visited[w]) continue;
      visit(w);
      let good = true;
      // cells whose counts changed: neighbours of w, and neighbours of the old head
      for (const x of adj[w]!) if (!visited[x] && !ok(x, w)) good = false;
      if (good) for (const x of adj[head]!) if (!visited[x] && !ok(x, w)) good = false;
      if (good) dfs(w, depth + 1);
      unvisit(w);
      if (aborted) return;
    }
  };
  visit(0);
  dfs(0, 1);
  if (aborted) return { count: null, nodes, cpuSeconds: cpu() - started };
  if (directed % 2 !== 0) throw new Error("odd directed count");
  return { count: BigInt(directed / 2), nodes, cpuSeconds: cpu() - started };
}

// ---------------------------------------------------------------------------------------------

const { values } = parseOptions({
  options: {
    n: { type: "string" },
    methods: { type: "string" },
    out: { type: "string" },
    "no-out": { type: "boolean" },
    "max-states": { type: "string" },
    seconds: { type: "string" },
    board: { type: "string" },
    piece: { type: "string" },
    topology: { type: "string" },
    order: { type: "string" },
    brute: { type: "boolean" },
    validate: { type: "boolean" },
    quiet: { type: "boolean" },
    "all-vectors": { type: "boolean" },
  },
});
const out = values["no-out"] ? null : (values.out ?? "scripts/sweeps/giraffe-count.jsonl");
const write = (rec: object) => {
  if (out !== null) appendFileSync(out, `${JSON.stringify(rec)}\n`);
};
const maxStates = values["max-states"] === undefined ? 8_000_000 : Number(values["max-states"]);
const seconds = values.seconds === undefined ? Number.POSITIVE_INFINITY : Number(values.seconds);
const quiet = values.quiet ?? false;

if (values.board !== undefined || values.validate) {
  const cases: Array<{
    board: string;
    piece: string;
    topology: string;
    orders: string[];
    brute: boolean;
    expect?: string;
  }> = [];
  if (values.validate) {
    // expect: `knight count RxC --closed [--piece P] [--topology T]` (the project's own count)
    const std = ["class", "r3", "cols", "random:1"];
    cases.push(
      { board: "5x6", piece: "knight", topology: "plane", orders: std, brute: true, expect: "8" },
      {
        board: "6x6",
        piece: "knight",
        topology: "plane",
        orders: std,
        brute: true,
        expect: "9862",
      },
      {
        board: "5x8",
        piece: "knight",
        topology: "plane",
        orders: ["class", "s2", "cols"],
        brute: true,
        expect: "44202",
      },
      {
        board: "6x8",
        piece: "knight",
        topology: "plane",
        orders: ["class", "cols"],
        brute: false,
        expect: "55488142",
      },
      {
        board: "5x12",
        piece: "giraffe+knight",
        topology: "plane",
        orders: ["class", "r4", "cols"],
        brute: false,
      },
      {
        board: "5x10",
        piece: "giraffe",
        topology: "cylinder",
        orders: ["class", "r6", "cols", "random:2"],
        brute: true,
      },
      {
        board: "5x12",
        piece: "giraffe",
        topology: "cylinder",
        orders: ["class", "r6", "cols"],
        brute: true,
      },
      {
        board: "5x16",
        piece: "giraffe",
        topology: "cylinder",
        orders: ["class", "s1", "cols"],
        brute: true,
      },
      {
        board: "5x10",
        piece: "zebra",
        topology: "cylinder",
        orders: ["cols", "rows", "random:4"],
        brute: true,
      },
    );
    for (const n of [8, 12, 16, 20])
      cases.push({
        board: `5x${n}`,
        piece: "giraffe",
        topology: "plane",
        orders: ["class", "r3", "cols"],
        brute: true,
      });
  } else {
    cases.push({
      board: values.board!,
      piece: values.piece ?? "knight",
      topology: values.topology ?? "plane",
      orders: (values.order ?? "class").split(","),
      brute: values.brute ?? false,
    });
  }
  for (const cs of cases) {
    const [R, C] = cs.board.split("x").map(Number) as [number, number];
    const leaps = parsePiece(cs.piece).leaps.map(([a, b]) => [a, b] as [number, number]);
    const g = makeGraph(R, C, leaps, cs.topology as "plane");
    const dp: Record<
      string,
      { count: string | null; cpuSeconds: number; peakStates: number; maxFrontier: number }
    > = {};
    for (const o of cs.orders) {
      const r = dpCount(g, makeOrder(g, o), {
        maxStates,
        seconds,
        label: `${g.name} ${o}`,
        quiet: true,
      });
      dp[o] = {
        count: r.count?.toString() ?? null,
        cpuSeconds: +r.cpuSeconds.toFixed(2),
        peakStates: r.peakStates,
        maxFrontier: r.maxFrontier,
      };
    }
    let brute = null;
    if (cs.brute) {
      const b = bruteCount(g, 2e9);
      brute = {
        count: b.count?.toString() ?? null,
        nodes: b.nodes,
        cpuSeconds: +b.cpuSeconds.toFixed(2),
      };
    }
    // stopped runs (null) are left out of the comparison
    const counts = new Set(
      [
        ...Object.values(dp).map((d) => d.count),
        ...(brute ? [brute.count] : []),
        ...(cs.expect ? [cs.expect] : []),
      ].filter((x) => x !== null),
    );
    const agree = counts.size === 1;
    console.log(
      `${cs.board} ${cs.piece} ${cs.topology}: DP ${JSON.stringify(Object.fromEntries(Object.entries(dp).map(([o, d]) => [o, d.count])))} brute ${brute?.count ?? "-"} project ${cs.expect ?? "-"} ${agree ? "agree" : "DISAGREE"}`,
    );
    write({
      kind: "validate",
      board: cs.board,
      piece: cs.piece,
      topology: cs.topology,
      dp,
      brute,
      project: cs.expect ?? null,
      agree,
    });
  }
} else {
  const ns = (values.n ?? "24").split(",").map(Number);
  const methods = (values.methods ?? "e,e-rev").split(",");
  const allVectors = values["all-vectors"] ?? false;
  for (const n of ns) {
    const g = makeGraph(5, n, [[1, 4]]);
    checkRing(g);
    const info = classInfo(g);
    const runs = [];
    for (const meth of methods) {
      const t0 = cpu();
      if (/^[sr][0-7]$/.test(meth)) {
        // pure: no class counts
        const r = dpCount(g, makeOrder(g, meth), {
          maxStates,
          seconds,
          label: `5×${n} ${meth}`,
          quiet,
        });
        console.error(
          `5×${n} ${meth}: count ${r.count ?? "stopped"}, ${r.cpuSeconds.toFixed(1)} CPU s, peak ${r.peakStates} states, frontier ${r.maxFrontier}, ${r.peakRssMiB} MiB`,
        );
        runs.push({
          method: meth,
          description: `pure (no class counts), class order from X${meth.slice(1)}${meth[0] === "r" ? ", reversed" : ""}`,
          count: r.count?.toString() ?? null,
          cpuSeconds: +r.cpuSeconds.toFixed(1),
          peakStates: r.peakStates,
          totalStates: r.totalStates,
          maxFrontier: r.maxFrontier,
          peakRssMiB: r.peakRssMiB,
          stoppedAt: r.stoppedAt ?? null,
        });
      } else if (/^e(-rev|-nb|@[0-7])?$/.test(meth)) {
        // one run per class-count vector, the counts summed; the chain starts after the pair
        // with the fewest tour moves (e-rev: the same order reversed; e-nb: no balance check)
        const reverse = meth === "e-rev";
        let sum = 0n;
        let complete = true;
        let peak = 0;
        let totalStates = 0;
        let peakRss = 0;
        const parts = [];
        for (const vec of info.vectors) {
          if (
            vec.reason !== null &&
            !(allVectors && (vec.reason === "two zero pairs" || vec.reason === "mixed parity"))
          )
            continue;
          let minP = 0;
          for (let p = 1; p < 8; p++) if (vec.e[p]! < vec.e[minP]!) minP = p;
          const start = meth.startsWith("e@") ? Number(meth.slice(2)) : (minP + 1) % 8;
          const r = dpCount(g, classOrder(g, start, reverse), {
            maxStates,
            seconds,
            label: `5×${n} ${meth} e=${vec.e.join(",")}`,
            quiet,
            cons: { e: vec.e },
            balance: meth !== "e-nb",
          });
          console.error(
            `5×${n} ${meth} e=${vec.e.join(",")}${vec.reason ? ` (${vec.reason})` : ""}: count ${r.count ?? "stopped"}, ${r.cpuSeconds.toFixed(1)} CPU s, peak ${r.peakStates}, frontier ${r.maxFrontier}`,
          );
          if (r.count === null) complete = false;
          else sum += r.count;
          peak = Math.max(peak, r.peakStates);
          totalStates += r.totalStates;
          peakRss = Math.max(peakRss, r.peakRssMiB);
          parts.push({
            e: vec.e,
            rejected: vec.reason,
            start,
            count: r.count?.toString() ?? null,
            cpuSeconds: +r.cpuSeconds.toFixed(1),
            peakStates: r.peakStates,
            maxFrontier: r.maxFrontier,
          });
          if (!complete) break;
        }
        runs.push({
          method: meth,
          description: `class counts: one run per feasible vector e (giraffe-search.ts rules${meth === "e-nb" ? ", without the balance check" : ""}), class order starting ${meth.startsWith("e@") ? `at X${meth.slice(2)}` : "after the pair with the fewest moves"}${reverse ? ", reversed" : ""}; counts summed`,
          count: complete ? sum.toString() : null,
          cpuSeconds: +(cpu() - t0).toFixed(1),
          peakStates: peak,
          totalStates,
          peakRssMiB: peakRss,
          parts,
        });
      } else throw new Error(`unknown method ${meth}`);
    }
    const done = runs.filter((r) => r.count !== null);
    const agree = done.length >= 2 && new Set(done.map((r) => r.count)).size === 1;
    const count =
      done.length > 0 && new Set(done.map((r) => r.count)).size === 1 ? done[0]!.count : null;
    console.log(
      `5×${n}: ${count ?? "?"} (${done.length} runs, ${agree ? "agree" : done.length < 2 ? "single" : "DISAGREE"}; ${runs.map((r) => `${r.method} ${r.cpuSeconds} s`).join(", ")})`,
    );
    write({ kind: "count", n, count, agree, classes: { D: info.D, avail: info.avail }, runs });
  }
}
