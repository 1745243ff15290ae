import type { KnightGraph } from "../core/graph.js";

/**
 * An exhaustive, iterative search over Hamiltonian paths of the move graph that begin with a
 * given prefix — the unit of work of the backtracking counter and of `enumerate`. Any geometry:
 * a path is complete when it holds the graph's `vertexCount` cells (holes have no moves, so no
 * path enters one), and a cell may have any number of neighbours (up to 255).
 *
 * Pruning, all incremental (only neighbours of the old and new head are re-examined):
 * - `free[z]` is the number of unvisited neighbours of unvisited cell z;
 * - a cell that has lost touch with the head and has `free ≤ 1` can only be the path's last
 *   cell: there is room for one such cell (or for the required end only);
 * - a cell next to the head with `free = 0` must be entered next and be the last;
 * - a neighbour of the head with `free = 1` while the end is already taken is a forced move.
 * No object is allocated per node: the path, the per-level cursors, the forced move and the
 * known end live in typed arrays sized once.
 */
export class PathSearch {
  readonly graph: KnightGraph;
  /** The cells a complete path visits: the graph's vertex count (holes left out). */
  readonly cells: number;
  /** The current path; `path[0 .. depth)`. */
  readonly path: Int32Array;
  depth = 0;
  /** Search nodes (cells placed) since construction. */
  nodes = 0;
  private readonly visited: Uint8Array;
  /** Unvisited neighbours of each cell: never negative, at most the degree (≤ 255). */
  private readonly free: Uint8Array;
  private readonly cursor: Int32Array;
  private readonly forced: Int32Array;
  private readonly endAt: Int32Array;

  constructor(graph: KnightGraph) {
    this.graph = graph;
    const n = graph.board.cells;
    this.cells = graph.vertexCount;
    this.path = new Int32Array(n);
    this.visited = new Uint8Array(n);
    this.free = new Uint8Array(n);
    this.cursor = new Int32Array(n);
    this.forced = new Int32Array(n);
    this.endAt = new Int32Array(n + 1);
  }

  private base = 0;
  private stopDepth = 0;
  private atLeaf = false;
  /** 1: the prefix itself is the one answer, not yet reported; 2: reported. */
  private prefixLeaf = 0;
  private exhausted = true;
  private poll = 0;

  /**
   * Visit every Hamiltonian path that starts with `prefix` (and ends at `end` when ≥ 0). With
   * `stopDepth` below the board size, paths are cut at that many cells: `visit` sees the
   * prefixes instead (the way work is split into subproblems). `visit` receives this search
   * (read `path`, `depth`); returning false stops everything. `shouldStop`, polled every 2^14
   * nodes, does the same. Returns the number of visits, or -1 when stopped.
   */
  run(
    prefix: ArrayLike<number>,
    end: number,
    visit: ((search: PathSearch) => boolean | undefined) | null,
    stopDepth = this.cells,
    shouldStop: (() => boolean) | null = null,
  ): number {
    let found = 0;
    this.begin(prefix, end, stopDepth);
    for (;;) {
      const got = this.advance(shouldStop);
      if (got < 0) {
        this.unwind();
        this.exhausted = true;
        return -1;
      }
      if (got === 0) return found;
      found++;
      if (visit !== null && visit(this) === false) {
        this.unwind();
        this.exhausted = true;
        return -1;
      }
    }
  }

  /**
   * Start a resumable walk over the paths (or prefixes of `stopDepth` cells) beginning with
   * `prefix`; call `advance` for each one in turn.
   */
  begin(prefix: ArrayLike<number>, end: number, stopDepth = this.cells): void {
    const n = this.cells;
    const board = this.graph.board;
    const path = this.path;
    this.reset(end);
    this.stopDepth = stopDepth;
    this.exhausted = true;
    this.atLeaf = false;
    this.prefixLeaf = 0;
    for (let i = 0; i < prefix.length; i++) {
      const cell = prefix[i]!;
      const fits =
        cell >= 0 &&
        cell < board.cells &&
        !board.isHole(cell) &&
        this.visited[cell] === 0 &&
        (i === 0 || this.graph.adjacent(path[i - 1]!, cell));
      if (fits) this.place(cell);
      if (!fits || !this.check()) {
        this.unwind();
        return;
      }
    }
    this.base = this.depth;
    if (this.base === 0) return;
    this.exhausted = false;
    // A prefix that is already a leaf is the walk's only answer.
    if (this.base >= stopDepth || this.base === n) {
      this.prefixLeaf = 1;
      return;
    }
    this.cursor[this.base - 1] = this.graph.offsets[path[this.base - 1]!]!;
  }

