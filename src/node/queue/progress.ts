import type { ParallelCensusProgress } from "../census-parallel.js";

/**
 * Progress of a queued census for its follower: subproblems and tours done, tours/s, and an ETA.
 * The workers are elsewhere and their number unknown, so the ETA divides by the parallelism
 * observed: (time the subproblems done since the follower started took) / (time elapsed).
 */
export class QueueProgress {
  private readonly total: number;
  private readonly onProgress: ((progress: ParallelCensusProgress) => void) | undefined;
  private readonly began = performance.now();
  private visited = 0n;
  private visitedBefore: bigint | undefined;
  private readonly times: number[] = [];

  constructor(total: number, onProgress: ((progress: ParallelCensusProgress) => void) | undefined) {
    this.total = total;
    this.onProgress = onProgress;
  }

  /** A result read: its tours and run time (those stored before the first report count as done, not in the rate). */
  add(tours: bigint, _nodes: number, ms: number): void {
    this.visited += tours;
    if (this.visitedBefore !== undefined) this.times.push(ms);
  }

  report(done: number, nodes: number): void {
    if (this.onProgress === undefined) return;
    // The first report fixes what was already done: the rate counts only what came after.
    this.visitedBefore ??= this.visited;
    const ms = performance.now() - this.began;
    const n = this.times.length;
    const remaining = this.total - done;
    let etaMs: number | undefined;
    let etaMarginMs: number | undefined;
    const busy = this.times.reduce((s, t) => s + t, 0);
    const parallelism = ms > 0 ? busy / ms : 0;
    if (n >= 2 && parallelism > 0) {
      const mean = busy / n;
      const variance = this.times.reduce((s, t) => s + (t - mean) ** 2, 0) / (n - 1);
      const workers = Math.max(1, parallelism);
      etaMs = (remaining * mean) / workers;
      etaMarginMs = (2 * remaining * Math.sqrt(variance / n)) / workers;
    }
    this.onProgress({
      nodes,
      ms,
      done,
      total: this.total,
      visited: this.visited,
      toursPerSecond: ms > 0 ? (Number(this.visited - this.visitedBefore) * 1000) / ms : 0,
      etaMs,
      etaMarginMs,
    });
  }
}
