#!/usr/bin/env node
// How the frontier counter's time and peak states grow with the board, with checks against OEIS.
//   npm run build && node scripts/count-sweep.js [--max-six 12] [--out docs/counting-sweep.md]
// Closed tours of 3×n (n even, to 30), 5×n (n even, to 30) and 6×n (to 12), undirected.
// Known values: A175881 (6×n), A383660 (3×n: its terms at 3k cells), A383661 (5×n: at 5k cells).
import { writeFileSync } from "node:fs";
import { frontierCount } from "../dist/count/index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const maxSix = Number(option("--max-six", "12"));
const maxLong = Number(option("--max-long", "30"));
const out = option("--out", undefined);

const OEIS = {
  // A175881: closed knight's tours on 6 × n.
  "6x5": 8n,
  "6x6": 9862n,
  "6x7": 1067638n,
  "6x8": 55488142n,
  "6x9": 3374967940n,
  "6x10": 239187240144n,
  "6x11": 15360134570696n,
  "6x12": 964730606632516n,
  // A383660 (Knuth): closed tours in the first 3k cells of a 3-row board = 3 × k.
  "3x10": 16n,
  "3x12": 176n,
  "3x14": 1536n,
  "3x16": 15424n,
  "3x18": 147728n,
  "3x20": 1448416n,
  "3x22": 14060048n,
  "3x24": 136947616n,
  "3x26": 1332257856n,
  "3x28": 12965578752n,
  "3x30": 126169362176n,
  // A383661 (Knuth): closed tours in the first 5k cells of a 5-row board = 5 × k.
  "5x6": 8n,
  "5x8": 44202n,
  "5x10": 13311268n,
  "5x12": 4557702762n,
  "5x14": 1495135512514n,
};

const boards = [];
for (let n = 4; n <= maxLong; n += 2) boards.push([3, n]);
for (let n = 4; n <= maxLong; n += 2) boards.push([5, n]);
for (let n = 5; n <= maxSix; n++) boards.push([6, n]);

const rows = [];
let failures = 0;
for (const [r, c] of boards) {
  // The sweep runs along the longer side: the frontier is 2·(short side) + 1 cells.
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = frontierCount(Math.max(r, c), Math.min(r, c), { mode: "cycle" });
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1e6;
  const label = `${r}x${c}`;
  const known = OEIS[label];
  const check = known === undefined ? "" : known === result.count ? "= OEIS" : `≠ OEIS ${known}`;
  if (known !== undefined && known !== result.count) failures++;
  rows.push({ label, count: result.count, seconds, cpu, peak: result.peakStates, check });
  process.stdout.write(
    `${label.padEnd(6)} ${String(result.count).padStart(34)}  ${seconds.toFixed(2).padStart(8)} s  cpu ${cpu.toFixed(2).padStart(8)} s  peak ${String(result.peakStates).padStart(9)} states  ${check}\n`,
  );
}

if (out) {
  const lines = [
    "| board | closed tours (undirected) | wall (s) | cpu (s) | peak states | check |",
    "|---|---:|---:|---:|---:|---|",
    ...rows.map(
      (row) =>
        `| ${row.label} | ${row.count} | ${row.seconds.toFixed(2)} | ${row.cpu.toFixed(2)} | ${row.peak} | ${row.check} |`,
    ),
  ];
  writeFileSync(out, `${lines.join("\n")}\n`);
}
process.exitCode = failures > 0 ? 1 : 0;
