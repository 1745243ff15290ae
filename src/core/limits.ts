import { OptionError } from "./errors.js";

/**
 * The limits the long-running front doors share (solve, count, enumerateTours, the exact-cover
 * searches, the symmetric counter and finder), checked the same way everywhere.
 */
export interface SharedLimits {
  /** Stop after this many search nodes: zero (stop at the first check) or more. */
  readonly nodeLimit?: number | undefined;
  /** Stop after this many milliseconds: zero (stop at the first check) or more. */
  readonly timeLimitMs?: number | undefined;
  /** Greedy walks or randomised attempts: zero or more. */
  readonly maxAttempts?: number | undefined;
  /** Stop after this many solutions: zero or more. */
  readonly maxSolutions?: number | undefined;
  /** Stop after this many tours: zero or more. */
  readonly limit?: number | undefined;
}

// A zero limit is allowed: the search stops at its first check, or makes no attempt.
const LIMITS = ["nodeLimit", "timeLimitMs", "maxAttempts", "maxSolutions", "limit"] as const;

/**
 * Check the limits present in `limits` (absent ones pass).
 *
 * @throws OptionError (code BAD_OPTION) naming the option and the value, e.g.
 *   "timeLimitMs must be zero or a positive number, got -5".
 */
export function checkLimits(limits: SharedLimits): void {
  for (const name of LIMITS) {
    const value = limits[name];
    if (value !== undefined && !(typeof value === "number" && value >= 0)) {
      throw new OptionError(
        `${name} must be zero or a positive number, got ${String(value)}`,
        value,
      );
    }
  }
}
