#!/usr/bin/env node
// Whole processes, as a user runs them: the `knight` command against plain C programs of the
// same job, alternating, CPU time (user + sys) of each child from /usr/bin/time (the machine is
// shared: wall time would measure the other jobs). Start-up, planning and output are counted on
// both sides.
//   npm run build && node bench/peers/frontier-process.js [ROUNDS] [--write] [--previous ROOT]
// Pairs (default 7 rounds):
// - `knight count 6x8 --closed --method frontier` against bench/peers/frontier-strong.c (the same
//   transfer-matrix algorithm with mirror states folded, gcc -O2 -march=native);
// - `knight count 6x7 --closed` (the default method) against bench/peers/census-count.c with no
//   forced move (a backtracking counter of Hamiltonian cycles, Knuth's Algorithm H, gcc -O2).
// Each round runs the two sides of a pair in turn, the first side alternating between rounds.
// --previous ROOT: a checkout of an earlier commit, built (its bin/knight.js and dist/), run as a
// third side of each pair in the same rounds: before and after under the same load.
// The counts must agree. Prints per-round times, the medians and their ratios; --write saves
// them to bench/process-results.json, which bench/run.js puts in docs/benchmarks.md, and
// rewrites that section of docs/benchmarks.md now.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { processSection } from "./process-section.js";
import { median, timed as timedChild } from "./process-timing.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const args = process.argv.slice(2);
const write = args.includes("--write");
const previousAt = args.indexOf("--previous");
const previousRoot = previousAt >= 0 ? args[previousAt + 1] : undefined;
if (previousAt >= 0 && (!previousRoot || !existsSync(join(previousRoot, "bin", "knight.js")))) {
  console.error("--previous ROOT: a built checkout (ROOT/bin/knight.js and ROOT/dist/)");
  process.exit(2);
}
const rounds = Number(args.filter((a) => a !== previousRoot).find((a) => /^\d+$/.test(a)) ?? 7);
if (!existsSync("/usr/bin/time")) {
  console.error("needs /usr/bin/time (GNU time) for the CPU time of each child");
  process.exit(2);
}
if (!existsSync(join(root, "dist", "cli", "main.js"))) {
  console.error("build first: npm run build");
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), "frontier-process-"));
const knight = [process.execPath, join(root, "bin", "knight.js")];
const previousKnight = previousRoot && [process.execPath, join(previousRoot, "bin", "knight.js")];
/** A child under /usr/bin/time, with its first output word as `count`. */
const timed = (argv) => {
  const run = timedChild(dir, argv);
  return { ...run, count: run.stdout.trim().split(/\s+/)[0] };
};

try {
  const strong = join(dir, "frontier-strong");
  const census = join(dir, "census-count");
  execFileSync("gcc", ["-O2", "-march=native", "-o", strong, join(here, "frontier-strong.c")]);
  execFileSync("gcc", ["-O2", "-o", census, join(here, "census-count.c")]);
  const pairs = [
    {
      job: "6×8 closed, frontier sweep",
      js: "knight count 6x8 --closed --method frontier",
      jsArgv: [...knight, "count", "6x8", "--closed", "--method", "frontier"],
      c: "frontier-strong 6 8 cycle",
      cArgv: [strong, "6", "8", "cycle"],
    },
    {
      job: "6×7 closed, default method",
      js: "knight count 6x7 --closed",
      jsArgv: [...knight, "count", "6x7", "--closed"],
      c: "census-count 6 7",
      cArgv: [census, "6", "7"],
    },
  ];
  const loadBefore = os.loadavg();
  const results = [];
  for (const pair of pairs) {
    const times = { js: [], c: [], jsRss: [], cRss: [], previous: [], previousRss: [] };
    const argvOf = {
      js: pair.jsArgv,
      c: pair.cArgv,
      previous: previousKnight && [...previousKnight, ...pair.jsArgv.slice(2)],
    };
    const sides = previousKnight ? ["c", "previous", "js"] : ["c", "js"];
    let count = "";
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const run = timed(argvOf[side]);
        if (count === "") count = run.count;
        if (run.count !== count) throw new Error(`${pair[side]}: ${run.count}, expected ${count}`);
        times[side].push(run.cpu);
        times[`${side}Rss`].push(run.rssKiB);
      }
      const before = previousKnight ? `, previous ${times.previous.at(-1).toFixed(2)} s` : "";
      console.log(
        `${pair.job} round ${round + 1}: knight ${times.js.at(-1).toFixed(2)} s${before}, C ${times.c.at(-1).toFixed(2)} s (CPU)`,
      );
    }
    const js = median(times.js);
    const c = median(times.c);
    results.push({
      job: pair.job,
      count,
      knight: pair.js,
      peer: pair.c,
      knightCpuSeconds: js,
      peerCpuSeconds: c,
      ratio: js / c,
      knightPeakRssMiB: median(times.jsRss) / 1024,
      peerPeakRssMiB: median(times.cRss) / 1024,
    });
    console.log(
      `${pair.job}: ${count}; knight ${js.toFixed(2)} s, C ${c.toFixed(2)} s, ratio ${(js / c).toFixed(2)}`,
    );
    if (previousKnight) {
      const p = median(times.previous);
      console.log(
        `${pair.job}: previous (${previousRoot}) ${p.toFixed(2)} s, ratio ${(p / c).toFixed(2)}`,
      );
    }
  }
  const loadAfter = os.loadavg();
  const load = `load average ${loadBefore[0].toFixed(1)} at the start, ${loadAfter[0].toFixed(1)} at the end`;
  console.log(`${rounds} rounds, medians of CPU seconds; ${load}`);
  if (write) {
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: os.cpus()[0]?.model ?? "unknown",
      cores: os.cpus().length,
      rounds,
      loadAtStart: loadBefore[0],
      loadAtEnd: loadAfter[0],
      results,
    };
    writeFileSync(
      join(root, "bench", "process-results.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    // The section is the report's last (bench/run.js writes it last too): replace it or add it.
    const docs = join(root, "docs", "benchmarks.md");
    const text = readFileSync(docs, "utf8");
    const at = text.indexOf(processSection.heading);
    const kept = (at < 0 ? text : text.slice(0, at)).trimEnd();
    writeFileSync(docs, `${kept}\n\n${processSection.lines(report).join("\n")}`);
    console.log("wrote bench/process-results.json and its section of docs/benchmarks.md");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
