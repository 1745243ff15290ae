import type { Board } from "../core/board.js";
import { knightGraph } from "../core/graph.js";

/**
 * A backtracking search that stops after every event, for watching it (the page's teaching
 * mode). It is the textbook search made visible, not a fast solver: use `solve()` for that.
 *
 * Events, in order, describe exactly what a depth-first search does: the knight moves to a cell
 * ("visit"), finds no untried move ("dead-end"), steps back ("backtrack"), until a tour is
 * complete ("found") or every possibility is spent ("exhausted").
 */
export type SearchEvent =
  | { readonly kind: "visit"; readonly cell: number; readonly depth: number }
  | { readonly kind: "dead-end"; readonly cell: number; readonly depth: number }
  | {
      readonly kind: "backtrack";
      readonly from: number;
      readonly to: number;
      readonly depth: number;
    }
  | { readonly kind: "found"; readonly path: Int32Array; readonly closed: boolean }
  | { readonly kind: "exhausted" };

export interface TeachingOptions {
  readonly start?: number;
  readonly closed?: boolean;
  /**
   * Order of the moves tried from each cell: "fixed" (KNIGHT_MOVES order, as in the articles)
   * or "warnsdorff" (fewest onward moves first, which rarely needs to backtrack).
   */
  readonly order?: "fixed" | "warnsdorff";
}

/**
 * Step through a backtracking search. `path` (shared, updated in place) holds the current path;
 * its first `depth` entries are valid after each event.
 */
export function* backtrackingSteps(
  board: Board,
  options: TeachingOptions = {},
): Generator<SearchEvent, void, undefined> {
  const graph = knightGraph(board);
  const { offsets, targets } = graph;
  const cells = board.cells;
  const start = options.start ?? 0;
  const closed = options.closed === true;
  const warnsdorff = options.order === "warnsdorff";
  const visited = new Uint8Array(cells);
  const path = new Int32Array(cells);
  // Candidates per level, up to 8 each, and how many have been tried.
  const candidates = new Int32Array(cells * 8);
  const count = new Uint8Array(cells);
  const tried = new Uint8Array(cells);

  const onward = (cell: number): number => {
    let d = 0;
    for (let i = offsets[cell]!; i < offsets[cell + 1]!; i++) if (!visited[targets[i]!]) d++;
    return d;
  };
  const fill = (level: number): void => {
    const cell = path[level]!;
    let k = 0;
    const base = level * 8;
    for (let i = offsets[cell]!; i < offsets[cell + 1]!; i++) {
      const next = targets[i]!;
      if (!visited[next]) candidates[base + k++] = next;
    }
    if (warnsdorff) {
      // Insertion sort by onward degree (stable, so ties keep KNIGHT_MOVES order).
      const keys = new Int8Array(k);
      for (let i = 0; i < k; i++) keys[i] = onward(candidates[base + i]!);
      for (let i = 1; i < k; i++) {
        const c = candidates[base + i]!;
        const key = keys[i]!;
        let j = i - 1;
        while (j >= 0 && keys[j]! > key) {
          candidates[base + j + 1] = candidates[base + j]!;
          keys[j + 1] = keys[j]!;
          j--;
        }
        candidates[base + j + 1] = c;
        keys[j + 1] = key;
      }
    }
    count[level] = k;
    tried[level] = 0;
  };

  path[0] = start;
  visited[start] = 1;
  let depth = 1;
  yield { kind: "visit", cell: start, depth };
  fill(0);
  for (;;) {
    if (depth === cells && (!closed || cells === 1 || graph.adjacent(path[cells - 1]!, start))) {
      yield { kind: "found", path: path.slice(), closed };
      return;
    }
    const level = depth - 1;
    if (depth < cells && tried[level]! < count[level]!) {
      const next = candidates[level * 8 + tried[level]!]!;
      tried[level]!++;
      path[depth] = next;
      visited[next] = 1;
      depth++;
      yield { kind: "visit", cell: next, depth };
      fill(depth - 1);
      continue;
    }
    // Every move from here is spent: a dead end if there never was one (or a full path that
    // does not close), else all its branches failed. Either way, step back.
    const cell = path[level]!;
    if (count[level] === 0 || depth === cells) yield { kind: "dead-end", cell, depth };
    if (depth === 1) {
      yield { kind: "exhausted" };
      return;
    }
    visited[cell] = 0;
    depth--;
    yield { kind: "backtrack", from: cell, to: path[depth - 1]!, depth };
  }
}
