import { adjacentAt, type SweepGraph } from "./frontier-order.js";

/**
 * The fixed shape of a frontier sweep: which earlier cells each cell joins, which cells leave the
 * window after each step (`sweepLayout`), and how a window state packs into a key of 32-bit words
 * (`keyLayout`). Built from the move graph alone, renumbered in the sweep's order
 * (frontier-order.ts), so any piece, holes and wrapped rows or columns give their own window.
 * Cells here are positions in that order ("cell t" is the t-th cell swept). See frontier.ts for
 * the codes and docs/counting.md for a worked example.
 */

export interface SweepLayout {
  /** Cells swept: the board's cells in the sweep's order, up to its last cell that is no hole. */
  readonly n: number;
  /** Window width: the farthest any cell reaches ahead (2·cols + 1 for a knight on a plane). */
  readonly w: number;
  /** For cell v: its earlier neighbours as working-array slots, in earlierStart[v]..[v+1]. */
  readonly earlierStart: Int32Array;
  readonly earlierSlot: Int32Array;
  /** For the same entries: how many later neighbours the earlier cell has after v. */
  readonly earlierRemaining: Int32Array;
  /** Most earlier neighbours of any cell. */
  readonly maxEarlier: number;
  /** Cells leaving the frontier at step t, as working-array slots. */
  readonly leaveStart: Int32Array;
  readonly leaveSlot: Int32Array;
  /** Degree cap per cell (1 for required path ends, else 2). */
  readonly cap: Uint8Array;
  /**
   * 1 for a hole: it enters the window already GONE (it is in no move and needs no degree), so
   * the window keeps the board's columns and the mirror of a row is the same at every row.
   */
  readonly hole: Uint8Array;
}

/**
 * The window a sweep of `graph` in its order needs: the farthest any cell's last neighbour lies
 * ahead of it (at least 1). On a plane a piece whose longest leg is L needs about L·cols + L;
 * wrapped columns reach further (a knight on a cylinder: 3·cols − 1 once cols ≥ 3), and a knight
 * on a torus, its rows interleaved, 5·cols − 1.
 */
export function sweepWindow(graph: SweepGraph): number {
  return graph.window;
}

/** The layout of a sweep of `graph`; `ends` are board cells (not positions). */
export function sweepLayout(graph: SweepGraph, ends: readonly number[]): SweepLayout {
  const { offsets, targets } = graph;
  // Holes after the last cell of the tour have nothing to sweep.
  let n = graph.cells;
  while (n > 0 && graph.hole[n - 1] === 1) n--;
  const later: number[][] = Array.from({ length: n }, () => []);
  const earlier: number[][] = Array.from({ length: n }, () => []);
  for (let u = 0; u < n; u++) {
    for (let i = offsets[u]!; i < offsets[u + 1]!; i++) {
      const v = targets[i]!;
      if (v > u) later[u]!.push(v);
      else earlier[u]!.push(v);
    }
    later[u]!.sort((a, b) => a - b);
    earlier[u]!.sort((a, b) => a - b);
  }
  const lastLater = new Int32Array(n);
  let w = 1;
  let maxEarlier = 0;
  for (let u = 0; u < n; u++) {
    lastLater[u] = Math.max(u, ...later[u]!);
    w = Math.max(w, lastLater[u]! - u);
    maxEarlier = Math.max(maxEarlier, earlier[u]!.length);
  }
  // Working array: slots 0..w-1 hold cells t-w..t-1, slot w holds the new cell t. Cell t-w has
  // no neighbour after t, so it leaves now at the latest: the key keeps the w cells t-w+1..t.
  const earlierStart = new Int32Array(n + 1);
  const earlierSlot: number[] = [];
  const earlierRemaining: number[] = [];
  for (let v = 0; v < n; v++) {
    earlierStart[v] = earlierSlot.length;
    for (const u of earlier[v]!) {
      earlierSlot.push(u - v + w);
      earlierRemaining.push(later[u]!.filter((x) => x > v).length);
    }
  }
  earlierStart[n] = earlierSlot.length;
  const leaveStart = new Int32Array(n + 1);
  const leaveSlot: number[] = [];
  for (let t = 0; t < n; t++) {
    leaveStart[t] = leaveSlot.length;
    for (let u = Math.max(0, t - w); u <= t; u++) if (lastLater[u] === t) leaveSlot.push(u - t + w);
  }
  leaveStart[n] = leaveSlot.length;
  const cap = new Uint8Array(n).fill(2);
  for (const e of ends) cap[graph.position[e]!] = 1;
  const hole = graph.hole.slice(0, n);
  return {
    n,
    w,
    earlierStart,
    earlierSlot: Int32Array.from(earlierSlot),
    earlierRemaining: Int32Array.from(earlierRemaining),
    maxEarlier,
    leaveStart,
    leaveSlot: Int32Array.from(leaveSlot),
    cap,
    hole,
  };
}

