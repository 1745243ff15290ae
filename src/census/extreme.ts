import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { createTour, type Tour } from "../core/tour.js";
import { classifyTours, type TourClass } from "../symmetry/classes.js";
import { statBound } from "./bounds.js";
import { Census } from "./census.js";
import type { CensusEngine } from "./engine.js";
import {
  formatStatValue,
  STAT_NAMES,
  type StatName,
  statIndex,
  TARNISH_KNIGHT_ONLY,
} from "./stats.js";

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
 * The least turn counts are searched by deepening instead (iterative deepening, as in IDA*): a pass
 * with a cutoff c counts the tours whose value is c or better, pruning every node whose bound
 * is worse; the first cutoff is the best root score, and each next one is the best bound a
 * pruned node or skipped subproblem had, so no pass is wasted on a value no tour can have.
 * Their bound is tight enough that a pass costs little while the cutoff is below the answer,
 * and with no slack left (bound = cutoff) the moves that would add a turn of the class are
 * deleted outright; searching at the answer from the start beats finding it by improving the
 * best tour so far, which explores many tours worse than the answer first (on 8×8, fewest
 * obtuse turns: minutes instead of hours).
 *
 * Bounds (bounds.ts, turn-bounds.ts): every statistic both ways but the least sweptArea,
 * which is found by a full census. A bound can be admissible and still too loose to make a
 * search short: docs/census.md lists what each costs on 8×8.
 */

export type ExtremeGoal = "min" | "max";

export interface ExtremeProgress extends Progress {
  /** Subproblems searched or skipped so far, of `total`. */
  readonly done: number;
  readonly total: number;
  /** The best value so far (undefined before the first tour). */
  readonly best: number | undefined;
  /** Turn counts: the value the current deepening pass tries (no tour does better). */
  readonly cutoff: number | undefined;
}

/**
 * A census statistic, or a sum of two or more of the six angle counts (`angle127+angle143`:
 * the turns of either angle), which the census does not tally but the branch and bound can.
 */
export type ExtremeStat = StatName | `angle${string}+${string}`;

/** The six angle statistics, the terms a sum may have. */
const ANGLE_NAMES: readonly StatName[] = STAT_NAMES.filter((n) => /^angle\d+$/.test(n));

/**
 * The census indices a statistic sums (one for a census statistic), or an OptionError naming
 * the value and what is allowed.
 */
export function extremeStatTerms(stat: string): number[] {
  const k = statIndex(stat);
  if (k >= 0) return [k];
  const terms = stat.split("+");
  if (terms.length < 2) {
    throw new OptionError(
      `stat must be one of ${STAT_NAMES.join(", ")}, or a sum of angle counts like angle127+angle143; got '${stat}'`,
      stat,
    );
  }
  for (const t of terms) {
    if (!ANGLE_NAMES.includes(t as StatName) || terms.indexOf(t) !== terms.lastIndexOf(t)) {
      throw new OptionError(
        `a sum of statistics takes each of ${ANGLE_NAMES.join(", ")} at most once; got '${t}' in '${stat}'`,
        stat,
      );
    }
  }
  return terms.map(statIndex);
}

export interface ExtremeOptions extends Limits<ExtremeProgress> {
  readonly stat: ExtremeStat;
  readonly goal: ExtremeGoal;
  /**
   * Keep up to this many of the tours reaching the value and return them up to symmetry
   * (`classes`); default 0, none kept. Tours are found in canonical subproblems, each once.
   */
  readonly keepTours?: number | undefined;
  /** Search by deepening (true) or by improving the best tour (false); default per statistic. */
  readonly deepen?: boolean | undefined;
}

