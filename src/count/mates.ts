import type { KnightGraph } from "../core/graph.js";

/**
 * Knuth's Algorithm H idea (TAOCP 7.2.2.4, "Hamiltonian cycles"; his program HAMDANCE) as a
 * counter: choose edges, not a path. Every vertex needs exactly two chosen edges. The chosen
 * edges form vertex-disjoint paths; each path end knows its "mate", the other end, and the
 * edge joining two mates is removed at once, since it would close a short cycle. The search
 * branches on the vertex with the least slack (available edges − edges still needed), so a
 * vertex with exactly as many usable edges as it needs is a forced move (one branch) and one
 * with fewer is a dead end. A cycle through all vertices is met when n − 1 edges are chosen
 * and the last two ends are joined by an available edge.
 *
 * Open tours are Hamiltonian cycles of the move graph plus one virtual vertex joined to every
 * cell (`virtual: true`): the cycle's two edges at the virtual vertex mark the path's ends.
 *
 * Any geometry: vertices keep the board's flat cell indices, and a hole is a vertex that starts
 * with its two edges already "chosen" (degree 2, no edges), so it is never branched on; a cycle
 * is complete after `vertexCount` (+1 with the virtual vertex) − 1 takes. Degrees are the
 * graph's (a union of leapers may have far more than 8 moves).
 *
 * Data: each vertex's incident edges in one flat array, the available ones first (a sparse
 * set: removal swaps an edge behind the boundary, undo moves the boundary back); the degree,
 * mate and chosen neighbours per vertex; a trail of every change, undone in reverse order. The
 * search is iterative with per-level arrays; nothing is allocated per node. The edge a branch
 * takes is chosen by a rule that depends only on the sets (not on their order in memory), so
 * the search tree is the same in every run: a path of branch numbers names a subproblem.
 *
 * The file stays one class (about 540 lines): its private steps (take, undo, saturate, choose)
 * all edit the same trail and per-vertex arrays inside the hot loop, and splitting them out
 * would hand those arrays to other modules for no gain in clarity.
 */

/** Trail entry tags (low two bits); 0 is an edge made unavailable (`f << 2`). */
const TAKEN = 1;
const MATE = 2;

export interface MatesSearchOptions {
  /** Add a vertex joined to every cell (open tours). Default false. */
  readonly virtual?: boolean;
  /**
   * "vertex" (default): branch on the chosen vertex's edges in turn, each branch forbidding
   * the edges tried before it. "binary": take the edge, or forbid it and choose afresh.
   */
  readonly branching?: "vertex" | "binary";
}

/** What a count of one subproblem needs besides the graph. */
export interface MatesConstraints {
  /** Edges (as vertex pairs) every cycle must contain. */
  readonly required?: ReadonlyArray<readonly [number, number]>;
  /**
   * Virtual vertex only: leave out cycles whose two neighbours of the virtual vertex are
   * adjacent (open tours whose ends are a knight's move apart).
   */
  readonly nonClosable?: boolean;
}

export class MatesSearch {
  readonly graph: KnightGraph;
  /** Vertex ids: the board's cells (holes included), plus one for the virtual vertex (the last). */
  readonly vertices: number;
  /** Edges a Hamiltonian cycle's last take completes: the vertices that are not holes, − 1. */
  private readonly last: number;
  /** Chosen-edge counts at the root: 2 for holes (nothing to choose), else 0. */
  private readonly rootDeg: Uint8Array;
  /** Index of the virtual vertex, or -1. */
  readonly virtual: number;
  readonly edges: number;
  /** Branching nodes since construction. */
  nodes = 0;

  private readonly binary: boolean;
  private readonly eu: Int32Array;
  private readonly ev: Int32Array;
  private readonly off: Int32Array;
  private readonly list: Int32Array;
  private readonly epos: Int32Array;
  private readonly avail: Int32Array;
  private readonly deg: Uint8Array;
  private readonly mate: Int32Array;
  private readonly link: Int32Array;
  private readonly trail: Int32Array;
  private top = 0;
  private taken = 0;
  private nonClosable = false;
  private readonly lvVertex: Int32Array;
  private readonly lvMark: Int32Array;
  private readonly lvTry: Int32Array;
  private readonly lvEdge: Int32Array;
  private readonly lvIndex: Int32Array;
  private readonly lvDone: Uint8Array;
  private poll = 0;
  /** Edge id by `a * vertices + b` (-1: none), on boards small enough for a square table. */
  private readonly edgeTable: Int32Array | null;
  /** Vertices left with slack 0 by the last take or forbid (checked again when popped). */
  private readonly forced: Int32Array;
  private forcedTop = 0;

