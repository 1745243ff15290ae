#!/usr/bin/env node
// The census as a user runs it, whole process: `knight census 8 --bunches BUNCH --no-stats`
// (count only) and `knight census 8 --bunches BUNCH` (every statistic) against the plain C
// counter with the bunch's wedges forced (bench/peers/census-count.c, gcc -O2 into a temporary
// folder). CPU time (user + sys) of each child from /usr/bin/time: start-up, module loading,
// planning the split and printing count on the JavaScript side, the C program's start-up on
// its side (the machine is shared: wall time would measure the other jobs). The forced moves
// handed to C are computed here beforehand and not timed: they are the bunch's definition.
//   npm run build && node bench/peers/census-process.js [ROUNDS] [--bunch NAME] [--write]
// Defaults: 5 rounds, bunch Cflz (17,440,101 tours visited). Each round runs C, knight count-only
// and knight with statistics, the order turning by one each round. The visited count of both
// knight runs must equal C's tour count. Prints per-round times, the medians, the ratios of the
// medians and the median of each round's own ratio; --write saves them to
// bench/census-process-results.json (figures for bench/records/census.md, not for user docs).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, timed as timedChild } from "./process-timing.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const args = process.argv.slice(2);
const bunchAt = args.indexOf("--bunch");
const bunch = bunchAt >= 0 ? args[bunchAt + 1] : "Cflz";
const rounds = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== "--bunch") ?? 5);
const write = args.includes("--write");
if (!existsSync("/usr/bin/time")) {
  console.error("needs /usr/bin/time (GNU time) for the CPU time of each child");
  process.exit(2);
}
if (!existsSync(join(root, "dist", "cli", "main.js"))) {
  console.error("build first: npm run build");
  process.exit(2);
}
const { Board, Census } = await import(join(root, "dist", "index.js"));

const dir = mkdtempSync(join(tmpdir(), "census-process-"));
const knight = [process.execPath, join(root, "bin", "knight.js")];
const timed = (argv) => timedChild(dir, argv);
/** The tours the census visited, from its summary line ("visited: N"). */
function visited(stdout) {
  const m = /visited: (\d+)/.exec(stdout);
  if (!m) throw new Error(`no visited count in:\n${stdout}`);
  return m[1];
}

try {
  const exe = join(dir, "census-count");
  execFileSync("gcc", ["-O2", "-o", exe, join(here, "census-count.c")]);
  const forced = new Census(new Board(8, 8)).split.forcedMoves(bunch).flat().map(String);
  const sides = [
    {
      key: "c",
      label: `census-count 8 8 (${bunch}'s forced moves)`,
      argv: [exe, "8", "8", ...forced],
    },
    {
      key: "count",
      label: `knight census 8 --bunches ${bunch} --no-stats`,
      argv: [...knight, "census", "8", "--bunches", bunch, "--no-stats"],
    },
    {
      key: "stats",
      label: `knight census 8 --bunches ${bunch}`,
      argv: [...knight, "census", "8", "--bunches", bunch],
    },
  ];
  const times = { c: [], count: [], stats: [] };
  const rss = { c: [], count: [], stats: [] };
  let tours = "";
  const loadBefore = os.loadavg();
  const loads = [];
  for (let round = 0; round < rounds; round++) {
    const order = sides.map((_, i) => sides[(i + round) % sides.length]);
    for (const side of order) {
      const run = timed(side.argv);
      const count = side.key === "c" ? run.stdout.trim().split(/\s+/)[0] : visited(run.stdout);
      if (tours === "") tours = count;
      if (count !== tours) throw new Error(`${side.label}: ${count} tours, expected ${tours}`);
      times[side.key].push(run.cpu);
      rss[side.key].push(run.rssKiB);
    }
    loads.push(os.loadavg()[0]);
    console.log(
      `round ${round + 1} (${order.map((s) => s.key).join(", ")}): C ${times.c.at(-1).toFixed(2)} s, count-only ${times.count.at(-1).toFixed(2)} s, statistics ${times.stats.at(-1).toFixed(2)} s (CPU; load ${loads.at(-1).toFixed(1)})`,
    );
  }
  const loadAfter = os.loadavg();
  const c = median(times.c);
  const results = {};
  console.log(`${bunch}: ${tours} tours visited; medians of ${rounds} rounds, CPU seconds`);
  console.log(
    `C counter      ${c.toFixed(2)} s  (peak RSS ${(median(rss.c) / 1024).toFixed(0)} MiB)`,
  );
  for (const [key, label] of [
    ["count", "count-only    "],
    ["stats", "statistics    "],
  ]) {
    const s = median(times[key]);
    const perRound = median(times[key].map((t, i) => t / times.c[i]));
    results[key] = {
      cpuSeconds: s,
      ratio: s / c,
      perRoundRatio: perRound,
      peakRssMiB: median(rss[key]) / 1024,
    };
    console.log(
      `${label} ${s.toFixed(2)} s  ratio ${(s / c).toFixed(2)} (per round ${perRound.toFixed(2)}; peak RSS ${(median(rss[key]) / 1024).toFixed(0)} MiB)`,
    );
  }
  const load = `load average ${loadBefore[0].toFixed(1)} at the start, ${loadAfter[0].toFixed(1)} at the end (per round ${loads.map((l) => l.toFixed(1)).join(", ")})`;
  console.log(load);
  if (write) {
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: os.cpus()[0]?.model ?? "unknown",
      cores: os.cpus().length,
      bunch,
      tours,
      rounds,
      loadAtStart: loadBefore[0],
      loadAtEnd: loadAfter[0],
      loadPerRound: loads,
      commands: Object.fromEntries(sides.map((s) => [s.key, s.label])),
      cpuSeconds: times,
      cCpuSeconds: c,
      results,
    };
    writeFileSync(
      join(root, "bench", "census-process-results.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
    console.log("wrote bench/census-process-results.json");
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
