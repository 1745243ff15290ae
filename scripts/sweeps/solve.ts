// Checks that solve() (method auto) answers every request of the grid below, against the
// existence theorems; every tour goes through validateTour.
//   1. every start cell of every board r×c, 3 ≤ r ≤ c ≤ EVERY (default 16): a tour, or a proof
//      that none exists from there ("impossible": theorem or exhaustive search);
//   2. corners, centre and three seeded random starts on every board r×c, 3 ≤ r ≤ c ≤ SAMPLE
//      (default 60) that has open tours;
//   3. a closed tour on every board r×c, 3 ≤ r ≤ c ≤ SAMPLE, that has one (Schwenk).
// A failure is a limit reached, an invalid tour, or an answer that contradicts the theorems.
// Rectangles are checked both ways round (r×c and c×r: the same graph, but the solvers' move
// orders and tie-breaks see it differently); --one-way checks r ≤ c only.
//   npm run sweep [-- --every 16 --sample 60 --time-limit 10 --one-way]
// About 40 s with the defaults; `-- --every 6 --sample 8` takes about 1 s. Prints the failures
// (target: zero; exit 1 otherwise) and the slowest cases. Quoted by: docs/solvers.md, "Sweep
// results". Imports the library from src/ (run by tsx, see scripts/README.md).

import { createRandom } from "../../src/core/index.js";
import { Board, solve, tourExists, validateTour } from "../../src/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    every: { type: "string" },
    sample: { type: "string" },
    "time-limit": { type: "string" },
    "one-way": { type: "boolean", default: false },
  },
});
const EVERY = numberOption(values.every, "every", 16);
const SAMPLE = numberOption(values.sample, "sample", 60);
const TIME_LIMIT_MS = numberOption(values["time-limit"], "time-limit", 10) * 1000;
const ONE_WAY = values["one-way"];

/** The boards r×c, 3 ≤ r ≤ c ≤ max, and c×r too unless --one-way. */
function* boards(max: number): Generator<Board> {
  for (let r = 3; r <= max; r++) {
    for (let c = r; c <= max; c++) {
      yield new Board(r, c);
      if (c !== r && !ONE_WAY) yield new Board(c, r);
    }
  }
}

interface Request {
  readonly start: number;
  readonly closed?: boolean;
}

interface Timing {
  readonly label: string;
  readonly ms: number;
  readonly nodes: number;
  readonly status: string;
}

const failures: string[] = [];
const timings: Timing[] = [];
const counts = { solves: 0, found: 0, impossible: 0 };

function check(board: Board, request: Request, label: string): string {
  const began = performance.now();
  const result = solve(board, { ...request, timeLimitMs: TIME_LIMIT_MS });
  const ms = performance.now() - began;
  counts.solves++;
  timings.push({ label, ms, nodes: result.stats.nodes, status: result.status });
  const theory = tourExists(board, request).exists;
  if (result.status === "found" && result.tour !== null) {
    counts.found++;
    const v = validateTour(board, result.tour, { closed: request.closed === true });
    if (!v.valid) failures.push(`${label}: invalid tour (${v.message})`);
    else if (result.tour.path[0] !== request.start) failures.push(`${label}: wrong start cell`);
    if (theory === false) failures.push(`${label}: found a tour the theory rules out`);
  } else if (result.status === "impossible") {
    counts.impossible++;
    if (theory === true) failures.push(`${label}: "impossible" but theory says one exists`);
  } else {
    failures.push(`${label}: ${result.status} (${result.reason})`);
  }
  return result.status;
}

const began = performance.now();
const perStart = new Map<string, number>();
for (const board of boards(EVERY)) {
  let ok = 0;
  for (let s = 0; s < board.cells; s++) {
    if (check(board, { start: s }, `${board.label} open from ${s}`) === "found") ok++;
  }
  perStart.set(board.label, ok);
}
const part1 = performance.now() - began;

const random = createRandom(2026);
for (const board of boards(SAMPLE)) {
  if (tourExists(board).exists !== true) continue;
  const { rows: r, cols: c } = board;
  const starts = new Set([
    0,
    c - 1,
    (r - 1) * c,
    r * c - 1,
    Math.floor(r / 2) * c + Math.floor(c / 2),
    random.int(board.cells),
    random.int(board.cells),
    random.int(board.cells),
  ]);
  for (const s of starts) check(board, { start: s }, `${board.label} open from ${s}`);
}
const part2 = performance.now() - began - part1;

for (const board of boards(SAMPLE)) {
  if (tourExists(board, { closed: true }).exists !== true) continue;
  check(board, { closed: true, start: 0 }, `${board.label} closed`);
}
const part3 = performance.now() - began - part1 - part2;

timings.sort((a, b) => b.ms - a.ms);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `sweep: ${counts.solves} solves (${counts.found} found, ${counts.impossible} proved impossible) in ${s(performance.now() - began)}`,
);
console.log(
  `  every start, ${3}..${EVERY}: ${s(part1)}; sampled starts up to ${SAMPLE}: ${s(part2)}; closed up to ${SAMPLE}: ${s(part3)}`,
);
const small = [...perStart].filter(([label]) => /^[34]x|^5x5$/.test(label));
// (c×r boards are listed under r×c's numbers when they agree; a disagreement is a failure.)
for (const [label, n] of perStart) {
  const [r, c] = label.split("x");
  const other = perStart.get(`${c}x${r}`);
  if (other !== undefined && other !== n)
    failures.push(`${label}: ${n} starts with tours, ${c}x${r}: ${other}`);
}
console.log(`  starts with an open tour: ${small.map(([l, n]) => `${l} ${n}`).join(", ")}`);
console.log(`failures: ${failures.length}`);
for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
console.log("slowest:");
for (const t of timings.slice(0, 12)) {
  console.log(`  ${t.label}: ${t.ms.toFixed(1)} ms, ${t.nodes} nodes, ${t.status}`);
}
process.exitCode = failures.length === 0 ? 0 : 1;
