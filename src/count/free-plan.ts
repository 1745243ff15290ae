import type { MoveGraph } from "../core/graph.js";

/**
 * The fixed shape of a count in a free order of the cells (free-frontier.ts): at every step, the
 * cells open before it, the open cells its new cell has moves to, where each cell goes in the
 * list of cells open after it, and how many moves each of those still has to come.
 */

/** The fixed shape of a count in `order`: each step's open cells and how its cell joins them. */
export interface FreePlan {
  readonly n: number;
  readonly order: Int32Array;
  /** 32-bit words of the widest step's key. */
  readonly kw: number;
  /** Open cells before step t (`inSize[t]`) and after it (`inSize[t + 1]`); n + 1 entries. */
  readonly inSize: Int32Array;
  /** For step t, the open cells (indices before the step) its cell has moves to. */
  readonly backStart: Int32Array;
  readonly backIndex: Int32Array;
  /**
   * For step t, each of its inSize[t] + 1 cells (the open ones, then the new cell) mapped to
   * its index among the cells open after the step, or −1 when it closes now.
   */
  readonly mapStart: Int32Array;
  readonly mapIndex: Int32Array;
  /** For step t, the moves each cell open after it still has to come. */
  readonly laterStart: Int32Array;
  readonly later: Int32Array;
}

/** Bits of a field when `open` cells are open: codes 0 .. open + 1. */
export function fieldBits(open: number): number {
  return 32 - Math.clz32(open + 1);
}

/** Fields of `bits` bits a 32-bit word holds, its top bit kept free. */
export function fieldsPerWord(bits: number): number {
  return Math.floor(31 / bits);
}

/** Adjacency lists (CSR) over `vertices` vertices: what a free count reads of a graph. */
export interface FreeGraph {
  readonly vertices: number;
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
}

export function freePlan(graph: MoveGraph | FreeGraph, order: Int32Array): FreePlan {
  const { offsets, targets } = graph;
  const n = order.length;
  const vertices = "board" in graph ? graph.board.cells : graph.vertices;
  const position = new Int32Array(vertices).fill(-1);
  order.forEach((v, t) => {
    position[v] = t;
  });
  const lastStep = new Int32Array(vertices);
  for (const v of order) {
    let last = position[v]!;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      last = Math.max(last, position[targets[i]!]!);
    }
    lastStep[v] = last;
  }
  const inSize = new Int32Array(n + 1);
  const backStart = new Int32Array(n + 1);
  const mapStart = new Int32Array(n + 1);
  const laterStart = new Int32Array(n + 1);
  const backIndex: number[] = [];
  const mapIndex: number[] = [];
  const later: number[] = [];
  /** Where each open cell is in the open list (−1: not open). */
  const where = new Int32Array(vertices).fill(-1);
  let open: number[] = [];
  let kw = 1;
  for (let t = 0; t < n; t++) {
    const v = order[t]!;
    inSize[t] = open.length;
    backStart[t] = backIndex.length;
    for (let i = offsets[v]!; i < offsets[v + 1]!; i++) {
      const w = targets[i]!;
      if (position[w]! < t) backIndex.push(where[w]!);
    }
    const extended = [...open, v];
    const next = extended.filter((u) => lastStep[u]! > t);
    mapStart[t] = mapIndex.length;
    let k = 0;
    for (const u of extended) mapIndex.push(lastStep[u]! > t ? k++ : -1);
    laterStart[t] = later.length;
    for (const u of next) {
      let after = 0;
      for (let i = offsets[u]!; i < offsets[u + 1]!; i++) if (position[targets[i]!]! > t) after++;
      later.push(after);
    }
    for (const u of open) where[u] = -1;
    next.forEach((u, i) => {
      where[u] = i;
    });
    open = next;
    const perWord = fieldsPerWord(fieldBits(open.length));
    kw = Math.max(kw, Math.ceil(open.length / perWord));
  }
  inSize[n] = open.length;
  backStart[n] = backIndex.length;
  mapStart[n] = mapIndex.length;
  laterStart[n] = later.length;
  return {
    n,
    order,
    kw,
    inSize,
    backStart,
    backIndex: Int32Array.from(backIndex),
    mapStart,
    mapIndex: Int32Array.from(mapIndex),
    laterStart,
    later: Int32Array.from(later),
  };
}

/**
 * The plan of a count of Hamiltonian paths (open tours, each undirected path once) as one of
 * Hamiltonian cycles: the graph gets one more vertex, the apex (numbered after the cells),
 * joined to every cell of `order`, and the apex is taken first. A cycle through the apex is a
 * path through every cell with its two ends joined to the apex, so the cycles and the paths
 * are one to one. Taken first, the apex is a move behind every cell and stays open to the end:
 * one cell more open at every step, where any later place would keep every cell before it open
 * until then.
 */
export function pathPlan(graph: MoveGraph, order: Int32Array): FreePlan {
  const cells = graph.board.cells;
  const apex = cells;
  const inOrder = new Uint8Array(cells);
  for (const v of order) inOrder[v] = 1;
  const offsets = new Int32Array(cells + 2);
  const targets: number[] = [];
  for (let v = 0; v < cells; v++) {
    offsets[v] = targets.length;
    for (let i = graph.offsets[v]!; i < graph.offsets[v + 1]!; i++) targets.push(graph.targets[i]!);
    if (inOrder[v]) targets.push(apex);
  }
  offsets[apex] = targets.length;
  for (const v of order) targets.push(v);
  offsets[apex + 1] = targets.length;
  const withApex = Int32Array.from([apex, ...order]);
  return freePlan({ vertices: cells + 1, offsets, targets: Int32Array.from(targets) }, withApex);
}
