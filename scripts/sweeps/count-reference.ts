#!/usr/bin/env node
// The big known counts of shared/REFERENCE.md and the issue, with wall-clock times.
//   npm run build && node scripts/count-reference.js [--only NAME] [--workers N] [--max-gib G]
// Each line: name, count, expected, seconds. Slow ones (8×8 closed, 7×7 open) only with --only.
import os from "node:os";
import { Board, count } from "../dist/index.js";
import { countParallel } from "../dist/node/index.js";

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
const workersAt = args.indexOf("--workers");
const workers = workersAt >= 0 ? Number(args[workersAt + 1]) : 2;
// Memory ceiling for a frontier sweep's two tables (default: the library's 4 GiB).
const maxGibAt = args.indexOf("--max-gib");
const maxBytes = maxGibAt >= 0 ? Number(args[maxGibAt + 1]) * 2 ** 30 : undefined;
// --progress: one stderr line per frontier cell (cells done / total, seconds), for long runs.
const onProgress = args.includes("--progress")
  ? (p) => process.stderr.write(`${p.done}/${p.total} ${(p.ms / 1000).toFixed(1)} s\n`)
  : undefined;

const CASES = [
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
    expected: 34524432316n, // A193054 (closed tours of 7 × 2n), the issue's C program
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
  if (only ? !c.name.includes(only) : c.slow) continue;
  const board = new Board(c.board[0], c.board[1]);
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = c.parallel
    ? await countParallel(board, { ...c.options, workers })
    : count(board, {
        ...c.options,
        ...(maxBytes ? { maxBytes } : {}),
        ...(onProgress ? { onProgress } : {}),
      });
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpuBefore);
  // Worker threads' time counts too: cpuUsage is per process.
  const cpu = (used.user + used.system) / 1e6;
  const ok = c.expected === undefined || result.count === c.expected;
  if (!ok) failures++;
  process.stdout.write(
    `${c.name.padEnd(30)} ${String(result.count).padStart(18)} ${ok ? "ok" : `EXPECTED ${c.expected}`}  wall ${seconds.toFixed(2)} s  cpu ${cpu.toFixed(2)} s${c.parallel ? ` (${workers} workers)` : ""}${result.stats.peakStates ? `  peak ${result.stats.peakStates} states` : ""}\n`,
  );
}
process.exitCode = failures > 0 ? 1 : 0;
