#!/usr/bin/env node
// The census search against a plain C counter of the same algorithm (bench/peers/census-count.c,
// compiled here with gcc -O2 into a temporary folder), on one 8×8 bunch, in the same run:
//   npm run build && node bench/peers/census-compare.js [BUNCH] [ROUNDS]
// Prints C, JS count-only and JS with statistics, alternating, and the ratios of the medians.
// Times are CPU seconds (the machines are shared: wall time would measure the neighbours).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Board, Census } from "../../dist/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const bunch = process.argv[2] ?? "ByDy";
const rounds = Number(process.argv[3] ?? 1);
const dir = mkdtempSync(join(tmpdir(), "census-peer-"));
const exe = join(dir, "census-count");
try {
  execFileSync("gcc", ["-O2", "-o", exe, join(here, "census-count.c")]);
  const census = new Census(new Board(8, 8));
  const forced = census.split.forcedMoves(bunch).flat().map(String);
  const times = { c: [], count: [], stats: [] };
  let tours = "";
  for (let round = 0; round < rounds; round++) {
    const [cTours, , cSeconds] = execFileSync(exe, ["8", "8", ...forced], { encoding: "utf8" })
      .trim()
      .split(" ");
    times.c.push(Number(cSeconds));
    tours = cTours;
    for (const mode of ["count", "stats"]) {
      const began = process.cpuUsage();
      const run = census.runSubproblem(bunch, { stats: mode === "stats" });
      const spent = process.cpuUsage(began);
      const seconds = (spent.user + spent.system) / 1e6;
      if (run.status !== "done" || run.result.tours !== cTours) {
        throw new Error(`${mode}: ${run.result?.tours} tours, C says ${cTours}`);
      }
      times[mode].push(seconds);
    }
    console.log(
      `round ${round + 1}: C ${times.c.at(-1).toFixed(2)} s, JS count ${times.count.at(-1).toFixed(2)} s, JS stats ${times.stats.at(-1).toFixed(2)} s`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const c = median(times.c);
  const rate = (s) => `${(Number(tours) / s / 1e6).toFixed(2)} M tours/s`;
  console.log(`${bunch}: ${tours} tours`);
  console.log(`C counter      ${c.toFixed(2)} s  ${rate(c)}`);
  console.log(
    `JS count-only  ${median(times.count).toFixed(2)} s  ${rate(median(times.count))}  ratio ${(median(times.count) / c).toFixed(2)}`,
  );
  console.log(
    `JS statistics  ${median(times.stats).toFixed(2)} s  ${rate(median(times.stats))}  ratio ${(median(times.stats) / c).toFixed(2)}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
