import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import { type Budget, CHECK_MASK } from "../core/run.js";
import { centreDistances } from "./centre.js";
import { maxDegree } from "./graph-facts.js";
import { outerLinesOfFour, Reachability } from "./narrow.js";
import type { SearchOutcome } from "./search.js";
import type { TraceReason, Tracer } from "./trace.js";
import type { SolveStats } from "./types.js";

/** Candidate orders the bidirectional search knows (among cells of equal onward degree). */
export type BidirectionalOrder = "first" | "random" | "center" | "roth";

/**
 * Which end grows at each node:
 * - alternate (default): the shorter chain, so both grow in turn and meet in the middle;
 * - constrained: the end whose head has fewer unvisited neighbours (ties: the shorter chain),
 *   Warnsdorff's rule lifted to the choice of end. Fewer nodes on some boards, many more on
 *   others (docs/solvers.md, "Bidirectional search").
 */
export type BidirectionalSides = "constrained" | "alternate";

export interface BidirectionalRun {
  readonly start: number;
  /** The other end of an open tour. Without it the tour is closed: both chains leave `start`. */
  readonly end?: number | undefined;
  /** Ask for a closed tour (with `end`: one that uses the move start–end). */
  readonly closed: boolean;
  readonly order: BidirectionalOrder;
  readonly sides?: BidirectionalSides;
  readonly random?: Random;
  /** Stop this run (outcome "limit") after this many nodes; the budget still applies. */
  readonly nodeCap?: number;
  /** Prune when the unvisited cells fall apart (a BFS per node; pays on narrow boards). */
  readonly connectivity?: boolean;
  readonly tracer?: Tracer | null;
}

const A = 0;
const B = 1;
const NONE = -1;
const KEY_SCALE = 2 ** 27;

/**
 * Bidirectional search for a tour with both ends known (any piece, topology and holes): one chain grows
 * from the start, one from the end (for a closed tour, both from the start, one on each side of
 * it), and the tour is found when the last free cell joins the two heads. It is complete: at
 * each node it picks one end and tries every move of that end, and every tour through the
 * chains so far continues one of those moves.
 *
 * The tour is built in place: the start chain fills `path[0], path[1], …` and the end chain
 * `path[cells − 1], path[cells − 2], …`, so the join leaves the tour in `path`.
 *
 * State (typed arrays, allocated once, changed in place and undone on backtracking):
 * - `open[v]`: unvisited neighbours of v (the moves a head at v has left);
 * - `avail[v]`: neighbours of v that are unvisited or a head: the cells an unvisited v can still
 *   be joined to on the tour;
 * - `heads[v]`: how many chains have v as their head (2 for the start of a closed tour before
 *   either chain moved).
 * A move from head h to c visits c (its neighbours lose an unvisited neighbour) and, when h stops
 * being a head, its neighbours lose an available one; c itself stays available as the new head.
 *
 * Pruning, the rules of `search` for two ends (only cells the move touched are looked at):
 * - an unvisited cell needs two available neighbours (one on each side of it on the tour; both
 *   ends of the tour are fixed, so no cell may be a dead end) — checked on the old head's
 *   neighbours, the only cells that lose one;
 * - an unvisited cell with no unvisited neighbour can only be the last cell, between the heads;
 * - each head needs an unvisited neighbour while cells remain;
 * - on 4-wide boards the outer lines reach only the inner ones, so the cells left between the
 *   heads cannot hold more outer cells than alternate with inner ones (`search`'s bound);
 * - optionally, the unvisited cells must hang together (a BFS, as in `search`);
 * - before searching, the colour count where the graph is bipartite (a path alternates the
 *   classes of its 2-colouring).
 * None of these rules needs the graph to be triangle-free: `avail` and `open` count exactly.
 */