  constructor(graph: KnightGraph, options: MatesSearchOptions = {}) {
    this.graph = graph;
    this.binary = options.branching === "binary";
    const cells = graph.board.cells;
    const hasVirtual = options.virtual === true;
    const n = cells + (hasVirtual ? 1 : 0);
    this.vertices = n;
    this.virtual = hasVirtual ? cells : -1;
    this.last = graph.vertexCount + (hasVirtual ? 1 : 0) - 1;
    const board = graph.board;
    this.rootDeg = new Uint8Array(n);
    for (const h of board.holes) this.rootDeg[h] = 2;
    const { offsets, targets } = graph;
    const m = targets.length / 2 + (hasVirtual ? graph.vertexCount : 0);
    this.edges = m;
    const eu = new Int32Array(m);
    const ev = new Int32Array(m);
    let e = 0;
    for (let u = 0; u < cells; u++) {
      for (let k = offsets[u]!; k < offsets[u + 1]!; k++) {
        const v = targets[k]!;
        if (u < v) {
          eu[e] = u;
          ev[e] = v;
          e++;
        }
      }
    }
    if (hasVirtual) {
      for (let u = 0; u < cells; u++) {
        if (board.isHole(u)) continue;
        eu[e] = u;
        ev[e] = cells;
        e++;
      }
    }
    const off = new Int32Array(n + 1);
    for (let f = 0; f < m; f++) {
      off[eu[f]! + 1]!++;
      off[ev[f]! + 1]!++;
    }
    for (let v = 0; v < n; v++) off[v + 1]! += off[v]!;
    const fill = off.slice(0, n);
    const list = new Int32Array(2 * m);
    const epos = new Int32Array(2 * m);
    for (let f = 0; f < m; f++) {
      const pu = fill[eu[f]!]!++;
      const pv = fill[ev[f]!]!++;
      list[pu] = f;
      list[pv] = f;
      epos[2 * f] = pu;
      epos[2 * f + 1] = pv;
    }
    this.eu = eu;
    this.ev = ev;
    this.off = off;
    this.list = list;
    this.epos = epos;
    // 256 vertices: a 256 KiB table, the size of boards a search can finish many times over.
    this.edgeTable = n <= 256 ? new Int32Array(n * n).fill(-1) : null;
    if (this.edgeTable !== null) {
      for (let f = 0; f < m; f++) {
        this.edgeTable[eu[f]! * n + ev[f]!] = f;
        this.edgeTable[ev[f]! * n + eu[f]!] = f;
      }
    }
    this.avail = new Int32Array(n);
    this.deg = new Uint8Array(n);
    this.mate = new Int32Array(n);
    this.link = new Int32Array(2 * n);
    // Each edge is removed or taken at most once on a root-to-leaf path; each take trails two
    // mate changes of two entries.
    this.trail = new Int32Array(m + 4 * n + 8);
    const levels = m + 2;
    this.lvVertex = new Int32Array(levels);
    this.lvMark = new Int32Array(levels);
    this.lvTry = new Int32Array(levels);
    this.lvEdge = new Int32Array(levels);
    this.lvIndex = new Int32Array(levels);
    this.lvDone = new Uint8Array(levels);
    this.forced = new Int32Array(2 * m + 4);
    this.reset();
  }

  /** Back to no edge chosen, every edge available. */
  private reset(): void {
    this.undo(0);
    const n = this.vertices;
    for (let v = 0; v < n; v++) {
      this.avail[v] = this.off[v + 1]! - this.off[v]!;
      this.mate[v] = v;
    }
    this.deg.set(this.rootDeg);
    this.taken = 0;
    this.forcedTop = 0;
  }