export interface ExtremeResult {
  /** "done": the value is proved; else the best found so far (a bound, not a proof). */
  readonly status: RunStatus;
  readonly stat: ExtremeStat;
  readonly goal: ExtremeGoal;
  /** The extreme value (undefined when the board has no closed tour). */
  readonly value: number | undefined;
  /** Undirected closed tours reaching it (weighted by multiplicity). */
  readonly tours: bigint;
  readonly tour: Tour | undefined;
  readonly subproblems: number;
  /** Subproblems searched (in the last pass, for the turn counts); the others were skipped by their bound. */
  readonly searched: number;
  readonly nodes: number;
  /** Whether the statistic has a bound (else the search is a full census). */
  readonly bounded: boolean;
  /** Passes over the subproblems: the deepening cutoffs tried (turn counts), else 1. */
  readonly passes: number;
  /** With `keepTours`: the tours kept, up to symmetry (their orbits sum to `tours` when complete). */
  readonly classes: readonly TourClass[] | undefined;
  /** Whether every tour reaching the value was kept (false past `keepTours`). */
  readonly classesComplete: boolean;
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
 * console.log(least.value, least.tours); // → 9 8n
 * ```
 */
export function extremeTours(board: Board, options: ExtremeOptions): ExtremeResult {
  const terms = extremeStatTerms(String(options.stat));
  // The swept area (stored doubled) is never a term of a sum: formatting goes by the first.
  const k = terms[0]!;
  if (options.goal !== "min" && options.goal !== "max") {
    throw new OptionError(`goal must be min or max; got '${String(options.goal)}'`, options.goal);
  }
  const least = options.goal === "min";
  const census = new Census(board);
  if (!census.statNames.includes(STAT_NAMES[k]!)) {
    throw new OptionError(
      `no ${options.stat} for the ${board}: ${TARNISH_KNIGHT_ONLY}; the statistics here are ${census.statNames.join(", ")}`,
      options.stat,
    );
  }
  const engine = census.searchEngine();
  engine.stats = true;
  const entries = census.subproblems();
  const bound = statBound(engine, options.stat, least);
  const tourValue = (e: CensusEngine): number => {
    let v = 0;
    for (const t of terms) v += e.values[t]!;
    return v;
  };
  const optimist = bound?.value;
  const worse = (a: number, b: number): boolean => (least ? a > b : a < b);
  let best = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  let tours = 0n;
  let witness: Int32Array | undefined;
  let done = 0;
  let searched = 0;
  let nodes = 0;
  let cutoff: number | undefined;
  let passes = 1;
  const budget = Budget.start(options, (n, ms) => ({
    nodes: n,
    ms,
    done,
    total: entries.length,
    best: found ? Number(formatStatValue(k, best)) : undefined,
    cutoff: cutoff === undefined ? undefined : Number(formatStatValue(k, cutoff)),
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
  // Least turn counts are searched by deepening (see `extremeTours`); others in one pass whose
  // cutoff follows the best tour found.
  const deepening = bound !== undefined && (options.deepen ?? bound.deepen);
  const restrict = bound?.restrict;
  let found = false;
  /** The best value a pruned node or skipped subproblem could still have reached. */
  let next = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  const passed = (value: number): void => {
    if (least ? value < next : value > next) next = value;
  };
  engine.bound =
    optimist === undefined
      ? null
      : (e) => {
          const value = optimist(e);
          if (worse(value, best)) {
            passed(value);
            return false;
          }
          // No slack left: moves that would make the value worse go.
          return restrict === undefined || value !== best || restrict(e);
        };
  const keep = options.keepTours ?? 0;
  const kept: Int32Array[] = [];
  let keptAll = true;
  engine.onTour = (e) => {
    const v = tourValue(e);
    if (worse(v, best)) return;
    if (!found || v !== best) {
      found = true;
      best = v;
      tours = 0n;
      witness = e.tourPath();
      kept.length = 0;
      keptAll = true;
    }
    tours += weight;
    if (kept.length < keep) kept.push(e.tourPath());
    else keptAll = false;
  };
  let status: RunStatus = "done";
  /** One pass over the subproblems in score order, cut at `best`; false when a limit stopped it. */
  const pass = (): boolean => {
    done = entries.length - order.length;
    for (const item of order) {
      if (worse(item.score, best)) {
        // This subproblem and all after it cannot reach the cutoff: settled without a search.
        passed(item.score);
        done = entries.length;
        return true;
      }
      const stopped = budget.check(nodes);
      if (stopped !== null) {
        status = stopped;
        return false;
      }
      weight = BigInt(item.entry.multiplicity);
      const finished = engine.run(
        census.split.forcedMoves(item.entry.name),
        (n) => budget.check(nodes + n) !== null,
      );
      nodes += engine.nodes;
      if (!finished) {
        status = budget.stopped ?? "limit";
        return false;
      }
      searched++;
      done++;
    }
    return true;
  };
  try {
    if (!deepening) {
      pass();
    } else if (order.length > 0) {
      // Cutoffs from the best root score towards worse values, each the best value the
      // previous pass pruned: a pass that finds a tour has proved its value, since the passes
      // before it showed that no tour does better.
      cutoff = order[0]!.score;
      passes = 0;
      for (;;) {
        best = cutoff;
        next = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
        searched = 0;
        passes++;
        if (!pass() || found || !Number.isFinite(next)) break;
        cutoff = next;
      }
      if (!found) best = least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
    }
  } finally {
    engine.bound = null;
    engine.onTour = null;
  }
  return {
    status,
    stat: options.stat,
    goal: options.goal,
    value: found ? Number(formatStatValue(k, best)) : undefined,
    tours,
    tour: witness === undefined ? undefined : createTour(board, witness, true),
    subproblems: entries.length,
    searched,
    nodes,
    bounded: optimist !== undefined,
    passes,
    classes: keep > 0 && found ? classifyTours(board, kept) : undefined,
    classesComplete: keep > 0 && found && keptAll && status === "done",
  };
}
