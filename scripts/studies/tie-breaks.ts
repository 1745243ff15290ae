#!/usr/bin/env node
// Tie-break study: `npm run build && node scripts/tiebreak-study.js [--all] [--sample 200]`.
// For each Warnsdorff tie-break rule, the share of start cells from which one greedy walk covers
// the n×n board, for n = 5…100 and 200, 500, 1000. Only starts that can begin a tour count: on
// odd n an open tour starts on the corners' colour (the colour rule), so the other cells are left
// out. Boards with more than SAMPLE such starts use SAMPLE seeded random starts (fewer on the
// three large boards); the table says which. `random` walks use one seeded walk per start.
// Prints a Markdown table (docs/solvers.md quotes it). Squirrel & Cull's rule walks from a corner
// only: scripts/squirrel-sweep.js covers it.
import {
  Board,
  createRandom,
  STEP_TIE_BREAKS as TIE_BREAKS,
  WarnsdorffWalker,
} from "../dist/index.js";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const SAMPLE = arg("--sample", 200);
const all = args.includes("--all");
const LARGE = { 200: 40, 500: 12, 1000: 4 };
const sizes = [];
for (let n = 5; n <= 100; n++) sizes.push(n);
sizes.push(200, 500, 1000);
const shown = new Set([5, 6, 7, 8, 9, 10, 11, 12, 16, 20, 25, 30, 40, 50, 60, 70, 74, 80, 90, 100]);

const began = performance.now();
const rows = [];
const totals = Object.fromEntries(TIE_BREAKS.map((t) => [t, { ok: 0, tried: 0 }]));
for (const n of sizes) {
  const board = new Board(n, n);
  const walker = new WarnsdorffWalker(board);
  const starts = [];
  for (let s = 0; s < board.cells; s++) if (n % 2 === 0 || board.colour(s) === 0) starts.push(s);
  const limit = LARGE[n] ?? SAMPLE;
  let chosen = starts;
  if (starts.length > limit) {
    const random = createRandom(n);
    chosen = [];
    for (let i = 0; i < limit; i++) chosen.push(starts[random.int(starts.length)]);
  }
  const row = { n, starts: chosen.length, sampled: chosen.length < starts.length, rates: {} };
  for (const tie of TIE_BREAKS) {
    const random = createRandom(1000 + n);
    let ok = 0;
    for (const s of chosen) if (walker.walk(s, tie, random) === board.cells) ok++;
    row.rates[tie] = ok / chosen.length;
    if (n <= 100) {
      totals[tie].ok += ok;
      totals[tie].tried += chosen.length;
    }
  }
  rows.push(row);
  process.stderr.write(`n=${n} done (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
}

const pct = (x) => `${(100 * x).toFixed(1)}%`;
console.log(`| n | starts | ${TIE_BREAKS.join(" | ")} |`);
console.log(`|---|---|${TIE_BREAKS.map(() => "---").join("|")}|`);
for (const row of rows) {
  if (!all && !shown.has(row.n) && row.n <= 100) continue;
  const starts = row.sampled ? `${row.starts} sampled` : `all ${row.starts}`;
  console.log(`| ${row.n} | ${starts} | ${TIE_BREAKS.map((t) => pct(row.rates[t])).join(" | ")} |`);
}
console.log(
  `| 5…100 pooled | ${totals.first.tried} | ${TIE_BREAKS.map((t) => pct(totals[t].ok / totals[t].tried)).join(" | ")} |`,
);
const perfect = TIE_BREAKS.map(
  (t) => `${t}: ${rows.filter((r) => r.n <= 100 && r.rates[t] === 1).length}`,
);
console.log(`\nBoards n = 5…100 (96) where every tried start succeeded — ${perfect.join(", ")}.`);
console.log(`Run time ${((performance.now() - began) / 1000).toFixed(1)} s.`);