  /** The edge joining a and b, or -1. */
  private edgeBetween(a: number, b: number): number {
    const table = this.edgeTable;
    if (table !== null) return table[a * this.vertices + b]!;
    const { off, list, eu, ev } = this;
    if (off[a + 1]! - off[a]! > off[b + 1]! - off[b]!) {
      const t = a;
      a = b;
      b = t;
    }
    for (let i = off[a]!, stop = off[a + 1]!; i < stop; i++) {
      const f = list[i]!;
      if ((eu[f]! ^ ev[f]! ^ a) === b) return f;
    }
    return -1;
  }

  private isAvailable(f: number): boolean {
    const u = this.eu[f]!;
    return this.epos[2 * f]! - this.off[u]! < this.avail[u]!;
  }

  /** Move edge f of vertex x (at side 0 = eu, 1 = ev) behind x's available boundary. */
  private detach(f: number, x: number, side: number): void {
    const { list, epos, eu } = this;
    const p = epos[2 * f + side]!;
    const last = this.off[x]! + --this.avail[x]!;
    const g = list[last]!;
    list[p] = g;
    list[last] = f;
    epos[2 * f + side] = last;
    if (g !== f) epos[2 * g + (eu[g] === x ? 0 : 1)] = p;
  }

  private remove(f: number): void {
    const u = this.eu[f]!;
    const v = this.ev[f]!;
    this.detach(f, u, 0);
    this.detach(f, v, 1);
    this.trail[this.top++] = f << 2;
    // An end left with exactly the edges it needs is a forced move: note it for `choose`.
    if (this.avail[u] === 2 - this.deg[u]!) this.forced[this.forcedTop++] = u;
    if (this.avail[v] === 2 - this.deg[v]!) this.forced[this.forcedTop++] = v;
  }

  private setMate(v: number, w: number): void {
    this.trail[this.top++] = this.mate[v]!;
    this.trail[this.top++] = (v << 2) | MATE;
    this.mate[v] = w;
  }

  /** Undo the trail down to `mark`. */
  private undo(mark: number): void {
    const { trail, avail, eu, ev, deg, mate } = this;
    let top = this.top;
    while (top > mark) {
      const entry = trail[--top]!;
      const tag = entry & 3;
      const x = entry >> 2;
      if (tag === MATE) {
        mate[x] = trail[--top]!;
        continue;
      }
      const u = eu[x]!;
      const v = ev[x]!;
      avail[u]!++;
      avail[v]!++;
      if (tag === TAKEN) {
        deg[u]!--;
        deg[v]!--;
        this.taken--;
      }
    }
    this.top = top;
  }

  /** Forbid edge f; false when an end is left with fewer edges than it needs. */
  private forbid(f: number): boolean {
    this.forcedTop = 0;
    this.remove(f);
    const u = this.eu[f]!;
    const v = this.ev[f]!;
    return this.avail[u]! >= 2 - this.deg[u]! && this.avail[v]! >= 2 - this.deg[v]!;
  }

  /** Remove the available edges of v, which now has its two; false at a dead end. */
  private saturate(v: number): boolean {
    const { list, off, avail, deg, eu, ev } = this;
    while (avail[v]! > 0) {
      const f = list[off[v]!]!;
      this.remove(f);
      const w = eu[f]! ^ ev[f]! ^ v;
      if (avail[w]! < 2 - deg[w]!) return false;
    }
    return true;
  }

  /** Whether the two chosen neighbours p, q of the virtual vertex are a knight's move apart. */
  private closable(p: number, q: number): boolean {
    return p !== q && this.graph.adjacent(p, q);
  }

