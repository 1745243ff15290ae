import type { SearchLimits } from "./types.js";

/** How often (in nodes, a power of two minus one as a mask) searches look at the clock. */
export const CHECK_MASK = 0xfff;
const PROGRESS_EVERY_MS = 250;

/**
 * The node limit, time limit, AbortSignal and progress callback of one `solve()` call, shared by
 * every method. Searches call `check` every CHECK_MASK + 1 nodes (reading the clock per node
 * would cost more than the node), and stop when it returns a status.
 */
export class Budget {
  readonly began: number;
  readonly nodeLimit: number;
  private readonly deadline: number;
  private readonly limits: SearchLimits;
  private nextProgress: number;
  /** Why the search stopped, once `check` returned a status. */
  reason = "";

  constructor(limits: SearchLimits, began: number = performance.now()) {
    this.limits = limits;
    this.began = began;
    this.nodeLimit = limits.nodeLimit ?? Number.POSITIVE_INFINITY;
    this.deadline =
      limits.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : began + limits.timeLimitMs;
    this.nextProgress = began + PROGRESS_EVERY_MS;
  }

  /** "aborted" or "limit" when the search must stop now, else null. */
  check(nodes: number, attempts: number): "aborted" | "limit" | null {
    if (this.limits.signal?.aborted) {
      this.reason = "the search was aborted";
      return "aborted";
    }
    if (nodes >= this.nodeLimit) {
      this.reason = `the node limit of ${this.nodeLimit} was reached`;
      return "limit";
    }
    const now = performance.now();
    if (now >= this.deadline) {
      this.reason = `the time limit of ${this.limits.timeLimitMs} ms ran out`;
      return "limit";
    }
    if (this.limits.onProgress && now >= this.nextProgress) {
      this.nextProgress = now + PROGRESS_EVERY_MS;
      this.limits.onProgress({ nodes, attempts, ms: now - this.began });
    }
    return null;
  }
}
