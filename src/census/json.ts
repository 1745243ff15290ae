import type { Board } from "../core/board.js";
import { type TourJson, tourToJsonObject } from "../core/format/json.js";
import { isKnight } from "../core/piece.js";
import { createTour } from "../core/tour.js";
import { turnAngleDegrees } from "./geometry.js";
import type { CensusTotals, Witness } from "./result.js";
import type { SplitName } from "./split.js";
import {
  censusStatNames,
  formatStatValue,
  STAT_NAMES,
  type StatName,
  TARNISH_KNIGHT_ONLY,
} from "./stats.js";

/** One statistic's extremes in the census JSON: values, weighted tours reaching them, witnesses. */
export interface CensusExtremeJson {
  readonly min: number;
  readonly minTours: string;
  readonly max: number;
  readonly maxTours: string;
  readonly minTour: TourJson;
  readonly maxTour: TourJson;
}

/** The census contract: counts as decimal strings, closed tours undirected, witnesses as tour JSON. */
export interface CensusJson {
  readonly rows: number;
  readonly cols: number;
  /** How the tours were cut into subproblems: `centre` (Knuth's bunches on 8×8), `edge`, `ring`. */
  readonly split: SplitName;
  /** Canonical subproblems of the split. */
  readonly subproblems: number;
  /** Of those, how many the totals cover. */
  readonly done: number;
  /** Undirected closed tours, weighted by multiplicity. */
  readonly tours: string;
  /** Tours actually visited. */
  readonly visited: string;
  readonly stats: Record<StatName, Record<string, string>>;
  readonly extremes: Partial<Record<StatName, CensusExtremeJson>>;
  /**
   * Another piece than the knight: the sizes in degrees (two decimals) of its six angles, which
   * `angle37` … `angle180` count in that order (the giraffe's 28.07, 61.93, 90, 118.07, 151.93,
   * 180).
   */
  readonly angleDegrees?: readonly number[];
  /**
   * Statistics this census does not keep, with the reason (only when some are left out: the
   * tarnish of a piece other than the knight); their histograms are empty.
   */
  readonly omitted?: Partial<Record<StatName, string>>;
}

/** The contract's object for census totals of `board` (with `subproblems` in its split). */
export function censusJson(
  board: Board,
  subproblems: number,
  totals: CensusTotals,
  split: SplitName = "centre",
): CensusJson {
  const extremes: Partial<Record<StatName, CensusExtremeJson>> = {};
  const tour = (witness: Witness): TourJson =>
    tourToJsonObject(createTour(board, witness.path, true));
  STAT_NAMES.forEach((name, k) => {
    const e = totals.extremes[k];
    if (e === undefined) return;
    extremes[name] = {
      min: Number(formatStatValue(k, e.min)),
      minTours: totals.toursAt(k, e.min).toString(),
      max: Number(formatStatValue(k, e.max)),
      maxTours: totals.toursAt(k, e.max).toString(),
      minTour: tour(e.minTour),
      maxTour: tour(e.maxTour),
    };
  });
  return {
    rows: board.rows,
    cols: board.cols,
    split,
    subproblems,
    done: totals.done,
    tours: totals.tours.toString(),
    visited: totals.visited.toString(),
    stats: totals.histogramsJson(),
    extremes,
    ...(isKnight(board.piece) ? {} : { angleDegrees: turnAngleDegrees(board) }),
    ...(censusStatNames(board).length < STAT_NAMES.length
      ? { omitted: { tarnishSquares: TARNISH_KNIGHT_ONLY } }
      : {}),
  };
}
