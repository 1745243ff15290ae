// The solver family. Per-tour figures: the 64-start cases do 64 tours per call, so
// divide their median by 64. Targets: Warnsdorff 8×8 < 3 µs per tour; search closed 8×8 < 50 µs
// per tour; Warnsdorff with the best tie-break on 1000×1000 < 100 ms.

import { knightGraphBytes } from "../../dist/core/graph.js";
import { createRandom } from "../../dist/core/random.js";
import { Budget } from "../../dist/core/run.js";
import { Board, KnightGraph, knightGraph, solve } from "../../dist/index.js";
import { TourSearch } from "../../dist/solve/search.js";
import { SquirrelWalker } from "../../dist/solve/squirrel.js";
import { WarnsdorffWalker } from "../../dist/solve/warnsdorff.js";

const b8 = new Board(8, 8);
const big = new Board(1000, 1000);

/** Walk once from each of the 64 starts; throws if a walk fails (roth covers 8×8 from all 64). */
function walkAll(walker, tieBreak, random = null) {
  let covered = 0;
  for (let s = 0; s < 64; s++) if (walker.walk(s, tieBreak, random) === 64) covered++;
  if (tieBreak === "roth" && covered !== 64) throw new Error(`roth covered ${covered}/64`);
  return covered;
}

// Work memory of a Warnsdorff walk on 1000×1000: the walker needs no knight graph (path 4 B per
// cell, two padded degree byte arrays). For scale, the CSR graph other methods use.
const walkerBytesPerCell = new WarnsdorffWalker(new Board(1000, 1000)).bytes / big.cells;
const graphBytesPerCell = knightGraphBytes(big) / big.cells;
const bytesNote = `walk ${walkerBytesPerCell.toFixed(2)} bytes/cell (no graph; the CSR graph would add ${graphBytesPerCell.toFixed(1)})`;

const closedSearch = (search, start, stats) =>
  search.run({ start, closed: true, tieBreak: "roth" }, Budget.start({}), stats);

export default [
  {
    group: "solve 8x8 warnsdorff",
    name: "64 tours, first tie-break (walker)",
    setup: () => new WarnsdorffWalker(b8),
    fn: (w) => walkAll(w, "first"),
  },
  {
    group: "solve 8x8 warnsdorff",
    name: "64 tours, roth tie-break (walker)",
    baseline: "64 tours, first tie-break (walker)",
    note: "median / 64 = time per tour",
    setup: () => new WarnsdorffWalker(b8),
    fn: (w) => walkAll(w, "roth"),
  },
  {
    group: "solve 8x8 warnsdorff",
    name: "64 tours, pohl tie-break (walker)",
    baseline: "64 tours, first tie-break (walker)",
    setup: () => new WarnsdorffWalker(b8),
    fn: (w) => walkAll(w, "pohl"),
  },
  {
    group: "solve 8x8 warnsdorff",
    name: "64 tours, random tie-break (walker)",
    baseline: "64 tours, first tie-break (walker)",
    setup: () => ({ w: new WarnsdorffWalker(b8), random: createRandom(1) }),
    fn: ({ w, random }) => walkAll(w, "random", random),
  },
  {
    group: "solve 8x8 warnsdorff",
    name: "64 tours via solve() (roth, copies each tour)",
    baseline: "64 tours, roth tie-break (walker)",
    fn: () => {
      for (let s = 0; s < 64; s++) {
        if (solve(b8, { method: "warnsdorff", start: s }).status !== "found")
          throw new Error("stuck");
      }
    },
  },
  {
    group: "solve 8x8 closed search",
    name: "64 closed tours (TourSearch, roth order)",
    note: "median / 64 = time per tour",
    setup: () => ({
      search: new TourSearch(knightGraph(b8)),
      stats: { nodes: 0, backtracks: 0, attempts: 0, ms: 0 },
    }),
    fn: ({ search, stats }) => {
      for (let s = 0; s < 64; s++) {
        if (closedSearch(search, s, stats) !== "found") throw new Error("no closed tour");
      }
    },
  },
  {
    group: "solve 8x8 closed search",
    name: "64 closed tours via solve() (search)",
    baseline: "64 closed tours (TourSearch, roth order)",
    fn: () => {
      for (let s = 0; s < 64; s++) {
        const r = solve(b8, { method: "search", closed: true, start: s });
        if (r.status !== "found") throw new Error("no closed tour");
      }
    },
  },
  ...[100, 300, 1000].map((n) => ({
    group: "solve warnsdorff roth n×n",
    name: `walk ${n}x${n} from a corner (roth)`,
    cells: n * n,
    quick: n < 1000,
    ...(n === 1000 ? { note: bytesNote } : {}),
    setup: () => new WarnsdorffWalker(new Board(n, n)),
    fn: (w) => {
      if (w.walk(0, "roth") !== n * n) throw new Error("stuck");
    },
  })),
  {
    group: "solve 1000x1000",
    name: "solve() warnsdorff roth (walker allocated per call)",
    fn: () => {
      if (solve(big, { method: "warnsdorff", start: 0 }).status !== "found")
        throw new Error("stuck");
    },
  },
  {
    group: "solve 1000x1000",
    name: "build the knight graph (for scale)",
    fn: () => new KnightGraph(big),
  },
  // Squirrel & Cull's rule walks from a corner only: one walk per board, against roth's walk from
  // the same corner (same board, same walker allocation pattern).
  ...[100, 1000].flatMap((n) => {
    const board = new Board(n, n);
    const roth = new WarnsdorffWalker(board);
    const squirrel = new SquirrelWalker(board);
    const covers = (length) => {
      if (length !== board.cells) throw new Error(`${board}: walk covered ${length}`);
    };
    return [
      {
        group: `solve squirrel ${n}x${n}`,
        name: "roth walk from the corner",
        fn: () => covers(roth.walk(0, "roth")),
        quick: n <= 100,
      },
      {
        group: `solve squirrel ${n}x${n}`,
        name: "squirrel walk from the corner",
        fn: () => covers(squirrel.walk(0)),
        baseline: "roth walk from the corner",
        quick: n <= 100,
      },
    ];
  }),
];
