#!/usr/bin/env node
// Bidirectional search against plain `search` on open tours with a fixed end:
// `npm run build && node scripts/bidirectional-study.js [--pairs 200] [--seed 1] [--time-limit 5]`.
// For each board, every (start, end) pair the colour rule allows on boards of at most 30 cells,
// else --pairs seeded random ones; pairs the theorems settle before any search (0 nodes) are left
// out. Each pair is solved by solve({ method, start, end }) for both methods (the best of three
// timed runs), and every tour is checked with validateTour. Prints a Markdown table per board:
// pairs with a tour / without, nodes and time for each method, and on how many pairs the
// bidirectional search took fewer nodes. docs/solvers.md quotes the table.
import { Board, formatCell, solve, validateTour } from "../dist/index.js";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const PAIRS = arg("--pairs", 200);
const SEED = arg("--seed", 1);
const TIME_LIMIT_MS = arg("--time-limit", 5) * 1000;
const BOARDS = [
  [5, 5],
  [5, 6],
  [6, 6],
  [6, 7],
  [7, 7],
  [7, 8],
  [8, 8],
  [5, 8],
  [5, 10],
  [6, 8],
  [10, 10],
  [12, 12],
  [3, 8],
  [3, 10],
  [4, 7],
  [4, 8],
];

/** A small seeded PRNG (mulberry32), so the pairs are the same on every run. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function colourAllows(board, s, e) {
  if (s === e) return false;
  return board.cells % 2 === 0
    ? board.colour(s) !== board.colour(e)
    : board.colour(s) === 0 && board.colour(e) === 0;
}

function pairsOf(board, random) {
  const all = [];
  for (let s = 0; s < board.cells; s++)
    for (let e = 0; e < board.cells; e++) if (colourAllows(board, s, e)) all.push([s, e]);
  if (board.cells <= 30 || all.length <= PAIRS) return all;
  const chosen = [];
  const taken = new Set();
  while (chosen.length < PAIRS) {
    const i = Math.floor(random() * all.length);
    if (taken.has(i)) continue;
    taken.add(i);
    chosen.push(all[i]);
  }
  return chosen;
}

function timed(board, method, start, end) {
  let best = Number.POSITIVE_INFINITY;
  let result;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    result = solve(board, { method, start, end, timeLimitMs: TIME_LIMIT_MS });
    best = Math.min(best, performance.now() - t0);
    if (best > 200) break; // slow pairs: one run is measurement enough
  }
  if (result.status === "found") {
    const check = validateTour(board, result.tour, { closed: false });
    if (!check.valid || result.tour.path[0] !== start || result.tour.path.at(-1) !== end) {
      throw new Error(`${method} ${board} ${start}→${end}: invalid tour`);
    }
  }
  return { status: result.status, nodes: result.stats.nodes, ms: best };
}

const random = prng(SEED);
const began = performance.now();
console.log(
  "| board | pairs (tour / none) | search nodes | bidirectional nodes | search ms | bidirectional ms | time ratio (bi/search) | fewer nodes (bi / search / tie) | slowest pair for search | slowest for bidirectional |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const [rows, cols] of BOARDS) {
  const board = new Board(rows, cols);
  const name = (cell) => formatCell(board, cell);
  // Warm the JIT on this board so the first pairs are not charged for compilation.
  for (const method of ["search", "bidirectional"]) {
    const [s, e] = pairsOf(board, prng(99))[0];
    for (let i = 0; i < 20; i++) solve(board, { method, start: s, end: e });
  }
  const pairs = pairsOf(board, random);
  const totals = {
    search: { nodes: 0, ms: 0, worst: null },
    bidirectional: { nodes: 0, ms: 0, worst: null },
  };
  let found = 0;
  let none = 0;
  let limits = 0;
  const wins = { bi: 0, search: 0, tie: 0 };
  for (const [s, e] of pairs) {
    const a = timed(board, "search", s, e);
    const b = timed(board, "bidirectional", s, e);
    if (a.nodes === 0 && b.nodes === 0) continue; // settled by the theorems
    if (a.status !== b.status && a.status !== "limit" && b.status !== "limit") {
      throw new Error(
        `${board} ${name(s)}→${name(e)}: search ${a.status}, bidirectional ${b.status}`,
      );
    }
    if (a.status === "limit" || b.status === "limit") limits++;
    if (a.status === "found" || b.status === "found") found++;
    else if (a.status === "impossible" || b.status === "impossible") none++;
    for (const [method, r] of [
      ["search", a],
      ["bidirectional", b],
    ]) {
      const t = totals[method];
      t.nodes += r.nodes;
      t.ms += r.ms;
      if (t.worst === null || r.ms > t.worst.ms)
        t.worst = { ms: r.ms, pair: `${name(s)}→${name(e)}` };
    }
    if (b.nodes < a.nodes) wins.bi++;
    else if (a.nodes < b.nodes) wins.search++;
    else wins.tie++;
  }
  const { search, bidirectional } = totals;
  const worst = (t) => (t.worst === null ? "" : `${t.worst.pair} ${t.worst.ms.toFixed(1)} ms`);
  console.log(
    `| ${rows}×${cols} | ${found + none} (${found} / ${none}${limits ? `, ${limits} hit the limit` : ""}) | ${search.nodes} | ${bidirectional.nodes} | ${search.ms.toFixed(1)} | ${bidirectional.ms.toFixed(1)} | ${(bidirectional.ms / search.ms).toFixed(2)} | ${wins.bi} / ${wins.search} / ${wins.tie} | ${worst(search)} | ${worst(bidirectional)} |`,
  );
}
console.error(`study took ${((performance.now() - began) / 1000).toFixed(1)} s`);
