// Squirrel & Cull's rule on every n×n board from n = FROM (default 5) to N (default 1000), from
// the top-left corner; each walk is checked by the independent validator. Published claim
// (Squirrel & Cull 1996): a tour for every 5 ≤ n ≤ 610 except n = 74.
//   npm run sweep:squirrel [-- N] [-- --from M]
// About 25 s of CPU for N = 1000 (333 million cells); `-- 60` under 1 s. Prints the boards where
// the walk got stuck (a finding, exit 0) and the run time; an invalid tour exits 1. Quoted by:
// docs/solvers.md (the squirrel tie-break, and the tie-break study's last finding). Imports the
// library from src/ (run by tsx, see scripts/README.md).
import { Board, validateTour } from "../../src/index.js";
// The walker itself, an engine class: from its folder's front door, not the package's main entry.
import { SquirrelWalker } from "../../src/solve/index.js";
import { fail, numberOption, parseOptions } from "../lib/args.js";

const { values, positionals } = parseOptions({
  options: { from: { type: "string" } },
  allowPositionals: true,
});
const from = numberOption(values.from, "from", 5);
const to = numberOption(positionals[0], "N", 1000);
if (!Number.isInteger(from) || !Number.isInteger(to) || from < 5 || to < from) {
  fail(`usage: squirrel.ts [N ≥ 5] [--from M ≥ 5]; got N=${to} M=${from}`);
}
const began = performance.now();
const stuck: string[] = [];
let invalid = false;
let cells = 0;
for (let n = from; n <= to; n++) {
  const board = new Board(n, n);
  const walker = new SquirrelWalker(board);
  const length = walker.walk(0);
  cells += n * n;
  if (length !== board.cells) stuck.push(`${n} (${length} of ${board.cells} cells)`);
  else if (!validateTour(board, walker.path).valid) {
    stuck.push(`${n} (invalid tour!)`);
    invalid = true;
  }
  if (n % 100 === 0) {
    process.stderr.write(`n=${n} (${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
  }
}
const seconds = (performance.now() - began) / 1000;
console.log(
  `Squirrel & Cull from the corner, n = ${from}…${to}: ${to - from + 1} boards, ${cells} cells`,
);
console.log(`stuck on ${stuck.length}: ${stuck.join(", ") || "none"}`);
console.log(`run time ${seconds.toFixed(1)} s`);
// A stuck walk is a finding, not an error; an invalid "tour" is a bug.
process.exitCode = invalid ? 1 : 0;