  /**
   * Take edge f: 0 at a contradiction, 1 to search on, 2 when it completes a Hamiltonian path
   * whose ends are joined by an available edge (one cycle found; nothing more below).
   */
  private take(f: number): number {
    this.forcedTop = 0;
    const { eu, ev, deg, mate, link } = this;
    const u = eu[f]!;
    const v = ev[f]!;
    this.detach(f, u, 0);
    this.detach(f, v, 1);
    link[2 * u + deg[u]!] = v;
    link[2 * v + deg[v]!] = u;
    deg[u]!++;
    deg[v]!++;
    this.taken++;
    this.trail[this.top++] = (f << 2) | TAKEN;
    const a = mate[u]!;
    const b = mate[v]!;
    this.setMate(a, b);
    this.setMate(b, a);
    const V = this.virtual;
    if (this.nonClosable && deg[V] === 2 && (u === V || v === V)) {
      if (this.closable(link[2 * V]!, link[2 * V + 1]!)) return 0;
    }
    if (this.taken === this.last) {
      const g = this.edgeBetween(a, b);
      if (g < 0 || !this.isAvailable(g)) return 0;
      if (this.nonClosable && (a === V || b === V)) {
        const end = a === V ? b : a;
        if (this.closable(link[2 * V]!, end)) return 0;
      }
      return 2;
    }
    if (deg[u] === 2 && !this.saturate(u)) return 0;
    if (deg[v] === 2 && !this.saturate(v)) return 0;
    const g = this.edgeBetween(a, b);
    if (g >= 0 && this.isAvailable(g)) {
      this.remove(g);
      if (this.avail[a]! < 2 - deg[a]! || this.avail[b]! < 2 - deg[b]!) return 0;
    }
    return 1;
  }

  /** The vertex to branch on: least slack, then fewest available edges, then lowest index. */
  private choose(): number {
    const { deg, avail, forced } = this;
    // Vertices noted as forced by the last take or forbid, if they still are (slack 0 is
    // least): the least of them by (edges, index), so that the choice does not depend on the
    // order they were noted in, which follows the edge lists' order in memory (the search tree
    // must be the same in every run, for subproblem ids).
    let best = -1;
    let bestAvail = 0x7fffffff;
    for (let i = 0; i < this.forcedTop; i++) {
      const x = forced[i]!;
      const d = deg[x]!;
      const a = avail[x]!;
      if (d < 2 && a === 2 - d && a > 0 && (a < bestAvail || (a === bestAvail && x < best))) {
        best = x;
        bestAvail = a;
      }
    }
    this.forcedTop = 0;
    if (best >= 0) return best;
    // Else a scan in index order (the first of the least keys: order-independent too).
    const n = this.vertices;
    let bestKey = 0x7fffffff;
    for (let x = 0; x < n; x++) {
      const d = deg[x]!;
      if (d === 2) continue;
      const a = avail[x]!;
      const key = (a - 2 + d) * 0x10000 + a;
      if (key < bestKey) {
        bestKey = key;
        best = x;
        if (key <= 0x10001) break;
      }
    }
    return best;
  }

  /** The edge of v to try next: towards the neighbour with fewest available edges (then lowest id). */
  private pick(v: number): number {
    const { list, off, avail, eu, ev } = this;
    let best = -1;
    let bestKey = 0x7fffffff;
    for (let i = off[v]!, stop = i + avail[v]!; i < stop; i++) {
      const f = list[i]!;
      const w = eu[f]! ^ ev[f]! ^ v;
      const key = avail[w]! * 0x100000 + f;
      if (key < bestKey) {
        bestKey = key;
        best = f;
      }
    }
    return best;
  }

  /**
   * Apply the constraints at the root. False when they cannot all hold (no cycle); the search
   * then counts nothing.
   */
  private setUp(constraints: MatesConstraints): boolean {
    this.reset();
    this.nonClosable = constraints.nonClosable === true && this.virtual >= 0;
    const n = this.vertices;
    if (this.last < 2) return false;
    for (let v = 0; v < n; v++) if (this.avail[v]! < 2 - this.deg[v]!) return false;
    for (const [a, b] of constraints.required ?? []) {
      const f = this.edgeBetween(a, b);
      if (f < 0 || !this.isAvailable(f)) return false;
      const r = this.take(f);
      if (r === 0) return false;
      if (r === 2) return true;
    }
    return true;
  }

  /**
   * Count the Hamiltonian cycles (each once, undirected) that contain the required edges.
   * `shouldStop`, polled every 2^12 nodes, ends the count early: the result is then -1 - found
   * (found = cycles counted so far). Returns a Number: exact up to 2^53 cycles, far beyond
   * what a search can enumerate.
   */
  count(constraints: MatesConstraints = {}, shouldStop: (() => boolean) | null = null): number {
    if (!this.setUp(constraints)) {
      this.reset();
      return 0;
    }
    if (this.taken === this.last) {
      this.reset();
      return 1;
    }
    const found = this.search(0, shouldStop);
    this.reset();
    return found;
  }

