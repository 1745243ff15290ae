// A second computation of a count made in a free order of the cells (src/count/
// free-frontier.ts), modulo the first prime lane (other arithmetic), compared with the count
// given. `knight count` counts the board as sweepBoard turns it; --order reversed (the
// default): that board's greedy order reversed, other states at every step
// (the cells open after step t are the complement's frontier) — but often far wider (4×7
// torus: 20 cells open at most against 15). --order transposed: the other orientation of the
// board (the same graph turned) in its own greedy order, whose ties fall on other cells; the run prints the layer
// sizes of both orders' first steps, which differ when the two computations do. --order
// shuffled --seed N: the same board in the greedy order whose last ties fall by a random rank of
// the cells (seeded) instead of the index — for a square board, which has no other orientation
// and whose reversed order is too wide (5×5 torus: 20 cells open against 14). A symmetric board
// often gives an order that is the first one turned (the same computation); the run prints the
// cells open after each step and the first layers of both, and stops when they are all equal.
// --max-memory (default 6G) and --spill-dir: the ceiling of the count's tables, and where its
// layers go past it (without a folder the check stops at the ceiling).
// --compare runs the count's own order as well (about as long again) and says at how many
// steps the layers differ in size. For counts where the row sweep is out of reach, this is the
// check of docs/results.md.
//   npx tsx scripts/sweeps/free-check.ts --board 5x5 --topology torus --expect 1234 [--piece P]
//     [--order reversed|transposed|shuffled] [--seed 1] [--compare] [--open]
//     [--max-memory 6G] [--spill-dir DIR]
// --open checks an open count (`knight count RxC …` without --closed: directed, as --expect
// takes it), counted as cycles through an apex joined to every cell (free-plan.ts `pathPlan`).
// Prints the residue, the expected count's residue, CPU seconds and peak states; exit 1 when
// they differ. The count itself comes from `knight count RxC [--closed] …` (the greedy order,
// modulo 2^64).

import { byteSize } from "../../src/cli/options.js";
import { Board, Budget, moveGraph, parsePiece } from "../../src/core/index.js";
import { freeCycleLane } from "../../src/count/free-frontier.js";
import { freeOrder, openAfter } from "../../src/count/free-order.js";
import { freePlan, pathPlan } from "../../src/count/free-plan.js";
import { FrontierStop } from "../../src/count/frontier-exact.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { DiskSpill } from "../../src/node/frontier-spill.js";
import { boardSize, fail, parseOptions } from "../lib/args.js";
import { shuffledRank } from "../lib/shuffle.js";

const { values } = parseOptions({
  options: {
    board: { type: "string" },
    topology: { type: "string", default: "plane" },
    piece: { type: "string", default: "knight" },
    expect: { type: "string" },
    order: { type: "string", default: "reversed" },
    seed: { type: "string", default: "1" },
    compare: { type: "boolean" },
    open: { type: "boolean" },
    "max-memory": { type: "string", default: "6G" },
    "spill-dir": { type: "string" },
  },
});
if (values.board === undefined) fail("--board RxC is required");
if (values.expect === undefined || !/^\d+$/.test(values.expect)) fail("--expect COUNT is required");
const topology = values.topology;
if (topology !== "plane" && topology !== "cylinder" && topology !== "torus") {
  fail(`--topology takes plane, cylinder or torus; got ${topology}`);
}
const [rows, cols] = boardSize(values.board);
const orders = ["reversed", "transposed", "shuffled"];
if (!orders.includes(values.order)) {
  fail(`--order takes ${orders.join(", ")}; got ${values.order}`);
}
if (!/^\d+$/.test(values.seed)) fail(`--seed takes a whole number; got ${values.seed}`);
const transposed = values.order === "transposed";
const shuffled = values.order === "shuffled";
const piece = parsePiece(values.piece);
const given = new Board(rows, cols, { piece, topology });
// `knight count` sweeps the board as sweepBoard turns it (a torus or plane wider than tall is
// transposed): the check takes the other orientation, or the same one reversed.
const counted = sweepBoard(given);
const board = transposed ? new Board(counted.cols, counted.rows, { piece, topology }) : counted;
const open = values.open === true;
/** The plan of the count in `o`: closed tours, or open ones as cycles through an apex. */
const planOf = (g: ReturnType<typeof moveGraph>, o: Int32Array) =>
  open ? pathPlan(g, o) : freePlan(g, o);
