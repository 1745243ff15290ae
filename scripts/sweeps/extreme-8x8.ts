// Every census statistic's least and greatest value over the closed 8×8 tours, by `extremeTours`
// (knight extreme), each run measured in CPU time and checked:
//   npm run build --silent; npx tsx scripts/sweeps/extreme-8x8.ts [--cpu-limit S] [--only Q,Q]
//     [--keep N] [--out FILE] [--table]
// A query is GOAL:STAT (min:obtuse, max:crossings, min:angle127+angle143). Each is the library
// call `knight extreme 8 --closed --GOAL STAT --classes N` makes, run in this process; a run past
// --cpu-limit CPU seconds (default 240) is stopped and recorded with how far it got. Results go
// to --out (JSON lines, default scripts/sweeps/extreme-8x8.jsonl) as they finish: a query already
// there is not run again (delete its line to rerun). Every tour kept is checked by validateTour
// and censusStatsOfTour, and the classes' orbits must sum to the weighted count.
// --table prints the results as the Markdown table of docs/census.md.
// Quoted by: docs/census.md, "Extremal tours on 8×8".
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { censusStatsOfTour, extremeTours, STAT_NAMES } from "../../src/census/index.js";
import { Board, formatGrid } from "../../src/core/index.js";
import { validateTour } from "../../src/core/validate.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    "cpu-limit": { type: "string" },
    only: { type: "string" },
    keep: { type: "string" },
    out: { type: "string" },
    table: { type: "boolean" },
  },
});
const cpuLimit = numberOption(values["cpu-limit"], "cpu-limit", 240);
const keep = numberOption(values.keep, "keep", 30000);
const out = values.out ?? "scripts/sweeps/extreme-8x8.jsonl";

/** The known figures first (issue 30), then every statistic both ways. */
const ALL = [
  "min:obtuse",
  "min:angle127+angle143",
  "min:acute",
  ...STAT_NAMES.flatMap((s) => [`min:${s}`, `max:${s}`]),
].filter((q, i, a) => a.indexOf(q) === i);
const queries = values.only?.split(",") ?? ALL;

interface Row {
  query: string;
  status: string;
  value: number | null;
  tours: string;
  classes: number | null;
  classesComplete: boolean;
  symmetric: string;
  cpu: number;
  wall: number;
  nodes: number;
  passes: number;
  searched: number;
  done: number;
  cutoff: number | null;
  checked: string;
  /** The classes' tours as grids, when there are at most three. */
  grids?: string[];
}

