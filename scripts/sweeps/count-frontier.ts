// How the frontier counter's time and peak states grow with the board, each count checked
// against OEIS: closed tours (undirected) of 3×n and 5×n (n even, up to --max-long, default 30)
// and 6×n (up to --max-six, default 12). Known values: A175881 (6×n), A383660 (3×n: its terms at
// 3k cells), A383661 (5×n: at 5k cells).
//   npm run sweep:count-frontier [-- --max-six 12 --max-long 30 --out FILE]
// A few minutes with the defaults (6×12 dominates); `-- --max-six 7 --max-long 12` takes a few
// seconds. Prints a line per board (exit 1 on a count that differs from OEIS); --out also writes
// the Markdown table. Quoted by: docs/counting.md ("Closed tours, frontier sweep, one thread").
// Imports the library from src/ (run by tsx, see scripts/README.md).
import { writeFileSync } from "node:fs";
import { frontierCount } from "../../src/count/index.js";
import { measure, numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    "max-six": { type: "string" },
    "max-long": { type: "string" },
    out: { type: "string" },
  },
});
const maxSix = numberOption(values["max-six"], "max-six", 12);
const maxLong = numberOption(values["max-long"], "max-long", 30);
const out = values.out;

const OEIS: Readonly<Record<string, bigint>> = {
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

const boards: [number, number][] = [];
for (let n = 4; n <= maxLong; n += 2) boards.push([3, n]);
for (let n = 4; n <= maxLong; n += 2) boards.push([5, n]);
for (let n = 5; n <= maxSix; n++) boards.push([6, n]);

interface Row {
  label: string;
  count: bigint;
  seconds: number;
  cpu: number;
  peak: number;
  check: string;
}
const rows: Row[] = [];
let failures = 0;
for (const [r, c] of boards) {
  // The sweep runs along the longer side: the frontier is 2·(short side) + 1 cells.
  const run = measure(() => frontierCount(Math.max(r, c), Math.min(r, c), { mode: "cycle" }));
  const { result, wall: seconds, cpu } = run;
  const label = `${r}x${c}`;
  const known = OEIS[label];
  const check = known === undefined ? "" : known === result.count ? "= OEIS" : `≠ OEIS ${known}`;
  if (known !== undefined && known !== result.count) failures++;
  rows.push({ label, count: result.count, seconds, cpu, peak: result.peakStates, check });
  process.stdout.write(
    `${label.padEnd(6)} ${String(result.count).padStart(34)}  ${seconds.toFixed(2).padStart(8)} s  cpu ${cpu.toFixed(2).padStart(8)} s  peak ${String(result.peakStates).padStart(9)} states  ${check}\n`,
  );
}

if (out !== undefined) {
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
