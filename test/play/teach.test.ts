import { describe, expect, it } from "vitest";
import {
  Board,
  type SolveResult,
  solve,
  TeachingReplay,
  type TraceEvent,
  validateTour,
} from "../../src/index.js";
import {
  type TeachingOptions,
  type TeachingSight,
  teachingSolveOptions,
  traceWindow,
} from "../../src/play/index.js";

interface Watched {
  readonly events: TraceEvent[];
  readonly sights: TeachingSight[];
  readonly replay: TeachingReplay;
  readonly result: SolveResult;
}

/** Watch a whole teaching run as the page does: every event through a TeachingReplay. */
function watch(board: Board, options: TeachingOptions): Watched {
  const events: TraceEvent[] = [];
  const result = solve(board, {
    ...teachingSolveOptions(options),
    onTrace: (event) => events.push(event),
  });
  const replay = new TeachingReplay();
  const sights: TeachingSight[] = [];
  for (const event of events) {
    replay.apply(event);
    sights.push(replay.last!);
  }
  replay.finish(result.status);
  return { events, sights, replay, result };
}

/**
 * Replays the events independently and checks they describe a consistent depth-first search,
 * and that the learner's path (TeachingReplay) is that search's path after every event.
 */
function replayChecked(board: Board, events: TraceEvent[]): number[] {
  const path: number[] = [];
  const replay = new TeachingReplay();
  for (const event of events) {
    if (event.action === "advance") {
      if (path.length > 0) expect(board.isKnightMove(path.at(-1)!, event.cell)).toBe(true);
      expect(path).not.toContain(event.cell);
      expect(path).toHaveLength(event.depth);
      path.push(event.cell);
    } else if (event.action === "backtrack" || event.action === "prune") {
      expect(path.pop()).toBe(event.cell);
      expect(path).toHaveLength(event.depth);
    } else if (event.action === "restart") {
      path.length = 0;
    }
    replay.apply(event);
    expect(replay.path).toEqual(path);
  }
  return path;
}

describe("teaching mode: the solver's trace, as a learner sees it", () => {
  it("finds a 5×5 open tour from a corner in fixed order, with dead ends and backtracks on the way", () => {
    const board = new Board(5, 5);
    const { events, sights, replay, result } = watch(board, { start: 0 });
    expect(result.status).toBe("found");
    expect(replay.done).toBe(true);
    expect(validateTour(board, { path: Int32Array.from(replay.path), closed: false }).valid).toBe(
      true,
    );
    expect(replay.path).toEqual(Array.from(result.tour!.path));
    expect(sights.some((s) => s.kind === "dead-end")).toBe(true);
    expect(sights.some((s) => s.kind === "backtrack")).toBe(true);
    expect(replay.deadEnds).toBeGreaterThan(0);
    // The counters are the solver's own: nodes are the start and every move tried.
    expect(replay.tried + 1).toBe(result.stats.nodes);
    expect(replay.backtracks).toBe(result.stats.backtracks);
    replayChecked(board, events);
  });

  it("finds a closed 6×6 tour in Warnsdorff order", () => {
    const board = new Board(6, 6);
    const { events, replay, result } = watch(board, {
      closed: true,
      order: "warnsdorff",
      start: 7,
    });
    expect(result.status).toBe("found");
    expect(
      validateTour(board, { path: Int32Array.from(replay.path), closed: true }, { closed: true })
        .valid,
    ).toBe(true);
    replayChecked(board, events);
  });

  it("exhausts a board with no tour (4×4) and ends back at the start", () => {
    const board = new Board(4, 4);
    const { events, replay, result } = watch(board, {});
    expect(result.status).toBe("impossible");
    expect(replay.done).toBe(true);
    expect(replayChecked(board, events)).toEqual([0]);
    expect(replay.path).toEqual([0]);
  });

  it("calls a start with no move a dead end (the centre of 3×3)", () => {
    const { replay, result } = watch(new Board(3, 3), { start: 4 });
    expect(result.status).toBe("impossible");
    expect(replay.deadEnds).toBe(1);
    expect(replay.last).toEqual({ kind: "dead-end", cell: 4 });
  });

  it("starts at the requested cell", () => {
    const { events, sights } = watch(new Board(5, 5), { start: 12 });
    expect(events[0]).toMatchObject({ action: "advance", cell: 12, depth: 0 });
    expect(sights[0]).toEqual({ kind: "visit", cell: 12 });
  });

  it("shows the search's pruning reasons in Warnsdorff order", () => {
    const board = new Board(5, 5);
    const { events, sights, replay, result } = watch(board, { order: "warnsdorff", start: 2 });
    replayChecked(board, events);
    expect(result.status).toBe("found");
    expect(replay.pruned).toBeGreaterThan(0);
    expect(replay.pruned).toBe(sights.filter((s) => s.kind === "prune").length);
  });

  it("stops at the node limit with status 'limit'", () => {
    const { replay, result } = watch(new Board(8, 8), { start: 0, nodeLimit: 5_000 });
    expect(result.status).toBe("limit");
    expect(replay.done).toBe(true);
    expect(replay.tried + 1).toBe(result.stats.nodes);
  });
});

describe("traceWindow(board, options, from, count)", () => {
  it("cuts one run's trace into windows that join into the whole trace", () => {
    const board = new Board(5, 5);
    const options = { start: 0 } as const;
    const whole = watch(board, options);
    const joined: TraceEvent[] = [];
    let end: SolveResult | null = null;
    for (let from = 0, size = 1000; end === null; size *= 2) {
      const window = traceWindow(board, options, from, size);
      expect(window.from).toBe(from);
      expect(window.events.length).toBeLessThanOrEqual(size);
      if (window.end === null) expect(window.events).toHaveLength(size);
      joined.push(...window.events);
      from += window.events.length;
      end = window.end;
    }
    expect(joined).toEqual(whole.events);
    expect(end.status).toBe("found");
    expect(Array.from(end.tour!.path)).toEqual(whole.replay.path);
  });

  it("gives the end and no events past the last one", () => {
    const board = new Board(3, 4);
    const whole = watch(board, {});
    const window = traceWindow(board, {}, whole.events.length, 100);
    expect(window.events).toEqual([]);
    expect(window.end?.status).toBe("found");
  });
});
