// A second computation of a closed count made in a free order of the cells (src/count/
// free-frontier.ts), modulo the first prime lane (other arithmetic), compared with the count
// given. `knight count` counts the board as sweepBoard turns it; --order reversed (the
// default): that board's greedy order reversed, other states at every step
// (the cells open after step t are the complement's frontier) — but often far wider (4×7
// torus: 20 cells open at most against 15). --order transposed: the other orientation of the
// board (the same graph turned) in its own greedy order, whose ties fall on other cells; the run prints the layer
// sizes of both orders' first steps, which differ when the two computations do. For counts
// where the row sweep is out of reach, this is the check of docs/results.md.
//   npx tsx scripts/sweeps/free-check.ts --board 5x5 --topology torus --expect 1234 [--piece P]
//     [--order reversed|transposed]
// Prints the residue, the expected count's residue, CPU seconds and peak states; exit 1 when
// they differ. The count itself comes from `knight count RxC --closed …` (the greedy order,
// modulo 2^64).
import { Board, Budget, moveGraph, parsePiece } from "../../src/core/index.js";
import { freeCycleLane } from "../../src/count/free-frontier.js";
import { freeOrder, openAfter } from "../../src/count/free-order.js";
import { freePlan } from "../../src/count/free-plan.js";
import { FrontierStop } from "../../src/count/frontier-exact.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { boardSize, fail, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    board: { type: "string" },
    topology: { type: "string", default: "plane" },
    piece: { type: "string", default: "knight" },
    expect: { type: "string" },
    order: { type: "string", default: "reversed" },
  },
});
if (values.board === undefined) fail("--board RxC is required");
if (values.expect === undefined || !/^\d+$/.test(values.expect)) fail("--expect COUNT is required");
const topology = values.topology;
if (topology !== "plane" && topology !== "cylinder" && topology !== "torus") {
  fail(`--topology takes plane, cylinder or torus; got ${topology}`);
}
const [rows, cols] = boardSize(values.board);
if (values.order !== "reversed" && values.order !== "transposed") {
  fail(`--order takes reversed or transposed; got ${values.order}`);
}
const transposed = values.order === "transposed";
const piece = parsePiece(values.piece);
const given = new Board(rows, cols, { piece, topology });
// `knight count` sweeps the board as sweepBoard turns it (a torus or plane wider than tall is
// transposed): the check takes the other orientation, or the same one reversed.
const counted = sweepBoard(given);
const board = transposed ? new Board(counted.cols, counted.rows, { piece, topology }) : counted;
const graph = moveGraph(board);
const greedy = freeOrder(board, graph);
if (!greedy) fail(`${board} has too many cells for a free order`);
const order = transposed ? greedy.order : Int32Array.from(greedy.order).reverse();
const widest = Math.max(...openAfter(graph, order));
/** The layer sizes of the first steps of the count in `order` on `b` (stopped after 1 s). */
function firstLayers(b: Board, o: Int32Array): number[] {
  const sizes: number[] = [];
  try {
    freeCycleLane(freePlan(moveGraph(b), o), 0, {
      budget: Budget.start({ timeLimitMs: 1000 }),
      onLayer: ({ states }) => sizes.push(states),
    });
  } catch (error) {
    if (!(error instanceof FrontierStop)) throw error;
  }
  return sizes.slice(0, 24);
}
if (transposed) {
  const first = freeOrder(counted, moveGraph(counted))!.order;
  process.stderr.write(
    `layers of ${counted} (as knight count sweeps it): ${firstLayers(counted, first).join(" ")}\n`,
  );
  process.stderr.write(
    `layers of ${board}, its greedy order: ${firstLayers(board, order).join(" ")}\n`,
  );
}
const started = process.cpuUsage();
const run = freeCycleLane(freePlan(graph, order), 1, {
  onLayer: ({ step, steps, states }) => {
    if (step % 5 === 0 || step === steps)
      process.stderr.write(`cell ${step}/${steps}: ${states} states\n`);
  },
});
const used = process.cpuUsage(started);
const prime = BigInt(lanePrime(0));
const expected = BigInt(values.expect) % prime;
const line = {
  board: String(given),
  order: transposed ? `${board}, greedy` : "greedy reversed",
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
