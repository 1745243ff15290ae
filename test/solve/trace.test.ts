import { describe, expect, it } from "vitest";
import { Board, parseBoard } from "../../src/core/board.js";
import { parseCell } from "../../src/core/cells.js";
import {
  formatTraceEvent,
  type Method,
  type SolveOptions,
  type SolveResult,
  solve,
  type TraceEvent,
} from "../../src/solve/index.js";
import { expectTour } from "./expect-tour.js";

/** Solve with a listener that keeps every event. */
function traced(
  board: Board,
  options: SolveOptions,
): { result: SolveResult; events: TraceEvent[] } {
  const events: TraceEvent[] = [];
  const result = solve(board, { ...options, onTrace: (event) => events.push(event) });
  return { result, events };
}

/** Plain checks in the replay loop: expect() per event would be slow on long traces. */
function check(ok: boolean, message: string): void {
  if (!ok) throw new Error(message);
}

/**
 * Replay a trace into the path it describes, checking every event against the state so far:
 * an advance fills an empty slot of the tour next to a filled one (a knight's move away), or
 * starts the path; backtrack and prune empty the slot they name; a restart empties the path.
 * Returns the slots (cell or -1) at the end.
 */
function replay(board: Board, events: readonly TraceEvent[]): Int32Array {
  const slots = new Int32Array(board.cells).fill(-1);
  const placed = new Uint8Array(board.cells);
  let filled = 0;
  let step = 0;
  for (const event of events) {
    const { cell, depth } = event;
    const at = `step ${event.step} (${event.action} ${cell} depth ${depth})`;
    check(event.step === ++step, `${at}: steps are numbered 1, 2, 3, …`);
    check(cell >= 0 && cell < board.cells, `${at}: cell off the board`);
    switch (event.action) {
      case "restart":
        slots.fill(-1);
        placed.fill(0);
        filled = 0;
        break;
      case "advance": {
        check(slots[depth] === -1, `${at}: slot taken`);
        check(placed[cell] === 0, `${at}: cell visited twice`);
        if (filled > 0) {
          const before = depth > 0 ? slots[depth - 1]! : -1;
          const after = depth + 1 < board.cells ? slots[depth + 1]! : -1;
          check(
            (before >= 0 && board.isKnightMove(before, cell)) ||
              (after >= 0 && board.isKnightMove(after, cell)) ||
              // The two fixed ends of a bidirectional search are placed before any move.
              depth === board.cells - 1,
            `${at}: joins no neighbouring slot by a knight's move`,
          );
        }
        slots[depth] = cell;
        placed[cell] = 1;
        filled++;
        break;
      }
      case "backtrack":
      case "prune":
        check(slots[depth] === cell, `${at}: takes back a cell that is not there`);
        slots[depth] = -1;
        placed[cell] = 0;
        filled--;
        if (event.action === "prune") {
          check(
            event.reason !== undefined && (event.at ?? -1) >= 0,
            `${at}: prune without a reason`,
          );
        }
        break;
      case "stuck":
        check(event.reason !== undefined, `${at}: stuck without a reason`);
        break;
    }
  }
  return slots;
}

function count(events: readonly TraceEvent[], ...actions: TraceEvent["action"][]): number {
  return events.filter((e) => actions.includes(e.action)).length;
}

const b5 = new Board(5, 5);
const a1 = parseCell("a1", b5);

