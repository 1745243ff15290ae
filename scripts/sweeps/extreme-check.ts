// Every extreme `knight extreme` proves on a board, against the full census's histograms:
//   npm run build --silent; npx tsx scripts/sweeps/extreme-check.ts [--board 6x8] [--census FILE]
//     [--limit S]
// --census reads a saved `knight census BOARD --json` instead of running it (one thread). Each
// statistic, least and greatest, is searched with a time limit of --limit seconds (default 120)
// and its value and tour count compared with the census's histogram; prints a Markdown table
// with CPU times. The 6×6 test (test/census/extreme.test.ts) does the same on every commit.
// Quoted by: docs/census.md, "Extremal tours on 6×8".
import { readFileSync } from "node:fs";
import { Census, extremeTours, STAT_NAMES } from "../../src/census/index.js";
import { Board } from "../../src/core/index.js";
import { boardSize, measure, numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    board: { type: "string" },
    census: { type: "string" },
    limit: { type: "string" },
  },
});
const [rows, cols] = boardSize(values.board ?? "6x8");
const board = new Board(rows, cols);
const limitMs = numberOption(values.limit, "limit", 120) * 1000;

type Histograms = Record<string, Record<string, string>>;
let histograms: Histograms;
if (values.census !== undefined) {
  histograms = (JSON.parse(readFileSync(values.census, "utf8")) as { stats: Histograms }).stats;
} else {
  const run = measure(() => new Census(board).run());
  histograms = run.result.histogramsJson();
  console.log(`census of ${board}: ${run.cpu.toFixed(1)} s CPU`);
}

let failed = false;
console.log("| query | census | extreme | subproblems searched | CPU |");
console.log("|---|---|---|---:|---:|");
for (const stat of STAT_NAMES) {
  const keys = Object.keys(histograms[stat] ?? {}).map(Number);
  if (keys.length === 0) continue;
  for (const goal of ["min", "max"] as const) {
    const want = goal === "min" ? Math.min(...keys) : Math.max(...keys);
    const wantTours = histograms[stat]![String(want)]!;
    const run = measure(() => extremeTours(board, { stat, goal, timeLimitMs: limitMs }));
    const r = run.result;
    const got =
      r.status === "done" ? `${r.value} in ${r.tours}` : `stopped (best ${r.value ?? "none"})`;
    const agree = r.status === "done" && r.value === want && r.tours.toString() === wantTours;
    if (r.status === "done" && !agree) failed = true;
    console.log(
      `| \`--${goal} ${stat}\` | ${want} in ${wantTours} | ${got}${r.status !== "done" ? "" : agree ? "" : " **differs**"} | ${r.searched} of ${r.subproblems} | ${run.cpu.toFixed(1)} s |`,
    );
  }
}
if (failed) process.exitCode = 1;
