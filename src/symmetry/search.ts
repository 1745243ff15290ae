import type { Budget, StopReason } from "../core/run.js";
import type { Quotient } from "./quotient.js";

/**
 * Exhaustive search for Hamiltonian paths in a quotient graph, with voltages.
 *
 * `run(start, end, excluded)` walks every path from `start` to `end` that visits every orbit
 * except `excluded` exactly once, and tallies the paths by total voltage (mod the group order).
 * Symmetric tours of both kinds are built from such paths (see count.ts).
 *
 * The search is a depth-first path extension with an explicit stack and degree pruning, all in
 * preallocated typed arrays (nothing is allocated per node):
 * - deg[y] counts y's distinct unvisited neighbours (the end counts until it is entered);
 * - every unvisited orbit other than the end keeps deg ≥ 2 (a way in and a way out), except a
 *   neighbour of the current orbit, which may be entered from it: with deg 1 it must be entered
 *   next (a forced move; two at once is a dead end), with deg 0 the branch is dead;
 * - the end is entered last, and must keep an unvisited neighbour while other orbits remain.
 * Degrees change only around the orbit entered or left, so a node costs O(degree).
 *
 * Counting mode adds memoisation (a Held–Karp table on the deep part of the tree): the number
 * of ways to finish, by voltage, depends only on the current orbit and the set of orbits
 * visited, not on the order they were visited in. Many prefixes reach the same (orbit, set), so
 * below `memoDepth` orbits from the end each (orbit, set) is solved once and looked up after.
 * On the 8×8 half-turn quotient this cuts 81 million nodes to about 2.5 million. The table is
 * open addressing over typed arrays (the set as two 32-bit words), capped in size: when it is
 * full new entries are simply not stored, which costs time, never correctness.
 */

/** Called for every path found: the orbits and the running voltage at each step. */
export type PathVisitor = (
  orbits: Int32Array,
  volts: Int32Array,
  length: number,
) => boolean | undefined;

/**
 * How one `run` ended: "done" (every path visited), "stopped" (the visitor asked), or the
 * budget's StopReason. (Named apart from solve's SearchOutcome, which speaks of one tour.)
 */
export type QuotientSearchOutcome = "done" | "stopped" | StopReason;

/** Nodes between two checks of the budget (the clock is dear next to a node). */
const CHECK_EVERY = 65536;

export interface QuotientSearchOptions {
  /**
   * log2 of the memo table's slots (default: the number of orbits less 8, from 10 to 21 — 2M slots,
   * 16 MiB of keys and 16·order MiB of counts).
   */
  readonly memoBits?: number | undefined;
  /** Memoise states with at most this many orbits left to visit (default 18). */
  readonly memoDepth?: number | undefined;
}

/** Sets are kept as two 32-bit words, and the orbit index rides in the high word. */
const MAX_MEMO_ORBITS = 52;
const MIN_MEMO_REMAINING = 4;
const MIN_MEMO_ORBITS = 25;

export class QuotientPathSearch {
  readonly quotient: Quotient;
  /**
   * Nodes (orbits entered, and memo hits) over all runs. The budget is checked with this
   * total, so a caller that runs several searches in one budget starts each one's count where
   * the last left off.
   */
  nodes = 0;
  private readonly visited: Uint8Array;
  private readonly deg: Int32Array;
  private readonly pathV: Int32Array;
  private readonly pathVolt: Int32Array;
  private readonly cursor: Int32Array;
  private readonly forced: Int32Array;
  private readonly baseDeg: Int32Array;
  private readonly memoOn: boolean;
  private readonly memoDepth: number;
  private readonly memoMask: number;
  private readonly memoCap: number;
  private memoLo: Int32Array = new Int32Array(0);
  private memoHi: Int32Array = new Int32Array(0);
  private memoVal: Float64Array = new Float64Array(0);
  /** For each depth: the memo slot to fill when the orbit there is left (-1: none). */
  private readonly pending: Int32Array;
  /** Counts at the time each pending orbit was entered. */
  private readonly snapshot: Float64Array;

