import { KNIGHT_MOVES } from "../core/graph.js";

/**
 * Hamiltonian paths of one small block (up to 12×12) between two given cells: the pieces the
 * block-order construction (block-order.ts) concatenates. The generic search (solve's `search`)
 * fixes a start only; a block path needs both ends fixed, so it has its own small search:
 * depth-first, children in Warnsdorff order (fewest onward moves first, ties at random), with
 * the two cuts that matter on a knight graph:
 *
 * - a cell beside the current one with no other free neighbour must be entered now (it can
 *   only be the path's last cell), and two such cells end the branch;
 * - the required end must keep a free neighbour until the path is ready to enter it.
 *
 * Each attempt is capped at ATTEMPT_NODES nodes and retried with other tie-breaks, which finds
 * the paths in well under a millisecond each on a 12×12 block. Paths are cached for the life
 * of the process: a board needs a few dozen distinct ones at most. A block pair that has no
 * such path (a colour mismatch, a cell that is a dead end) answers null after the attempts.
 *
 * A block crossed twice (out along a thin board and back, block-strip.ts) needs two paths that
 * share its cells between them: from `from` to `jumpFrom`, then from `jumpTo` to `to`. That is
 * one Hamiltonian path of the block's graph with one extra edge, jumpFrom → jumpTo, that it must
 * take (and no other way into jumpTo): the same search, with that move forced.
 */

const ATTEMPT_NODES = 2_000;
const ATTEMPTS = 200;

interface BlockGraph {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

const graphs = new Map<number, BlockGraph>();
const paths = new Map<string, Int32Array | null>();

function blockGraph(h: number, w: number): BlockGraph {
  const key = h * 4096 + w;
  const hit = graphs.get(key);
  if (hit) return hit;
  const n = h * w;
  const offsets = new Int32Array(n + 1);
  const list: number[] = [];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      for (const [dr, dc] of KNIGHT_MOVES) {
        const nr = r + dr;
        const nc = c + dc;
        if (nr >= 0 && nr < h && nc >= 0 && nc < w) list.push(nr * w + nc);
      }
      offsets[r * w + c + 1] = list.length;
    }
  }
  const graph = { offsets, targets: Int32Array.from(list) };
  graphs.set(key, graph);
  return graph;
}

/**
 * A Hamiltonian path of the h×w knight graph (cells r·w + c) from `from` to `to`; −1 for
 * either end leaves it free. Null when the attempts find none.
 */
export function blockPath(h: number, w: number, from: number, to: number): Int32Array | null {
  const key = `${h}x${w}:${from}:${to}`;
  const hit = paths.get(key);
  if (hit !== undefined) return hit;
  let path: Int32Array | null;
  if (from < 0 && to >= 0) {
    // A free start is a free end read backwards.
    path = search(h, w, to, -1, -1, -1);
    path?.reverse();
  } else {
    path = search(h, w, Math.max(from, 0), to, -1, -1);
  }
  paths.set(key, path);
  return path;
}

/**
 * Two paths of the h×w block that cover it together: from `from` to `jumpFrom`, and from
 * `jumpTo` to `to` (four distinct cells). Returned as one array, the second path right after
 * the first (it begins at the index after `jumpFrom`'s). Null when the attempts find none.
 */
export function blockPathPair(
  h: number,
  w: number,
  from: number,
  jumpFrom: number,
  jumpTo: number,
  to: number,
): Int32Array | null {
  const key = `${h}x${w}:${from}:${jumpFrom}:${jumpTo}:${to}`;
  const hit = paths.get(key);
  if (hit !== undefined) return hit;
  const ends = new Set([from, jumpFrom, jumpTo, to]);
  const path = ends.size === 4 && !ends.has(-1) ? search(h, w, from, to, jumpFrom, jumpTo) : null;
  paths.set(key, path);
  return path;
}