  /**
   * The branch paths of the search tree cut `depth` levels below the root: each path (the
   * branch number taken at each level) names one subproblem, and the subproblems' counts add up
   * to `count(constraints)`. A cycle completed above the cut is a subproblem of its own (a
   * shorter path, counting 1). The tree does not depend on memory order, so the paths are the
   * same in every run.
   */
  cut(constraints: MatesConstraints, depth: number): number[][] {
    const out: number[][] = [];
    if (this.setUp(constraints)) {
      if (this.taken === this.last || depth <= 0) out.push([]);
      else this.search(0, null, depth, (levels) => out.push(Array.from(levels)));
    }
    this.reset();
    return out;
  }

  /**
   * Count the cycles of one subproblem (a path from `cut`): replay its branches, then search
   * below. Same result convention as `count`.
   */
  countPath(
    constraints: MatesConstraints,
    path: ArrayLike<number>,
    shouldStop: (() => boolean) | null = null,
  ): number {
    let found = 0;
    if (this.setUp(constraints)) found = this.replay(path, shouldStop);
    this.reset();
    return found;
  }

  private replay(path: ArrayLike<number>, shouldStop: (() => boolean) | null): number {
    if (this.taken === this.last) return path.length === 0 ? 1 : 0;
    for (let l = 0; l < path.length; l++) {
      const v = this.choose();
      const index = path[l]!;
      for (let j = 0; j < index; j++) {
        if (!this.forbid(this.pick(v)) || this.avail[v]! < 2 - this.deg[v]!) return 0;
      }
      // In binary branching, branch 1 is "forbid and choose afresh": no take at this level.
      if (this.binary && index === 1) continue;
      const r = this.take(this.pick(v));
      if (r === 2) return l === path.length - 1 ? 1 : 0;
      if (r === 0) return 0;
    }
    return this.search(0, shouldStop);
  }

  /**
   * The search below the current state, levels from `base`. See `count` for the result. With
   * `cut`, nodes at that many levels are handed to `visit` (as the branch numbers that lead
   * there) instead of being searched, and so are cycles completed above it.
   */
  private search(
    base: number,
    shouldStop: (() => boolean) | null,
    cut = -1,
    visit: ((levels: Int32Array) => void) | null = null,
  ): number {
    const { lvVertex, lvMark, lvTry, lvEdge, lvIndex, lvDone, avail, deg } = this;
    const binary = this.binary;
    let found = 0;
    let L = base;
    let descend = true;
    for (;;) {
      if (descend) {
        this.nodes++;
        if ((++this.poll & 0xfff) === 0 && shouldStop?.()) {
          this.undo(L > base ? lvMark[base]! : this.top);
          return -1 - found;
        }
        if (L === cut) {
          visit?.(lvIndex.subarray(0, L));
          descend = false;
        } else {
          const v = this.choose();
          // Every vertex keeps at least what it needs (checked as edges go), so v is usable.
          lvVertex[L] = v;
          lvMark[L] = this.top;
          lvIndex[L] = 0;
          lvDone[L] = 0;
          const e = this.pick(v);
          lvEdge[L] = e;
          lvTry[L] = this.top;
          L++;
          const r = this.take(e);
          if (r === 1) continue;
          if (r === 2) {
            found++;
            if (cut >= 0) visit?.(lvIndex.subarray(0, L));
          }
          descend = false;
        }
      }
      // Retry: the branch at level L - 1 is finished; forbid its edge and take the next.
      if (L === base) return found;
      const l = L - 1;
      const v = lvVertex[l]!;
      this.undo(lvTry[l]!);
      if (lvDone[l] === 1 || !this.forbid(lvEdge[l]!) || avail[v]! < 2 - deg[v]!) {
        this.undo(lvMark[l]!);
        L--;
        continue;
      }
      lvIndex[l]!++;
      if (binary) {
        // The forbidding branch chooses its vertex afresh, one level down.
        lvDone[l] = 1;
        lvTry[l] = this.top;
        descend = true;
        continue;
      }
      const e = this.pick(v);
      lvEdge[l] = e;
      lvTry[l] = this.top;
      const r = this.take(e);
      if (r === 1) descend = true;
      else if (r === 2) {
        found++;
        if (cut >= 0) visit?.(lvIndex.subarray(0, L));
      }
    }
  }
}