/**
 * Whether the left–right mirror (column c ↔ cols − 1 − c, rows kept) maps the geometry to
 * itself: holes to holes and every move to a move. It does for any leaper on a plane or a
 * cylinder or torus without holes; holes must be placed symmetrically. Checked on the graph
 * itself (in the sweep's order, which keeps rows whole and left to right), so the sweep's fold
 * never rests on a claim about topologies.
 */
export function mirrorMapsGraph(graph: SweepGraph): boolean {
  const { offsets, targets, cols, hole } = graph;
  const mirror = (v: number): number => v - (v % cols) + (cols - 1 - (v % cols));
  for (let u = 0; u < graph.cells; u++) {
    const m = mirror(u);
    if (hole[u] !== hole[m]) return false;
    if (offsets[u + 1]! - offsets[u]! !== offsets[m + 1]! - offsets[m]!) return false;
    for (let i = offsets[u]!; i < offsets[u + 1]!; i++) {
      if (!adjacentAt(graph, m, mirror(targets[i]!))) return false;
    }
  }
  return true;
}

/**
 * The wrong colour for a path's ends, or -1. In a bipartite graph a Hamiltonian path alternates
 * colours, so when one colour has one cell more both ends are on it: an end fixed on the other
 * colour can never complete. (With equal classes the ends differ, which the key cannot see; with
 * classes further apart there is no path, which the sweep finds anyway.)
 */
export function wrongEndColour(graph: SweepGraph): number {
  const { colours } = graph;
  if (colours === null) return -1;
  let ones = 0;
  for (let v = 0; v < graph.cells; v++) if (graph.hole[v] === 0 && colours[v] === 1) ones++;
  const zeros = graph.board.vertexCount - ones;
  if (zeros === ones + 1) return 1;
  if (ones === zeros + 1) return 0;
  return -1;
}

/**
 * Where each of the w key fields lives: field i holds the code of window cell i (oldest first).
 * A path end names its mate by distance, so field i holds at most `second + (w − 1 − i)`: the
 * oldest fields need 5 bits, the newest 2. Fields never straddle a word; they are packed
 * widest first into the fewest words, keeping the top bit of the last word clear (the table's
 * used mark). 7-wide boards (w = 15) take 56 bits for paths, 8-wide cycles 63: two words.
 */
export interface KeyLayout {
  /** 32-bit words per key. */
  readonly words: number;
  readonly word: Int32Array;
  readonly shift: Int32Array;
  readonly mask: Int32Array;
  /** Sum of the field widths. */
  readonly bits: number;
}

export function keyLayout(w: number, second: number): KeyLayout {
  const width = new Int32Array(w);
  let bits = 0;
  for (let i = 0; i < w; i++) {
    const max = second + (w - 1 - i);
    width[i] = 32 - Math.clz32(max);
    bits += width[i]!;
  }
  const order = Array.from({ length: w }, (_, i) => i).sort(
    (a, b) => width[b]! - width[a]! || a - b,
  );
  for (let words = Math.max(1, Math.ceil((bits + 1) / 32)); ; words++) {
    const room = Array.from({ length: words }, (_, k) => (k === words - 1 ? 31 : 32));
    const word = new Int32Array(w);
    const shift = new Int32Array(w);
    let fits = true;
    for (const i of order) {
      // Best fit: the fullest word that still takes the field.
      let k = -1;
      for (let j = 0; j < words; j++) {
        if (room[j]! >= width[i]! && (k < 0 || room[j]! < room[k]!)) k = j;
      }
      if (k < 0) {
        fits = false;
        break;
      }
      word[i] = k;
      shift[i] = (k === words - 1 ? 31 : 32) - room[k]!;
      room[k]! -= width[i]!;
    }
    if (fits) {
      const mask = width.map((b) => (b === 32 ? -1 : (1 << b) - 1));
      return { words, word, shift, mask, bits };
    }
  }
}
