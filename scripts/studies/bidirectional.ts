#!/usr/bin/env node
// Bidirectional search against plain `search` on open tours with a fixed end:
// `npm run build && node scripts/bidirectional-study.js [--pairs 200] [--seed 1] [--time-limit 5]
// [--boards 3x20,4x20] [--closed]`.
// For each board, every (start, end) pair the colour rule allows on boards of at most 30 cells,
// else --pairs seeded random ones; pairs the theorems settle before any search (0 nodes) are left
// out. Each pair is solved by solve({ method, start, end }) with search, bidirectional and auto
// (which gives each node allowance to search, then to bidirectional), the best of three timed
// runs, and every tour is checked with validateTour. Prints a Markdown table, a row per board:
// pairs with a tour / without, nodes and total time per method (× = time / search's), on how
// many pairs bidirectional took fewer nodes, and each method's slowest pair. docs/solvers.md
// quotes the table.
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
  [3, 20],
  [4, 7],
  [4, 8],
  [4, 20],
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

// --boards 3x20,4x20 runs only those boards (the pairs then differ from a full run's).
const only = args.includes("--boards")
  ? args[args.indexOf("--boards") + 1].split(",").map((b) => b.split("x").map(Number))
  : null;
const random = prng(SEED);

// --closed: closed tours instead, from the first 60 start cells of each board that has them,
// search against bidirectional (the latter grows from both sides of the start).
if (args.includes("--closed")) {
  console.log(
    "| board | starts | search: nodes, ms | bidirectional: nodes, ms (time ×) | slowest start: search | bidirectional |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [rows, cols] of only ?? [
    [5, 6],
    [6, 6],
    [6, 8],
    [8, 8],
    [10, 10],
    [12, 12],
    [3, 10],
    [3, 12],
    [16, 16],
  ]) {
    const board = new Board(rows, cols);
    const starts = Math.min(board.cells, 60);
    const cells = [];
    for (const method of ["search", "bidirectional"]) {
      for (let i = 0; i < 5; i++) solve(board, { method, closed: true, start: i, timeLimitMs: 50 });
      let nodes = 0;
      let ms = 0;
      let worst = { ms: -1, start: 0 };
      for (let start = 0; start < starts; start++) {
        const t0 = performance.now();
        const r = solve(board, { method, closed: true, start, timeLimitMs: TIME_LIMIT_MS });
        const t = performance.now() - t0;
        if (r.status !== "found" || !validateTour(board, r.tour, { closed: true }).valid) {
          throw new Error(`${method} ${board} closed from ${start}: ${r.status}`);
        }
        nodes += r.stats.nodes;
        ms += t;
        if (t > worst.ms) worst = { ms: t, start };
      }
      cells.push({ nodes, ms, worst });
    }
    const [a, b] = cells;
    const w = (x) => `${formatCell(board, x.worst.start)} ${x.worst.ms.toFixed(1)} ms`;
    console.log(
      `| ${rows}×${cols} | ${starts} | ${a.nodes}, ${a.ms.toFixed(1)} | ${b.nodes}, ${b.ms.toFixed(1)} (${(b.ms / a.ms).toFixed(2)}) | ${w(a)} | ${w(b)} |`,
    );
  }
  process.exit(0);
}
const began = performance.now();
const METHODS = ["search", "bidirectional", "auto"];
console.log(
  "| board | pairs (tour / none) | search: nodes, ms | bidirectional: nodes, ms (time ×) | auto: ms (time ×) | fewer nodes (bi / search / tie) | slowest pair: search | bidirectional | auto |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [rows, cols] of only ?? BOARDS) {
  const board = new Board(rows, cols);
  const name = (cell) => formatCell(board, cell);
  // Warm the JIT on this board (time-limited: the first pair may be a hard one).
  for (const method of METHODS) {
    const [s, e] = pairsOf(board, prng(99))[0];
    for (let i = 0; i < 5; i++) solve(board, { method, start: s, end: e, timeLimitMs: 50 });
  }
  const pairs = pairsOf(board, random);
  const totals = Object.fromEntries(METHODS.map((m) => [m, { nodes: 0, ms: 0, worst: null }]));
  let found = 0;
  let none = 0;
  let limits = 0;
  const wins = { bi: 0, search: 0, tie: 0 };
  for (const [s, e] of pairs) {
    const r = Object.fromEntries(METHODS.map((m) => [m, timed(board, m, s, e)]));
    if (r.search.nodes === 0 && r.bidirectional.nodes === 0) continue; // settled by the theorems
    const statuses = new Set(METHODS.map((m) => r[m].status).filter((x) => x !== "limit"));
    if (statuses.size > 1) {
      throw new Error(`${board} ${name(s)}→${name(e)}: ${METHODS.map((m) => r[m].status)}`);
    }
    if (METHODS.some((m) => r[m].status === "limit")) limits++;
    if (statuses.has("found")) found++;
    else if (statuses.has("impossible")) none++;
    for (const m of METHODS) {
      const t = totals[m];
      t.nodes += r[m].nodes;
      t.ms += r[m].ms;
      if (t.worst === null || r[m].ms > t.worst.ms) {
        t.worst = { ms: r[m].ms, pair: `${name(s)}→${name(e)}`, status: r[m].status };
      }
    }
    if (r.bidirectional.nodes < r.search.nodes) wins.bi++;
    else if (r.search.nodes < r.bidirectional.nodes) wins.search++;
    else wins.tie++;
  }
  const { search, bidirectional, auto } = totals;
  const worst = (t) =>
    t.worst === null
      ? ""
      : `${t.worst.pair} ${t.worst.ms.toFixed(1)} ms${t.worst.status === "limit" ? " (limit)" : ""}`;
  const limited = limits ? `; ${limits} hit the ${TIME_LIMIT_MS / 1000} s limit` : "";
  console.log(
    `| ${rows}×${cols} | ${found + none} (${found} / ${none}${limited}) | ${search.nodes}, ${search.ms.toFixed(1)} | ${bidirectional.nodes}, ${bidirectional.ms.toFixed(1)} (${(bidirectional.ms / search.ms).toFixed(2)}) | ${auto.ms.toFixed(1)} (${(auto.ms / search.ms).toFixed(2)}) | ${wins.bi} / ${wins.search} / ${wins.tie} | ${worst(search)} | ${worst(bidirectional)} | ${worst(auto)} |`,
  );
}
console.error(`study took ${((performance.now() - began) / 1000).toFixed(1)} s`);
