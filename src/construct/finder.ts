import type { Board } from "../core/board.js";
import type { TourResult } from "../core/result.js";

/** What the construction asks its small-board finder for: one tour of a small board. */
export interface SmallTourRequest {
  readonly closed: boolean;
  /** Required first cell (flat index); absent: any. */
  readonly start?: number | undefined;
  /** Seed of the finder's random choices (a different seed may give a different tour). */
  readonly seed?: number | undefined;
  /** Wall-clock cap of this one search, in milliseconds. */
  readonly timeLimitMs: number;
}

/**
 * A complete tour finder for the small boards the construction is tiled from (blocks up to
 * 10×10) and pumps (3×n and 4×n strips up to THIN_BASE_MAX columns). It answers "found",
 * "impossible" when an exhaustive search proved no such tour, or a stop ("limit", "aborted").
 *
 * The construction takes it as a parameter because the finder lives in a layer above (solve's
 * `search`, which hands it down when it dispatches to the construction): construct never
 * imports solve.
 */
export type SmallTourFinder = (board: Board, request: SmallTourRequest) => TourResult;