export class BidirectionalSearch {
  readonly graph: KnightGraph;
  /** The tour when the last run found one. */
  readonly path: Int32Array;
  private readonly visited: Uint8Array;
  private readonly open: Uint8Array;
  private readonly avail: Uint8Array;
  private readonly heads: Uint8Array;
  /** Candidates of depth d at cand[stride·d .. stride·d + count[d]), best first; side[d]: which end. */
  private readonly cand: Int32Array;
  /** The largest degree of the graph: room for one depth's candidates (8 for the knight). */
  private readonly stride: number;
  private readonly count: Uint8Array;
  private readonly nextIndex: Uint8Array;
  private readonly side: Uint8Array;
  private readonly keys: Float64Array;
  private readonly reach: Reachability;
  private readonly outer: Uint8Array | null;
  private distance: Int32Array | null = null;
  private lenA = 0;
  private lenB = 0;
  private start = 0;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const cells = graph.board.cells;
    // The tour's cells (holes excluded) fill the path; the per-cell arrays span the board.
    const n = graph.vertexCount;
    this.stride = maxDegree(graph);
    this.keys = new Float64Array(this.stride);
    this.path = new Int32Array(n);
    this.visited = new Uint8Array(cells);
    this.open = new Uint8Array(cells);
    this.avail = new Uint8Array(cells);
    this.heads = new Uint8Array(cells);
    this.cand = new Int32Array(n * this.stride);
    this.count = new Uint8Array(n + 1);
    this.nextIndex = new Uint8Array(n + 1);
    this.side = new Uint8Array(n + 1);
    this.reach = new Reachability(graph);
    this.outer = outerLinesOfFour(graph.board);
  }

  /**
   * Search for one tour. "found": `path` holds it. "exhausted": no tour meets the request (a
   * proof, whatever the order). "limit"/"aborted": stopped by `run.nodeCap` or the budget.
   */
  run(request: BidirectionalRun, budget: Budget, stats: SolveStats): SearchOutcome {
    const { offsets, targets } = this.graph;
    const { path, visited, open, avail, heads, cand, count, nextIndex, side } = this;
    const board = this.graph.board;
    const cells = path.length;
    const { start, closed } = request;
    const end = request.end ?? NONE;
    const nodeCap = request.nodeCap ?? Number.POSITIVE_INFINITY;
    const connectivity = request.connectivity === true;
    const alternate = request.sides !== "constrained";
    const tracer = request.tracer ?? null;
    // Hoisted: without a listener each event site costs one predictable branch, no allocation.
    const tracing = tracer !== null;
    const outer = this.outer;
    const runStartNodes = stats.nodes;
    if (request.order === "random" && request.random === undefined) {
      throw new Error("the random order needs a Random");
    }
    if (end === NONE && !closed) throw new Error("an open bidirectional search needs an end");

    // Set up: the start (and the end) placed, as heads.
    visited.fill(0);
    heads.fill(0);
    avail.set(this.graph.degree);
    open.set(this.graph.degree);
    this.start = start;
    this.lenA = 1;
    this.lenB = 0;
    path[0] = start;
    visited[start] = 1;
    heads[start] = end === NONE ? 2 : 1;
    for (let i = offsets[start]!, to = offsets[start + 1]!; i < to; i++) open[targets[i]!]!--;
    // Checks every CHECK_MASK + 1 nodes and at the node limit (Budget.nextCheck), the start
    // and the end included: a limit of 1 stops after the start.
    let nextCheck = budget.nextCheck(stats.nodes);
    if (++stats.nodes >= nextCheck) {
      const stop = budget.check(stats.nodes);
      if (stop !== null) return stop;
      nextCheck = budget.nextCheck(stats.nodes);
    }
    if (tracing) tracer.advance(start, 0, "start");
    if (cells === 1) return closed || (end !== NONE && end !== start) ? "exhausted" : "found";
    if (end === start) return "exhausted";
    // A closed tour is a cycle: it needs three cells (two would use one move twice).
    if (closed && cells === 2) return "exhausted";
    if (end !== NONE) {
      this.lenB = 1;
      path[cells - 1] = end;
      visited[end] = 1;
      heads[end] = 1;
      for (let i = offsets[end]!, to = offsets[end + 1]!; i < to; i++) open[targets[i]!]!--;
      if (++stats.nodes >= nextCheck) {
        const stop = budget.check(stats.nodes);
        if (stop !== null) return stop;
        nextCheck = budget.nextCheck(stats.nodes);
      }
      if (tracing) tracer.advance(end, cells - 1, "end");
    }
    let outerLeft = 0;
    if (outer !== null) {
      for (let v = 0; v < visited.length; v++) if (visited[v] === 0) outerLeft += outer[v]!;
    }
    let remaining = cells - this.lenA - this.lenB;
    const rootFailure = this.checkRoot(closed, end, remaining);
    if (rootFailure !== NONE) {
      if (tracing) tracer.stuck(start, 0, this.failReason, rootFailure);
      return "exhausted";
    }
    if (remaining === 0) {
      // Two cells: the ends are the tour if they are a move apart (and it is open).
      return !closed && this.graph.adjacent(start, end) ? "found" : "exhausted";
    }
    if (this.distance === null && (request.order === "center" || request.order === "roth")) {
      this.distance = centreDistances(board);
    }

    let depth = 0;
    if (!this.expand(0, remaining, alternate, request)) {
      if (tracing) tracer.stuck(start, 0, this.failReason, this.failAt);
      return "exhausted";
    }
    for (;;) {
      const s = side[depth]!;
      const base = depth * this.stride;
      let moved = false;
      while (nextIndex[depth]! < count[depth]!) {
        const c = cand[base + nextIndex[depth]!]!;
        nextIndex[depth]!++;
        const h = this.place(s, c);
        remaining--;
        if (outer !== null) outerLeft -= outer[c]!;
        if (tracing) tracer.advance(c, s === A ? this.lenA - 1 : cells - this.lenB);
        if (++stats.nodes >= nextCheck) {
          const stop = budget.check(stats.nodes);
          if (stop !== null) return stop;
          // The run's own cap on the regular checks only, as before exact limits (search.ts).
          if ((stats.nodes & CHECK_MASK) === 0 && stats.nodes - runStartNodes >= nodeCap) {
            return "limit";
          }
          nextCheck = budget.nextCheck(stats.nodes);
        }
        const other = s === A ? this.head(B) : this.head(A);
        let ok = true;
        let why: TraceReason = "dead-end";
        let whyAt = c;
        if (remaining === 0) {
          if (this.graph.adjacent(c, other)) return "found";
          ok = false;
          why = "no-join";
        } else {
          // The old head's neighbours lost an available cell when it stopped being a head.
          if (heads[h] === 0) {
            for (let i = offsets[h]!, to = offsets[h + 1]!; i < to; i++) {
              const w = targets[i]!;
              if (visited[w] === 0 && avail[w]! < 2) {
                ok = false;
                why = avail[w] === 0 ? "isolated" : "second-end";
                whyAt = w;
                break;
              }
            }
          }
          // c's neighbours lost an unvisited one: one with none left must be the last cell.
          if (ok && remaining > 1) {
            for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) {
              const w = targets[i]!;
              if (visited[w] === 0 && open[w] === 0) {
                ok = false;
                why = "dead-end";
                whyAt = w;
                break;
              }
            }
          }
          if (ok && open[c] === 0) ok = false; // the new head has no move (why = dead-end at c)
          if (ok && open[other] === 0) {
            ok = false;
            why = closed && other === start ? "closing" : "dead-end";
            whyAt = other;
          }
          if (ok && outer !== null) {
            const slots = remaining - outer[c]! - outer[other]!;
            if (outerLeft > (slots < 0 ? 0 : (slots + 1) >> 1)) {
              ok = false;
              why = "parity";
            }
          }
          if (ok && connectivity && remaining > 1 && !this.reach.connected(visited, c, remaining)) {
            ok = false;
            why = "disconnected";
          }
          if (ok) {
            if (this.expand(depth + 1, remaining, alternate, request)) {
              depth++;
              moved = true;
              break;
            }
            why = this.failReason;
            whyAt = this.failAt;
          }
        }
        const position = s === A ? this.lenA - 1 : cells - this.lenB;
        this.unplace(s, c, h);
        remaining++;
        if (outer !== null) outerLeft += outer[c]!;
        stats.backtracks++;
        if (tracing) tracer.prune(c, position, why, whyAt);
      }
      if (moved) continue;
      // Frame exhausted: take back the move that made this node.
      if (depth === 0) return "exhausted";
      depth--;
      const s2 = side[depth]!;
      const c = this.head(s2);
      const position = s2 === A ? this.lenA - 1 : cells - this.lenB;
      this.unplace(s2, c, this.previousHead(s2));
      remaining++;
      if (outer !== null) outerLeft += outer[c]!;
      stats.backtracks++;
      if (tracing) tracer.backtrack(c, position);
    }
  }

  /** The head of chain `s` (the start, for the end chain of a closed tour that has not moved). */
  private head(s: number): number {
    if (s === A) return this.path[this.lenA - 1]!;
    return this.lenB === 0 ? this.start : this.path[this.path.length - this.lenB]!;
  }

  /** The cell before the head of chain `s` (its head before the last move). */
  private previousHead(s: number): number {
    if (s === A) return this.path[this.lenA - 2]!;
    return this.lenB === 1 ? this.start : this.path[this.path.length - this.lenB + 1]!;
  }

  /** Move chain `s` onto c; returns the old head. */
  private place(s: number, c: number): number {
    const { offsets, targets } = this.graph;
    const { open, avail, heads } = this;
    const h = this.head(s);
    if (s === A) this.path[this.lenA++] = c;
    else this.path[this.path.length - ++this.lenB] = c;
    this.visited[c] = 1;
    heads[c]!++;
    for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) open[targets[i]!]!--;
    if (--heads[h]! === 0) {
      for (let i = offsets[h]!, to = offsets[h + 1]!; i < to; i++) avail[targets[i]!]!--;
    }
    return h;
  }

  /** Undo `place(s, c)` whose old head was h. */
  private unplace(s: number, c: number, h: number): void {
    const { offsets, targets } = this.graph;
    const { open, avail, heads } = this;
    if (heads[h]!++ === 0) {
      for (let i = offsets[h]!, to = offsets[h + 1]!; i < to; i++) avail[targets[i]!]!++;
    }
    for (let i = offsets[c]!, to = offsets[c + 1]!; i < to; i++) open[targets[i]!]!++;
    heads[c]!--;
    this.visited[c] = 0;
    if (s === A) this.lenA--;
    else this.lenB--;
  }

  /** Why the last root check or `expand` found its node dead, and the cell concerned. */
  private failReason: TraceReason = "dead-end";
  private failAt = NONE;

  /**
   * The checks of the starting position, O(cells) once: the colour count, every unvisited
   * cell's two available neighbours, and a move for each head. Returns the offending cell, or
   * NONE when the search may start.
   */
  private checkRoot(closed: boolean, end: number, remaining: number): number {
    const graph = this.graph;
    const board = graph.board;
    const cells = this.path.length;
    const start = this.start;
    if (graph.bipartite) {
      // A path alternates the two classes: the tour's cells split as its positions do.
      const last = end === NONE ? NONE : end;
      const own = graph.colour(start);
      let white = 0;
      for (let v = 0; v < board.cells; v++) {
        if (!board.isHole(v) && graph.colour(v) === own) white++;
      }
      const expected = (cells + 1) >> 1; // positions 0, 2, 4, … share the start's colour
      const endColourOk = last === NONE || graph.colour(last) === (cells % 2 === 1 ? own : 1 - own);
      if (white !== expected || !endColourOk || (closed && cells % 2 === 1)) {
        this.failReason = "parity";
        return start;
      }
    }
    if (closed && end !== NONE && !this.graph.adjacent(start, end)) {
      this.failReason = "not-closing";
      return end;
    }
    for (let v = 0; v < board.cells; v++) {
      if (this.visited[v] !== 0 || board.isHole(v)) continue;
      if (this.avail[v]! < 2) {
        this.failReason = this.avail[v] === 0 ? "isolated" : "second-end";
        return v;
      }
      if (remaining > 1 && this.open[v] === 0) {
        this.failReason = "dead-end";
        return v;
      }
    }
    if (remaining > 0) {
      for (const h of end === NONE ? [start] : [start, end]) {
        if (this.open[h] === 0) {
          this.failReason = "dead-end";
          return h;
        }
      }
    }
    return NONE;
  }

  /**
   * Choose the end to grow at `depth` and fill its candidates, best first (fewest onward moves,
   * then the order). False when that end has no move.
   */
  private expand(
    depth: number,
    remaining: number,
    alternate: boolean,
    request: BidirectionalRun,
  ): boolean {
    const { offsets, targets } = this.graph;
    const { visited, open, cand, keys } = this;
    const headA = this.head(A);
    const headB = this.head(B);
    let s: number;
    if (alternate) s = this.lenB < this.lenA ? B : A;
    else {
      const oa = open[headA]!;
      const ob = open[headB]!;
      s = oa < ob ? A : ob < oa ? B : this.lenB < this.lenA ? B : A;
    }
    this.side[depth] = s;
    const head = s === A ? headA : headB;
    const base = depth * this.stride;
    const distance = this.distance;
    const order = request.order;
    const random = request.random ?? null;
    let n = 0;
    for (let i = offsets[head]!, to = offsets[head + 1]!; i < to; i++) {
      const w = targets[i]!;
      if (visited[w]) continue;
      // The last cell must join both heads; before that, no cell may be entered without a way on.
      if (remaining > 1 && open[w] === 0) continue;
      let key = open[w]! * KEY_SCALE;
      if (order === "center") key += distance![w]!;
      else if (order === "roth") key += KEY_SCALE - 1 - Math.min(distance![w]!, KEY_SCALE - 1);
      else if (order === "random") key += random!.next() * (KEY_SCALE - 1);
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
      this.failReason = "dead-end";
      this.failAt = head;
    }
    return n > 0;
  }
}
