import type { MoveGraph } from "../core/graph.js";

/**
 * The cells open after each step of an order of the cells (those taken whose last neighbour
 * comes later), with its buffers made once: free-order.ts describes orders with it, and the
 * local search (free-order-search.ts) measures every order it proposes, so a proposal must not
 * allocate.
 */
export class OpenCells {
  private readonly position: Int32Array;
  private readonly change: Int32Array;
  private readonly open: Int32Array;
  private readonly powers: Float64Array;

  constructor(
    private readonly graph: MoveGraph,
    steps: number,
  ) {
    // A cell the order leaves out (a hole) is never a later neighbour.
    this.position = new Int32Array(graph.board.cells).fill(-1);
    this.change = new Int32Array(steps + 1);
    this.open = new Int32Array(steps);
    this.powers = Float64Array.from({ length: steps + 1 }, (_, k) => 3 ** k);
  }

  /** open[t]: cells open after step t of `order` (the buffer is reused by the next call). */
  after(order: Int32Array): Int32Array {
    const { offsets, targets } = this.graph;
    const { position, change, open } = this;
    for (let t = 0; t < order.length; t++) position[order[t]!] = t;
    // A cell is open from its own step to its last neighbour's: +1 and −1 on a difference array.
    change.fill(0);
    for (let t = 0; t < order.length; t++) {
      const v = order[t]!;
      let last = t;
      for (let i = offsets[v]!; i < offsets[v + 1]!; i++)
        last = Math.max(last, position[targets[i]!]!);
      change[t]!++;
      change[last]!--;
    }
    let running = 0;
    for (let t = 0; t < order.length; t++) {
      running += change[t]!;
      open[t] = running;
    }
    return open;
  }

  /** The work proxy of `order`: Σ 3^open over its steps (chooseFreeOrder weighs orders by it). */
  work(order: Int32Array): number {
    let work = 0;
    for (const x of this.after(order)) work += this.powers[x]!;
    return work;
  }
}
