/**
 * A set of disjoint cycles and paths over the cells, stored as two neighbour slots per cell
 * (`-1` for none: a path's end). Joining two cycles is four slot writes, so the whole
 * construction is linear in the cells, and walking the result out is linear too.
 */
export class Links {
  readonly first: Int32Array;
  readonly second: Int32Array;

  constructor(cells: number) {
    this.first = new Int32Array(cells).fill(-1);
    this.second = new Int32Array(cells).fill(-1);
  }

  hasEdge(u: number, v: number): boolean {
    return this.first[u] === v || this.second[u] === v;
  }

  /** Replace u's neighbour `from` by `to`. */
  relink(u: number, from: number, to: number): void {
    if (this.first[u] === from) this.first[u] = to;
    else if (this.second[u] === from) this.second[u] = to;
    else throw new Error(`internal: ${from} is not a neighbour of ${u}`);
  }

  /**
   * The two-move exchange: replace the moves a1–a2 and b1–b2 (in two different cycles) by
   * a1–b1 and a2–b2, which joins the two cycles into one.
   */
  exchange(a1: number, a2: number, b1: number, b2: number): void {
    this.relink(a1, a2, b1);
    this.relink(b1, b2, a1);
    this.relink(a2, a1, b2);
    this.relink(b2, b1, a2);
  }

  /**
   * Write the path or cycle through `start` into `out`, starting at `start` and leaving by its
   * first link. Returns the number of cells written.
   */
  walk(start: number, out: Int32Array): number {
    let previous = -1;
    let current = start;
    let length = 0;
    while (current !== -1 && length < out.length) {
      out[length++] = current;
      const a = this.first[current]!;
      const next = a !== previous ? a : this.second[current]!;
      // On a cycle the walk comes back to the start: stop there.
      if (next === start) break;
      previous = current;
      current = next;
    }
    return length;
  }
}
