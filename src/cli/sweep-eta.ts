import type { StatesAhead } from "../count/frontier-ahead.js";

/**
 * The ETA of a frontier sweep from its own cells: the states still to be read (predicted by the
 * sweep, frontier-ahead.ts) times what a state has cost over the last cells. Unlike the estimate
 * made before the start, it sees a resumed sweep's cells as done, a spilling sweep's disk and a
 * busy machine. Undefined while the frontier is still filling (the prediction is then far too
 * low) or before two reports have been timed; the caller falls back on the estimate.
 */
export class SweepEta {
  #last: { ms: number; read: number; lane: number } | undefined;
  /** Milliseconds per state read, smoothed over the last few reports. */
  #msPerState: number | undefined;

  /**
   * After a cell (not every cell is reported): the time since the start, the states read by the
   * lane's cells so far, the lane, and the prediction for the cells to come.
   */
  update(
    ms: number,
    read: number,
    lane: number,
    ahead: StatesAhead | undefined,
  ): number | undefined {
    const last = this.#last;
    if (last !== undefined && last.lane === lane && read > last.read) {
      const cost = (ms - last.ms) / (read - last.read);
      this.#msPerState =
        this.#msPerState === undefined ? cost : 0.6 * this.#msPerState + 0.4 * cost;
    }
    this.#last = { ms, read, lane };
    if (ahead === undefined || ahead.filling || this.#msPerState === undefined) return undefined;
    return ahead.states * this.#msPerState;
  }
}
