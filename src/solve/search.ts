import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { type Budget, CHECK_MASK } from "../core/run.js";
import { centreDistances } from "./centre.js";
import { hasTriangles, maxDegree } from "./graph-facts.js";
import { outerLinesOfFour, Reachability } from "./narrow.js";
import type { TraceReason, Tracer } from "./trace.js";
import type { SolveStats, StepTieBreak } from "./types.js";

/** What one run of the search ended with. */
export type SearchOutcome = "found" | "exhausted" | "limit" | "aborted";

export interface SearchRun {
  readonly start: number;
  /** Required last cell of an open tour. */
  readonly end?: number | undefined;
  readonly closed: boolean;
  /** Order of candidates of equal onward degree; "random" needs `random`. */
  readonly tieBreak: StepTieBreak;
  readonly random?: Random;
  /** Stop this run (outcome "limit") after this many nodes; the budget still applies. */
  readonly nodeCap?: number;
  /**
   * Also prune a branch when the unvisited cells no longer hang together (some cannot be
   * reached from the head through unvisited cells). A search costs O(cells) per node, so it
   * pays on narrow boards (3×n, 4×n), where the path easily cuts the board in two.
   */
  readonly connectivity?: boolean;
  /** Receives every advance, backtrack and prune (null or absent: no trace, no cost). */
  readonly tracer?: Tracer | null;
}

const NONE = -1;
/** Room for the secondary key inside a candidate's sort key (degree × this + secondary). */
const KEY_SCALE = 2 ** 27;

/**
 * The secondary sort key of the `center` and `roth` orders, per cell: it depends on the cell
 * alone, so it is built once per graph (graphs are cached per geometry) rather than per search.
 */
const centreKeys = new WeakMap<KnightGraph, Int32Array>();
const rothKeys = new WeakMap<KnightGraph, Int32Array>();

function secondaryKeys(graph: KnightGraph, order: "center" | "roth"): Int32Array {
  const cache = order === "center" ? centreKeys : rothKeys;
  let keys = cache.get(graph);
  if (keys === undefined) {
    keys = centreDistances(graph.board);
    // Roth: the cell farthest from the centre first (the smaller key is tried first).
    if (order === "roth") {
      for (let v = 0; v < keys.length; v++)
        keys[v] = KEY_SCALE - 1 - Math.min(keys[v]!, KEY_SCALE - 1);
    }
    cache.set(graph, keys);
  }
  return keys;
}

/**
 * Complete Warnsdorff-ordered backtracking for a Hamiltonian path of the move graph (any piece,
 * topology and holes): it finds a tour or, run to the end, proves that none exists for the
 * request. A tour visits the graph's `vertexCount` cells (holes have no moves and are never
 * entered).
 *
 * State, all preallocated typed arrays: `visited`, `free` (for each cell, how many of its
 * neighbours are still free: unvisited, or the start of a closed tour, which the last cell must
 * reach), the path, and per depth the sorted candidates and the index of the next one to try.
 * A move does its work in place and backtracking undoes it; nothing is allocated per node.
 *
 * Pruning (each check looks only at the cells the move touched):
 * - a cell the knight leaves behind needs two free neighbours (one to enter, one to leave), or
 *   one if it may be the end: the required end, the start of a closed tour, or — for an open
 *   tour with a free end — the single cell chosen as the forced end (a second one kills the
 *   branch);
 * - a neighbour of the head with no free neighbour must be entered now and end the tour, so it
 *   kills the branch unless it is the last cell;
 * - the required end (and a forced end) may only be entered last.
 * On a graph without triangles (every bipartite one: the knight's, any leaper with a + b odd on
 * a plane) the neighbours of the previous head are never neighbours of the new head: that is
 * why checking them once, as the head leaves, is enough. Where triangles exist (wrapped boards,
 * unions such as wazir+fers) a left-behind cell that is also a neighbour of the new head may be
 * entered next, with one free neighbour fewer; it is not judged then, but when the head leaves
 * it behind in turn.
 */
