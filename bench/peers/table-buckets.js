#!/usr/bin/env node
// The frontier sweep's table alone, at the sizes of the big sweeps: random two-word additions
// (each key about three times, as a big cell's layer receives them) into one table buffer,
// queued in buckets of table regions of several sizes, rounds alternating in one process (the
// machine is shared: only ratios within a run mean anything):
//   npm run build && node bench/peers/table-buckets.js [GiB] [MiB,MiB,…] [ROUNDS] [OLD_TABLE_JS]
// Default 3 GiB, regions 1,4,16,1024 MiB, 3 rounds. A region as large as the table is one
// bucket. OLD_TABLE_JS: a built layer-table.js of an earlier commit to compare with (its
// constructor takes no region). Run with GLIBC_TUNABLES=glibc.malloc.hugetlb=1, as the sweeps.
import { pathToFileURL } from "node:url";
import { LayerTable } from "../../dist/count/layer-table.js";

const gib = Number(process.argv[2] ?? 3);
const regions = (process.argv[3] ?? "1,4,16,1024").split(",").map((m) => Number(m) * 2 ** 20);
const rounds = Number(process.argv[4] ?? 3);
const old = process.argv[5]
  ? (await import(pathToFileURL(process.argv[5]).href)).LayerTable
  : undefined;
if (!(gib > 0 && gib <= 64) || regions.some((r) => !(r > 0)) || !(rounds >= 1)) {
  console.error("usage: table-buckets.js [GiB in (0, 64]] [MiB,MiB,…] [rounds ≥ 1] [old table]");
  process.exit(2);
}
const capacity = Math.floor((gib * 2 ** 30) / 16);
const distinct = Math.floor(capacity * 0.7);
const additions = distinct * 3;
const buffer = new Uint32Array(capacity * 4);

/** Nanoseconds an addition, and the states the table ends with. */
function run(table) {
  const began = performance.now();
  let x = 12345;
  for (let i = 0; i < additions; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const k = x % distinct;
    table.queuePair(k, (k >>> 7) ^ 0x5555, 1, 0);
  }
  table.flush();
  return { ns: ((performance.now() - began) * 1e6) / additions, states: table.size };
}

const variants = [];
if (old) variants.push(["previous table", () => new old(2, capacity, 0, 0.86, buffer)]);
for (const region of regions) {
  variants.push([
    `regions of ${region / 2 ** 20} MiB`,
    () => new LayerTable(2, capacity, 0, 0.86, buffer, region),
  ]);
}
const times = new Map(variants.map(([name]) => [name, []]));
let states = -1;
for (let round = 0; round < rounds; round++) {
  for (const [name, make] of variants) {
    const result = run(make());
    if (states >= 0 && result.states !== states)
      throw new Error(`${name}: ${result.states} states`);
    states = result.states;
    times.get(name).push(result.ns);
  }
}
console.log(`${gib} GiB table, ${additions} additions onto ${states} keys, ns an addition:`);
for (const [name, ns] of times) {
  const sorted = [...ns].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  console.log(
    `${name.padEnd(22)} median ${median.toFixed(1)}  (${ns.map((t) => t.toFixed(1)).join(" ")})`,
  );
}
