// Knuth's three splits of the 8×8 closed tours (TAOCP Pre-Fascicle 8A, answers 145, 151, 152;
// ../shared/CENSUS.md), checked against his figures without the full census:
//   npx tsx scripts/sweeps/census-splits.ts [--bunches] [--big] [--cross] [--empty SPLIT[:N]]
//     [--journal FILE]
// Always (about 5 s): the canonical names of each split (66,771 central, 210,771 edge, 41,790
// ring) and their multiplicities, al-ʿAdlī's tour's name in each (ByDy, ABCAIGEG, DkiJwgFg),
// and the 6×6 census by each split (the same 9,862 tours and histograms).
// --bunches: Knuth's small bunches in full (CCCECECE and CCCECCGE 1 tour each, wxwxwxwx 2,112,
// CFgd 165,504; seconds). --big: al-ʿAdlī's bunches ByDy (31,905,973), DkiJwgFg (11,550,362)
// and ABCAIGEG (83,205,370), counting only (minutes).
// --cross: the splits against each other on 8×8: the tours of the ring bunch wxwxwxwx are read
// on the central and edge splits, and each (ring, central) and (ring, edge) pair of names is
// run as one subproblem (both sets of moves forced): it must have exactly the tours read (a
// few seconds).
// --empty SPLIT[:N]: decides the first N names (default all) of a split empty or not, in the
// census's fixed pseudo-random order, each searched only up to its first tour; with --journal
// FILE every decided name is appended (a rerun continues). Knuth: 29,984 of the 210,771 edge
// names are empty. One thread; prints Markdown tables with CPU times; exit 1 on a difference.
// Quoted by: docs/census.md, "Knuth's figures".
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { Census, type SplitName } from "../../src/census/index.js";
import { Board, createTour } from "../../src/core/index.js";
import { shuffled } from "../../src/node/census-parallel.js";
import { measure, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    bunches: { type: "boolean" },
    big: { type: "boolean" },
    cross: { type: "boolean" },
    empty: { type: "string" },
    journal: { type: "string" },
  },
});

let failed = false;
const check = (ok: boolean, want: string) => {
  if (!ok) failed = true;
  return ok ? `${want} (as Knuth)` : `**differs from Knuth's ${want}**`;
};
const grouped = (n: number | bigint | string) => BigInt(n).toLocaleString("en-US");
const board = new Board(8, 8);
const censuses: Record<SplitName, Census> = {
  centre: new Census(board, "centre"),
  edge: new Census(board, "edge"),
  ring: new Census(board, "ring"),
};

// al-ʿAdlī's closed tour of AD 842, step numbers, row 0 on top.
const ADLI = `60 11 56  7 54  3 42  1
57  8 59 62 31 64 53  4
12 61 10 55  6 41  2 43
 9 58 13 32 63 30  5 52
34 17 36 23 40 27 44 29
37 14 33 20 47 22 51 26
18 35 16 39 24 49 28 45
15 38 19 48 21 46 25 50`;
const adliPath = new Int32Array(64);
ADLI.split("\n")
  .flatMap((line) => line.trim().split(/\s+/).map(Number))
  .forEach((step, cell) => {
    adliPath[step - 1] = cell;
  });
const adli = createTour(board, adliPath, true);

console.log("| 8×8 split | canonical names | Σ multiplicity | al-ʿAdlī's tour | CPU |");
console.log("|---|---:|---:|---|---:|");
const knuth: Record<SplitName, [number, string]> = {
  centre: [66771, "ByDy"],
  edge: [210771, "ABCAIGEG"],
  ring: [41790, "DkiJwgFg"],
};
for (const split of ["centre", "edge", "ring"] as const) {
  const census = censuses[split];
  const listed = measure(() => census.subproblems());
  const sum = listed.result.reduce((s, e) => s + e.multiplicity, 0);
  const read = census.split.nameOfTour(adli);
  const canonical = census.split.canonical(read);
  const [names, name] = knuth[split];
  console.log(
    `| ${split} | ${check(listed.result.length === names, grouped(names))} | ${grouped(sum)} | ${read}, canonical ${check(canonical === name, name)} | ${listed.cpu.toFixed(2)} s |`,
  );
}

// The three splits of 6×6: the same tours, the same histograms.
{
  const six = new Board(6, 6);
  const runs = (["centre", "edge", "ring"] as const).map((split) => {
    const census = new Census(six, split);
    const run = measure(() => census.run());
    return { split, census, run };
  });
  const want = JSON.stringify(runs[0]!.run.result.histogramsJson());
  console.log("\n| 6×6 split | names | tours (visited) | histograms | CPU |");
  console.log("|---|---:|---:|---|---:|");
  for (const { split, census, run } of runs) {
    const same = JSON.stringify(run.result.histogramsJson()) === want;
    if (!same || run.result.tours !== 9862n) failed = true;
    console.log(
      `| ${split} | ${grouped(census.subproblems().length)} | ${grouped(run.result.tours)} (${grouped(run.result.visited)}) | ${same ? "equal to centre's" : "**differ**"} | ${run.cpu.toFixed(2)} s |`,
    );
  }
}