const seen = new Map<string, Row>();
if (existsSync(out)) {
  for (const line of readFileSync(out, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const row = JSON.parse(line) as Row;
    seen.set(row.query, row);
  }
}

const board = new Board(8, 8);
const cpuSeconds = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

if (!values.table) {
  for (const query of queries) {
    if (seen.has(query)) continue;
    const [goal, stat] = query.split(":") as ["min" | "max", string];
    const abort = new AbortController();
    const cpu0 = cpuSeconds();
    const wall0 = performance.now();
    let done = 0;
    let cutoff: number | null = null;
    const result = extremeTours(board, {
      stat: stat as "acute",
      goal,
      keepTours: keep,
      signal: abort.signal,
      progressEveryMs: 1000,
      onProgress: (p) => {
        done = p.done;
        cutoff = p.cutoff ?? null;
        if (cpuSeconds() - cpu0 > cpuLimit) abort.abort();
      },
    });
    const cpu = cpuSeconds() - cpu0;
    const wall = (performance.now() - wall0) / 1000;
    // Every class's tour is a closed tour with the value claimed; orbits sum to the count.
    let checked = "no tour";
    const classes = result.classes ?? [];
    if (result.value !== undefined) {
      const terms = stat.split("+") as (keyof ReturnType<typeof censusStatsOfTour>)[];
      const statValue = (t: Parameters<typeof censusStatsOfTour>[0]) =>
        terms.reduce((s, name) => s + (censusStatsOfTour(t)[name] as number), 0);
      const bad = [result.tour!, ...classes.map((c) => c.tour)].filter(
        (t) => !validateTour(board, t, { closed: true }).valid || statValue(t) !== result.value,
      );
      const orbits = classes.reduce((s, c) => s + c.orbit, 0);
      checked =
        bad.length > 0
          ? `${bad.length} tours fail`
          : result.classesComplete && String(orbits) !== result.tours.toString()
            ? `orbits sum to ${orbits}`
            : "ok";
    }
    // The symmetric classes, counted by their symmetries ("2 rotate180").
    const bySymmetry = new Map<string, number>();
    for (const c of classes) {
      if (c.symmetries.length === 1) continue;
      const key = c.symmetries.filter((s) => s !== "identity").join("+");
      bySymmetry.set(key, (bySymmetry.get(key) ?? 0) + 1);
    }
    const symmetric = [...bySymmetry].map(([key, k]) => `${k} ${key}`).join(", ");
    const row: Row = {
      query,
      status: result.status === "done" ? "done" : "stopped",
      value: result.value ?? null,
      tours: result.tours.toString(),
      classes: result.classes === undefined ? null : classes.length,
      classesComplete: result.classesComplete,
      symmetric,
      cpu: Math.round(cpu * 10) / 10,
      wall: Math.round(wall * 10) / 10,
      nodes: result.nodes,
      passes: result.passes,
      searched: result.searched,
      done: result.status === "done" ? result.subproblems : done,
      cutoff,
      checked,
      ...(classes.length > 0 && classes.length <= 3
        ? { grids: classes.map((c) => formatGrid(c.tour)) }
        : {}),
    };
    appendFileSync(out, `${JSON.stringify(row)}\n`);
    seen.set(query, row);
    console.log(JSON.stringify(row));
  }
}

const fmt = (n: string | number): string => BigInt(n).toLocaleString("en-US");
/** "rotate180, rotate180" (rows of an earlier version) → "2 rotate180"; counted ones kept. */
const countKinds = (text: string): string => {
  if (/^\d/.test(text)) return text;
  const kinds = new Map<string, number>();
  for (const k of text.split(", ")) kinds.set(k, (kinds.get(k) ?? 0) + 1);
  return [...kinds].map(([k, n]) => `${n} ${k}`).join(", ");
};
/**
 * Values certain without the search: no statistic is below 0, and the four slope counts sum to 64
 * (so the most is at least 16 and the fewest at most 16; Knuth counts 103,361,177,080 tours with
 * 16 of each). A run stopped at such a value has only its count unfinished.
 */
const CERTAIN: Readonly<Record<string, readonly [number, string]>> = {
  "min:unintersected": [0, "no fewer than 0"],
  "min:maxSlope": [16, "the most of four counts summing to 64"],
};
/** Queries not run, and why. */
const NOT_RUN: Readonly<Record<string, string>> = {
  "min:sweptArea": "no bound: the full census",
  "max:minSlope":
    "not run: 16, reached by 103,361,177,080 tours (Knuth), too many to visit in minutes",
  "max:wedgesUsed":
    "not run: 28, reached by 278,078,503,988 tours (Knuth), too many to visit in minutes",
};
/** One side of a row: "4 (4 tours, 1 class)", or how far a stopped run got. */
const cell = (query: string, r: Row | undefined): [string, string] => {
  if (r === undefined) return [NOT_RUN[query] ?? "not run", ""];
  const certain = CERTAIN[query];
  if (r.status !== "done" && certain !== undefined && r.value === certain[0]) {
    return [
      `**${r.value}** (${certain[1]}), count not finished: ≥ ${fmt(r.tours)} tours at ${fmt(r.done)} of 66,771 bunches`,
      `> ${r.cpu} s`,
    ];
  }
  if (r.status === "done") {
    const classes = r.classesComplete
      ? `, ${fmt(r.classes!)} class${r.classes === 1 ? "" : "es"}`
      : r.classes !== null
        ? ", classes not listed (more tours than kept)"
        : "";
    const symmetric = r.symmetric === "" ? "" : `; symmetric: ${countKinds(r.symmetric)}`;
    return [`**${r.value}** (${fmt(r.tours)} tours${classes}${symmetric})`, `${r.cpu} s`];
  }
  // A deepening pass (cutoff set) that found a tour at its cutoff has proved the value: the
  // passes before showed no tour does better. Only the count is then unfinished.
  if (r.value !== null && r.cutoff === r.value) {
    return [
      `**${r.value}**, count not finished: ≥ ${fmt(r.tours)} tours at ${fmt(r.done)} of 66,771 bunches`,
      `> ${r.cpu} s`,
    ];
  }
  const found = r.value === null ? "no tour yet" : `${r.value} in ≥ ${fmt(r.tours)} tours so far`;
  const where = r.cutoff === null ? "" : ` (pass ${r.passes}, cutoff ${r.cutoff})`;
  return [
    `not proved: ${found}; stopped at ${fmt(r.done)} of 66,771 bunches${where}`,
    `> ${r.cpu} s`,
  ];
};
const stats = [...new Set(queries.map((q) => q.split(":")[1]!))];
console.log("| statistic | least (tours, classes) | CPU | greatest (tours, classes) | CPU |");
console.log("|---|---|---:|---|---:|");
for (const stat of stats) {
  const [min, minCpu] = cell(`min:${stat}`, seen.get(`min:${stat}`));
  const [max, maxCpu] = cell(`max:${stat}`, seen.get(`max:${stat}`));
  console.log(`| \`${stat}\` | ${min} | ${minCpu} | ${max} | ${maxCpu} |`);
}