function search(
  h: number,
  w: number,
  from: number,
  to: number,
  jumpFrom: number,
  jumpTo: number,
): Int32Array | null {
  const n = h * w;
  if (n === 1) return to <= 0 ? Int32Array.of(0) : null;
  if (from === to) return null;
  const { offsets, targets } = blockGraph(h, w);
  const path = new Int32Array(n);
  const free = new Uint8Array(n);
  const degree = new Int32Array(n);
  // Candidates of each depth, 8 slots a depth, with a cursor and a count per depth.
  const candidates = new Int32Array(8 * n);
  const count = new Int32Array(n);
  const cursor = new Int32Array(n);
  const keys = new Int32Array(8);
  // Tie-breaks from a small linear congruential generator (ZX81's, modulo 65537): every value
  // stays a small integer, so the search allocates nothing even before it is optimised.
  let state = 1;
  const take = (v: number) => {
    free[v] = 0;
    for (let k = offsets[v]!; k < offsets[v + 1]!; k++) degree[targets[k]!]!--;
  };
  const release = (v: number) => {
    free[v] = 1;
    for (let k = offsets[v]!; k < offsets[v + 1]!; k++) degree[targets[k]!]!++;
  };
  const expand = (depth: number) => {
    const u = path[depth]!;
    const last = depth + 1 === n - 1;
    cursor[depth] = 0;
    if (u === jumpFrom) {
      // The forced move between the two paths.
      candidates[8 * depth] = jumpTo;
      count[depth] = free[jumpTo] === 1 ? 1 : 0;
      return;
    }
    let forced = -1;
    let forcedCount = 0;
    // jumpFrom with no other free neighbour must be entered now (it leaves by the jump).
    let mustEnterJump = false;
    let m = 0;
    for (let k = offsets[u]!; k < offsets[u + 1]!; k++) {
      const v = targets[k]!;
      if (free[v] === 0 || v === jumpTo) continue;
      if (v === to && !last) continue;
      if (degree[v] === 0 && v !== to) {
        if (v === jumpFrom) mustEnterJump = true;
        else {
          forced = v;
          forcedCount++;
        }
      }
      candidates[8 * depth + m] = v;
      state = (state * 75 + 74) % 65537;
      keys[m] = degree[v]! * 65537 + state;
      m++;
    }
    if (forcedCount > 1 || (forcedCount === 1 && (!last || mustEnterJump))) {
      count[depth] = 0;
    } else if (to >= 0 && free[to] === 1 && degree[to] === 0 && !last) {
      count[depth] = 0;
    } else if (mustEnterJump) {
      candidates[8 * depth] = jumpFrom;
      count[depth] = 1;
    } else {
      // Insertion sort of at most 8 candidates by key.
      for (let i = 1; i < m; i++) {
        const key = keys[i]!;
        const v = candidates[8 * depth + i]!;
        let j = i - 1;
        while (j >= 0 && keys[j]! > key) {
          keys[j + 1] = keys[j]!;
          candidates[8 * depth + j + 1] = candidates[8 * depth + j]!;
          j--;
        }
        keys[j + 1] = key;
        candidates[8 * depth + j + 1] = v;
      }
      if (forcedCount === 1) {
        candidates[8 * depth] = forced;
        m = 1;
      }
      count[depth] = m;
    }
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    state = (attempt * 7919 + h * 131 + w) % 65537;
    free.fill(1);
    for (let u = 0; u < n; u++) degree[u] = offsets[u + 1]! - offsets[u]!;
    path[0] = from;
    take(from);
    expand(0);
    let depth = 0;
    let nodes = 0;
    while (depth >= 0 && nodes < ATTEMPT_NODES) {
      if (depth === n - 1) {
        if (to < 0 || path[depth] === to) return path.slice();
        release(path[depth]!);
        depth--;
        continue;
      }
      if (cursor[depth]! >= count[depth]!) {
        release(path[depth]!);
        depth--;
        continue;
      }
      const v = candidates[8 * depth + cursor[depth]!++]!;
      nodes++;
      path[++depth] = v;
      take(v);
      if (depth < n - 1) expand(depth);
    }
  }
  return null;
}
