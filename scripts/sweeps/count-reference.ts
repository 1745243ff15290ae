// The big known counts of shared/REFERENCE.md and the counting issue, each checked against its
// expected value, with wall-clock and CPU times: 6×6 and 6×7 by the path counter (one thread and
// worker threads), 6×6 to 6×10, 7×8, 7×7 open and 8×8 by the frontier sweep.
//   npm run sweep:count-reference [-- --only NAME] [-- --workers N --max-gib G --progress]
// The default set (the slow ones left out) takes about a minute; `-- --only 6x6-closed` a few
// seconds. The slow ones run only when named with --only: 6×10 about 10 s, 7×8 closed about
// 2.5 minutes of CPU and 3 GiB, 7×7 open and 8×8 closed hours (run those with
// scripts/sweeps/count-frontier-big.ts, which spills to disk and prints every cell). Prints a line per count; exit 1 on a wrong count. Quoted by: docs/counting.md
// (7×8 closed and the 7×7 open attempt, run under /usr/bin/time -v).
// Imports the library from src/ (run by tsx, see scripts/README.md); the worker threads of
// countParallel run the built dist/node/count-worker.js, hence the build in the npm script.
import os from "node:os";
import type { CountProgress } from "../../src/count/index.js";
import { Board, type CountOptions, count } from "../../src/index.js";
import { countParallel } from "../../src/node/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    only: { type: "string" },
    workers: { type: "string" },
    "max-gib": { type: "string" },
    progress: { type: "boolean", default: false },
  },
});
const only = values.only;
const workers = numberOption(values.workers, "workers", 2);
// Memory ceiling for a frontier sweep's layer and table together (default: the library's 4 GiB).
const maxGib = numberOption(values["max-gib"], "max-gib", 0);
// --progress: one stderr line per frontier cell (cells done / total, seconds), for long runs.
const onProgress = values.progress
  ? (p: CountProgress) =>
      process.stderr.write(`${p.done}/${p.total} ${(p.ms / 1000).toFixed(1)} s\n`)
  : undefined;

interface Case {
  readonly name: string;
  readonly board: [rows: number, cols: number];
  readonly options: CountOptions;
  readonly expected: bigint;
  /** Counted by countParallel with --workers threads. */
  readonly parallel?: boolean;
  /** Run only when named with --only. */
  readonly slow?: boolean;
}

const CASES: readonly Case[] = [
  {
    name: "6x6-closed-backtrack",
    board: [6, 6],
    options: { closed: true, method: "backtrack" },
    expected: 9862n,
  },
  {
    name: "6x6-closed-frontier",
    board: [6, 6],
    options: { closed: true, method: "frontier" },
    expected: 9862n,
  },
  {
    name: "6x6-open-backtrack",
    board: [6, 6],
    options: { method: "backtrack" },
    expected: 6637920n,
  },
  {
    name: "6x6-open-backtrack-workers",
    board: [6, 6],
    options: { method: "backtrack" },
    parallel: true,
    expected: 6637920n,
  },
  {
    name: "6x6-knuth-non-closable",
    board: [6, 6],
    options: { method: "backtrack", nonClosable: true, directed: false },
    expected: 2963928n,
  },
  {
    name: "6x7-closed-backtrack",
    board: [6, 7],
    options: { closed: true, method: "backtrack" },
    expected: 1067638n,
  },
  {
    name: "6x7-closed-backtrack-workers",
    board: [6, 7],
    options: { closed: true, method: "backtrack" },
    parallel: true,
    expected: 1067638n,
  },
  {
    name: "6x8-closed-frontier",
    board: [6, 8],
    options: { closed: true, method: "frontier" },
    expected: 55488142n,
  },
  {
    name: "6x10-closed-frontier",
    board: [6, 10],
    options: { closed: true, method: "frontier" },
    expected: 239187240144n,
    slow: true,
  },
  {
    name: "7x8-closed-frontier",
    board: [7, 8],
    options: { closed: true, method: "frontier" },
    expected: 34524432316n, // A193054 (closed tours of 7 × 2n)
    slow: true,
  },
  {
    name: "7x7-open-frontier",
    board: [7, 7],
    options: { method: "frontier" },
    expected: 165575218320n,
    slow: true,
  },
  {
    name: "8x8-closed-frontier",
    board: [8, 8],
    options: { closed: true, method: "frontier" },
    expected: 13267364410532n,
    slow: true,
  },
];

process.stdout.write(
  `# ${new Date().toISOString()} node ${process.version}, ${os.cpus()[0]?.model}, ${os.cpus().length} cores\n`,
);
let failures = 0;
for (const c of CASES) {
  if (only !== undefined ? !c.name.includes(only) : c.slow) continue;
  const board = new Board(...c.board);
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = c.parallel
    ? await countParallel(board, { ...c.options, workers })
    : count(board, {
        ...c.options,
        ...(maxGib > 0 ? { maxBytes: maxGib * 2 ** 30 } : {}),
        ...(onProgress ? { onProgress } : {}),
      });
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpuBefore);
  // Worker threads' time counts too: cpuUsage is per process.
  const cpu = (used.user + used.system) / 1e6;
  const ok = result.count === c.expected;
  if (!ok) failures++;
  process.stdout.write(
    `${c.name.padEnd(30)} ${String(result.count).padStart(18)} ${ok ? "ok" : `EXPECTED ${c.expected}`}  wall ${seconds.toFixed(2)} s  cpu ${cpu.toFixed(2)} s${c.parallel ? ` (${workers} workers)` : ""}${result.stats.peakStates ? `  peak ${result.stats.peakStates} states` : ""}\n`,
  );
}
process.exitCode = failures > 0 ? 1 : 0;
