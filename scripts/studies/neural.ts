// Neural-network study: for each n×n board (even n: odd boards have no closed tour), RUNS
// networks of Takefuji and Lee's method (src/solve/neural.ts), each from its own seeded random
// state, with sequential (asynchronous) updates and, on the smaller boards, synchronous ones.
// Each run ends as a single cycle (a closed tour), a cover of k ≥ 2 cycles, or unsettled after
// the sweep cap. Reported: the share of each, the mean number of cycles of the covers, the mean
// sweeps of the runs that settled, the time per run and per tour found (all runs' time ÷ tours),
// and the time `--method search` takes for a closed tour of the same board (median of 5, after a
// warm-up). Every tour is checked with validateTour.
//   npm run study:neural [-- --runs 200 --sizes 6,8,10 --sync-max 12]
// About 12 s with the defaults, 60 s for `-- --runs 1000` (the docs' figures); `-- --runs 5
// --sizes 6,8` about a second.
// Prints a Markdown table. Quoted by: docs/solvers.md, "Success rate by board size". Imports the
// library from src/ (run by tsx, see scripts/README.md).

import { createRandom } from "../../src/core/index.js";
import { Board, knightGraph, solve, validateTour } from "../../src/index.js";
import { KnightNetwork, type NeuralUpdate, neuralDefaultSweeps } from "../../src/solve/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    runs: { type: "string" },
    sizes: { type: "string" },
    "sync-max": { type: "string" },
  },
});
const RUNS = numberOption(values.runs, "runs", 200);
const SIZES = (values.sizes ?? "6,8,10,12,14,16,20,24,30,40")
  .split(",")
  .map((n) => numberOption(n, "sizes", 0));
/** Synchronous updates settle rarely and slowly: studied on the smaller boards only. */
const SYNC_MAX = numberOption(values["sync-max"], "sync-max", 12);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Median time of `--method search` for a closed tour of `board`, after a warm-up. */
function searchMs(board: Board): number {
  solve(board, { method: "search", closed: true });
  const times: number[] = [];
  for (let seed = 1; seed <= 5; seed++) {
    const began = performance.now();
    const result = solve(board, { method: "search", closed: true, seed });
    times.push(performance.now() - began);
    if (result.status !== "found") throw new Error(`search found no closed tour of ${board}`);
  }
  return median(times);
}

function study(board: Board, update: NeuralUpdate) {
  const network = new KnightNetwork(knightGraph(board));
  const sweeps = neuralDefaultSweeps(board.cells);
  const tally = { tours: 0, covers: 0, unsettled: 0, irregular: 0, cycles: 0, settledSweeps: 0 };
  const began = performance.now();
  for (let seed = 1; seed <= RUNS; seed++) {
    const outcome = network.run(createRandom(seed), update, sweeps);
    if (outcome === "unsettled") {
      tally.unsettled++;
      continue;
    }
    if (outcome === "irregular") {
      tally.irregular++;
      continue;
    }
    tally.settledSweeps += network.iterations;
    if (outcome === "tour") {
      tally.tours++;
      const check = validateTour(board, { path: network.cycleFrom(0) }, { closed: true });
      if (!check.valid) throw new Error(`invalid tour on ${board}: ${check.message}`);
    } else {
      tally.covers++;
      tally.cycles += network.cycleLengths.length;
    }
  }
  const ms = performance.now() - began;
  const settled = tally.tours + tally.covers;
  return {
    ...tally,
    meanCycles: tally.covers === 0 ? null : tally.cycles / tally.covers,
    meanSweeps: settled === 0 ? null : tally.settledSweeps / settled,
    msPerRun: ms / RUNS,
    msPerTour: tally.tours === 0 ? null : ms / tally.tours,
    sweeps,
  };
}

const pct = (k: number) => `${((100 * k) / RUNS).toFixed(1)}%`;
const num = (x: number | null, digits = 1) => (x === null ? "–" : x.toFixed(digits));
const began = performance.now();
const lines = [
  "| board | update | single tour | cover (mean cycles) | unsettled | mean sweeps | ms/run | ms per tour | search ms | per tour ÷ search |",
  "|---|---|---|---|---|---|---|---|---|---|",
];
for (const n of SIZES) {
  const board = new Board(n, n);
  const search = searchMs(board);
  const updates: NeuralUpdate[] = n <= SYNC_MAX ? ["sequential", "synchronous"] : ["sequential"];
  for (const update of updates) {
    const r = study(board, update);
    if (r.irregular > 0) throw new Error(`${r.irregular} runs settled irregular on ${board}`);
    const ratio = r.msPerTour === null ? "–" : `${(r.msPerTour / search).toFixed(1)}×`;
    lines.push(
      `| ${board.label} | ${update} | ${pct(r.tours)} | ${pct(r.covers)} (${num(r.meanCycles)}) | ${pct(r.unsettled)} | ${num(r.meanSweeps, 0)} | ${num(r.msPerRun, 2)} | ${num(r.msPerTour, 1)} | ${search.toFixed(2)} | ${ratio} |`,
    );
    process.stderr.write(
      `${board.label} ${update} done (${((performance.now() - began) / 1000).toFixed(1)} s)\n`,
    );
  }
}
console.log(
  `${RUNS} runs per row (seeds 1..${RUNS}); sweep cap max(1000, 4 × cells); Node ${process.version}.\n`,
);
console.log(lines.join("\n"));