export class TourSearch {
  readonly graph: KnightGraph;
  readonly path: Int32Array;
  private readonly visited: Uint8Array;
  private readonly free: Uint8Array;
  /** Candidates of depth d at cand[stride·d .. stride·d + count[d]), best first. */
  private readonly cand: Int32Array;
  /** The largest degree of the graph: the room for one depth's candidates (8 for the knight). */
  private readonly stride: number;
  /** Whether the graph has triangles (see the class comment): a check more on leaving. */
  private readonly triangles: boolean;
  private readonly count: Uint8Array;
  private readonly nextIndex: Uint8Array;
  /** The forced end before the move into depth d, to restore on backtracking. */
  private readonly savedEnd: Int32Array;
  private readonly keys: Float64Array;
  /** The connectivity check (a breadth-first search with its own preallocated queue). */
  private readonly reach: Reachability;
  /**
   * On boards 4 cells wide, outer[v] = 1 for the two outer lines: they reach only the inner
   * ones, so no two outer cells are consecutive on a path (null on other boards).
   */
  private readonly outer: Uint8Array | null;
  /** Deepest path reached by the last run (cells), and that path's copy when asked. */
  deepest = 0;
  /** Why the last `expand` found its node dead, and the cell concerned (for the trace). */
  private deadReason: TraceReason = "dead-end";
  private deadAt = NONE;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const cells = graph.board.cells;
    const n = graph.vertexCount;
    this.stride = maxDegree(graph);
    this.triangles = hasTriangles(graph);
    this.keys = new Float64Array(this.stride);
    this.path = new Int32Array(n);
    this.visited = new Uint8Array(cells);
    this.free = new Uint8Array(cells);
    this.cand = new Int32Array(n * this.stride);
    this.count = new Uint8Array(n);
    this.nextIndex = new Uint8Array(n);
    this.savedEnd = new Int32Array(n);
    this.reach = new Reachability(graph);
    this.outer = outerLinesOfFour(graph.board);
  }

  /**
   * Search for one tour. "found": `path` holds it. "exhausted": no tour meets the request (a
   * proof, whatever the tie-break). "limit"/"aborted": stopped by `run.nodeCap` or the budget.
   */
  run(request: SearchRun, budget: Budget, stats: SolveStats): SearchOutcome {
    const { offsets, targets } = this.graph;
    const { path, visited, free, cand, count, nextIndex, savedEnd, stride, triangles } = this;
    // The cells of a tour (the board's minus its holes); the work arrays span the whole board.
    const cells = path.length;
    const boardCells = visited.length;
    const { start, closed, tieBreak } = request;
    const random = request.random ?? null;
    const fixedEnd = request.end ?? NONE;
    const nodeCap = request.nodeCap ?? Number.POSITIVE_INFINITY;
    const connectivity = request.connectivity === true;
    const tracer = request.tracer ?? null;
    // Hoisted: without a listener each event site costs one predictable branch, no allocation.
    const tracing = tracer !== null;
    // The secondary key of `center` and `roth` depends on the cell alone: one array per order.
    const secondary =
      tieBreak === "center" || tieBreak === "roth" ? secondaryKeys(this.graph, tieBreak) : null;
    const byPohl = tieBreak === "pohl";
    const byRandom = tieBreak === "random";
    if (byRandom && random === null) throw new Error("the random tie-break needs a Random");

    visited.fill(0);
    free.set(this.graph.degree);
    // Unvisited outer and inner cells of a 4-wide board (the independent-set bound below).
    const outer = this.outer;
    let outerLeft = 0;
    if (outer !== null) {
      for (let v = 0; v < boardCells; v++) outerLeft += outer[v]!;
      outerLeft -= outer[start]!;
    }
    this.deepest = 1;
    const runStartNodes = stats.nodes;

    // The end a free-ended open tour is forced into by a dead-end cell (NONE until one appears).
    let forcedEnd = NONE;
    // In a closed tour the start stays "free" for its neighbours: the last cell must reach it.
    visited[start] = 1;
    path[0] = start;
    if (!closed) {
      for (let i = offsets[start]!, to = offsets[start + 1]!; i < to; i++) free[targets[i]!]!--;
    }
    // Checks come every CHECK_MASK + 1 nodes and at the node limit (Budget.nextCheck); the
    // run's own cap is judged on the regular ones only, as it always was, so restarts (and the
    // tours they find) do not move.
    let nextCheck = budget.nextCheck(stats.nodes);
    if (++stats.nodes >= nextCheck) {
      const stop = budget.check(stats.nodes);
      if (stop !== null) return stop;
      nextCheck = budget.nextCheck(stats.nodes);
    }
    if (tracing) tracer.advance(start, 0);
    // A lone cell is an open tour of itself; a closed tour needs a move back, and has none.
    if (cells === 1) return closed ? "exhausted" : "found";
    // A closed tour is a cycle: it needs three cells (two would use one move twice).
    if (closed && cells === 2) return "exhausted";

    let depth = 0;
    // Expand the root.
    if (!this.expand(0, fixedEnd, forcedEnd, random, secondary, byPohl)) {
      if (tracing) tracer.stuck(start, 0, this.deadReason, this.deadAt);
      return "exhausted";
    }

    for (;;) {
      // Take the next candidate of the frame at `depth`, or backtrack.
      const base = depth * stride;
      let moved = false;
      const head = path[depth]!;
      while (nextIndex[depth]! < count[depth]!) {
        const c = cand[base + nextIndex[depth]!]!;
        nextIndex[depth]!++;
        // Visit c.
        visited[c] = 1;
        for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) free[targets[i]!]!--;
        if (tracing) tracer.advance(c, depth + 1);
        if (++stats.nodes >= nextCheck) {
          const stop = budget.check(stats.nodes);
          if (stop !== null) return stop;
          if ((stats.nodes & CHECK_MASK) === 0 && stats.nodes - runStartNodes >= nodeCap) {
            return "limit";
          }
          nextCheck = budget.nextCheck(stats.nodes);
        }
        // The cells the knight leaves behind (neighbours of the old head other than c).
        let ok = true;
        // Why the move failed (set where `ok` turns false; read only by the trace).
        let why: TraceReason = "dead-end";
        let whyAt = c;
        let end = forcedEnd;
        const remaining = cells - depth - 2;
        if (remaining > 0) {
          for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
            const w = targets[i]!;
            if (w === c) continue;
            if (visited[w]) {
              // The start of a closed tour must keep a free neighbour to be reached at the end.
              if (closed && w === start && free[w] === 0) {
                ok = false;
                why = "closing";
                whyAt = w;
                break;
              }
              continue;
            }
            const f = free[w]!;
            if (f >= 2) continue;
            if (f === 1 && (w === fixedEnd || w === end)) continue;
            // A neighbour of c too: it may be entered next, and is judged when c is left.
            if (triangles && this.graph.adjacent(c, w)) continue;
            if (f === 1 && !closed && fixedEnd === NONE && end === NONE) {
              end = w;
              continue;
            }
            ok = false;
            why = f === 0 ? "isolated" : "second-end";
            whyAt = w;
            break;
          }
        }
        if (outer !== null && ok) {
          // The cells after c alternate at best: outer cells can never follow each other, so
          // at most ⌈rest / 2⌉ of them fit — one fewer slot when c itself is outer.
          const outerAfter = outerLeft - outer[c]!;
          if (outerAfter > (remaining + 1 - outer[c]!) >> 1) {
            ok = false;
            why = "parity";
          }
        }
        if (ok && connectivity && remaining > 1 && !this.reach.connected(visited, c, remaining)) {
          ok = false;
          why = "disconnected";
        }
        if (ok) {
          savedEnd[depth + 1] = forcedEnd;
          forcedEnd = end;
          depth++;
          path[depth] = c;
          if (outer !== null) outerLeft -= outer[c]!;
          if (depth + 1 > this.deepest) this.deepest = depth + 1;
          if (depth + 1 === cells) {
            if (!closed || this.graph.adjacent(c, start)) return "found";
            why = "not-closing";
          } else if (this.expand(depth, fixedEnd, forcedEnd, random, secondary, byPohl)) {
            moved = true;
            break;
          } else {
            why = this.deadReason;
            whyAt = this.deadAt;
          }
          // Dead node: undo the move into it.
          if (outer !== null) outerLeft += outer[c]!;
          depth--;
          forcedEnd = savedEnd[depth + 1]!;
        }
        visited[c] = 0;
        for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) free[targets[i]!]!++;
        stats.backtracks++;
        if (tracing) tracer.prune(c, depth + 1, why, whyAt);
      }
      if (moved) continue;
      // Frame exhausted: take back the move into `depth`.
      if (depth === 0) return "exhausted";
      const c = path[depth]!;
      if (outer !== null) outerLeft += outer[c]!;
      depth--;
      forcedEnd = savedEnd[depth + 1]!;
      visited[c] = 0;
      for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) free[targets[i]!]!++;
      stats.backtracks++;
      if (tracing) tracer.backtrack(c, depth + 1);
    }
  }

  /**
   * Fill the candidate frame of `depth` (head = path[depth]), best first. False when the node is
   * dead: a neighbour of the head that can no longer be left while other cells remain, or no
   * candidate at all. Kept under V8's inlining limit (460 bytes of bytecode): inlined into
   * `run`, the search is about 15% faster (measured on 100×100); a few bytes more undo that.
   */
  private expand(
    depth: number,
    fixedEnd: number,
    forcedEnd: number,
    random: Random | null,
    secondary: Int32Array | null,
    byPohl: boolean,
  ): boolean {
    const { offsets, targets } = this.graph;
    const { visited, free, cand, keys } = this;
    const head = this.path[depth]!;
    const last = depth + 2 === this.path.length; // the next cell is the last one
    const base = depth * this.stride;
    let n = 0;
    for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
      const w = targets[i]!;
      if (visited[w]) continue;
      const f = free[w]!;
      if (!last) {
        // Entered now, w could not be left: only the last cell may do that.
        if (f === 0) {
          this.deadReason = "isolated";
          this.deadAt = w;
          return false;
        }
        if (w === fixedEnd || w === forcedEnd) continue;
      }
      let key = f * KEY_SCALE;
      if (secondary !== null) key += secondary[w]!;
      else if (byPohl) key += this.onwardSum(w);
      else if (random !== null) key += random.next() * (KEY_SCALE - 1);
      // Insertion sort (≤ stride entries), stable: equal keys keep the graph's neighbour order.
      let j = n++;
      while (j > 0 && keys[j - 1]! > key) {
        keys[j] = keys[j - 1]!;
        cand[base + j] = cand[base + j - 1]!;
        j--;
      }
      keys[j] = key;
      cand[base + j] = w;
    }
    this.count[depth] = n;
    this.nextIndex[depth] = 0;
    if (n === 0) {
      this.deadReason = "dead-end";
      this.deadAt = head;
    }
    return n > 0;
  }

  private onwardSum(cell: number): number {
    const { offsets, targets } = this.graph;
    let sum = 0;
    for (let i = offsets[cell]!, to = offsets[cell + 1]!; i < to; i++) {
      const w = targets[i]!;
      if (this.visited[w] === 0) sum += this.free[w]!;
    }
    return sum;
  }
}