  /**
   * Move to the next path (or cut prefix): 1 when `path[0 .. depth)` holds one, 0 when there
   * are no more, -1 when `shouldStop` (polled every 2^14 nodes) said stop — a pause: calling
   * `advance` again carries on where it left off.
   */
  advance(shouldStop: (() => boolean) | null = null): number {
    if (this.exhausted) return 0;
    const { offsets, targets } = this.graph;
    const n = this.cells;
    const path = this.path;
    const visited = this.visited;
    const cursor = this.cursor;
    const forced = this.forced;
    const stopDepth = this.stopDepth;
    if (this.prefixLeaf === 1) {
      this.prefixLeaf = 2;
      return 1;
    }
    if (this.prefixLeaf === 2) {
      this.prefixLeaf = 0;
      this.unwind();
      this.exhausted = true;
      return 0;
    }
    if (this.atLeaf) {
      this.atLeaf = false;
      this.unplace();
    }
    for (;;) {
      // Pausing here leaves the search consistent: the next advance() carries on.
      if ((++this.poll & 0x3fff) === 0 && shouldStop?.()) return -1;
      const d = this.depth - 1;
      const head = path[d]!;
      let next = -1;
      const f = forced[d]!;
      if (f >= 0) {
        if (cursor[d] === offsets[head]) {
          cursor[d] = offsets[head + 1]!;
          next = f;
        }
      } else {
        const stop = offsets[head + 1]!;
        let k = cursor[d]!;
        while (k < stop && visited[targets[k]!] === 1) k++;
        if (k < stop) {
          next = targets[k]!;
          cursor[d] = k + 1;
        } else cursor[d] = stop;
      }
      if (next < 0) {
        if (this.depth === this.base) {
          this.unwind();
          this.exhausted = true;
          return 0;
        }
        this.unplace();
        continue;
      }
      this.place(next);
      if (!this.check()) {
        this.unplace();
        continue;
      }
      if (this.depth === n || this.depth >= stopDepth) {
        this.atLeaf = true;
        return 1;
      }
      cursor[this.depth - 1] = offsets[next]!;
    }
  }

  private reset(end: number): void {
    this.unwind();
    const { degree } = this.graph;
    this.free.set(degree);
    this.endAt[0] = end;
  }

  private unwind(): void {
    while (this.depth > 0) this.unplace();
  }

  private place(y: number): void {
    const { offsets, targets } = this.graph;
    this.path[this.depth++] = y;
    this.visited[y] = 1;
    this.nodes++;
    for (let k = offsets[y]!, stop = offsets[y + 1]!; k < stop; k++) this.free[targets[k]!]!--;
  }

  private unplace(): void {
    const { offsets, targets } = this.graph;
    const y = this.path[--this.depth]!;
    this.visited[y] = 0;
    for (let k = offsets[y]!, stop = offsets[y + 1]!; k < stop; k++) this.free[targets[k]!]!++;
  }

  /**
   * After placing the head: may the path still be completed? Sets the known end and the forced
   * move for this depth.
   */
  private check(): boolean {
    const { offsets, targets } = this.graph;
    const visited = this.visited;
    const free = this.free;
    const depth = this.depth;
    const remaining = this.cells - depth;
    const y = this.path[depth - 1]!;
    let end = this.endAt[depth - 1]!;
    this.forced[depth - 1] = -1;
    if (remaining === 0) return end < 0 || end === y;
    if (y === end) return false;
    // Cells that were next to the old head and are not next to the new one.
    if (depth >= 2) {
      const h = this.path[depth - 2]!;
      for (let k = offsets[h]!, stop = offsets[h + 1]!; k < stop; k++) {
        const z = targets[k]!;
        if (visited[z] === 1 || free[z]! > 1 || this.graph.adjacent(y, z)) continue;
        if (free[z] === 0) return false;
        if (end < 0) end = z;
        else if (end !== z) return false;
      }
    }
    let forced = -1;
    for (let k = offsets[y]!, stop = offsets[y + 1]!; k < stop; k++) {
      const z = targets[k]!;
      if (visited[z] === 1) continue;
      const f = free[z]!;
      if (f === 0) {
        // Only the head reaches z: it must come next, and last.
        if (remaining > 1 || (end >= 0 && end !== z)) return false;
        forced = z;
      } else if (f === 1 && end >= 0 && end !== z) {
        // Leaving z behind would make it a second end.
        if (forced >= 0 && forced !== z) return false;
        forced = z;
      }
    }
    this.forced[depth - 1] = forced;
    this.endAt[depth] = end;
    return true;
  }
}
