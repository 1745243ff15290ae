import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import type { MoveGraph } from "../core/graph.js";
import {
  type KeyLayout,
  keyLayout,
  mirrorMapsGraph,
  type SweepLayout,
  sweepLayout,
  wrongEndColour,
} from "./frontier-layout.js";
import { type SweepGraph, sweepGraph } from "./frontier-order.js";
import { type KeyRepack, keyRepack } from "./frontier-repack.js";
import { type FrontierOptions, MAX_FRONTIER_WINDOW } from "./frontier-types.js";

/**
 * Everything about one frontier sweep that is fixed before its first cell: the layout read off
 * the move graph (frontier-layout.ts), the codes of a window slot, how a working state and a
 * stored key are laid out in 32-bit words, and the per-cell and per-slot flags the transitions
 * read. Built once per lane; the sweep itself (frontier.ts) and its transitions
 * (frontier-cell.ts) only read it.
 */
export interface SweepPlan {
  readonly board: Board;
  /** The move graph renumbered in the sweep's order (frontier-order.ts): cells are positions. */
  readonly graph: SweepGraph;
  readonly layout: SweepLayout;
  /** Cells swept, window width, and the board's columns as swept. */
  readonly n: number;
  readonly w: number;
  readonly cols: number;
  readonly pathMode: boolean;
  /** Slot codes (frontier.ts): TAIL is -1 in cycle mode, which has none. */
  readonly TAIL: number;
  readonly SECOND: number;
  /** The compact key layout, whether keys use it (windows over 13), key words, entry words. */
  readonly K: KeyLayout;
  readonly compact: boolean;
  readonly kw: number;
  readonly stride: number;
  /** The working state: `words` words of `perWord` fields of `bits` bits, slot i in field i. */
  readonly bits: number;
  readonly perWord: number;
  readonly fieldMask: number;
  /** Shift of the last field of a word (where the next word's first field moves to). */
  readonly topShift: number;
  readonly words: number;
  /** Word and shift of each slot's field; slot w's field holds the tour ends fixed, as read. */
  readonly fWord: Int32Array;
  readonly fShift: Int32Array;
  readonly metaWord: number;
  readonly metaShift: number;
  /** Byte tables between the working layout and compact keys (frontier-repack.ts). */
  readonly repack: KeyRepack;
  /** Per cell: 1 when it has no later neighbour (in a cycle it takes both its edges now). */
  readonly leavesAtOnce: Uint8Array;
  /** Per cell t: 1 when the oldest slot, cell t − w, is a path end of the wrong colour. */
  readonly oldestWrongEnd: Uint8Array;
  /** Per leaving entry of the layout: 1 when that cell would be a path end of the wrong colour. */
  readonly leaveWrongEnd: Uint8Array;
  /** Whether a state is folded with its mirror image at row ends (FrontierOptions.fold). */
  readonly fold: boolean;
}

/**
 * The plan of a sweep of `board` (refused when its window is wider than the keys hold), its
 * cells in the order `sweepGraph` picks; `options.ends` are board cells.
 */
export function sweepPlan(board: Board, moves: MoveGraph, options: FrontierOptions): SweepPlan {
  const ends = options.ends ?? [];
  const pathMode = options.mode === "path";
  const graph = sweepGraph(moves, options.order);
  const layout = sweepLayout(graph, ends);
  const { n, w } = layout;
  if (w > MAX_FRONTIER_WINDOW) {
    throw new OptionError(
      `the frontier sweep of ${board} needs a window of ${w} cells; it takes at most ${MAX_FRONTIER_WINDOW} (count it with the mates or backtrack method)`,
      board.label,
    );
  }
  const SECOND = pathMode ? 3 : 2;
  const K = keyLayout(w, SECOND);
  // Up to 6 wide the key is the working layout shifted by one field (two words); wider, it is
  // repacked into the compact layout.
  const compact = w > 13;
  const kw = compact ? K.words : 2;
  // The working state: the w + 1 window slots (slot w is the new cell) as fixed-width fields —
  // 4 bits while w ≤ 13 (boards up to 6 wide), else 5.
  const bits = w <= 13 ? 4 : 5;
  const perWord = Math.floor(32 / bits);
  const words = Math.floor(w / perWord) + 1;
  const fWord = new Int32Array(w + 1);
  const fShift = new Int32Array(w + 1);
  for (let i = 0; i <= w; i++) {
    fWord[i] = Math.floor(i / perWord);
    fShift[i] = (i % perWord) * bits;
  }
  return {
    board,
    graph,
    layout,
    n,
    w,
    cols: board.cols,
    pathMode,
    TAIL: pathMode ? 2 : -1,
    SECOND,
    K,
    compact,
    kw,
    stride: kw + 2,
    bits,
    perWord,
    fieldMask: (1 << bits) - 1,
    topShift: (perWord - 1) * bits,
    words,
    fWord,
    fShift,
    metaWord: fWord[w]!,
    metaShift: fShift[w]!,
    repack: keyRepack(w, bits, words, K),
    ...cellFlags(graph, layout, pathMode),
    fold: (options.fold ?? true) && ends.length === 0 && mirrorMapsGraph(graph),
  };
}

/** The per-cell flags of a sweep: cells leaving at once, and path ends of the wrong colour. */
function cellFlags(
  graph: SweepGraph,
  L: SweepLayout,
  pathMode: boolean,
): Pick<SweepPlan, "leavesAtOnce" | "oldestWrongEnd" | "leaveWrongEnd"> {
  const { n, w } = L;
  // A cell with no later neighbour (in a cycle: takes both its edges now); a hole takes none.
  const leavesAtOnce = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    for (let e = L.leaveStart[t]!; e < L.leaveStart[t + 1]!; e++) {
      if (L.leaveSlot[e] === w && L.hole[t] === 0) leavesAtOnce[t] = 1;
    }
  }
  // In a bipartite graph (the knight's: a move changes the colour of the square) a path
  // alternates colours from end to end, so when one colour has one cell more (the corners' on a
  // plain board of an odd number of cells) both ends are on it. A path end fixed on the other
  // colour can never complete: it is cut off when fixed.
  const wrongColour = pathMode ? wrongEndColour(graph) : -1;
  const wrongEnd = (u: number): boolean =>
    wrongColour >= 0 && u >= 0 && graph.colours![u] === wrongColour;
  const oldestWrongEnd = new Uint8Array(n);
  for (let t = 0; t < n; t++) oldestWrongEnd[t] = wrongEnd(t - w) ? 1 : 0;
  const leaveWrongEnd = new Uint8Array(L.leaveSlot.length);
  for (let t = 0; t < n; t++) {
    for (let e = L.leaveStart[t]!; e < L.leaveStart[t + 1]!; e++) {
      leaveWrongEnd[e] = wrongEnd(t - w + L.leaveSlot[e]!) ? 1 : 0;
    }
  }
  return { leavesAtOnce, oldestWrongEnd, leaveWrongEnd };
}
