/**
 * Knight's tours as exact cover (Knuth, TAOCP 7.2.2.1, and his programs on Hamiltonian
 * cycles): items out[v] and in[v]
 * for every vertex v, one option (out[a], in[b]) per directed knight move a → b. A solution
 * gives every vertex one way out and one way in: a cycle cover. Open tours become closed ones
 * through a virtual vertex joined both ways to every cell.
 *
 * Nothing in the encoding is particular to the knight or the rectangle: the vertices are the
 * cells that are not holes and the options the moves of the geometry's move graph, whatever the
 * piece (any number of moves per cell) and however the edges wrap.
 *
 * Two ways to keep only the single cycles:
 * - "filter": enumerate every cycle cover and keep those that are one cycle;
 * - "prune": keep, for every partial path, its two ends ("mate" links, as in Knuth's programs);
 *   when a move joins two paths into one running s … e, delete the option e → s, which would
 *   close a cycle shorter than the board. Every solution is then a tour.
 */

import type { Board } from "../core/board.js";
import { checkCellOption } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { moveGraph } from "../core/graph.js";
import { checkMemory, DEFAULT_MAX_BYTES } from "../core/memory.js";
import { createRandom } from "../core/random.js";
import type { SearchProgress, TourResult, TourStatus } from "../core/result.js";
import { Budget, type Limits } from "../core/run.js";
import type { Tour } from "../core/tour.js";
import { type Existence, tourExists } from "../theory/exists.js";
import { DancingLinks } from "./dlx.js";
import type { CoverHook, CoverStats, CoverStatus, ExactCoverProblem } from "./types.js";

/** How the search keeps single cycles: filter cycle covers afterwards, or prune during. */
export type TourCoverMode = "filter" | "prune";

export interface TourCoverOptions {
  /** Closed tours (default) or open tours through a virtual vertex. */
  readonly closed?: boolean;
  /** Open tours: only this first cell (the virtual vertex leads only here). */
  readonly start?: number | undefined;
  /** Open tours: only this last cell. */
  readonly end?: number | undefined;
}

/**
 * The exact cover problem of a board's tours. Vertices are the cells that are not holes,
 * numbered `0 .. vertexCount-1` in cell order (on a board without holes vertex v is cell v),
 * and, for open tours, the virtual vertex `vertexCount`. Item out[v] is `v`, item in[v] is
 * `vertices + v`. Option k is the move from[k] → to[k] between vertices: the graph's moves
 * first (cells in order, targets in the move graph's order), then virtual → cell, then
 * cell → virtual.
 */
export interface TourCoverEncoding {
  readonly board: Board;
  readonly closed: boolean;
  readonly vertices: number;
  /** The virtual vertex (open tours), or -1. */
  readonly virtual: number;
  readonly problem: ExactCoverProblem;
  readonly from: Int32Array;
  readonly to: Int32Array;
  /** The cell of each vertex but the virtual one (the identity on a board without holes). */
  readonly cellOf: Int32Array;
}

/** Build the out/in exact-cover encoding of the (closed or open) tours of `board`. */
export function tourCoverEncoding(board: Board, options: TourCoverOptions = {}): TourCoverEncoding {
  const closed = options.closed ?? true;
  const { start, end } = options;
  if (closed && (start !== undefined || end !== undefined)) {
    // A cycle has no first cell: the tour is rotated to `start` after the search instead.
    throw new OptionError(
      "start and end cells restrict open-tour encodings only; a closed tour can start anywhere",
      start ?? end,
    );
  }
  checkCellOption(board, start, "start");
  checkCellOption(board, end, "end");
  const graph = moveGraph(board);
  const { cellOf, vertexOf } = vertexNumbering(board);
  const cells = board.vertexCount;
  const vertices = closed ? cells : cells + 1;
  const virtual = closed ? -1 : cells;
  const moves = graph.targets.length;
  const first = start === undefined ? -1 : vertexOf[start]!;
  const last = end === undefined ? -1 : vertexOf[end]!;
  const extra = closed ? 0 : (first < 0 ? cells : 1) + (last < 0 ? cells : 1);
  const from = new Int32Array(moves + extra);
  const to = new Int32Array(moves + extra);
  let k = 0;
  for (let a = 0; a < cells; a++) {
    const cell = cellOf[a]!;
    for (let t = graph.offsets[cell]!; t < graph.offsets[cell + 1]!; t++) {
      from[k] = a;
      to[k++] = vertexOf[graph.targets[t]!]!;
    }
  }
  if (!closed) {
    for (let c = 0; c < cells; c++) {
      if (first >= 0 && c !== first) continue;
      from[k] = virtual;
      to[k++] = c;
    }
    for (let c = 0; c < cells; c++) {
      if (last >= 0 && c !== last) continue;
      from[k] = c;
      to[k++] = virtual;
    }
  }
  const list: Int32Array[] = new Array(k);
  for (let o = 0; o < k; o++) list[o] = Int32Array.of(from[o]!, vertices + to[o]!);
  return {
    board,
    closed,
    vertices,
    virtual,
    problem: { primary: 2 * vertices, options: list },
    from,
    to,
    cellOf,
  };
}

