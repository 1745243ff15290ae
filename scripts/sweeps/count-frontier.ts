// How the frontier counter's time and peak states grow with the board, each count checked
// against OEIS: closed tours (undirected) of 3×n and 5×n (n even, up to --max-long, default 30)
// and 6×n (up to --max-six, default 12; the OEIS data of A175881 reaches 6×40, which needs four
// lanes). Known values: A175881 (6×n), A383660 (3×n: its terms at 3k cells), A383661 (5×n: at 5k
// cells).
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
  "6x13": 61989683445413228n,
  "6x14": 4005716717182224826n,
  "6x15": 255967892553030600920n,
  "6x16": 16378998506224697063588n,
  "6x17": 1050504687249683771795632n,
  "6x18": 67351449674771471216148786n,
  "6x19": 4314151246752166099728445868n,
  "6x20": 276453522147273309254029785276n,
  "6x21": 17717606001764726850971209939188n,
  "6x22": 1135386328785418512845166305951994n,
  "6x23": 72754625853111517738642395445641832n,
  "6x24": 4662311340698795306229004946849255108n,
  "6x25": 298772700964630993744576968415214630040n,
  "6x26": 19145888052227167790585189427230454709502n,
  "6x27": 1226902568798073025855948189578313739199398n,
  "6x28": 78622502118507651703659030426757524782646558n,
  "6x29": 5038287048556094010756276060713112469110084532n,
  "6x30": 322863244258188584511076820531771298243292346804n,
  "6x31": 20689713115693125810120458424283134088711708746418n,
  "6x32": 1325838052128808846982470604742513077251389064878480n,
  "6x33": 84962322582242436449028078490147227914653412498469176n,
  "6x34": 5444553480688572729507994773339404670293124094670063400n,
  "6x35": 348897761885575809340513599895637906535045836867112425442n,
  "6x36": 22358059291249098112956347313304579317330515128430578229580n,
  "6x37": 1432748662105938633370488721737295472216003424322051173765262n,
  "6x38": 91813368745075979865082473968848043302481279531417429418851766n,
  "6x39": 5883582334056740305836749071273843581025553554521365508472081512n,
  "6x40": 377031597006006571424070743308269493020186682009428464253448495336n,
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