  constructor(quotient: Quotient, options: QuotientSearchOptions = {}) {
    this.quotient = quotient;
    const n = quotient.size;
    this.visited = new Uint8Array(n);
    this.deg = new Int32Array(n);
    this.pathV = new Int32Array(n + 1);
    this.pathVolt = new Int32Array(n + 1);
    this.cursor = new Int32Array(n);
    this.forced = new Int32Array(n);
    this.pending = new Int32Array(n).fill(-1);
    this.snapshot = new Float64Array(n * quotient.order);
    this.baseDeg = new Int32Array(n);
    for (let q = 0; q < n; q++) {
      this.baseDeg[q] = quotient.nbrOffsets[q + 1]! - quotient.nbrOffsets[q]!;
    }
    const bits = options.memoBits ?? Math.min(21, Math.max(10, n - 8));
    // Below 25 orbits the plain search is fast and the table costs more than it saves.
    this.memoOn =
      n <= MAX_MEMO_ORBITS && bits > 0 && (options.memoBits !== undefined || n >= MIN_MEMO_ORBITS);
    this.memoDepth = options.memoDepth ?? 18;
    this.memoMask = (1 << bits) - 1;
    this.memoCap = Math.floor((1 << bits) * 0.7);
  }

  private allocateMemo(): void {
    if (this.memoLo.length > 0) return;
    const slots = this.memoMask + 1;
    this.memoLo = new Int32Array(slots);
    this.memoHi = new Int32Array(slots);
    this.memoVal = new Float64Array(slots * this.quotient.order);
  }

