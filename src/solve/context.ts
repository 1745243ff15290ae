import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";
import type { KnightGraph } from "../core/graph.js";
import type { Random } from "../core/random.js";
import type { Budget } from "../core/run.js";
import { tourCellList } from "./graph-facts.js";
import type { Tracer } from "./trace.js";
import type { SolveOptions, SolveStats, StepTieBreak, TieBreak } from "./types.js";

/** What `solve()` hands each method's runner: the request, and the run's shared state. */
export interface SolveContext {
  readonly board: Board;
  /** The move graph, built on first use (Warnsdorff walks on plain boards do not need it). */
  readonly graph: () => KnightGraph;
  readonly options: SolveOptions;
  /** The run's counters; every runner adds to them. */
  readonly stats: SolveStats;
  /** The run's one budget (limits, clock, signal, progress), shared by every attempt. */
  readonly budget: Budget;
  readonly random: Random;
  readonly closed: boolean;
  /** The trace: null without a listener, so the searches skip every event site. */
  readonly tracer: Tracer | null;
}

/** The tie-break `auto` and `search` use first (best in docs/solvers.md's study). */
export const DEFAULT_TIE_BREAK: StepTieBreak = "roth";

/** The per-step tie-break `search` starts with (`squirrel` only drives Warnsdorff walks). */
export function stepTieBreak(tieBreak: TieBreak | undefined): StepTieBreak {
  return tieBreak === undefined || tieBreak === "squirrel" ? DEFAULT_TIE_BREAK : tieBreak;
}

/**
 * The start cells to try: the requested one, or every cell that is not a hole (corner first)
 * when none is given.
 */
export function startCells(context: SolveContext): ArrayLike<number> {
  const { start } = context.options;
  if (start !== undefined) return [start];
  // A closed tour passes through every cell, so one start settles it.
  if (context.closed) return [context.board.firstCell];
  return tourCellList(context.board);
}

/** The verdict of an exhaustive search from `start` (or from every start), in words. */
export function describe(context: SolveContext, start: number | undefined): string {
  const { board, closed, options } = context;
  const name = (cell: number) => formatCell(board, cell);
  const kind = closed ? "closed" : "open";
  // A closed tour searched from the first cell, none being asked for: none exists at all.
  const from =
    closed && options.start === undefined && options.end === undefined ? undefined : start;
  if (closed && options.end !== undefined && from !== undefined) {
    return `no closed tour of ${board} uses the move ${name(from)}–${name(options.end)}`;
  }
  if (from === undefined) return `no ${kind} tour of ${board} exists`;
  if (options.end !== undefined) {
    return `no ${kind} tour of ${board} runs from ${name(from)} to ${name(options.end)}`;
  }
  return `no ${kind} tour of ${board} starts at ${name(from)}`;
}
