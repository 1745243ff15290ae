// The trace (issue 10): what `onTrace` costs. Without a listener the searches test one hoisted
// boolean per event site and allocate nothing; with one, each event is a small object handed to
// the listener. Both sides of each ratio run through solve(), so they differ only in the listener.
//
// And bidirectional search against plain `search` on open tours with a fixed end: the same
// (start, end) pairs through solve() with each method; pairs without a tour make both prove it.
import { Board, formatCell, parseCell, solve } from "../../dist/index.js";

const b8 = new Board(8, 8);

/** Events seen by the counting listener (kept, so the work cannot be optimised away). */
let events = 0;
const count = () => {
  events++;
};

function closedFrom64(onTrace) {
  const before = events;
  for (let s = 0; s < 64; s++) {
    const r = solve(b8, {
      method: "search",
      closed: true,
      start: s,
      ...(onTrace ? { onTrace } : {}),
    });
    if (r.status !== "found") throw new Error("no closed tour");
  }
  if (onTrace && events === before) throw new Error("the listener heard nothing");
}

function walksFrom64(onTrace) {
  const before = events;
  for (let s = 0; s < 64; s++) {
    const r = solve(b8, { method: "warnsdorff", start: s, ...(onTrace ? { onTrace } : {}) });
    if (r.status !== "found") throw new Error("stuck");
  }
  if (onTrace && events === before) throw new Error("the listener heard nothing");
}

/**
 * Start/end pairs per board, all allowed by the colour rule (so the theorems do not answer before
 * the search): corners, neighbours, centre cells. On 5×5, c5-b4, b2-d4 and b4-d4 have no tour, so
 * both methods must exhaust their trees. 5×8 d5→g3 (no tour) is its own case: plain search needs
 * about 6 million nodes for it.
 */
const PAIRS = {
  "5x5": ["a1-e5", "a1-c3", "c5-b4", "e1-a3", "b2-d4", "a5-e1", "c1-a5", "b4-d4"],
  "5x8": ["b1-g5", "a1-h5", "b2-g4", "a5-h1", "c1-f5", "d3-e3", "a3-h3", "b4-g2"],
  "6x6": ["a1-f1", "a1-b1", "c3-d3", "a6-f6", "b2-e2", "a2-f6", "c1-d5", "e5-b3"],
  "7x7": ["a1-g7", "a1-g1", "c3-e5", "d4-a1", "e1-g1", "c5-c3", "e3-c3", "b2-f6"],
  "8x8": ["a1-h1", "a1-b1", "d4-e4", "a8-h8", "b2-g2", "c3-f3", "d1-e7", "h2-a6"],
};

function pairsOf(spec) {
  const board = new Board(...spec.split("x").map(Number));
  const pairs = PAIRS[spec].map((text) => {
    const [s, e] = text.split("-");
    return [parseCell(s, board), parseCell(e, board)];
  });
  return { board, pairs };
}

function solveAll({ board, pairs }, method) {
  let found = 0;
  for (const [start, end] of pairs) {
    const r = solve(board, { method, start, end });
    if (r.status === "found") found++;
    else if (r.status !== "impossible") {
      throw new Error(
        `${method} ${formatCell(board, start)}→${formatCell(board, end)}: ${r.status}`,
      );
    }
  }
  return found;
}

const bidirectionalCases = Object.keys(PAIRS).flatMap((spec) => [
  {
    group: "bidirectional vs search (open, fixed end)",
    name: `search ${spec}, ${PAIRS[spec].length} pairs`,
    note: PAIRS[spec].join(" "),
    setup: () => pairsOf(spec),
    fn: (state) => solveAll(state, "search"),
  },
  {
    group: "bidirectional vs search (open, fixed end)",
    name: `bidirectional ${spec}, ${PAIRS[spec].length} pairs`,
    baseline: `search ${spec}, ${PAIRS[spec].length} pairs`,
    setup: () => pairsOf(spec),
    fn: (state) => solveAll(state, "bidirectional"),
  },
  {
    group: "bidirectional vs search (open, fixed end)",
    name: `auto ${spec}, ${PAIRS[spec].length} pairs`,
    baseline: `search ${spec}, ${PAIRS[spec].length} pairs`,
    note: "search, then bidirectional, per node allowance",
    setup: () => pairsOf(spec),
    fn: (state) => solveAll(state, "auto"),
  },
]);

const hard = () => {
  const board = new Board(5, 8);
  return { board, pairs: [[parseCell("d5", board), parseCell("g3", board)]] };
};

export default [
  {
    group: "trace overhead",
    name: "search closed 8x8 from 64 starts, no listener",
    note: "solve() per start",
    fn: () => closedFrom64(undefined),
  },
  {
    group: "trace overhead",
    name: "search closed 8x8 from 64 starts, counting listener",
    baseline: "search closed 8x8 from 64 starts, no listener",
    fn: () => closedFrom64(count),
  },
  {
    group: "trace overhead",
    name: "search closed 8x8 from 64 starts, listener keeping every event",
    baseline: "search closed 8x8 from 64 starts, no listener",
    note: "events escape: each one is allocated",
    fn: () => {
      const kept = [];
      closedFrom64((event) => {
        events++;
        kept.push(event);
      });
      if (kept.length === 0) throw new Error("the listener heard nothing");
    },
  },
  {
    group: "trace overhead",
    name: "warnsdorff 8x8 from 64 starts, no listener",
    note: "solve() per start",
    fn: () => walksFrom64(undefined),
  },
  {
    group: "trace overhead",
    name: "warnsdorff 8x8 from 64 starts, counting listener",
    baseline: "warnsdorff 8x8 from 64 starts, no listener",
    fn: () => walksFrom64(count),
  },
  ...bidirectionalCases,
  {
    group: "bidirectional vs search (open, fixed end)",
    name: "search 5x8 d5-g3 (no tour)",
    iterations: 2,
    setup: hard,
    fn: (state) => solveAll(state, "search"),
  },
  {
    group: "bidirectional vs search (open, fixed end)",
    name: "bidirectional 5x8 d5-g3 (no tour)",
    baseline: "search 5x8 d5-g3 (no tour)",
    setup: hard,
    fn: (state) => solveAll(state, "bidirectional"),
  },
  {
    group: "bidirectional vs search (open, fixed end)",
    name: "auto 5x8 d5-g3 (no tour)",
    baseline: "search 5x8 d5-g3 (no tour)",
    setup: hard,
    fn: (state) => solveAll(state, "auto"),
  },
];
