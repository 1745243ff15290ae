import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { Budget, type Limits, type Progress, type RunStatus } from "../core/run.js";
import { CensusEngine } from "./engine.js";
import { CensusTotals, type ExtremeRecord, type SubproblemResult, type Witness } from "./result.js";
import { CensusSplit, type SplitName, type SubproblemEntry } from "./split.js";
import {
  censusStatNames,
  formatStatValue,
  STAT_COUNT,
  STAT_NAMES,
  type StatName,
} from "./stats.js";

/** Names `Census.entry` finds without the list, before it builds the list's index. */
const DIRECT_LOOKUPS = 64;

/** Progress of a census run in this thread. */
export interface CensusProgress extends Progress {
  /** Subproblems finished. */
  readonly done: number;
  /** Tours visited so far, finished subproblems and the running one. */
  readonly visited: number;
}

export interface CensusRunOptions extends Limits<CensusProgress> {
  /** Keep the statistics of every tour (default true); false only counts. */
  readonly stats?: boolean | undefined;
}

/** One subproblem run: its result when finished, or how it stopped. */
export type SubproblemRun =
  | { readonly status: "done"; readonly result: SubproblemResult }
  | { readonly status: Exclude<RunStatus, "done">; readonly nodes: number };

/**
 * The census of the closed tours of one board: its subproblems (see CensusSplit), one
 * subproblem run as a pure function of its name (same name, same result, on any machine), and
 * the exact merge of results (CensusTotals).
 *
 * @example
 * ```ts
 * import { Board, Census } from "knight-tours";
 *
 * const census = new Census(new Board(6, 6));
 * const totals = census.run();
 * console.log(census.subproblems().length, totals.tours); // → 214 9862n
 * ```
 */
export class Census {
  readonly board: Board;
  readonly split: CensusSplit;
  /** The statistics kept, in census order (tarnish only for the knight). */
  readonly statNames: readonly StatName[];
  /** Per statistic (STAT_NAMES order): whether it is kept. */
  private readonly kept: readonly boolean[];
  private engine: CensusEngine | undefined;
  /** The list's entries by name, once `entry` has been asked for more than DIRECT_LOOKUPS. */
  private index: Map<string, SubproblemEntry> | undefined;
  private lookups = 0;

  /**
   * @param split how the tours are cut into subproblems: `centre` (Knuth's bunches on 8×8, the
   *   default), `edge` or `ring` (his other two splits, on n×n boards): see CensusSplit.
   * @throws OptionError when the board is not one the census takes (see `censusRefusal`), or
   *   the split does not apply to it.
   */
  constructor(board: Board, split: SplitName = "centre") {
    this.board = board;
    this.split = new CensusSplit(board, split);
    this.statNames = censusStatNames(board);
    this.kept = STAT_NAMES.map((name) => this.statNames.includes(name));
  }

  /** The canonical subproblems in name order, with multiplicities. */
  subproblems(): readonly SubproblemEntry[] {
    return this.split.subproblems();
  }

  /** The entry of a subproblem named by any of its equivalent names (its canonical entry). */
  entry(name: string): SubproblemEntry {
    // The first few are found directly (from the name's symmetric images): a run of a few
    // subproblems needs no list, which a worker thread would build once more (a quarter of a
    // CPU second on 8×8). Past them the list pays: a direct lookup costs tens of µs, and a
    // census hands its workers thousands of names (a leaper's are mostly empty, microseconds).
    if (this.index === undefined && ++this.lookups > DIRECT_LOOKUPS) {
      this.index = new Map(this.subproblems().map((e) => [e.name, e]));
    }
    const found =
      this.index === undefined
        ? this.split.entryOf(name)
        : // A canonical name (every name a census run hands out) is found without canonicalising.
          (this.index.get(name) ?? this.index.get(this.split.canonical(name)));
    if (found !== undefined) return found;
    throw new OptionError(
      `'${name}' is left out of the ${this.board} census (${this.split.split} split): its wedges contradict the two moves of a cell that has only two (a corner), so no tour has them`,
      name,
    );
  }

  /** The search engine of this board, built once (large typed arrays, reused by every run). */
  searchEngine(): CensusEngine {
    this.engine ??= new CensusEngine(this.board);
    return this.engine;
  }

