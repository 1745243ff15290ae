import {
  type Board,
  Budget,
  createTour,
  type Limits,
  OptionError,
  type Progress,
  type RunStatus,
  type Tour,
} from "../core/index.js";
import { Census } from "./census.js";
import type { CensusEngine } from "./engine.js";
import { formatStatValue, STAT_NAMES, type StatName, statIndex } from "./stats.js";
import { restrictTurns, turnBound } from "./turn-bounds.js";
import { TURN_ACUTE, TURN_OBTUSE, TURN_ORTHOGONAL } from "./wedges.js";

/**
 * Extremal tours by branch and bound over the census's subproblems: the least (or greatest)
 * value of one statistic over all closed tours of a board, how many tours reach it, and one of
 * them — proved, since every subproblem is either searched or shown unable to reach the best.
 *
 * Each statistic with a bound has an optimistic value for a partial tour (the moves chosen so
 * far): a value no completion can beat. A node whose optimistic value is worse than the best
 * tour found so far is cut (ties are searched: every tour reaching the best is counted). The
 * subproblems are first scored by the optimistic value of their forced moves alone and searched
 * best-first, so a good tour comes early, and once a subproblem's score is worse than the best
 * found, it and all after it are skipped unsearched.
 *
 * Bounds: turns (acute, obtuse, orthogonal; least and greatest) count the cells whose turn is
 * fixed plus the open cells whose every (or some) possible wedge is of the kind; the least
 * crossings, tarnishSquares and maxSlope are the partial tour's own (adding moves never lowers
 * them). Other statistics have no bound here: they are found by a full census.
 */

export type ExtremeGoal = "min" | "max";

export interface ExtremeProgress extends Progress {
  /** Subproblems searched or skipped so far, of `total`. */
  readonly done: number;
  readonly total: number;
  /** The best value so far (undefined before the first tour). */
  readonly best: number | undefined;
}

export interface ExtremeOptions extends Limits<ExtremeProgress> {
  readonly stat: StatName;
  readonly goal: ExtremeGoal;
}

export interface ExtremeResult {
  /** "done": the value is proved; else the best found so far (a bound, not a proof). */
  readonly status: RunStatus;
  readonly stat: StatName;
  readonly goal: ExtremeGoal;
  /** The extreme value (undefined when the board has no closed tour). */
  readonly value: number | undefined;
  /** Undirected closed tours reaching it (weighted by multiplicity). */
  readonly tours: bigint;
  readonly tour: Tour | undefined;
  readonly subproblems: number;
  /** Subproblems searched; the others were skipped by their bound. */
  readonly searched: number;
  readonly nodes: number;
  /** Whether the statistic has a bound (else the search is a full census). */
  readonly bounded: boolean;
}

type Optimist = (engine: CensusEngine) => number;

const TURN_CLASS: Partial<Record<StatName, number>> = {
  acute: TURN_ACUTE,
  obtuse: TURN_OBTUSE,
  orthogonal: TURN_ORTHOGONAL,
};

/** The optimistic value of a partial tour for a statistic and goal, or undefined (no bound). */
export function optimistOf(stat: StatName, goal: ExtremeGoal): Optimist | undefined {
  const least = goal === "min";
  const turn = TURN_CLASS[stat];
  if (turn !== undefined) return (e) => turnBound(e, turn, least);
  if (!least) return undefined;
  if (stat === "crossings") return (e) => e.crossings;
  if (stat === "tarnishSquares") return (e) => e.tarnishSquares;
  if (stat === "maxSlope")
    return (e) => Math.max(e.slopes[0]!, e.slopes[1]!, e.slopes[2]!, e.slopes[3]!);
  return undefined;
}

/**
 * The least or greatest value of `options.stat` over the closed tours of `board`, with the
 * number of tours reaching it and one of them.
 *
 * @example
 * ```ts
 * import { Board, extremeTours } from "knight-tours";
 *
 * const least = extremeTours(new Board(6, 6), { stat: "obtuse", goal: "min" });
 * console.log(least.value, least.tours); // → 9 16n
 * ```
 */
export function extremeTours(board: Board, options: ExtremeOptions): ExtremeResult {
  const k = statIndex(options.stat);
  if (k < 0) {
    throw new OptionError(
      `stat must be one of ${STAT_NAMES.join(", ")}; got '${String(options.stat)}'`,
      options.stat,
    );
  }
  if (options.goal !== "min" && options.goal !== "max") {
    throw new OptionError(`goal must be min or max; got '${String(options.goal)}'`, options.goal);
  }
  const least = options.goal === "min";
  const census = new Census(board);
  const engine = census.searchEngine();
  engine.stats = true;
  const entries = census.subproblems();
  const optimist = optimistOf(options.stat, options.goal);
  const worse = (a: number, b: number): boolean => (least ? a > b : a < b);
  let best = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  let tours = 0n;
  let witness: Int32Array | undefined;
  let done = 0;
  let searched = 0;
  let nodes = 0;
  const budget = Budget.start(options, (n, ms) => ({
    nodes: n,
    ms,
    done,
    total: entries.length,
    best: Number.isFinite(best) ? Number(formatStatValue(k, best)) : undefined,
  }));

  // Score every subproblem by its forced moves alone (the root's bound), best first.
  // Without a bound every subproblem scores the best possible: none is skipped.
  const open = least ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  let order = entries.map((entry, i) => ({ entry, score: open, i }));
  if (optimist !== undefined) {
    let rootScore = 0;
    engine.bound = (e) => {
      rootScore = optimist(e);
      return false;
    };
    for (const item of order) {
      rootScore = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      engine.run(census.split.forcedMoves(item.entry.name));
      item.score = rootScore;
    }
    order = order
      .filter((item) => Number.isFinite(item.score))
      .sort((a, b) => (least ? a.score - b.score : b.score - a.score) || a.i - b.i);
    done = entries.length - order.length;
  }

  let weight = 1n;
  const turn = TURN_CLASS[options.stat];
  engine.bound =
    optimist === undefined
      ? null
      : (e) => {
          const value = optimist(e);
          if (worse(value, best)) return false;
          // No slack left: turns of the class are settled; moves that would change them go.
          return turn === undefined || value !== best || restrictTurns(e, turn, least);
        };
  engine.onTour = (e) => {
    const v = e.values[k]!;
    if (worse(v, best)) return;
    if (v !== best) {
      best = v;
      tours = 0n;
      witness = e.tourPath();
    }
    tours += weight;
  };
  let status: RunStatus = "done";
  try {
    for (const item of order) {
      if (worse(item.score, best)) {
        // This subproblem and all after it cannot reach the best: proved without a search.
        done = entries.length;
        break;
      }
      const stopped = budget.check(nodes);
      if (stopped !== null) {
        status = stopped;
        break;
      }
      weight = BigInt(item.entry.multiplicity);
      const finished = engine.run(
        census.split.forcedMoves(item.entry.name),
        (n) => budget.check(nodes + n) !== null,
      );
      nodes += engine.nodes;
      if (!finished) {
        status = budget.stopped ?? "limit";
        break;
      }
      searched++;
      done++;
    }
  } finally {
    engine.bound = null;
    engine.onTour = null;
  }
  return {
    status,
    stat: options.stat,
    goal: options.goal,
    value: Number.isFinite(best) ? Number(formatStatValue(k, best)) : undefined,
    tours,
    tour: witness === undefined ? undefined : createTour(board, witness, true),
    subproblems: entries.length,
    searched,
    nodes,
    bounded: optimist !== undefined,
  };
}
