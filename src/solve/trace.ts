import type { Board } from "../core/board.js";
import { formatCell } from "../core/cells.js";

/**
 * What a search did at one step:
 * - advance: a cell was put on the path (one search node: `stats.nodes` counts these);
 * - backtrack: a cell was taken back off the path because everything below it failed;
 * - prune: a cell just put on the path was taken back at once, for `reason` (a backtrack too:
 *   `stats.backtracks` counts backtrack and prune events together);
 * - stuck: a greedy walk (Warnsdorff) ended without a tour; `cell` is where it stopped;
 * - restart: a new attempt begins (the path is empty again); not counted in the stats.
 */
export type TraceAction = "advance" | "backtrack" | "prune" | "stuck" | "restart";

/**
 * Why a branch was cut (the `reason` of prune and stuck events):
 * - dead-end: the knight on `at` has no move left (the path there cannot go on);
 * - isolated: `at`, unvisited, has no free neighbour left: it can never be entered;
 * - second-end: `at` has one free neighbour, so the path would have to end there, and the end is
 *   taken (a required end, a closed tour, or another such cell already forced as the end);
 * - closing: a closed tour's start `at` lost its last free neighbour: the knight cannot return;
 * - parity: too many cells of one kind left for the path to alternate through them (the
 *   four-row rule on 4-wide boards, or the colour count);
 * - disconnected: the unvisited cells fall apart, so no single path covers them;
 * - not-closing: the path covers the board but its last cell is no knight's move from the start;
 * - wrong-end: the path covers the board but ends elsewhere than the required end;
 * - no-join: (bidirectional) the last free cell is placed but the two heads are no knight's move
 *   apart.
 */
export type TraceReason =
  | "dead-end"
  | "isolated"
  | "second-end"
  | "closing"
  | "parity"
  | "disconnected"
  | "not-closing"
  | "wrong-end"
  | "no-join";

/** One search event, as `onTrace` receives it. Cells are flat indices (r * cols + c). */
export interface TraceEvent {
  /** 1, 2, 3, … over the whole `solve()` call. */
  readonly step: number;
  readonly action: TraceAction;
  /** The cell entered, left, refused, or where a walk stopped (restart: the new first cell). */
  readonly cell: number;
  /**
   * The cell's index in the tour being built: 0 for the start. A bidirectional search fills
   * the tour from both ends, so its end-side cells have depths counting down from cells − 1.
   */
  readonly depth: number;
  /** Why, for prune and stuck events. */
  readonly reason?: TraceReason;
  /** The cell the reason is about (the isolated cell, the knight with no move, …). */
  readonly at?: number;
  /** A few words more: the order of a restart, the side a bidirectional search grew. */
  readonly note?: string;
}

/** Receives every search event of a `solve()` call, synchronously, in order. */
export type TraceListener = (event: TraceEvent) => void;

/**
 * Numbers the events of one solve and hands them to the listener. Searches hold `Tracer | null`
 * and test one boolean hoisted out of their loop (`const tracing = tracer !== null`), so without
 * a listener a node costs one predictable branch and allocates nothing; with one, each event is
 * a small fresh object (listeners may keep them).
 */
export class Tracer {
  private step = 0;
  private readonly listener: TraceListener;

  constructor(listener: TraceListener) {
    this.listener = listener;
  }

  /** Events emitted so far. */
  get steps(): number {
    return this.step;
  }

  advance(cell: number, depth: number, note?: string): void {
    this.emit("advance", cell, depth, undefined, undefined, note);
  }

  backtrack(cell: number, depth: number, note?: string): void {
    this.emit("backtrack", cell, depth, undefined, undefined, note);
  }

  prune(cell: number, depth: number, reason: TraceReason, at: number, note?: string): void {
    this.emit("prune", cell, depth, reason, at, note);
  }

  stuck(cell: number, depth: number, reason: TraceReason, at: number): void {
    this.emit("stuck", cell, depth, reason, at, undefined);
  }

  restart(cell: number, note?: string): void {
    this.emit("restart", cell, 0, undefined, undefined, note);
  }

  private emit(
    action: TraceAction,
    cell: number,
    depth: number,
    reason: TraceReason | undefined,
    at: number | undefined,
    note: string | undefined,
  ): void {
    const event: { -readonly [K in keyof TraceEvent]: TraceEvent[K] } = {
      step: ++this.step,
      action,
      cell,
      depth,
    };
    if (reason !== undefined) event.reason = reason;
    if (at !== undefined) event.at = at;
    if (note !== undefined) event.note = note;
    this.listener(event);
  }
}

/** The tracer for a listener, or null when nobody listens. */
export function tracerFor(listener: TraceListener | undefined): Tracer | null {
  return listener === undefined ? null : new Tracer(listener);
}

/** A reason in words, naming its cell in a1 notation ("isolated cell e4"). */
export function describeReason(board: Board, reason: TraceReason, at: number | undefined): string {
  const cell = at === undefined ? "?" : formatCell(board, at);
  switch (reason) {
    case "dead-end":
      return `dead end at ${cell}`;
    case "isolated":
      return `isolated cell ${cell}`;
    case "second-end":
      return `second dead end at ${cell}`;
    case "closing":
      return `closing neighbour unreachable (${cell} has no free neighbour)`;
    case "parity":
      return "parity";
    case "disconnected":
      return `unvisited cells disconnected (from ${cell})`;
    case "not-closing":
      return `does not close (${cell} is no knight's move from the start)`;
    case "wrong-end":
      return `ends at ${cell}, not at the required end`;
    case "no-join":
      return `the two ends do not meet (${cell} is no knight's move from the other head)`;
  }
}

/**
 * One line of `knight tour --trace`: step, action, cell (a1 notation), depth, and the reason of
 * a prune or stuck event, e.g. `57 prune d4 depth 12: isolated cell e6`.
 */
export function formatTraceEvent(board: Board, event: TraceEvent): string {
  let line = `${event.step} ${event.action} ${formatCell(board, event.cell)} depth ${event.depth}`;
  if (event.reason !== undefined) line += `: ${describeReason(board, event.reason, event.at)}`;
  if (event.note !== undefined) line += ` (${event.note})`;
  return line;
}
