import type { Board } from "../core/board.js";
import { solve } from "../solve/solve.js";
import type { TraceEvent, TraceReason } from "../solve/trace.js";
import type { SolveOptions, SolveResult } from "../solve/types.js";

/**
 * Teaching mode: a search shown event by event. The search is the solver's own (`solve()` with
 * an `onTrace` listener), so what a learner watches is what `knight tour --trace` prints; this
 * module only chooses the search and turns its trace into what the learner sees.
 */
export interface TeachingOptions {
  readonly start?: number;
  readonly closed?: boolean;
  /**
   * Order of the moves tried from each cell: "fixed" (KNIGHT_MOVES order, the textbook
   * backtracking, method `backtrack`) or "warnsdorff" (fewest onward moves first, ties in
   * KNIGHT_MOVES order: method `search`, which also prunes hopeless branches and restarts).
   */
  readonly order?: "fixed" | "warnsdorff";
  /** Stop after this many search nodes (the solver's default for the method when absent). */
  readonly nodeLimit?: number | undefined;
}

/**
 * The `solve()` options of a teaching run. The theorems are switched off (`useTheory: false`):
 * the point is to watch the search find out, not to be told the answer before it starts.
 */
export function teachingSolveOptions(options: TeachingOptions = {}, board?: Board): SolveOptions {
  const common = {
    // The top-left cell, or on a board with holes the first cell that is not one.
    start: options.start ?? (board === undefined ? 0 : board.firstCell),
    closed: options.closed === true,
    useTheory: false,
    nodeLimit: options.nodeLimit,
  };
  return options.order === "warnsdorff"
    ? { ...common, method: "search", tieBreak: "first" }
    : { ...common, method: "backtrack" };
}

/** A slice of a teaching run's trace: events `from + 1 … from + events.length` (by `step`). */
export interface TraceWindow {
  /** Steps before the first event of `events`. */
  readonly from: number;
  readonly events: readonly TraceEvent[];
  /** The run's result when `events` reach its last event; null when more events follow. */
  readonly end: SolveResult | null;
}

/**
 * Run a teaching search and keep at most `count` of its events after the first `from`, then stop
 * it (through its AbortSignal). A search with its seed and no time limit is deterministic, so
 * running it again with a larger `from` continues the same trace: a page can play back a search
 * of millions of steps while holding one window of them, and the search need not pause.
 */
export function traceWindow(
  board: Board,
  options: TeachingOptions,
  from: number,
  count: number,
): TraceWindow {
  const events: TraceEvent[] = [];
  const stop = new AbortController();
  const onTrace = (event: TraceEvent): void => {
    if (event.step <= from) return;
    if (events.length < count) events.push(event);
    else if (!stop.signal.aborted) stop.abort();
  };
  const result = solve(board, {
    ...teachingSolveOptions(options, board),
    signal: stop.signal,
    onTrace,
  });
  return { from, events, end: stop.signal.aborted ? null : result };
}

/** What the learner sees after one event: the square to point at, and why. */
export type TeachingSight =
  /** The knight moved to `cell` (the first one: the start). */
  | { readonly kind: "visit"; readonly cell: number }
  /**
   * The knight on `cell` had nowhere to go (no unvisited square a move away, or the board is
   * full but the tour does not close or end where asked) and stepped back.
   */
  | { readonly kind: "dead-end"; readonly cell: number }
  /** Every move from `cell` failed: the knight stepped back from it. */
  | { readonly kind: "backtrack"; readonly cell: number }
  /** The move to `cell` was taken back at once: `reason` shows it cannot lead to a tour. */
  | {
      readonly kind: "prune";
      readonly cell: number;
      readonly reason: TraceReason;
      readonly at: number | undefined;
    }
  /** A new attempt begins at `cell` with an empty board. */
  | { readonly kind: "restart"; readonly cell: number };

/** Prune reasons that mean the knight itself could not go on: the learner's "dead end". */
const DEAD_END_REASONS: ReadonlySet<TraceReason> = new Set<TraceReason>([
  "dead-end",
  "not-closing",
  "wrong-end",
]);

/**
 * The learner's view of a search that grows one path from its start (`backtrack`, `stack`,
 * `search`), rebuilt from its trace events: the path, counters, and the last thing that happened.
 */
export class TeachingReplay {
  /** The current path, start first. */
  readonly path: number[] = [];
  /** Moves tried: every cell put on the path after the start. */
  tried = 0;
  /** Times the knight found itself with nowhere to go. */
  deadEnds = 0;
  /** Cells taken back off the path (backtrack and prune events: the solver's `backtracks`). */
  backtracks = 0;
  /** Moves taken back at once for a reason other than a dead end (isolated cell, parity, …). */
  pruned = 0;
  /** New attempts after the first. */
  restarts = 0;
  /** What the last event showed, or null before the first. */
  last: TeachingSight | null = null;
  /** How the run ended, once `finish` was called. */
  status: SolveResult["status"] | null = null;
  /** Events applied so far. */
  events = 0;
  private lastAdvanced = -1;

  get done(): boolean {
    return this.status !== null;
  }

  /** Apply the next event of the trace. */
  apply(event: TraceEvent): void {
    this.events++;
    const { cell } = event;
    const advanced = this.lastAdvanced;
    this.lastAdvanced = -1;
    switch (event.action) {
      case "advance":
        if (event.depth > 0) this.tried++;
        this.path.length = event.depth;
        this.path.push(cell);
        this.lastAdvanced = cell;
        this.last = { kind: "visit", cell };
        return;
      case "backtrack":
        this.path.length = event.depth;
        this.backtracks++;
        // Entered and left with nothing in between: no move from there was ever open.
        if (advanced === cell) {
          this.deadEnds++;
          this.last = { kind: "dead-end", cell };
        } else this.last = { kind: "backtrack", cell };
        return;
      case "prune":
        this.path.length = event.depth;
        this.backtracks++;
        if (event.reason === undefined || DEAD_END_REASONS.has(event.reason)) {
          this.deadEnds++;
          this.last = { kind: "dead-end", cell };
        } else {
          this.pruned++;
          this.last = { kind: "prune", cell, reason: event.reason, at: event.at };
        }
        return;
      case "stuck":
        this.deadEnds++;
        this.last = { kind: "dead-end", cell };
        return;
      case "restart":
        this.path.length = 0;
        this.restarts++;
        this.last = { kind: "restart", cell };
        return;
    }
  }

  /** The run ended with `status` (its result's status, after its last event). */
  finish(status: SolveResult["status"]): void {
    // A start with no move at all ends the search right after its first event.
    if (status === "impossible" && this.lastAdvanced !== -1) {
      this.deadEnds++;
      this.last = { kind: "dead-end", cell: this.lastAdvanced };
    }
    this.lastAdvanced = -1;
    this.status = status;
  }
}
