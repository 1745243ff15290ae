// Writes Knuth's exact-cover encoding of the closed knight's tours of a board in the DLX format
// that `knight cover` reads: items out_<cell> and in_<cell> for every cell, one option
// "out_a in_b" per directed knight move.
//   npx tsx scripts/docs/tour-cover-dlx.ts 4x4 | npx knight cover - --count     (under 1 s)
// Quoted by: docs/guide/exact-cover.md's worked example (4×4 and 6×6 transcripts) and
// docs/guide/corrections.md. Imports the library from src/ (run by tsx, see scripts/README.md).
import { formatCell, knightGraph, parseBoard } from "../../src/index.js";

const board = parseBoard(process.argv[2] ?? "4x4");
const { offsets, targets } = knightGraph(board);
const name = (cell: number) => formatCell(board, cell);
const lines: string[] = [];
const items: string[] = [];
for (let cell = 0; cell < board.cells; cell++) items.push(`out_${name(cell)} in_${name(cell)}`);
lines.push(items.join(" "));
for (let from = 0; from < board.cells; from++) {
  for (let k = offsets[from]; k < offsets[from + 1]; k++) {
    lines.push(`out_${name(from)} in_${name(targets[k])}`);
  }
}
process.stdout.write(`${lines.join("\n")}\n`);
