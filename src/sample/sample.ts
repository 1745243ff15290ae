import type { Board } from "../core/board.js";
import { checkCellOption, formatCell } from "../core/cells.js";
import { OptionError } from "../core/errors.js";
import { knightGraph } from "../core/graph.js";
import { createRandom } from "../core/random.js";
import { Budget, type Limits, type Progress, type StopReason } from "../core/run.js";
import type { Tour } from "../core/tour.js";
import { GraphTourFinder } from "../symmetry/graph-tour.js";
import { type Existence, tourExists } from "../theory/exists.js";
import { CountStopped } from "./count-tree.js";
import { TourSet } from "./key.js";
import { SAMPLE_METHODS, type SampleMethod } from "./methods.js";
import { randomTour } from "./random-search.js";
import { UniformSampler } from "./uniform.js";

/** What the printed tours are a sample of. */
export type Distribution = "uniform" | "randomised search (not uniform)";

/** `auto` tries uniform sampling on boards of at most this many cells … */
export const UNIFORM_AUTO_MAX_CELLS = 48;
/**
 * … when counting the tours takes at most this many search nodes (a few seconds; 6×6 open
 * tours take 3.7·10^7, 6×7 closed ones 4.8·10^7). A count whose Knuth estimate (estimate.ts) is
 * already over it is not started; one that runs past it is stopped. Either way `auto` falls
 * back to the randomised search. The rule is by nodes, not time, so the choice does not
 * depend on the machine.
 */
export const UNIFORM_AUTO_NODE_LIMIT = 60_000_000;
/** `--distinct` with the randomised search gives up after this many repeats in a row. */
export const MAX_REPEATS_IN_A_ROW = 1_000;

/**
 * What to sample, and the run contract's limits. The run covers the count behind uniform
 * sampling and the drawing of the tours (the generator's reads); `onProgress` reports the
 * count's pieces as they finish.
 */
export interface SampleOptions extends Limits<SampleProgress> {
  /** Closed tours (default open). */
  readonly closed?: boolean | undefined;
  /** Required first cell (open tours), or the cell closed tours are printed from. */
  readonly start?: number | undefined;
  /** Tours to draw (default 1). */
  readonly count?: number | undefined;
  /** Seed of the PRNG (0 … 2^32−1, default 1): the same seed gives the same tours. */
  readonly seed?: number | undefined;
  /** No two tours equal (see key.ts for what "equal" means). */
  readonly distinct?: boolean | undefined;
  readonly method?: SampleMethod | undefined;
}

/** The count behind uniform sampling: pieces finished, and in all (about 2048). */
export interface SampleProgress extends Progress {
  readonly done: number;
  readonly total: number;
}

/** How the tour stream ended. */
export interface SampleEnd {
  /**
   * done: every tour asked for; exhausted: `distinct` asked for more tours than exist (all of
   * them were given — uniform only, where the number is known); limit: the time limit, or the
   * randomised search could not find another (distinct) tour; aborted: the signal fired;
   * impossible: the search proved there is no tour at all.
   */
  readonly status: "done" | "exhausted" | "limit" | "aborted" | "impossible";
  /** Tours given. */
  readonly produced: number;
  /** A sentence for a user when the status is not "done". */
  readonly reason: string;
}

export type SamplePlan =
  | {
      readonly status: "ready";
      readonly method: "uniform" | "search";
      readonly distribution: Distribution;
      /** Uniform: the number of tours sampled from (closed: figures; open: directed paths). */
      readonly total: bigint | null;
      /** One line for a user: the distribution, over what, and why this method. */
      readonly description: string;
      /** The tours, drawn lazily; the return value says how the stream ended. */
      readonly tours: Generator<Tour, SampleEnd, undefined>;
    }
  | {
      readonly status: "impossible" | "limit" | "aborted";
      readonly reason: string;
    };

function checkOptions(board: Board, options: SampleOptions): void {
  const { count, seed, start, method } = options;
  if (count !== undefined && (!Number.isSafeInteger(count) || count < 1)) {
    throw new OptionError(`count must be a positive whole number, got ${count}`, count);
  }
  if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0 || seed > 0xffffffff)) {
    throw new OptionError(`seed must be a whole number from 0 to 4294967295, got ${seed}`, seed);
  }
  checkCellOption(board, start, "start");
  if (method !== undefined && !(SAMPLE_METHODS as readonly string[]).includes(method)) {
    throw new OptionError(
      `method must be one of ${SAMPLE_METHODS.join(", ")}; got '${method}'`,
      method,
    );
  }
}

