// Tie-break study: for each Warnsdorff tie-break rule, the share of start cells from which one
// greedy walk covers the n×n board, for n = 5…100 and 200, 500, 1000. Only starts that can
// begin a tour count: on odd n an open tour starts on the corners' colour (the colour rule), so
// the other cells are left out. Boards with more than SAMPLE such starts use SAMPLE seeded random
// starts (fewer on the three large boards); the table says which. `random` walks use one seeded
// walk per start. Squirrel & Cull's rule walks from a corner only: scripts/sweeps/squirrel.ts
// covers it.
//   npm run study:tie-breaks [-- --all] [-- --sample 200]
// About 40 s with the defaults; `-- --sample 2` a few seconds (the three large boards keep their
// own sample sizes). Prints a Markdown table (--all: every n, not just the rows shown in the
// docs). Quoted by: docs/solvers.md, "Tie-break study", and docs/guide/warnsdorff.md. Imports the
// library from src/ (run by tsx, see scripts/README.md).

import { createRandom } from "../../src/core/index.js";
import { Board } from "../../src/index.js";
import { STEP_TIE_BREAKS, type StepTieBreak, WarnsdorffWalker } from "../../src/solve/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: { sample: { type: "string" }, all: { type: "boolean", default: false } },
});
const SAMPLE = numberOption(values.sample, "sample", 200);
const all = values.all;
const TIE_BREAKS = STEP_TIE_BREAKS;
/** Starts walked on the large boards (their walks are long). */
const LARGE = new Map([
  [200, 40],
  [500, 12],
  [1000, 4],
]);
const sizes: number[] = [];
for (let n = 5; n <= 100; n++) sizes.push(n);
sizes.push(200, 500, 1000);
const shown = new Set([5, 6, 7, 8, 9, 10, 11, 12, 16, 20, 25, 30, 40, 50, 60, 70, 74, 80, 90, 100]);

interface Row {
  readonly n: number;
  readonly starts: number;
  readonly sampled: boolean;
  readonly rates: Map<StepTieBreak, number>;
}

const began = performance.now();
const rows: Row[] = [];
const totals = new Map(TIE_BREAKS.map((t) => [t, { ok: 0, tried: 0 }]));
for (const n of sizes) {
  const board = new Board(n, n);
  const walker = new WarnsdorffWalker(board);
  const starts: number[] = [];
  for (let s = 0; s < board.cells; s++) if (n % 2 === 0 || board.colour(s) === 0) starts.push(s);
  const limit = LARGE.get(n) ?? SAMPLE;
  let chosen = starts;
  if (starts.length > limit) {
    const random = createRandom(n);
    chosen = [];
    for (let i = 0; i < limit; i++) chosen.push(starts[random.int(starts.length)]);
  }
  const row: Row = {
    n,
    starts: chosen.length,
    sampled: chosen.length < starts.length,
    rates: new Map(),
  };
  for (const tie of TIE_BREAKS) {
    const random = createRandom(1000 + n);
    let ok = 0;
    for (const s of chosen) if (walker.walk(s, tie, random) === board.cells) ok++;
    row.rates.set(tie, ok / chosen.length);
    const total = totals.get(tie);
    if (n <= 100 && total !== undefined) {
      total.ok += ok;
      total.tried += chosen.length;
    }
  }
  rows.push(row);
  process.stderr.write(`n=${n} done (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const rate = (row: Row, tie: StepTieBreak) => row.rates.get(tie) ?? Number.NaN;
console.log(`| n | starts | ${TIE_BREAKS.join(" | ")} |`);
console.log(`|---|---|${TIE_BREAKS.map(() => "---").join("|")}|`);
for (const row of rows) {
  if (!all && !shown.has(row.n) && row.n <= 100) continue;
  const starts = row.sampled ? `${row.starts} sampled` : `all ${row.starts}`;
  console.log(`| ${row.n} | ${starts} | ${TIE_BREAKS.map((t) => pct(rate(row, t))).join(" | ")} |`);
}
const pooled = (t: StepTieBreak) => {
  const total = totals.get(t);
  return total === undefined ? Number.NaN : total.ok / total.tried;
};
console.log(
  `| 5…100 pooled | ${totals.get("first")?.tried} | ${TIE_BREAKS.map((t) => pct(pooled(t))).join(" | ")} |`,
);
const perfect = TIE_BREAKS.map(
  (t) => `${t}: ${rows.filter((r) => r.n <= 100 && rate(r, t) === 1).length}`,
);
console.log(`\nBoards n = 5…100 (96) where every tried start succeeded — ${perfect.join(", ")}.`);
console.log(`Run time ${((performance.now() - began) / 1000).toFixed(1)} s.`);