describe("onTrace: the events replay into the path the search returns", () => {
  const cases: Array<[string, string, SolveOptions]> = [
    ["search", "5", { start: a1 }],
    ["search", "3x4", { start: 0 }],
    ["search", "6", { closed: true, start: 0 }],
    ["search", "5x6", { start: 0, end: 29 }],
    ["backtrack", "5", { start: a1 }],
    ["stack", "5", { start: a1 }],
    ["stack", "3x4", { start: 0 }],
    ["backtrack", "3x4", { closed: false, start: 0, end: 11 }],
    ["warnsdorff", "8", { start: 0 }],
    ["warnsdorff", "5", { start: a1 }],
    ["bidirectional", "5", { start: a1, end: 24 }],
    ["bidirectional", "6", { closed: true, start: 0 }],
    ["bidirectional", "3x4", { start: 0, end: 11 }],
  ];
  it.each(cases)("%s %s %j", (method, spec, request) => {
    const board = parseBoard(spec);
    const { result, events } = traced(board, { ...request, method: method as Method });
    expectTour(board, result, request);
    const slots = replay(board, events);
    expect(Array.from(slots)).toEqual(Array.from(result.tour!.path));
    // One advance per node, one backtrack or prune per backtrack.
    expect(count(events, "advance")).toBe(result.stats.nodes);
    expect(count(events, "backtrack", "prune")).toBe(result.stats.backtracks);
  });

  it.each([
    ["search", "3x4", { start: 1 }],
    ["backtrack", "3x4", { start: 5 }],
    ["stack", "3x4", { start: 5 }],
    ["search", "5", { start: 2, end: 6 }],
    ["bidirectional", "5", { start: 2, end: 6 }],
    ["bidirectional", "5", { start: 2, end: 22 }],
  ] as const)(
    "%s %s %j: an exhaustive search (no tour) traces every node and undo",
    (method, spec, request) => {
      const board = parseBoard(spec);
      const { result, events } = traced(board, { method, ...request, useTheory: false });
      expect(result.status).toBe("impossible");
      expect(count(events, "advance")).toBe(result.stats.nodes);
      expect(count(events, "backtrack", "prune")).toBe(result.stats.backtracks);
      expect(result.stats.backtracks).toBeGreaterThan(0);
      const slots = replay(board, events);
      // Everything was taken back but the fixed ends.
      expect(Array.from(slots).filter((c) => c >= 0).length).toBe(
        method === "bidirectional" ? 2 : 1,
      );
    },
  );

  it("search prunes with reasons that name cells (isolated, dead ends, …)", () => {
    const { events } = traced(b5, {
      method: "search",
      start: parseCell("b1", b5),
      useTheory: false,
    });
    const reasons = new Set(events.filter((e) => e.action === "prune").map((e) => e.reason));
    expect(reasons.size).toBeGreaterThan(1);
    for (const reason of reasons) {
      expect([
        "dead-end",
        "isolated",
        "second-end",
        "closing",
        "parity",
        "disconnected",
        "not-closing",
        "wrong-end",
      ]).toContain(reason);
    }
  });

  it("a 4-wide board prunes by the outer-row bound (parity) and by connectivity", () => {
    const board = new Board(4, 5);
    // b3 is an inner cell: no open tour starts there (the four-row rule), proved by search.
    const { result, events } = traced(board, { method: "search", start: 6, useTheory: false });
    expect(result.status).toBe("impossible");
    const reasons = new Set(events.map((e) => e.reason));
    expect(reasons.has("parity") || reasons.has("disconnected")).toBe(true);
  });

  it("a stuck Warnsdorff walk ends with a stuck event at the cell where it stopped", () => {
    const board = new Board(7, 7);
    const { result, events } = traced(board, {
      method: "warnsdorff",
      tieBreak: "roth",
      start: parseCell("c7", board),
    });
    expect(result.status).toBe("stuck");
    const last = events[events.length - 1]!;
    expect(last.action).toBe("stuck");
    expect(last.reason).toBe("dead-end");
    expect(last.cell).toBe(result.partial![result.partial!.length - 1]);
    expect(count(events, "advance")).toBe(result.stats.nodes);
  });

  it("a listener does not change the search: same tour and statistics as without one", () => {
    for (const method of ["search", "backtrack", "stack", "warnsdorff", "bidirectional"] as const) {
      const request: SolveOptions = { method, start: a1, end: 24 };
      const plain = solve(b5, request);
      const { result } = traced(b5, request);
      expect(result.status).toBe(plain.status);
      expect(result.stats.nodes).toBe(plain.stats.nodes);
      expect(result.stats.backtracks).toBe(plain.stats.backtracks);
      expect(result.tour?.path).toEqual(plain.tour?.path);
    }
    // backtrack has an untraced and a traced copy of its recursion: they must search alike.
    for (const method of ["backtrack", "stack"] as const) {
      const request: SolveOptions = { method, start: 5, useTheory: false };
      const board = new Board(3, 4);
      const plain = solve(board, request);
      let events = 0;
      const counted = solve(board, { ...request, onTrace: () => events++ });
      expect(plain.status).toBe("impossible");
      expect(counted.stats.nodes).toBe(plain.stats.nodes);
      expect(counted.stats.backtracks).toBe(plain.stats.backtracks);
      expect(events).toBe(plain.stats.nodes + plain.stats.backtracks);
    }
  });

  it("formatTraceEvent: step, action, cell in a1 notation, depth, reason", () => {
    expect(formatTraceEvent(b5, { step: 7, action: "advance", cell: 0, depth: 3 })).toBe(
      "7 advance a5 depth 3",
    );
    expect(
      formatTraceEvent(b5, {
        step: 8,
        action: "prune",
        cell: 7,
        depth: 4,
        reason: "isolated",
        at: a1,
      }),
    ).toBe("8 prune c4 depth 4: isolated cell a1");
    expect(
      formatTraceEvent(b5, {
        step: 9,
        action: "prune",
        cell: 7,
        depth: 4,
        reason: "dead-end",
        at: 7,
      }),
    ).toBe("9 prune c4 depth 4: dead end at c4");
  });
});