/**
 * Random knight's tours, with a stated distribution:
 * - `uniform`: exactly uniform by counting (UniformSampler): over closed tours as figures
 *   (printed from the start, default a8, in a random direction), or over directed open tours
 *   (from `start` when given). `distinct` draws without replacement; asking for more than exist
 *   gives all of them and ends "exhausted".
 * - `search`: a randomised search (random start, Warnsdorff with random tie-breaks, random Pósa
 *   rotations: random-search.ts) — not uniform; `distinct` skips repeats and ends "limit" after
 *   MAX_REPEATS_IN_A_ROW repeats in a row.
 * - `auto` (default): `uniform` on boards of at most UNIFORM_AUTO_MAX_CELLS cells whose tours
 *   count within UNIFORM_AUTO_NODE_LIMIT search nodes, else `search`.
 * Boards and starts the theorems rule out answer "impossible" with the reason. The counting
 * happens here (for uniform); the tours are drawn as the generator is read.
 *
 * @example
 * ```ts
 * import { Board, sampleTours, validateTour } from "knight-tours";
 *
 * const six = new Board(6, 6);
 * const plan = sampleTours(six, { closed: true, count: 3, distinct: true, seed: 7 });
 * if (plan.status === "ready") {
 *   console.log(plan.distribution, plan.total); // → uniform 9862n
 *   const tours = [...plan.tours];
 *   console.log(tours.length, tours.every((t) => validateTour(six, t).valid)); // → 3 true
 * }
 * console.log(sampleTours(new Board(8, 8), { closed: true }).status === "ready"); // → true
 * ```
 */
export function sampleTours(board: Board, options: SampleOptions = {}): SamplePlan {
  checkOptions(board, options);
  const closed = options.closed === true;
  const start = options.start ?? -1;
  const count = options.count ?? 1;
  const distinct = options.distinct === true;
  const method = options.method ?? "auto";
  const began = performance.now();
  // The count reports its pieces as they finish (below), and the budget reports the latest of
  // them with the running node count while a long piece runs.
  const tally = { done: 0, total: 0 };
  const budget = Budget.start<SampleProgress>(options, (nodes, ms) => ({ ...tally, nodes, ms }));
  const onProgress = options.budget === undefined ? options.onProgress : undefined;
  const kind = closed ? "closed" : "open";
  const what = `${kind} tours of ${board}${!closed && start >= 0 ? ` from ${formatCell(board, start)}` : ""}`;

  const existence = theoryFor(board, closed, start);
  if (existence.exists === false) return { status: "impossible", reason: existence.reason };

  // A first check: a zero limit (or an aborted signal) stops before the count starts.
  const first = budget.check();
  if (first !== null)
    return { status: first, reason: `${budget.reason} before the sampling began` };

  let fallback = "";
  if (method === "uniform" || (method === "auto" && board.vertexCount <= UNIFORM_AUTO_MAX_CELLS)) {
    let sampler: UniformSampler | null = null;
    let nodeLimitHit = false;
    let estimate: number | null = null;
    try {
      sampler = new UniformSampler(
        board,
        { closed, start },
        {
          shouldStop: budget.shouldStop,
          onProgress:
            onProgress &&
            ((done: number, total: number, nodes: number) => {
              tally.done = done;
              tally.total = total;
              onProgress({ done, total, nodes, ms: performance.now() - began });
            }),
          nodeLimit: method === "auto" ? UNIFORM_AUTO_NODE_LIMIT : undefined,
          // Every board of up to 36 cells counts within the limit: no need to estimate.
          estimateFirst: method === "auto" ? board.vertexCount > 36 : undefined,
        },
      );
    } catch (error) {
      // A geometry the counter cannot count: `uniform` says why (exit 2), `auto` searches.
      if (error instanceof OptionError && method === "auto") {
        // No sampler: the search below takes the request.
        fallback = ` (${error.message})`;
      } else {
        if (!(error instanceof CountStopped)) throw error;
        const reason = budget.stopped;
        if (reason !== null) {
          return {
            status: reason,
            reason: `${reason === "limit" ? "the time limit" : "an interrupt"} stopped the count of the ${what}`,
          };
        }
        nodeLimitHit = true;
        estimate = error.estimate;
      }
    }
    if (sampler !== null) {
      if (sampler.total === 0n) {
        return { status: "impossible", reason: `there are no ${what} (counted: 0)` };
      }
      const from = closed ? formatCell(board, start >= 0 ? start : board.firstCell) : "";
      const over = closed
        ? `the ${sampler.total} closed tours of ${board} as figures (each printed from ${from} in a random direction)`
        : `the ${sampler.total} directed ${what.replace("tours", sampler.total === 1n ? "tour" : "tours")}`;
      return {
        status: "ready",
        method: "uniform",
        distribution: "uniform",
        total: sampler.total,
        description: `distribution: uniform over ${over}${distinct ? ", without repeats" : ""}`,
        tours: uniformStream(sampler, count, distinct, options.seed ?? 1, budget),
      };
    }
    if (nodeLimitHit) {
      fallback =
        estimate === null
          ? ` (counting them takes over ${UNIFORM_AUTO_NODE_LIMIT} search nodes)`
          : ` (counting them would take about ${estimate.toExponential(1)} search nodes by Knuth's estimate, over ${UNIFORM_AUTO_NODE_LIMIT})`;
    }
  } else if (method === "auto") {
    fallback = ` (over ${UNIFORM_AUTO_MAX_CELLS} cells: too large to count)`;
  }
  return searchPlan(
    board,
    closed,
    start,
    count,
    distinct,
    options.seed ?? 1,
    budget,
    what,
    fallback,
  );
}

