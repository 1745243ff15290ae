#!/usr/bin/env node
// Squirrel & Cull's rule on every n×n board from n = 5 to N (default 1000), from the top-left
// corner: `npm run build && node scripts/squirrel-sweep.js [N] [--from M]`. Each walk is checked
// by the independent validator; prints the boards where the walk got stuck and the run time.
// Published claim (Squirrel & Cull 1996): a tour for every 5 ≤ n ≤ 610 except n = 74.
import { Board, SquirrelWalker, validateTour } from "../dist/index.js";

const args = process.argv.slice(2);
const fromAt = args.indexOf("--from");
const from = fromAt >= 0 ? Number(args.splice(fromAt, 2)[1]) : 5;
const to = Number(args[0] ?? 1000);
if (!Number.isInteger(from) || !Number.isInteger(to) || from < 5 || to < from) {
  console.error(`usage: squirrel-sweep.js [N ≥ 5] [--from M ≥ 5]; got N=${args[0]} M=${from}`);
  process.exit(2);
}
const began = performance.now();
const stuck = [];
let cells = 0;
for (let n = from; n <= to; n++) {
  const board = new Board(n, n);
  const walker = new SquirrelWalker(board);
  const length = walker.walk(0);
  cells += n * n;
  if (length !== board.cells) stuck.push(`${n} (${length} of ${board.cells} cells)`);
  else if (!validateTour(board, walker.path).valid) stuck.push(`${n} (invalid tour!)`);
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
process.exitCode = stuck.some((s) => s.includes("invalid")) ? 1 : 0;
