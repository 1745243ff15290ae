import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import { moveGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { FinderStats, SearchProgress, TourResult } from "../core/result.js";
import { Budget, type Limits } from "../core/run.js";
import { exhaustive } from "./find.js";
import { QuotientHamiltonFinder } from "./hamilton-finder.js";
import { type Quotient, trivialQuotient } from "./quotient.js";
import { QuotientPathSearch } from "./search.js";

/**
 * Tours of any geometry from the symmetric-tour machinery with the trivial group: the quotient
 * by it is the move graph itself, so its randomised finder (Warnsdorff's rule with random
 * tie-breaks, extended and closed by Pósa rotations) and its exhaustive path search find plain
 * closed and open tours of a torus, a cylinder, a holed board or any piece. Only the graph is
 * read: no knight's theorem, no colouring. Sampling's randomised search uses it off the plain
 * rectangle (where `solve` keeps its knight-tuned engines).
 */

/** Randomised attempts before the exhaustive search takes over (each is O(cells) steps). */
const ATTEMPTS = 64;
/** Boards of at most this many cells are searched to the end when the attempts fail. */
const EXHAUSTIVE_MAX_CELLS = 40;
/** Larger boards get this many nodes of exhaustive search before the finder gives up. */
const FALLBACK_NODES = 5_000_000;

export interface GraphTourRequest {
  readonly closed: boolean;
  /** First cell of an open tour (flat index), or -1 for any. Closed tours ignore it. */
  readonly start: number;
}

/** The trivial quotient and its finder, built once per board and reused by every search. */
export class GraphTourFinder {
  readonly board: Board;
  private readonly quotient: Quotient;
  private readonly finder: QuotientHamiltonFinder;

  constructor(board: Board) {
    this.board = board;
    this.quotient = trivialQuotient(board);
    this.finder = new QuotientHamiltonFinder(this.quotient);
  }

  /**
   * One tour: randomised attempts, then the exhaustive search (definitive on small boards, so
   * "impossible" is proven there). Nodes are the finder's steps and the search's nodes.
   */
  find(request: GraphTourRequest, random: Random, limits: Limits<SearchProgress> = {}): TourResult {
    const began = performance.now();
    const stats: FinderStats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
    const budget = Budget.start<SearchProgress>(limits, (nodes, ms) => ({
      nodes,
      attempts: stats.attempts,
      ms,
    }));
    const finish = (result: Omit<TourResult, "stats">): TourResult => {
      stats.ms = performance.now() - began;
      return { ...result, stats };
    };
    const { board, quotient, finder } = this;
    const { closed } = request;
    const n = quotient.size;
    if (n === 0 || (closed && n < 3)) {
      return finish({
        status: "impossible",
        tour: null,
        reason: `${board} has no ${closed ? "closed " : ""}tour: a closed tour needs at least 3 cells`,
      });
    }
    const obstruction = graphObstruction(board, closed, request.start);
    if (obstruction !== null)
      return finish({ status: "impossible", tour: null, reason: obstruction });
    const orbit = (cell: number) => quotient.orbitOf[cell]!;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const why = budget.check(stats.nodes);
      if (why !== null) return finish({ status: why, tour: null, reason: budget.reason });
      stats.attempts++;
      const from = request.start >= 0 ? orbit(request.start) : random.int(n);
      const path = closed ? finder.attemptCycle(random) : finder.attemptOpenPath(random, from);
      stats.nodes += finder.lastSteps;
      if (path) return finish({ status: "found", tour: { board, path, closed } });
    }
    const allowance = n <= EXHAUSTIVE_MAX_CELLS ? Number.POSITIVE_INFINITY : FALLBACK_NODES;
    const search = new QuotientPathSearch(quotient);
    search.nodes = stats.nodes;
    const outcome = closed
      ? exhaustive(
          quotient,
          search,
          { rotating: true, reversing: false },
          budget,
          stats.nodes + allowance,
        )
      : exhaustiveOpen(
          quotient,
          search,
          request.start >= 0 ? orbit(request.start) : -1,
          budget,
          stats.nodes + allowance,
        );
    stats.nodes = search.nodes;
    stats.attempts++;
    if (outcome.path)
      return finish({ status: "found", tour: { board, path: outcome.path, closed } });
    if (outcome.status === "done") {
      const from = !closed && request.start >= 0 ? " from the cell asked for" : "";
      return finish({
        status: "impossible",
        tour: null,
        reason: `${board} has no ${closed ? "closed" : "open"} tour${from}: an exhaustive search of its ${n} cells found none`,
      });
    }
    if (outcome.status === "aborted") {
      return finish({ status: "aborted", tour: null, reason: "the search was aborted" });
    }
    return finish({
      status: Number.isFinite(allowance) && budget.stopped === null ? "stuck" : "limit",
      tour: null,
      reason:
        budget.stopped === null
          ? `no tour of ${board} in ${ATTEMPTS} randomised attempts, nor in ${FALLBACK_NODES} nodes of exhaustive search`
          : budget.reason,
    });
  }
}

