import { describe, expect, it } from "vitest";
import {
  clearThinBases,
  type SmallTourFinder,
  type SmallTourRequest,
  thinTourLinks,
} from "../../src/construct/index.js";
import type { Board } from "../../src/core/board.js";
import { searchSmallTour } from "../../src/solve/solve.js";

/** A finder that records its calls and answers `status` without searching. */
function answering(status: "limit" | "impossible"): SmallTourFinder & { calls: string[] } {
  const calls: string[] = [];
  const finder = (board: Board, request: SmallTourRequest) => {
    calls.push(`${board.label}:${request.closed}`);
    return {
      status,
      tour: null,
      reason: status === "limit" ? "the time limit of 2000 ms ran out" : "none (pretend)",
      stats: { nodes: 0, backtracks: 0, attempts: 1, ms: 0 },
    };
  };
  return Object.assign(finder, { calls });
}

describe("thinTourLinks: the base tours it pumps", () => {
  it("searches again after a base search that ran out of time (a time-out is not remembered)", () => {
    clearThinBases();
    const slow = answering("limit");
    expect(thinTourLinks(3, 40, true, slow)).toBeNull();
    const first = slow.calls.length;
    expect(first).toBeGreaterThan(0);
    // The same request again asks the finder again, for every base.
    expect(thinTourLinks(3, 40, true, slow)).toBeNull();
    expect(slow.calls.length).toBe(2 * first);
    expect(slow.calls.slice(first)).toEqual(slow.calls.slice(0, first));
    // …so once the machine is quick enough, the board is built.
    const links = thinTourLinks(3, 40, true, searchSmallTour);
    expect(links).not.toBeNull();
    clearThinBases();
  });

  it("searches again after an open 3-row block search that ran out of time", () => {
    clearThinBases();
    const slow = answering("limit");
    expect(thinTourLinks(3, 41, false, slow)).toBeNull();
    const first = slow.calls.length;
    // The open 3×7 block (from each corner of its left column) was asked for too.
    expect(slow.calls.filter((call) => call === "3x7:false").length).toBe(2);
    expect(thinTourLinks(3, 41, false, slow)).toBeNull();
    expect(slow.calls.length).toBe(2 * first);
    expect(slow.calls.filter((call) => call === "3x7:false").length).toBe(4);
    expect(thinTourLinks(3, 41, false, searchSmallTour)).not.toBeNull();
    clearThinBases();
  });

  it("remembers a base proved to have no tour, and a base tour found", () => {
    clearThinBases();
    const none = answering("impossible");
    expect(thinTourLinks(4, 40, true, none)).toBeNull();
    expect(none.calls.length).toBeGreaterThan(0);
    const again = answering("impossible");
    expect(thinTourLinks(4, 40, true, again)).toBeNull();
    expect(again.calls).toEqual([]);
    clearThinBases();
    // A found base is kept: the second board of the same family asks nothing. The finder waits
    // up to 10 minutes here: under load the 3×32 base search (about 1 s) can pass the
    // construction's 2 s, and a timed-out base is asked for again (the test above), not kept.
    const patient: SmallTourFinder = (board, request) =>
      searchSmallTour(board, { ...request, timeLimitMs: 600_000 });
    expect(thinTourLinks(3, 40, true, patient)).not.toBeNull();
    const unused = answering("limit");
    expect(thinTourLinks(3, 40, true, unused)).not.toBeNull();
    expect(unused.calls).toEqual([]);
    clearThinBases();
  });
});