/** Vertices are the cells that are not holes, in cell order; vertexOf[hole] is -1. */
function vertexNumbering(board: Board): { cellOf: Int32Array; vertexOf: Int32Array } {
  const vertexOf = new Int32Array(board.cells);
  const cellOf = new Int32Array(board.vertexCount);
  for (let cell = 0, v = 0; cell < board.cells; cell++) {
    if (board.isHole(cell)) vertexOf[cell] = -1;
    else {
      vertexOf[cell] = v;
      cellOf[v++] = cell;
    }
  }
  return { cellOf, vertexOf };
}

/**
 * The option of the move a → b. A dense vertices² table while that is at most DENSE_MAX
 * entries (one load per lookup); beyond, the moves out of each vertex sorted by target and
 * found by binary search, in memory linear in the moves (a dense table for 300×300 would need
 * 8.1·10^9 entries: the search died with a RangeError before it began).
 */
export class MoveIndex {
  static readonly DENSE_MAX = 1 << 20;
  private readonly vertices: number;
  private readonly dense: Int32Array | null;
  private readonly offsets: Int32Array;
  private readonly targets: Int32Array;
  private readonly options: Int32Array;

  constructor(encoding: Pick<TourCoverEncoding, "vertices" | "from" | "to">) {
    const v = encoding.vertices;
    const { from, to } = encoding;
    this.vertices = v;
    if (v * v <= MoveIndex.DENSE_MAX) {
      this.dense = new Int32Array(v * v).fill(-1);
      for (let k = 0; k < from.length; k++) this.dense[from[k]! * v + to[k]!] = k;
      this.offsets = this.targets = this.options = new Int32Array(0);
      return;
    }
    this.dense = null;
    const offsets = new Int32Array(v + 1);
    for (let k = 0; k < from.length; k++) offsets[from[k]! + 1]!++;
    for (let i = 0; i < v; i++) offsets[i + 1]! += offsets[i]!;
    const fill = offsets.slice(0, v);
    const order = new Int32Array(from.length);
    for (let k = 0; k < from.length; k++) order[fill[from[k]!]!++] = k;
    // Sort each vertex's moves by target: insertion sort for a cell's (at most 8), a library
    // sort for the virtual vertex's (one per cell).
    for (let i = 0; i < v; i++) {
      if (offsets[i + 1]! - offsets[i]! > 16) {
        const segment = Array.from(order.subarray(offsets[i]!, offsets[i + 1]!));
        segment.sort((x, y) => to[x]! - to[y]!);
        order.set(segment, offsets[i]!);
        continue;
      }
      for (let j = offsets[i]! + 1; j < offsets[i + 1]!; j++) {
        const k = order[j]!;
        let m = j - 1;
        while (m >= offsets[i]! && to[order[m]!]! > to[k]!) {
          order[m + 1] = order[m]!;
          m--;
        }
        order[m + 1] = k;
      }
    }
    this.offsets = offsets;
    this.options = order;
    this.targets = new Int32Array(from.length);
    for (let j = 0; j < order.length; j++) this.targets[j] = to[order[j]!]!;
  }