/**
 * Why the move graph has no tour, by facts that hold for any graph, or null: a tour is
 * connected; a closed one leaves every cell by two moves, an open one all but its two ends;
 * in a bipartite graph a closed tour alternates colours (equal classes), an open one too (the
 * classes differ by at most one, and an odd path starts on the larger). O(cells + moves).
 */
export function graphObstruction(board: Board, closed: boolean, start: number): string | null {
  const graph = moveGraph(board);
  const { degree } = graph;
  const n = board.vertexCount;
  if (n <= 1) return null;
  const unreached = graph.unreachedCell();
  if (unreached >= 0) {
    return `the moves of ${board} do not connect its cells (no chain of moves joins ${formatCell(board, board.firstCell)} to ${formatCell(board, unreached)})`;
  }
  let low = 0;
  for (let v = 0; v < board.cells; v++) if (!board.isHole(v) && degree[v]! < 2) low++;
  if (closed && low > 0) {
    return `a closed tour leaves every cell by two moves, and ${low} cell${low === 1 ? "" : "s"} of ${board} ha${low === 1 ? "s" : "ve"} only one`;
  }
  if (!closed && low > 2) {
    return `an open tour passes through all cells but its two ends, and ${low} cells of ${board} have only one move`;
  }
  if (!graph.bipartite) return null;
  let zero = 0;
  for (let v = 0; v < board.cells; v++) if (!board.isHole(v) && graph.colour(v) === 0) zero++;
  const diff = Math.abs(n - 2 * zero);
  const classes = `${board}'s moves always change colour (in a 2-colouring) and its cells split ${zero}:${n - zero}`;
  if (closed && diff !== 0) return `a closed tour alternates colours, but ${classes}`;
  if (diff > 1) return `a tour alternates colours, but ${classes}`;
  if (diff === 1 && start >= 0) {
    const larger = 2 * zero > n ? 0 : 1;
    if (graph.colour(start) !== larger) {
      return `an open tour of ${n} cells alternating colours starts on the larger colour class, and ${formatCell(board, start)} is on the smaller one (${classes})`;
    }
  }
  return null;
}

/** The first Hamiltonian path of the trivial quotient from `start` (-1: any), or none. */
function exhaustiveOpen(
  quotient: Quotient,
  search: QuotientPathSearch,
  start: number,
  budget: Budget,
  maxNodes: number,
): { status: "done" | "limit" | "aborted"; path: Int32Array | null } {
  const n = quotient.size;
  const { rep } = quotient;
  const counts = new Float64Array(1);
  if (n === 1) return { status: "done", path: Int32Array.of(rep[0]!) };
  let found: Int32Array | null = null;
  const visit = (orbits: Int32Array, _volts: Int32Array, length: number): boolean => {
    found = new Int32Array(length);
    for (let i = 0; i < length; i++) found[i] = rep[orbits[i]!]!;
    return true;
  };
  const [first, last] = start >= 0 ? [start, start] : [0, n - 1];
  for (let s = first; s <= last; s++) {
    for (let e = 0; e < n; e++) {
      if (e === s) continue;
      const outcome = search.run(s, e, -1, counts, budget, visit, undefined, maxNodes);
      if (found !== null) return { status: "done", path: found };
      if (outcome === "limit" || outcome === "aborted") return { status: outcome, path: null };
    }
  }
  return { status: "done", path: null };
}
