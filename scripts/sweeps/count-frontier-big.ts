// One large frontier sweep at the memory limit, with a line per cell: states, bytes in memory
// (layer + table) and on disk, seconds, transitions, resident memory, ETA. For 7×7 open tours
// and 8×8 closed tours:
//   npx tsx scripts/sweeps/count-frontier-big.ts --board 7x7 --mode path --max-memory 12G \
//     [--spill-dir DIR] [--checkpoint FILE] [--expect N] [--stop-after CELL]
// --mode path counts undirected Hamiltonian paths (directed open tours = 2 × paths); cycle
// counts closed tours. --spill-dir lets layers that do not fit go to disk; --checkpoint saves
// the layer between cells (at most once per --checkpoint-every seconds, default 60) and resumes
// from it when rerun; --stop-after CELL ends the run after that cell (with --checkpoint-every 0
// its checkpoint is the layer after it: one cell can then be timed again and again). Exit 1 when
// --expect is given and the count differs. --no-fold sweeps without folding mirror states at
// row ends (the plain sweep, as a cross-check: about 1.7× the work). --topology cylinder|torus
// sweeps the wrapped board as `knight count` does (turned and, for a torus, its rows
// interleaved: frontier-order.ts), e.g. the 4×6 torus unfolded as the second computation of
// docs/results.md. Quoted by:
// docs/counting.md (the big counts).
// Imports the library from src/ (run by tsx, see scripts/README.md).
import { existsSync, rmSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Board, Budget } from "../../src/core/index.js";
import { FrontierStop, frontierCountBoard } from "../../src/count/frontier.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import type { FrontierOptions } from "../../src/count/frontier-types.js";
import { type FrontierLayerInfo, frontierCount } from "../../src/count/index.js";
import { loadSnapshot, saveSnapshot } from "../../src/node/frontier-snapshot.js";
import { DiskSpill } from "../../src/node/frontier-spill.js";
import { boardSize, fail, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    board: { type: "string" },
    mode: { type: "string", default: "cycle" },
    "max-memory": { type: "string", default: "4G" },
    "spill-dir": { type: "string" },
    checkpoint: { type: "string" },
    "checkpoint-every": { type: "string", default: "60" },
    expect: { type: "string" },
    "stop-after": { type: "string" },
    "no-fold": { type: "boolean", default: false },
    topology: { type: "string", default: "plane" },
  },
});
if (values.board === undefined) fail("--board RxC is required");
const [r, c] = boardSize(values.board);
const mode =
  values.mode === "path" ? "path" : values.mode === "cycle" ? "cycle" : fail("--mode path|cycle");
const size = /^(\d+(?:\.\d+)?)([KMG]?)$/i.exec(values["max-memory"]);
if (!size) fail("--max-memory takes a size like 12G");
const maxBytes = Number(size[1]) * 1024 ** " KMG".indexOf((size[2] || " ").toUpperCase());
const topology = values.topology;
if (topology !== "plane" && topology !== "cylinder" && topology !== "torus") {
  fail(`--topology takes plane, cylinder or torus; got ${topology}`);
}
const rows = Math.max(r, c);
const cols = Math.min(r, c);
// A wrapped board as given (RxC, columns wrap), turned for the sweep as knight count turns it.
const wrapped = topology === "plane" ? undefined : sweepBoard(new Board(r, c, { topology }));
const spill = values["spill-dir"] !== undefined ? new DiskSpill(values["spill-dir"]) : undefined;
const checkpoint = values.checkpoint;
const stopAfter = values["stop-after"] === undefined ? undefined : Number(values["stop-after"]);
if (stopAfter !== undefined && !(Number.isInteger(stopAfter) && stopAfter > 0)) {
  fail(`--stop-after takes a cell number (1 or more); got ${values["stop-after"]}`);
}
// --stop-after: the sweep checks its budget before each cell, so aborting after the cell's
// report (and its checkpoint) stops it there.
const stopper = new AbortController();
const budget = Budget.start({ signal: stopper.signal });
const label = wrapped ? `${r}x${c} ${topology}` : `${rows}x${cols}`;
const key = `${wrapped ? `${r}x${c}-${topology}` : `${rows}x${cols}`}:${mode}`;
const saved = checkpoint ? loadSnapshot(checkpoint, key) : undefined;

