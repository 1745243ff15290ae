// The mates counter (count --method mates) on the boards of the counting issue, against known
// values (shared/REFERENCE.md; 5×8 closed is OEIS A383661) and, with --cross, against the path
// counter (method backtrack) run in the same process.
//   npm run sweep:count-mates [-- --cross] [-- --only 6x7]
// About 10 s (30 s with --cross); `-- --only 5x6` under a second. Prints a Markdown row per count
// with wall and CPU times; exit 1 on any mismatch. Quoted by: docs/counting.md, "Figures" of the
// mates counter. Imports the library from src/ (run by tsx, see scripts/README.md).
import { Board, type CountOptions, count } from "../../src/index.js";
import { boardSize, measure, parseOptions } from "../lib/args.js";

const cases: { board: string; options: CountOptions; expected: bigint }[] = [
  { board: "3x10", options: { closed: true }, expected: 16n },
  { board: "3x12", options: { closed: true }, expected: 176n },
  { board: "5x6", options: { closed: true }, expected: 8n },
  { board: "6x6", options: { closed: true }, expected: 9862n },
  { board: "5x8", options: { closed: true }, expected: 44202n },
  { board: "8x5", options: { closed: true }, expected: 44202n },
  { board: "6x7", options: { closed: true }, expected: 1067638n },
  { board: "7x6", options: { closed: true }, expected: 1067638n },
  { board: "5x5", options: {}, expected: 1728n },
  { board: "5x5", options: { start: 0 }, expected: 304n },
  { board: "4x5", options: { directed: false }, expected: 82n },
  { board: "6x6", options: {}, expected: 6637920n },
  { board: "6x6", options: { nonClosable: true, directed: false }, expected: 2963928n },
];

const { values } = parseOptions({
  options: { cross: { type: "boolean", default: false }, only: { type: "string" } },
});
const { cross, only } = values;

let failed = false;
console.log("| count | mates | wall | CPU | nodes | path counter (--cross) |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const { board: label, options, expected } of cases) {
  if (only !== undefined && label !== only) continue;
  const board = new Board(...boardSize(label));
  const run = measure(() => count(board, { ...options, method: "mates" }));
  let other = "";
  if (cross) {
    const path = measure(() => count(board, { ...options, method: "backtrack" }));
    if (path.result.count !== run.result.count) failed = true;
    other = `${path.result.count} in ${path.wall.toFixed(2)} s wall / ${path.cpu.toFixed(2)} s CPU`;
  }
  const ok = run.result.count === expected;
  if (!ok) failed = true;
  console.log(
    `| ${label} ${JSON.stringify(options)} | ${run.result.count}${ok ? "" : ` (expected ${expected})`} | ${run.wall.toFixed(2)} s | ${run.cpu.toFixed(2)} s | ${run.result.stats.nodes} | ${other} |`,
  );
}
process.exit(failed ? 1 : 0);