/** An open count's cycles through the apex are undirected paths: `knight count` prints twice. */
const directed = (r: bigint, modulus: bigint) => (open ? (2n * r) % modulus : r);
const graph = moveGraph(board);
const greedy = freeOrder(
  board,
  graph,
  shuffled ? shuffledRank(board.cells, Number(values.seed)) : undefined,
);
if (!greedy) fail(`${board} has too many cells for a free order`);
const order = values.order === "reversed" ? Int32Array.from(greedy.order).reverse() : greedy.order;
const widest = Math.max(...openAfter(graph, order));

/** The layer sizes of the first steps of the count in `order` on `b` (stopped after 1 s). */
function firstLayers(b: Board, o: Int32Array): number[] {
  const sizes: number[] = [];
  try {
    freeCycleLane(planOf(moveGraph(b), o), 0, {
      budget: Budget.start({ timeLimitMs: 1000 }),
      onLayer: ({ states }) => sizes.push(states),
    });
  } catch (error) {
    if (!(error instanceof FrontierStop)) throw error;
  }
  return sizes.slice(0, 24);
}
if (transposed || shuffled) {
  const first = freeOrder(counted, moveGraph(counted))!.order;
  const firstOpen = openAfter(moveGraph(counted), first).join(" ");
  const thisOpen = openAfter(graph, order).join(" ");
  const firstSizes = firstLayers(counted, first).join(" ");
  const theseSizes = firstLayers(board, order).join(" ");
  process.stderr.write(
    `open cells, ${counted} in the greedy order (ties by index): ${firstOpen}\n`,
  );
  process.stderr.write(`open cells, ${board} in this order: ${thisOpen}\n`);
  process.stderr.write(`layers, ${counted} in the greedy order (ties by index): ${firstSizes}\n`);
  process.stderr.write(`layers, ${board} in this order: ${theseSizes}\n`);
  if (firstOpen === thisOpen && firstSizes === theseSizes) {
    fail(
      "this order looks like the first one turned (same open cells, same layers): try another --seed",
    );
  }
}
const maxBytes = (() => {
  try {
    return byteSize("--max-memory")(values["max-memory"]);
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const spill = values["spill-dir"] !== undefined ? new DiskSpill(values["spill-dir"]) : undefined;
const started = process.cpuUsage();
const layers: number[] = [];
const run = freeCycleLane(planOf(graph, order), 1, {
  maxBytes,
  spill,
  onLayer: ({ step, steps, states }) => {
    layers.push(states);
    if (step % 5 === 0 || step === steps)
      process.stderr.write(`cell ${step}/${steps}: ${states} states\n`);
  },
});
const used = process.cpuUsage(started);
/**
 * With --compare, the count's own order is run too (modulo 2^64, as `knight count` does): the
 * steps whose layers differ in size between the two are steps where the computations differ.
 */
function compared(): { differingSteps: number; firstResidue: string } | undefined {
  if (!values.compare) return undefined;
  const graphCounted = moveGraph(counted);
  const first = freeOrder(counted, graphCounted)!.order;
  const sizes: number[] = [];
  const again = freeCycleLane(planOf(graphCounted, first), 0, {
    maxBytes,
    spill,
    onLayer: ({ states }) => sizes.push(states),
  });
  const differingSteps = sizes.filter((size, t) => size !== layers[t]).length;
  process.stderr.write(`layers differ at ${differingSteps} of ${sizes.length} steps\n`);
  return { differingSteps, firstResidue: String(directed(again.residue, 2n ** 64n)) };
}
const comparison = compared();
const prime = BigInt(lanePrime(0));
const expected = BigInt(values.expect) % prime;
const residue = directed(run.residue, prime);
const line = {
  board: String(given),
  order: transposed
    ? `${board}, greedy`
    : shuffled
      ? `greedy, ties by a random rank (seed ${values.seed})`
      : "greedy reversed",
  widest,
  modulus: String(prime),
  residue: String(residue),
  expected: String(expected),
  agree: residue === expected,
  cpuSeconds: Math.round((used.user + used.system) / 1e4) / 100,
  peakStates: run.peakStates,
  layers,
  ...comparison,
};
spill?.close();
console.log(JSON.stringify(line));
process.exit(line.agree ? 0 : 1);
