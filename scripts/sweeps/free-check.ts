// A second computation of a closed count made in a free order of the cells (src/count/
// free-frontier.ts): the same board counted again in the greedy order *reversed* (other states
// at every step: the cells open after step t are the complement's frontier), modulo the first
// prime lane (other arithmetic), and compared with the count given. For counts where the row
// sweep is out of reach (the 5×5 torus: a window of 23 cells), this is the check of
// docs/results.md.
//   npx tsx scripts/sweeps/free-check.ts --board 5x5 --topology torus --expect 1234 [--piece P]
// Prints the residue, the expected count's residue, CPU seconds and peak states; exit 1 when
// they differ. The count itself comes from `knight count RxC --closed …` (the greedy order,
// modulo 2^64).
import { Board, moveGraph, parsePiece } from "../../src/core/index.js";
import { freeCycleLane } from "../../src/count/free-frontier.js";
import { freeOrder, openAfter } from "../../src/count/free-order.js";
import { freePlan } from "../../src/count/free-plan.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { boardSize, fail, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    board: { type: "string" },
    topology: { type: "string", default: "plane" },
    piece: { type: "string", default: "knight" },
    expect: { type: "string" },
  },
});
if (values.board === undefined) fail("--board RxC is required");
if (values.expect === undefined || !/^\d+$/.test(values.expect)) fail("--expect COUNT is required");
const topology = values.topology;
if (topology !== "plane" && topology !== "cylinder" && topology !== "torus") {
  fail(`--topology takes plane, cylinder or torus; got ${topology}`);
}
const [rows, cols] = boardSize(values.board);
const board = new Board(rows, cols, { piece: parsePiece(values.piece), topology });
const graph = moveGraph(board);
const greedy = freeOrder(board, graph);
if (!greedy) fail(`${board} has too many cells for a free order`);
const reversed = Int32Array.from(greedy.order).reverse();
const widest = Math.max(...openAfter(graph, reversed));
const started = process.cpuUsage();
const run = freeCycleLane(freePlan(graph, reversed), 1, {
  onLayer: ({ step, steps, states }) => {
    if (step % 5 === 0 || step === steps)
      process.stderr.write(`cell ${step}/${steps}: ${states} states\n`);
  },
});
const used = process.cpuUsage(started);
const prime = BigInt(lanePrime(0));
const expected = BigInt(values.expect) % prime;
const line = {
  board: String(board),
  order: "greedy reversed",
  widest,
  modulus: String(prime),
  residue: String(run.residue),
  expected: String(expected),
  agree: run.residue === expected,
  cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
  peakStates: run.peakStates,
};
console.log(JSON.stringify(line));
process.exit(line.agree ? 0 : 1);
