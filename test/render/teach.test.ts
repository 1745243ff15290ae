import { describe, expect, it } from "vitest";
import { Board, backtrackingSteps, type SearchEvent, validateTour } from "../../src/index.js";

function run(board: Board, options: Parameters<typeof backtrackingSteps>[1]): SearchEvent[] {
  return [...backtrackingSteps(board, options)];
}

/** Replays the events and checks they describe a consistent depth-first search. */
function replay(board: Board, events: SearchEvent[]): number[] {
  const path: number[] = [];
  for (const event of events) {
    if (event.kind === "visit") {
      if (path.length > 0) expect(board.isKnightMove(path.at(-1)!, event.cell)).toBe(true);
      expect(path).not.toContain(event.cell);
      path.push(event.cell);
      expect(path).toHaveLength(event.depth);
    } else if (event.kind === "backtrack") {
      expect(path.pop()).toBe(event.from);
      expect(path.at(-1)).toBe(event.to);
      expect(path).toHaveLength(event.depth);
    } else if (event.kind === "dead-end") {
      expect(path.at(-1)).toBe(event.cell);
    } else if (event.kind === "found") {
      expect(Array.from(event.path)).toEqual(path);
    }
  }
  return path;
}

describe("backtrackingSteps(board, options)", () => {
  it("finds a 5×5 open tour from a corner in fixed order, with dead ends and backtracks on the way", () => {
    const board = new Board(5, 5);
    const events = run(board, { start: 0 });
    const last = events.at(-1)!;
    expect(last.kind).toBe("found");
    if (last.kind !== "found") return;
    expect(validateTour(board, { path: last.path, closed: false }).valid).toBe(true);
    expect(events.some((e) => e.kind === "dead-end")).toBe(true);
    expect(events.some((e) => e.kind === "backtrack")).toBe(true);
    replay(board, events);
  });

  it("finds a closed 6×6 tour in Warnsdorff order", () => {
    const board = new Board(6, 6);
    const events = run(board, { closed: true, order: "warnsdorff", start: 7 });
    const last = events.at(-1)!;
    expect(last.kind).toBe("found");
    if (last.kind === "found") {
      expect(validateTour(board, { path: last.path, closed: true }, { closed: true }).valid).toBe(
        true,
      );
    }
    replay(board, events);
  });

  it("exhausts a board with no tour (4×4) and ends back at the start", () => {
    const board = new Board(4, 4);
    const events = run(board, {});
    expect(events.at(-1)!.kind).toBe("exhausted");
    expect(replay(board, events)).toEqual([0]);
  });

  it("starts at the requested cell", () => {
    const events = run(new Board(5, 5), { start: 12 });
    expect(events[0]).toEqual({ kind: "visit", cell: 12, depth: 1 });
  });
});