/** The randomised search's plan: its description, and its tours drawn lazily. */
function searchPlan(
  board: Board,
  closed: boolean,
  start: number,
  count: number,
  distinct: boolean,
  seed: number,
  budget: Budget,
  what: string,
  fallback: string,
): SamplePlan {
  const how = board.plain
    ? "Warnsdorff walks with random tie-breaks from a random start, then random Pósa rotations"
    : "Warnsdorff walks on the move graph with random tie-breaks and Pósa rotations, then random Pósa rotations";
  return {
    status: "ready",
    method: "search",
    distribution: "randomised search (not uniform)",
    total: null,
    description: `distribution: randomised search (not uniform) over the ${what}${fallback}: ${how}${distinct ? ", repeats skipped" : ""}`,
    tours: searchStream(board, closed, start, count, distinct, seed, budget),
  };
}

/**
 * What theory settles first: the knight's theorems on its plain rectangle; elsewhere only that a
 * closed tour needs 3 cells (the searches and counts decide the rest).
 */
function theoryFor(board: Board, closed: boolean, start: number): Existence {
  if (board.plain) return tourExists(board, start >= 0 && !closed ? { closed, start } : { closed });
  if (closed && board.vertexCount < 3) {
    return {
      exists: false,
      reason: `a closed tour needs at least 3 cells, and ${board} has ${board.vertexCount}`,
    };
  }
  return { exists: "unknown", reason: `the sampling decides for ${board}` };
}

function* uniformStream(
  sampler: UniformSampler,
  count: number,
  distinct: boolean,
  seed: number,
  budget: Budget,
): Generator<Tour, SampleEnd, undefined> {
  let produced = 0;
  try {
    for (const tour of sampler.tours(createRandom(seed), count, distinct)) {
      yield tour;
      produced++;
      const reason = budget.check(sampler.nodes);
      if (reason !== null && produced < count) return stopped(reason, produced);
    }
  } catch (error) {
    if (!(error instanceof CountStopped)) throw error;
    return stopped(budget.stopped ?? "aborted", produced);
  }
  if (produced < count) {
    return {
      status: "exhausted",
      produced,
      reason: `only ${sampler.total} distinct tours exist; all ${produced} were given (${count} asked for)`,
    };
  }
  return { status: "done", produced, reason: "" };
}

function stopped(reason: StopReason, produced: number): SampleEnd {
  return {
    status: reason,
    produced,
    reason: `${reason === "limit" ? "the time limit" : "an interrupt"} stopped the sampling after ${produced} tours`,
  };
}

function* searchStream(
  board: Board,
  closed: boolean,
  start: number,
  count: number,
  distinct: boolean,
  seed: number,
  budget: Budget,
): Generator<Tour, SampleEnd, undefined> {
  const random = createRandom(seed);
  const graph = knightGraph(board);
  const finder = board.plain ? null : new GraphTourFinder(board);
  const seen = distinct ? new TourSet() : null;
  let produced = 0;
  let repeats = 0;
  let attempts = 0;
  while (produced < count) {
    const reason = budget.check();
    if (reason !== null) return stopped(reason, produced);
    // The searches run inside the sample's budget (randomTour counts their nodes against it).
    const result = randomTour(board, { closed, start }, random, { budget }, graph, finder);
    attempts++;
    if (result.status !== "found") {
      if (result.status === "impossible")
        return { status: "impossible", produced, reason: result.reason };
      if (result.status === "aborted") return stopped("aborted", produced);
      return {
        status: "limit",
        produced,
        reason: `the randomised search stopped after ${produced} tours: ${result.reason}`,
      };
    }
    if (seen !== null && !seen.add(result.tour)) {
      if (++repeats >= MAX_REPEATS_IN_A_ROW) {
        return {
          status: "limit",
          produced,
          reason: `the randomised search found only ${produced} distinct tours (${count} asked for): the last ${repeats} of ${attempts} tours were repeats`,
        };
      }
      continue;
    }
    repeats = 0;
    yield result.tour;
    produced++;
  }
  return { status: "done", produced, reason: "" };
}