  /**
   * Visit every tour of one subproblem (by any of its names; counted as its canonical one).
   * Deterministic: no clock or I/O enters the result, only whether limits stopped it.
   */
  runSubproblem(name: string, options: CensusRunOptions = {}): SubproblemRun {
    const entry = this.entry(name);
    const engine = this.searchEngine();
    const withStats = options.stats !== false;
    engine.stats = withStats;
    const budget = Budget.start(options, (nodes, ms) => ({
      nodes,
      ms,
      done: 0,
      visited: engine.tours,
    }));
    const witnesses = withStats ? new WitnessKeeper(entry.name, this.kept) : undefined;
    // A tour can only be a witness if one of its values is new in this run.
    engine.onNewValue = witnesses === undefined ? null : (e) => witnesses.see(e);
    const finished = engine.run(
      this.split.forcedMoves(entry.name),
      (nodes) => budget.check(nodes) !== null,
    );
    engine.onNewValue = null;
    budget.spend(engine.nodes);
    if (!finished) return { status: budget.stopped ?? "limit", nodes: engine.nodes };
    const result: SubproblemResult = {
      name: entry.name,
      multiplicity: entry.multiplicity,
      tours: String(engine.tours),
      nodes: engine.nodes,
      ...(withStats ? { stats: histograms(engine, this.kept), ...witnesses!.extremes() } : {}),
    };
    return { status: "done", result };
  }

  /**
   * Run subproblems one after another in this thread (all, or the names given) and merge
   * them. Stops at the limits between or inside subproblems; the totals then cover the
   * finished ones (`totals.done`).
   */
  run(
    names?: readonly string[],
    options: CensusRunOptions = {},
  ): CensusTotals & { status: RunStatus } {
    const totals = new CensusTotals() as CensusTotals & { status: RunStatus };
    totals.status = "done";
    const list = names ?? this.subproblems().map((e) => e.name);
    const budget = Budget.start(options, (nodes, ms) => ({
      nodes,
      ms,
      done: totals.done,
      visited: Number(totals.visited),
    }));
    for (const name of list) {
      // Subproblems too small to reach the search's own polling still meet the limits here.
      const stopped = budget.check();
      if (stopped !== null) {
        totals.status = stopped;
        break;
      }
      const run = this.runSubproblem(name, { ...options, budget });
      if (run.status !== "done") {
        totals.status = run.status;
        break;
      }
      totals.add(run.result);
    }
    return totals;
  }
}

function histograms(
  engine: CensusEngine,
  kept: readonly boolean[],
): Record<StatName, Record<string, string>> {
  const out = {} as Record<StatName, Record<string, string>>;
  for (let k = 0; k < STAT_COUNT; k++) {
    if (!kept[k]) continue;
    const h = engine.histograms[k]!;
    if (engine.tours === 0) {
      // Nothing to read: the histograms are clear.
      out[STAT_NAMES[k]!] = {};
      continue;
    }
    const table: Record<string, string> = {};
    for (let v = 0; v < h.length; v++) if (h[v]! > 0) table[formatStatValue(k, v)] = String(h[v]);
    out[STAT_NAMES[k]!] = table;
  }
  return out;
}

/** Keeps, per statistic, the first tour (in search order) reaching its least and greatest value. */
class WitnessKeeper {
  private readonly min = new Int32Array(STAT_COUNT).fill(0x7fffffff);
  private readonly max = new Int32Array(STAT_COUNT).fill(-1);
  /** Made at the first tour (most subproblems of a leaper's census have none). */
  private readonly minPath: (Int32Array | undefined)[] = [];
  private readonly maxPath: (Int32Array | undefined)[] = [];
  private readonly subproblem: string;
  private readonly kept: readonly boolean[];

  constructor(subproblem: string, kept: readonly boolean[]) {
    this.subproblem = subproblem;
    this.kept = kept;
  }

  see(engine: CensusEngine): void {
    const values = engine.values;
    for (let k = 0; k < STAT_COUNT; k++) {
      const v = values[k]!;
      if (v < this.min[k]!) {
        this.min[k] = v;
        this.minPath[k] = engine.tourPath(this.minPath[k]);
      }
      if (v > this.max[k]!) {
        this.max[k] = v;
        this.maxPath[k] = engine.tourPath(this.maxPath[k]);
      }
    }
  }

  extremes(): { extremes?: Record<StatName, ExtremeRecord> } {
    if (this.max[0]! < 0) return {};
    const out = {} as Record<StatName, ExtremeRecord>;
    for (let k = 0; k < STAT_COUNT; k++) {
      if (!this.kept[k]) continue;
      const witness = (path: Int32Array): Witness => ({
        subproblem: this.subproblem,
        path: Array.from(path),
      });
      out[STAT_NAMES[k]!] = {
        min: formatStatValue(k, this.min[k]!),
        max: formatStatValue(k, this.max[k]!),
        minTour: witness(this.minPath[k]!),
        maxTour: witness(this.maxPath[k]!),
      };
    }
    return { extremes: out };
  }
}