  /**
   * Every Hamiltonian path from `start` to `end` (start ≠ end) through all orbits but
   * `excluded` (-1 for none). `counts[t]` is incremented for each path of total voltage t.
   * `visit`, when given, sees each path (returning true stops the search: "stopped"); the
   * memo table is used only without it. `arcOrder`, when given, permutes the arc indices of
   * each orbit (a seeded shuffle for finders). `budget` is checked every CHECK_EVERY nodes;
   * `maxNodes` caps `nodes` on top of it (status "limit": a finder's fallback allowance).
   */
  run(
    start: number,
    end: number,
    excluded: number,
    counts: Float64Array,
    budget: Budget | null = null,
    visit?: PathVisitor,
    arcOrder?: Int32Array,
    maxNodes = Number.POSITIVE_INFINITY,
  ): QuotientSearchOutcome {
    const q = this.quotient;
    const { arcOffsets, arcTo, arcVolt, nbrOffsets, nbrTo, order } = q;
    const { visited, deg, pathV, pathVolt, cursor, forced, pending, snapshot } = this;
    const n = q.size;
    visited.fill(0);
    deg.set(this.baseDeg);
    pending.fill(-1);
    let remaining = n;
    let maskLo = 0;
    let maskHi = 0;
    if (excluded >= 0) {
      visited[excluded] = 1;
      remaining--;
      for (let i = nbrOffsets[excluded]!; i < nbrOffsets[excluded + 1]!; i++) deg[nbrTo[i]!]!--;
    }
    // Every orbit other than the ends needs two ways in or out; the ends need one.
    for (let v = 0; v < n; v++) {
      if (visited[v]) continue;
      const need = v === start || v === end ? 1 : 2;
      if (deg[v]! < need) return "done";
    }
    const useMemo = this.memoOn && visit === undefined;
    if (useMemo) {
      this.allocateMemo();
      this.memoHi.fill(-1);
    }
    const { memoLo, memoHi, memoVal, memoMask, memoCap, memoDepth } = this;
    let memoSize = 0;
    let nodes = this.nodes;
    let nextCheck = nodes + CHECK_EVERY;
    let outcome: QuotientSearchOutcome = "done";

    // The loop is written out flat (no closures over mutable locals: V8 keeps these in
    // registers only when nothing captures them). Entering an orbit y marks it, lowers its
    // neighbours' degrees and finds forced moves and dead ends in the same pass.
    let depth = 0;
    let y = start;
    let volt = 0;
    for (;;) {
      // Enter y at `depth`.
      pathV[depth] = y;
      pathVolt[depth] = volt;
      visited[y] = 1;
      remaining--;
      if (y < 32) maskLo |= 1 << y;
      else maskHi |= 1 << (y - 32);
      let forcedTarget = -1;
      let dead = false;
      for (let i = nbrOffsets[y]!, e = nbrOffsets[y + 1]!; i < e; i++) {
        const z = nbrTo[i]!;
        const d = --deg[z]!;
        if (visited[z] === 1) continue;
        if (z === end) {
          if (d === 0 && remaining > 1) dead = true;
        } else if (d <= 1) {
          if (d === 0 || forcedTarget >= 0) dead = true;
          forcedTarget = z;
        }
      }
      if (useMemo && !dead && remaining <= memoDepth && remaining >= MIN_MEMO_REMAINING) {
        const hiKey = maskHi | (y << 20);
        let slot = (Math.imul(maskLo ^ Math.imul(hiKey, 0x9e3779b1), 0x85ebca6b) >>> 11) & memoMask;
        for (;;) {
          const h = memoHi[slot]!;
          if (h === -1) {
            // Not solved yet: solve it below and store the result when y is left.
            if (memoSize < memoCap) {
              pending[depth] = slot;
              for (let t = 0; t < order; t++) snapshot[depth * order + t] = counts[t]!;
            }
            break;
          }
          if (h === hiKey && memoLo[slot] === maskLo) {
            const base = slot * order;
            for (let t = 0; t < order; t++) counts[(volt + t) % order]! += memoVal[base + t]!;
            dead = true;
            break;
          }
          slot = (slot + 1) & memoMask;
        }
      }
      cursor[depth] = dead ? arcOffsets[y + 1]! : arcOffsets[y]!;
      forced[depth] = forcedTarget;

      // Find the next move from the top of the stack, backtracking as needed.
      let found = false;
      while (depth >= 0) {
        const x = pathV[depth]!;
        const stop = arcOffsets[x + 1]!;
        const f = forced[depth]!;
        let c = cursor[depth]!;
        while (c < stop) {
          const arc = arcOrder === undefined ? c : arcOrder[c]!;
          c++;
          const to = arcTo[arc]!;
          if (visited[to] === 1 || (f >= 0 && to !== f)) continue;
          const v = pathVolt[depth]! + arcVolt[arc]!;
          if (to === end) {
            if (remaining > 1) continue;
            // The last orbit: a complete path.
            nodes++;
            const total = v % order;
            counts[total]! += 1;
            if (visit !== undefined) {
              pathV[depth + 1] = end;
              pathVolt[depth + 1] = total;
              if (visit(pathV, pathVolt, depth + 2) === true) {
                this.nodes = nodes;
                return "stopped";
              }
            }
            continue;
          }
          cursor[depth] = c;
          y = to;
          volt = v % order;
          found = true;
          break;
        }
        if (found) break;
        // Exhausted: store the memo entry if one is pending, then leave x.
        const slot = pending[depth]!;
        if (slot >= 0) {
          pending[depth] = -1;
          const base = slot * order;
          const vx = pathVolt[depth]!;
          for (let t = 0; t < order; t++) {
            // Stored relative to the voltage at x.
            memoVal[base + ((t - vx + order) % order)] = counts[t]! - snapshot[depth * order + t]!;
          }
          memoLo[slot] = maskLo;
          memoHi[slot] = maskHi | (x << 20);
          memoSize++;
        }
        visited[x] = 0;
        remaining++;
        if (x < 32) maskLo &= ~(1 << x);
        else maskHi &= ~(1 << (x - 32));
        for (let i = nbrOffsets[x]!, e = nbrOffsets[x + 1]!; i < e; i++) deg[nbrTo[i]!]!++;
        depth--;
      }
      if (!found) break;
      depth++;
      nodes++;
      if (nodes >= nextCheck) {
        nextCheck = nodes + CHECK_EVERY;
        if (nodes >= maxNodes) {
          outcome = "limit";
          break;
        }
        const why = budget === null ? null : budget.check(nodes);
        if (why !== null) {
          outcome = why;
          break;
        }
      }
    }
    this.nodes = nodes;
    return outcome;
  }
}
