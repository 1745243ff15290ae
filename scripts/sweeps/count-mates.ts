// The mates counter (count --method mates) on the boards of the issue, against known values
// (shared/REFERENCE.md; 5×8 closed is OEIS A383661) and, with --cross, against the path
// counter run in the same process. Prints one row per count with wall and CPU times; exits 1
// on any mismatch.
//   npm run build && node scripts/count-mates.js [--cross] [--only 6x7]
import { Board, count } from "../dist/index.js";

const cases = [
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

const args = process.argv.slice(2);
const cross = args.includes("--cross");
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;

const timed = (fn) => {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return {
    result,
    wall: (performance.now() - wall) / 1000,
    cpu: (used.user + used.system) / 1e6,
  };
};

let failed = false;
console.log("| count | mates | wall | CPU | nodes | path counter (--cross) |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const { board: label, options, expected } of cases) {
  if (only !== undefined && label !== only) continue;
  const [rows, cols] = label.split("x").map(Number);
  const board = new Board(rows, cols);
  const run = timed(() => count(board, { ...options, method: "mates" }));
  let other = "";
  if (cross) {
    const path = timed(() => count(board, { ...options, method: "backtrack" }));
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
