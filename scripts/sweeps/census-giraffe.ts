// Knuth's giraffe census on 10×10 (TAOCP Pre-Fascicle 8A, answer 149; ../shared/CENSUS.md), checked
// piece by piece with the census engine, which takes any 8-move leaper (src/census/leaper.ts):
//   npm run build --silent; npx tsx scripts/sweeps/census-giraffe.ts [--empty N] [--sample N]
//     [--bunch-limit S]
// Always: the canonical bunches (66,771, multiplicities summing to 27⁴) and bunch CdCd (110
// tours, the smallest non-empty one). --empty N: decides N bunches (all: --empty all) empty or
// not by searching each only up to its first tour, and estimates the 33,975 empty ones.
// --sample N: runs N bunches in full (count only) and estimates the full census's cost and its
// weighted total (1,018,865,516,976), by the mean bunch and by the tours to visit; a bunch past
// --bunch-limit seconds (default 120) is stopped and counted by its time only. Bunches are taken in the census's fixed pseudo-random
// order (a fair sample). One thread; prints a Markdown table with CPU times.
// Quoted by: docs/census.md, "Other leapers". Imports the library from src/ (run by tsx).
import { Census } from "../../src/census/index.js";
import { Board } from "../../src/core/index.js";
import { shuffled } from "../../src/node/census-parallel.js";
import { measure, numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    empty: { type: "string" },
    sample: { type: "string" },
    "bunch-limit": { type: "string" },
  },
});
const bunchLimitMs = numberOption(values["bunch-limit"], "bunch-limit", 120) * 1000;

const board = new Board(10, 10, { piece: "giraffe" });
const census = new Census(board);
const listed = measure(() => census.subproblems());
const list = listed.result;
const multiplicities = list.reduce((s, e) => s + e.multiplicity, 0);
let failed = false;
const check = (ok: boolean) => {
  if (!ok) failed = true;
  return ok ? "as Knuth" : "**differs**";
};
console.log(`| ${board} census | value | Knuth | CPU |`);
console.log("|---|---:|---|---:|");
console.log(
  `| canonical bunches (names with A left out) | ${list.length} (Σ multiplicity ${multiplicities}) | 66,771 ${check(list.length === 66771 && multiplicities === 27 ** 4)} | ${listed.cpu.toFixed(2)} s |`,
);
const cdcd = measure(() => census.runSubproblem("CdCd"));
const tours = cdcd.result.status === "done" ? cdcd.result.result.tours : "stopped";
console.log(
  `| bunch CdCd, tours | ${tours} | 110 ${check(tours === "110")} | ${cdcd.cpu.toFixed(2)} s |`,
);

const order = shuffled(list.map((e) => e.name));
const multiplicity = new Map(list.map((e) => [e.name, e.multiplicity]));
const engine = census.searchEngine();
engine.stats = false;

if (values.empty !== undefined) {
  const n = values.empty === "all" ? order.length : numberOption(values.empty, "empty", 0);
  // Each bunch searched only until its first tour (the stop is polled every 4,096 nodes).
  const run = measure(() => {
    let empty = 0;
    for (const name of order.slice(0, n)) {
      engine.run(census.split.forcedMoves(name), () => engine.tours > 0);
      if (engine.tours === 0) empty++;
    }
    return empty;
  });
  const empty = run.result;
  const p = empty / n;
  const margin = 1.96 * Math.sqrt((p * (1 - p)) / n) * list.length;
  const estimate =
    n === list.length
      ? `${empty} ${check(empty === 33975)}`
      : `${empty} of ${n}: about ${Math.round(p * list.length)} ± ${Math.round(margin)} (95%) of ${list.length}`;
  console.log(
    `| empty bunches | ${estimate} | 33,975 | ${run.cpu.toFixed(1)} s (${((run.cpu / n) * 1000).toFixed(1)} ms a bunch) |`,
  );
}

if (values.sample !== undefined) {
  const n = numberOption(values.sample, "sample", 0);
  const times: number[] = [];
  let weighted = 0n;
  let visited = 0n;
  let stopped = 0;
  const run = measure(() => {
    for (const name of order.slice(0, n)) {
      const began = process.cpuUsage();
      const result = census.runSubproblem(name, { stats: false, timeLimitMs: bunchLimitMs });
      const used = process.cpuUsage(began);
      times.push((used.user + used.system) / 1e6);
      if (result.status !== "done") {
        stopped++;
        continue;
      }
      visited += BigInt(result.result.tours);
      weighted += BigInt(result.result.tours) * BigInt(multiplicity.get(name)!);
    }
  });
  const mean = times.reduce((s, t) => s + t, 0) / n;
  const sd = Math.sqrt(times.reduce((s, t) => s + (t - mean) ** 2, 0) / (n - 1));
  const all = list.length;
  const cpu = mean * all;
  const cpuMargin = 1.96 * (sd / Math.sqrt(n)) * all;
  const scale = (x: bigint) => (Number(x) * all) / n;
  console.log(
    `| sample of ${n} bunches (count only${stopped > 0 ? `; ${stopped} stopped at ${bunchLimitMs / 1000} s, counted as their time` : ""}) | ${visited} tours visited, ${weighted} weighted | | ${run.cpu.toFixed(1)} s |`,
  );
  console.log(
    `| full census, extrapolated by bunches | weighted total ≈ ${scale(weighted).toExponential(3)}; CPU ≈ ${(cpu / 86400).toFixed(2)} ± ${(cpuMargin / 86400).toFixed(2)} days (95%, from the sample's spread) | 1,018,865,516,976 | |`,
  );
  // Bunch sizes span orders of magnitude (aaaa alone has about 4.5·10⁹ tours), so a sample
  // misses the few largest and both figures above fall short. Knuth's total, divided by the
  // sample's tours per visited tour (the mean multiplicity), and the sample's rate give the
  // census's cost by its tours instead.
  const knuth = 1018865516976;
  const perVisit = Number(weighted) / Number(visited);
  const rate = Number(visited) / run.cpu;
  const toVisit = knuth / perVisit;
  console.log(
    `| full census, by its tours | ≈ ${toVisit.toExponential(2)} tours to visit (Knuth's total ÷ ${perVisit.toFixed(2)}) at ${(rate / 1e6).toFixed(2)} M tours per CPU second: ≈ ${(toVisit / rate / 86400).toFixed(1)} CPU days counting only | | |`,
  );
}
process.exit(failed ? 1 : 0);