  option(a: number, b: number): number {
    if (this.dense !== null) return this.dense[a * this.vertices + b]!;
    let lo = this.offsets[a]!;
    let hi = this.offsets[a + 1]! - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const t = this.targets[mid]!;
      if (t === b) return this.options[mid]!;
      if (t < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/**
 * Knuth's mate links as a CoverHook: mate[v] is the other end of the partial path that has v
 * as an end (v itself for a vertex on no chosen move). Choosing a → b joins the path s … a
 * with the path b … e; the option e → s would then close a short cycle, so it is deleted.
 */
export class MatePruner implements CoverHook {
  /** Options deleted so far (a statistic). */
  deletions = 0;
  private readonly mate: Int32Array;
  private readonly savedStart: Int32Array;
  private readonly savedEnd: Int32Array;
  /** The option of the move e → s, or -1 (see MoveIndex). */
  private readonly moves: MoveIndex;

  constructor(
    private readonly encoding: TourCoverEncoding,
    private readonly links: DancingLinks,
  ) {
    const v = encoding.vertices;
    this.mate = new Int32Array(v);
    for (let i = 0; i < v; i++) this.mate[i] = i;
    this.savedStart = new Int32Array(v + 1);
    this.savedEnd = new Int32Array(v + 1);
    this.moves = new MoveIndex(encoding);
  }

  choose(option: number, level: number): boolean {
    const a = this.encoding.from[option]!;
    const b = this.encoding.to[option]!;
    const mate = this.mate;
    const v = this.encoding.vertices;
    const s = mate[a]!;
    const e = mate[b]!;
    if (s === b) {
      // a → b closes the path b … a into a cycle: only the last move may do that. (Deletion
      // keeps this from happening earlier; the check makes the hook safe on its own.)
      this.savedStart[level] = -1;
      return level === v - 1;
    }
    mate[s] = e;
    mate[e] = s;
    this.savedStart[level] = s;
    this.savedEnd[level] = e;
    // After this move the path s … e has level + 2 vertices; e → s may close it only when
    // that is all of them.
    if (level < v - 2) {
      const closing = this.moves.option(e, s);
      if (closing >= 0 && this.links.removeOption(closing)) this.deletions++;
    }
    return true;
  }

  unchoose(option: number, level: number): void {
    const s = this.savedStart[level]!;
    if (s < 0) return;
    this.mate[s] = this.encoding.from[option]!;
    this.mate[this.savedEnd[level]!] = this.encoding.to[option]!;
  }
}

/**
 * Follow the chosen moves from `first`: writes the cycle into `cycle` and returns its length
 * (the number of vertices before the walk comes back to `first`).
 */
function followCycle(
  encoding: TourCoverEncoding,
  chosen: Int32Array,
  size: number,
  next: Int32Array,
  first: number,
): number {
  const { from, to } = encoding;
  for (let l = 0; l < size; l++) next[from[chosen[l]!]!] = to[chosen[l]!]!;
  let length = 1;
  for (let v = next[first]!; v !== first; v = next[v]!) length++;
  return length;
}

/**
 * The tour of a single-cycle solution: from the vertex `start` (closed) or from the virtual
 * vertex's successor.
 */
function tourOfCycle(encoding: TourCoverEncoding, next: Int32Array, start: number): Tour {
  const { board, closed, virtual, cellOf } = encoding;
  const length = board.vertexCount;
  const path = new Int32Array(length);
  let v = closed ? start : next[virtual]!;
  for (let i = 0; i < length; i++) {
    path[i] = cellOf[v]!;
    v = next[v]!;
  }
  return { board, path, closed };
}

/**
 * The limits are the run contract's; a caller that runs this search inside its own run (solve's
 * dlx method) passes its `budget`, and counts the result's `stats.nodes` against it after.
 */
export interface FindTourByCoverOptions extends Limits<SearchProgress> {
  readonly closed?: boolean | undefined;
  /** First cell (flat index): open tours are searched from it; closed ones are rotated to it. */
  readonly start?: number | undefined;
  /** Last cell of an open tour. */
  readonly end?: number | undefined;
  /** "prune" (default) or "filter". */
  readonly mode?: TourCoverMode | undefined;
  /** Seed of the PRNG that breaks MRV ties (default: ties go to the first item). */
  readonly seed?: number | undefined;
  /** Refuse boards whose exact-cover matrix would need more bytes (default DEFAULT_MAX_BYTES). */
  readonly maxBytes?: number | undefined;
}

/**
 * Memory the exact-cover search takes per cell, measured: the problem's option lists, the
 * Dancing Links arrays and the encoding (1000×1000 peaked at 3.2 GB, 300×300 at 0.37 GB).
 */
export const COVER_BYTES_PER_CELL = 3000;

/**
 * Building the matrix is not interruptible and takes a few kB a cell: refuse what cannot fit
 * before starting (tour 3000 --method dlx grew past 20 GB deaf to its time limit; count 2000
 * --method dlx ran out of heap after 28 s).
 *
 * @throws MemoryLimitError with the need and the limit.
 */
export function checkCoverMemory(board: Board, maxBytes = DEFAULT_MAX_BYTES): void {
  checkMemory(
    `the exact-cover search on ${board} (about ${COVER_BYTES_PER_CELL} bytes a cell)`,
    board.cells * COVER_BYTES_PER_CELL,
    maxBytes,
    board.label,
  );
}

/**
 * Find one knight's tour with the exact-cover encoding. Same result shape as `solve`:
 * "found" with a tour, "impossible" (theory, or the exhaustive search found none), "limit" or
 * "aborted".
 */
export function findTourByCover(board: Board, options: FindTourByCoverOptions = {}): TourResult {
  const began = performance.now();
  const closed = options.closed ?? false;
  const mode = checkMode(options.mode ?? "prune");
  const stats = { nodes: 0, backtracks: 0, attempts: 1, ms: 0 };
  const budget = Budget.start<SearchProgress>(options, (nodes, ms) => ({ nodes, attempts: 1, ms }));
  const { start, end } = options;
  const existence = theoryFor(board, closed, start, end);
  const done = (status: TourStatus, tour: Tour | null, reason?: string): TourResult => {
    stats.ms = performance.now() - began;
    return reason === undefined ? { status, tour, stats } : { status, tour, reason, stats };
  };
  if (existence.exists === false) return done("impossible", null, existence.reason);
  checkCoverMemory(board, options.maxBytes);

  const encoding = tourCoverEncoding(board, closed ? { closed } : { closed, start, end });
  // Building the matrix of a large board takes seconds: the time limit covers it too.
  if (budget.check() !== null) return done(budget.stopped!, null, buildingReason(budget, board));
  const links = new DancingLinks(encoding.problem, {
    random: options.seed === undefined ? undefined : createRandom(options.seed),
  });
  if (budget.check() !== null) return done(budget.stopped!, null, buildingReason(budget, board));
  const next = new Int32Array(encoding.vertices);
  // A closed tour is read from the vertex of `start` (the first cell that is not a hole).
  const from = closed && start !== undefined ? encoding.cellOf.indexOf(start) : 0;
  const first = closed ? from : encoding.virtual;
  const found: { tour: Tour | null } = { tour: null };
  const visit = (chosen: Int32Array, size: number): boolean => {
    if (followCycle(encoding, chosen, size, next, first) !== encoding.vertices) return true;
    found.tour = tourOfCycle(encoding, next, from);
    return false;
  };
  if (mode === "prune") links.hook = new MatePruner(encoding, links);
  const result = links.forEachSolution(visit, { budget });
  stats.nodes = result.stats.nodes;
  const tour = found.tour;
  stats.backtracks = Math.max(0, result.stats.nodes - (tour === null ? 0 : encoding.vertices));
  if (tour !== null) return done("found", tour);
  if (result.status === "exhausted") {
    const kind = closed ? "closed" : "open";
    return done(
      "impossible",
      null,
      `the exact-cover search visited every ${mode === "filter" ? "cycle cover" : "pruned cover"} of ${board} and found no ${kind} tour`,
    );
  }
  return done(result.status === "aborted" ? "aborted" : "limit", null, result.reason);
}

/**
 * The limits are the run contract's; a caller that counts inside its own run (count's dlx
 * method) passes its `budget`, and counts the result's `stats.nodes` against it after.
 */
export interface CountToursByCoverOptions extends TourCoverOptions, Limits<SearchProgress> {
  /** Refuse boards whose exact-cover matrix would need more bytes (default DEFAULT_MAX_BYTES). */
  readonly maxBytes?: number | undefined;
  /** "prune" (default) or "filter". */
  readonly mode?: TourCoverMode | undefined;
  /** Called with every tour found (closed tours start at the first cell that is not a hole). */
  readonly onTour?: ((tour: Tour) => void) | undefined;
}

export interface TourCoverCount {
  readonly status: CoverStatus;
  /** Directed tours (a closed tour counts once per direction; each starting point once). */
  readonly tours: number;
  /** Exact-cover solutions visited: all cycle covers when filtering, only tours when pruning. */
  readonly covers: number;
  /** Covers that were several cycles (filter mode; 0 when pruning). */
  readonly rejected: number;
  /** Options deleted by mate pruning (0 when filtering). */
  readonly deletions: number;
  readonly reason?: string;
  readonly stats: CoverStats;
}

/**
 * Count the directed tours of `board` through the exact-cover encoding, by filtering cycle
 * covers or by mate pruning. Undirected closed tours are half the count.
 */
export function countToursByCover(
  board: Board,
  options: CountToursByCoverOptions = {},
): TourCoverCount {
  const mode = checkMode(options.mode ?? "prune");
  const budget = Budget.start<SearchProgress>(options, (nodes, ms) => ({ nodes, attempts: 1, ms }));
  checkCoverMemory(board, options.maxBytes);
  const encoding = tourCoverEncoding(board, options);
  const links = new DancingLinks(encoding.problem);
  const next = new Int32Array(encoding.vertices);
  const first = encoding.closed ? 0 : encoding.virtual;
  let tours = 0;
  let covers = 0;
  const { onTour } = options;
  // Two cells and a move there and back are a cycle cover, not a closed tour.
  const whole = encoding.closed && encoding.vertices < 3 ? -1 : encoding.vertices;
  const visit = (chosen: Int32Array, size: number): void => {
    covers++;
    if (followCycle(encoding, chosen, size, next, first) === whole) {
      tours++;
      onTour?.(tourOfCycle(encoding, next, 0));
    }
  };
  const pruner = mode === "prune" ? new MatePruner(encoding, links) : null;
  links.hook = pruner;
  const result = links.forEachSolution(visit, { budget });
  const common = {
    status: result.status,
    tours,
    covers,
    rejected: covers - tours,
    deletions: pruner?.deletions ?? 0,
    stats: result.stats,
  };
  return result.reason === undefined ? common : { ...common, reason: result.reason };
}

/**
 * Every directed tour found by the exact-cover search, lazily (for tests and cross-checks);
 * closed ones start at the first cell that is not a hole.
 */
export function* toursByCover(
  board: Board,
  options: TourCoverOptions & { readonly mode?: TourCoverMode; readonly maxBytes?: number } = {},
): Generator<Tour, void, undefined> {
  const mode = checkMode(options.mode ?? "prune");
  checkCoverMemory(board, options.maxBytes);
  const encoding = tourCoverEncoding(board, options);
  const links = new DancingLinks(encoding.problem);
  if (mode === "prune") links.hook = new MatePruner(encoding, links);
  const next = new Int32Array(encoding.vertices);
  const first = encoding.closed ? 0 : encoding.virtual;
  const whole = encoding.closed && encoding.vertices < 3 ? -1 : encoding.vertices;
  for (const solution of links.solutions()) {
    if (followCycle(encoding, solution, solution.length, next, first) === whole) {
      yield tourOfCycle(encoding, next, 0);
    }
  }
}

/**
 * What theory settles before the search: the knight's theorems on its plain rectangle; on
 * other geometries only that a closed tour needs three cells (a move there and back is not a
 * cycle) — the search decides the rest.
 */
function theoryFor(
  board: Board,
  closed: boolean,
  start: number | undefined,
  end: number | undefined,
): Existence {
  if (board.plain) return tourExists(board, { closed, start, end });
  if (closed && board.vertexCount < 3) {
    return {
      exists: false,
      reason: `a closed tour needs at least 3 cells, and ${board} has ${board.vertexCount}`,
    };
  }
  return { exists: "unknown", reason: `the exact-cover search decides for ${board}` };
}

function checkMode(mode: string): TourCoverMode {
  if (mode !== "filter" && mode !== "prune") {
    throw new OptionError(`unknown exact-cover mode "${mode}"; use "filter" or "prune"`, mode);
  }
  return mode;
}

function buildingReason(budget: Budget, board: Board): string {
  const what = `the exact-cover matrix of ${board} (${board.cells} cells)`;
  return budget.stopped === "limit" && budget.remaining() === 0
    ? `the time limit of ${budget.timeLimitMs} ms was reached while building ${what}`
    : `${budget.reason} while building ${what}`;
}