/** Run whole bunches (count only) against Knuth's tour counts. */
function bunchRows(rows: ReadonlyArray<readonly [SplitName, string, number]>): void {
  console.log("\n| bunch | tours | nodes | CPU |");
  console.log("|---|---:|---:|---:|");
  for (const [split, name, tours] of rows) {
    const run = measure(() => censuses[split].runSubproblem(name, { stats: false }));
    const r = run.result;
    const got = r.status === "done" ? r.result.tours : r.status;
    const nodes = r.status === "done" ? r.result.nodes : r.nodes;
    console.log(
      `| \`knight census 8 --split ${split} --bunches ${name} --no-stats\` | ${check(got === String(tours), grouped(tours))} | ${grouped(nodes)} | ${run.cpu.toFixed(1)} s |`,
    );
  }
}

if (values.bunches) {
  bunchRows([
    ["edge", "CCCECECE", 1],
    ["edge", "CCCECCGE", 1],
    ["ring", "wxwxwxwx", 2112],
    ["centre", "CFgd", 165504],
  ]);
}
if (values.big) {
  bunchRows([
    ["ring", "DkiJwgFg", 11550362],
    ["centre", "ByDy", 31905973],
    ["edge", "ABCAIGEG", 83205370],
  ]);
}

if (values.cross) {
  // The tours of one ring bunch, read on the other splits; each pair of names run together.
  const ring = censuses.ring;
  const engine = ring.searchEngine();
  engine.stats = true;
  const found: Record<"centre" | "edge", Map<string, number>> = {
    centre: new Map(),
    edge: new Map(),
  };
  let seen = 0;
  engine.onTour = (e) => {
    seen++;
    const tour = createTour(board, e.tourPath(), true);
    for (const split of ["centre", "edge"] as const) {
      const name = censuses[split].split.nameOfTour(tour);
      found[split].set(name, (found[split].get(name) ?? 0) + 1);
    }
  };
  const bunch = "wxwxwxwx";
  engine.run(ring.split.forcedMoves(bunch));
  engine.onTour = null;
  engine.stats = false;
  console.log(
    `\n| ring ${bunch} (${grouped(seen)} tours) read on | names | pairs agreeing | CPU |`,
  );
  console.log("|---|---:|---:|---:|");
  for (const split of ["centre", "edge"] as const) {
    let agree = 0;
    const run = measure(() => {
      for (const [name, tours] of found[split]) {
        const moves = [...ring.split.forcedMoves(bunch)];
        for (const [a, b] of censuses[split].split.forcedMoves(name)) {
          if (!moves.some(([x, y]) => (x === a && y === b) || (x === b && y === a))) {
            moves.push([a, b]);
          }
        }
        engine.run(moves);
        if (engine.tours === tours) agree++;
        else failed = true;
      }
    });
    console.log(
      `| ${split} | ${found[split].size} | ${agree} of ${found[split].size} | ${run.cpu.toFixed(1)} s |`,
    );
  }
}

if (values.empty !== undefined) {
  const [split, count] = values.empty.split(":") as [SplitName, string | undefined];
  const census = censuses[split];
  if (census === undefined) throw new Error(`--empty needs centre, edge or ring; got ${split}`);
  const order = shuffled(census.subproblems().map((e) => e.name));
  const n = count === undefined || count === "all" ? order.length : Number(count);
  const journal = values.journal;
  const done = new Map<string, { empty: boolean; cpu: number }>();
  if (journal !== undefined && existsSync(journal)) {
    for (const line of readFileSync(journal, "utf8").split("\n")) {
      if (!line.startsWith("{")) continue;
      try {
        const row = JSON.parse(line) as {
          split: string;
          name: string;
          empty: boolean;
          cpu: number;
        };
        if (row.split === split) done.set(row.name, row);
      } catch {
        // A torn last line: that name is decided again.
      }
    }
  }
  const engine = census.searchEngine();
  engine.stats = false;
  let cpu = 0;
  let slowest = { name: "", cpu: 0 };
  for (const name of order.slice(0, n)) {
    let row = done.get(name);
    if (row === undefined) {
      const began = process.cpuUsage();
      // Each name searched only until its first tour (the stop is polled every 4,096 nodes).
      engine.run(census.split.forcedMoves(name), () => engine.tours > 0);
      const used = process.cpuUsage(began);
      row = { empty: engine.tours === 0, cpu: (used.user + used.system) / 1e6 };
      done.set(name, row);
      if (journal !== undefined) {
        appendFileSync(journal, `${JSON.stringify({ split, name, ...row })}\n`);
      }
    }
    cpu += row.cpu;
    if (row.cpu > slowest.cpu) slowest = { name, cpu: row.cpu };
  }
  const decided = order.slice(0, n).map((name) => done.get(name)!);
  const empty = decided.filter((r) => r.empty).length;
  const all = order.length;
  const p = empty / n;
  const margin = 1.96 * Math.sqrt((p * (1 - p)) / n) * all;
  const knuthEmpty = split === "edge" ? 29984 : undefined;
  const verdict =
    n === all
      ? knuthEmpty === undefined
        ? grouped(empty)
        : check(empty === knuthEmpty, grouped(knuthEmpty))
      : `${grouped(empty)} of ${grouped(n)}: about ${grouped(Math.round(p * all))} ± ${grouped(Math.round(margin))} (95%) of ${grouped(all)}${knuthEmpty === undefined ? "" : ` (Knuth: ${grouped(knuthEmpty)})`}`;
  console.log(`\n| ${split} names decided | empty | CPU | slowest |`);
  console.log("|---|---|---:|---|");
  console.log(
    `| ${grouped(n)} | ${verdict} | ${cpu.toFixed(1)} s (${((cpu / n) * 1000).toFixed(1)} ms a name) | ${slowest.name} ${(slowest.cpu * 1000).toFixed(1)} ms |`,
  );
}
process.exit(failed ? 1 : 0);