// A forced collection whenever the sweep drops a large buffer: the memory ceiling counts the
// buffers the sweep holds, and without it dropped ones stay resident until V8 collects them.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
let collections = 0;
let collectMs = 0;
// V8 returns the memory of collected buffers from a background thread: wait (up to 3 s) until
// the resident size stops falling before the sweep allocates again.
const pause = new Int32Array(new SharedArrayBuffer(4));
const onRelease = (): void => {
  const at = performance.now();
  collect();
  let rss = process.memoryUsage().rss;
  for (let i = 0; i < 30; i++) {
    Atomics.wait(pause, 0, 0, 100);
    collect();
    const now = process.memoryUsage().rss;
    if (now >= rss - 2 ** 20) break;
    rss = now;
  }
  collectMs += performance.now() - at;
  collections++;
};

const gib = (bytes: number): string => (bytes / 2 ** 30).toFixed(2);
const began = performance.now();
const cpuBefore = process.cpuUsage();
let peakRss = 0;
process.stdout.write(
  `# ${new Date().toISOString()} ${label} ${mode}${values["no-fold"] ? " (not folded)" : ""}, max memory ${gib(maxBytes)} GiB${spill ? `, spill ${spill.folder}` : ""}${saved?.snapshot ? `, resuming after cell ${saved.snapshot.step}` : ""}\n`,
);
process.stdout.write(
  "cell\tstates\tlayer_GiB\ttable_GiB\tdisk_GiB\tcell_s\ttransitions\trss_GiB\tcpu_s\twall_s\tETA_s\ttable_buffer\n",
);
const onLayer = (info: FrontierLayerInfo): void => {
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  const wall = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpuBefore);
  // ETA from the cells left at the mean pace so far (the middle cells are the slow ones).
  const eta = (wall / info.step) * (info.steps - info.step);
  process.stdout.write(
    `${info.lane > 0 ? `lane${info.lane}:` : ""}${info.step}/${info.steps}\t${info.states}\t${gib(info.bytesInMemory)}\t${gib(info.tableBytes)}\t${gib(info.bytesOnDisk)}\t${(info.ms / 1000).toFixed(1)}\t${info.transitions}\t${gib(rss)}\t${((used.user + used.system) / 1e6).toFixed(1)}\t${wall.toFixed(1)}\t${eta.toFixed(0)}\t${info.tableReused ? "reused" : "new"}\n`,
  );
  if (stopAfter !== undefined && info.step >= stopAfter) stopper.abort();
};
try {
  const options: FrontierOptions = {
    mode,
    fold: !values["no-fold"],
    maxBytes,
    spill,
    budget,
    onLayer,
    resume: saved?.snapshot,
    onRelease,
    snapshotEveryMs: Number(values["checkpoint-every"]) * 1000,
    onSnapshot: checkpoint
      ? (snapshot) => {
          const done = saveSnapshot(checkpoint, { key, finished: {}, snapshot });
          if (!done.saved) {
            process.stdout.write(`# checkpoint after cell ${snapshot.step} skipped: ${done.why}\n`);
          }
        }
      : undefined,
  };
  const result = wrapped
    ? frontierCountBoard(wrapped, options)
    : frontierCount(rows, cols, options);
  const used = process.cpuUsage(cpuBefore);
  const total = mode === "path" ? 2n * result.count : result.count;
  process.stdout.write(
    `# ${label} ${mode}: ${result.count} (${mode === "path" ? `directed open tours ${total}` : "closed tours"}), lanes ${result.lanes}, peak ${result.peakStates} states, ${result.transitions} transitions, cpu ${((used.user + used.system) / 1e6).toFixed(1)} s, wall ${((performance.now() - began) / 1000).toFixed(1)} s, peak rss ${gib(peakRss)} GiB, ${collections} forced collections (${(collectMs / 1000).toFixed(1)} s)${spill ? `, peak disk ${gib(spill.peakBytes)} GiB` : ""}\n`,
  );
  if (checkpoint && existsSync(checkpoint)) rmSync(checkpoint);
  if (values.expect !== undefined && BigInt(values.expect) !== total) {
    process.stdout.write(`# EXPECTED ${values.expect}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  if (!(error instanceof FrontierStop && stopAfter !== undefined)) throw error;
  const used = process.cpuUsage(cpuBefore);
  process.stdout.write(
    `# stopped after cell ${stopAfter} (--stop-after): cpu ${((used.user + used.system) / 1e6).toFixed(1)} s, wall ${((performance.now() - began) / 1000).toFixed(1)} s, peak rss ${gib(peakRss)} GiB\n`,
  );
} finally {
  spill?.close();
}
