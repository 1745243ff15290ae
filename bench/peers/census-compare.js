#!/usr/bin/env node
// The census search against a plain C counter of the same algorithm (bench/peers/census-count.c,
// compiled here with gcc -O2 into a temporary folder), on one 8×8 bunch, rounds alternating:
//   npm run build && node bench/peers/census-compare.js [BUNCH] [ROUNDS]
// Prints C, JS count-only and JS with statistics, and the ratios of the medians. The ratios are
// against the plain counter; "C lean" (-DLEAN) is the same program doing what the JavaScript
// search does beyond the plain algorithm, so JS / C lean compares the two implementations of
// one and the same work.
// Times are CPU seconds (the machines are shared: wall time would measure the neighbours). Each
// JS run is a process of its own, as a census worker runs one mode (a process alternating the
// two would have V8 optimize the search for both at once).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Board, Census } from "../../dist/index.js";

const here = fileURLToPath(import.meta.url);

if (process.argv[2] === "--child") {
  // One subproblem in this process: prints its tours and the CPU seconds of the run. A small
  // bunch first warms the search up, as a census worker is warm after its first subproblem.
  const [, , , mode, bunch] = process.argv;
  const census = new Census(new Board(8, 8));
  census.runSubproblem("CFgd", { stats: mode === "stats" });
  const began = process.cpuUsage();
  const run = census.runSubproblem(bunch, { stats: mode === "stats" });
  const spent = process.cpuUsage(began);
  if (run.status !== "done") throw new Error(`${bunch}: ${run.status}`);
  console.log(`${run.result.tours} ${(spent.user + spent.system) / 1e6}`);
} else {
  const bunch = process.argv[2] ?? "ByDy";
  const rounds = Number(process.argv[3] ?? 1);
  const dir = mkdtempSync(join(tmpdir(), "census-peer-"));
  const exe = join(dir, "census-count");
  const leanExe = join(dir, "census-count-lean");
  try {
    const source = join(dirname(here), "census-count.c");
    execFileSync("gcc", ["-O2", "-o", exe, source]);
    execFileSync("gcc", ["-O2", "-DLEAN", "-o", leanExe, source]);
    const census = new Census(new Board(8, 8));
    const forced = census.split.forcedMoves(bunch).flat().map(String);
    const times = { c: [], lean: [], count: [], stats: [] };
    let tours = "";
    for (let round = 0; round < rounds; round++) {
      const [cTours, , cSeconds] = execFileSync(exe, ["8", "8", ...forced], { encoding: "utf8" })
        .trim()
        .split(" ");
      times.c.push(Number(cSeconds));
      tours = cTours;
      const [leanTours, , leanSeconds] = execFileSync(leanExe, ["8", "8", ...forced], {
        encoding: "utf8",
      })
        .trim()
        .split(" ");
      if (leanTours !== cTours) throw new Error(`C lean: ${leanTours} tours, C says ${cTours}`);
      times.lean.push(Number(leanSeconds));
      for (const mode of ["count", "stats"]) {
        const [jsTours, seconds] = execFileSync(process.execPath, [here, "--child", mode, bunch], {
          encoding: "utf8",
        })
          .trim()
          .split(" ");
        if (jsTours !== cTours) throw new Error(`${mode}: ${jsTours} tours, C says ${cTours}`);
        times[mode].push(Number(seconds));
      }
      console.log(
        `round ${round + 1}: C ${times.c.at(-1).toFixed(2)} s, C lean ${times.lean.at(-1).toFixed(2)} s, JS count ${times.count.at(-1).toFixed(2)} s, JS stats ${times.stats.at(-1).toFixed(2)} s`,
      );
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const c = median(times.c);
    const rate = (s) => `${(Number(tours) / s / 1e6).toFixed(2)} M tours/s`;
    console.log(`${bunch}: ${tours} tours`);
    console.log(`C counter      ${c.toFixed(2)} s  ${rate(c)}`);
    const lean = median(times.lean);
    console.log(
      `C lean         ${lean.toFixed(2)} s  ${rate(lean)}  ratio ${(lean / c).toFixed(2)}`,
    );
    // Ratios two ways: of the medians, and the median of each round's own ratio (its runs are
    // close in time, so they share the load of the moment).
    const paired = (mode) => median(times[mode].map((s, i) => s / times.c[i]));
    for (const [mode, label] of [
      ["count", "JS count-only "],
      ["stats", "JS statistics "],
    ]) {
      const s = median(times[mode]);
      console.log(
        `${label} ${s.toFixed(2)} s  ${rate(s)}  ratio ${(s / c).toFixed(2)} (per round: ${paired(mode).toFixed(2)}; to C lean ${(s / lean).toFixed(2)})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
