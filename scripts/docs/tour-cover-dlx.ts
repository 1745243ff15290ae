#!/usr/bin/env node
// Knuth's exact-cover encoding of the closed knight's tours of a board, written in the DLX format
// that `knight cover` reads (docs/guide/exact-cover.md's worked example):
//   npm run build && node scripts/tour-cover-dlx.js 4x4 | npx knight cover - --count
// Items out_<cell> and in_<cell> for every cell; one option "out_a in_b" per directed knight move.
import { formatCell, knightGraph, parseBoard } from "../dist/index.js";

const board = parseBoard(process.argv[2] ?? "4x4");
const { offsets, targets } = knightGraph(board);
const name = (cell) => formatCell(board, cell);
const lines = [];
const items = [];
for (let cell = 0; cell < board.cells; cell++) items.push(`out_${name(cell)} in_${name(cell)}`);
lines.push(items.join(" "));
for (let from = 0; from < board.cells; from++) {
  for (let k = offsets[from]; k < offsets[from + 1]; k++) {
    lines.push(`out_${name(from)} in_${name(targets[k])}`);
  }
}
process.stdout.write(`${lines.join("\n")}\n`);
