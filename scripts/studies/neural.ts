#!/usr/bin/env node
// Neural-network study: `npm run build && node scripts/neural-study.js [--runs 200] [--sizes 6,8,10]`.
// For each n×n board (even n: odd boards have no closed tour), RUNS networks of Takefuji and
// Lee's method (src/solve/neural.ts), each from its own seeded random state, with sequential
// (asynchronous) updates and, on the smaller boards, synchronous ones. Each run ends as a
// single cycle (a closed tour), a cover of k ≥ 2 cycles, or unsettled after the sweep cap.
// Reported: the share of each, the mean number of cycles of the covers, the mean sweeps of the
// runs that settled, the time per run and per tour found (all runs' time ÷ tours), and the time
// `--method search` takes for a closed tour of the same board (median of 5, after a warm-up).
// Every tour is checked with validateTour. Prints a Markdown table (docs/solvers.md quotes it).
import {
  Board,
  createRandom,
  KnightNetwork,
  knightGraph,
  neuralDefaultSweeps,
  solve,
  validateTour,
} from "../dist/index.js";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const RUNS = Number(arg("--runs", 200));
const SIZES = arg("--sizes", "6,8,10,12,14,16,20,24,30,40").split(",").map(Number);
/** Synchronous updates settle rarely and slowly: studied on the smaller boards only. */
const SYNC_MAX = Number(arg("--sync-max", 12));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function searchMs(board) {
  solve(board, { method: "search", closed: true });
  const times = [];
  for (let seed = 1; seed <= 5; seed++) {
    const began = performance.now();
    const result = solve(board, { method: "search", closed: true, seed });
    times.push(performance.now() - began);
    if (result.status !== "found") throw new Error(`search found no closed tour of ${board}`);
  }
  return median(times);
}

function study(board, update) {
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

const pct = (k) => `${((100 * k) / RUNS).toFixed(1)}%`;
const num = (x, digits = 1) => (x === null ? "–" : x.toFixed(digits));
const began = performance.now();
const lines = [
  "| board | update | single tour | cover (mean cycles) | unsettled | mean sweeps | ms/run | ms per tour | search ms | per tour ÷ search |",
  "|---|---|---|---|---|---|---|---|---|---|",
];
for (const n of SIZES) {
  const board = new Board(n, n);
  const search = searchMs(board);
  for (const update of n <= SYNC_MAX ? ["sequential", "synchronous"] : ["sequential"]) {
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
