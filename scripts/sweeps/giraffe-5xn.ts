// Closed giraffe ({1,4}-leaper) tours on 5×n for every n: the certificate behind docs/results.md,
// "Closed giraffe tours on 5×n".
//   npm run build --silent; npx tsx scripts/sweeps/giraffe-5xn.ts [--max-states N] [--out FILE]
// Writes scripts/sweeps/giraffe-5xn.jsonl (by default), one JSON record a line, with:
// - transfer: the column transfer's state sets for closed tours (src/count/column-transfer.ts),
//   column by column until a set passes --max-states (default 3,000,000; a set holds at most
//   2^24 states, and the next one grows about threefold): size, FNV-1a hash of the sorted
//   states, and whether the board ending there has a tour; the same for open tours up to
//   --max-open-states (default 1,000,000);
// - frontier: the frontier count of closed tours (`knight count 5xN --closed --piece giraffe`'s
//   engine) for n = 2..18, the second method where the transfer reaches;
// - twoFactor: for n = 1..40, whether the 5×n giraffe graph has a 2-factor (src/theory/two-factor.ts),
//   else the cut that proves it has none (its capacity below the demand; odd n: colours unequal);
// - classBalance: for even n = 2..40, the giraffe's 8 classes (src/theory/class-balance.ts): the
//   moves each class must send out (2·segments), the moves on each link of the ring, and a choice
//   meeting the counts with the classes connected — or null, and whether every choice splits;
// - tours: closed tours found by `knight tour 5xN --closed --piece giraffe` (the project's
//   searcher, deterministic) for N = 24, 32, 34, and by scripts/sweeps/giraffe-search.ts for
//   N = 38 and 44 (read from its JSON lines), each as column words, and for all but 24 a run of
//   8 columns that takes the transfer from the state after column `at` back to the same state
//   (found breadth first), so the words prefix · loop^t · suffix are a tour of 5×(N + 8t) for
//   every t ≥ 0; the tours for t = 0..3 are written out and checked by the validator here;
// - decision: the answer for every n, with the reason.
// One thread; CPU seconds and peak memory (RSS) per part are recorded.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { type ColumnWord, columnsTour, tourColumns } from "../../src/construct/column-words.js";
import { Board } from "../../src/core/board.js";
import { parsePiece } from "../../src/core/piece.js";
import { validateTour } from "../../src/core/validate.js";
import { ColumnTransfer, DONE, type TourKind } from "../../src/count/column-transfer.js";
import { findColumnPath, runColumns } from "../../src/count/column-words.js";
import { count } from "../../src/count/count.js";
import { classBalance } from "../../src/theory/class-balance.js";
import { giraffeClasses } from "../../src/theory/giraffe-5xn.js";
import { twoFactor } from "../../src/theory/two-factor.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    "max-states": { type: "string" },
    "max-open-states": { type: "string" },
    out: { type: "string" },
  },
});
const maxStates = numberOption(values["max-states"], "max-states", 3_000_000);
const maxOpen = numberOption(values["max-open-states"], "max-open-states", 1_000_000);
const out = values.out ?? "scripts/sweeps/giraffe-5xn.jsonl";
const GIRAFFE = parsePiece("giraffe");
const H = 5;
const cpu = () => process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);

function hashSorted(set: ReadonlySet<string>): string {
  let h = 0x811c9dc5;
  const mix = (code: number) => {
    h ^= code;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  let first = true;
  for (const key of [...set].sort()) {
    if (!first) mix(10); // the same hash as columnPeriod's, of the states joined by newlines
    first = false;
    for (let i = 0; i < key.length; i++) mix(key.charCodeAt(i));
  }
  return h.toString(16).padStart(8, "0");
}

/** The transfer column by column until a set passes `limit` states. */
function sweep(kind: TourKind, limit: number) {
  const t = new ColumnTransfer({ height: H, piece: GIRAFFE, kind });
  const columns: Array<{ n: number; states: number; hash: string; tour: boolean; cpu: number }> =
    [];
  const start = cpu();
  let peak = rssMiB();
  let set = t.initial();
  for (let n = 1; ; n++) {
    set = t.column(set);
    peak = Math.max(peak, rssMiB());
    const row = {
      n,
      states: set.size,
      hash: hashSorted(set),
      tour: t.accepts(set),
      cpu: +(cpu() - start).toFixed(1),
    };
    columns.push(row);
    console.error(`${kind} 5×${n}: ${row.states} states, tour ${row.tour}, ${row.cpu} CPU s`);
    if (set.size > limit) break;
  }
  return {
    kind,
    window: t.window,
    columns,
    cpuSeconds: +(cpu() - start).toFixed(1),
    peakRssMiB: peak,
  };
}

function twoFactors() {
  const rows = [];
  for (let n = 1; n <= 40; n++) {
    const board = new Board(H, n, { piece: GIRAFFE });
    const r = twoFactor(board);
    if (r.exists) rows.push({ n, twoFactor: true });
    else {
      const cut: number[] = [];
      r.sourceSide.forEach((v, cell) => {
        if (v === 1) cut.push(cell);
      });
      rows.push({ n, twoFactor: false, capacity: r.capacity, demand: r.demand, sourceSide: cut });
    }
  }
  return rows;
}

function searchTour(n: number): Int32Array {
  const json = execFileSync(
    process.execPath,
    ["bin/knight.js", "tour", `5x${n}`, "--closed", "--piece", "giraffe", "--format", "json"],
    { encoding: "utf8" },
  );
  const parsed = JSON.parse(json) as { path: Array<[number, number]> };
  return Int32Array.from(parsed.path, ([r, c]) => r * n + c);
}

/** A tour of 5×n found by scripts/sweeps/giraffe-search.ts (the first in its JSON lines). */
function foundTour(n: number): Int32Array {
  for (const line of readFileSync("scripts/sweeps/giraffe-search.jsonl", "utf8").split("\n")) {
    if (line === "") continue;
    const record = JSON.parse(line) as { kind: string; n: number; path: number[]; method: string };
    if (record.kind === "tour" && record.n === n && !record.method.startsWith("pumped")) {
      return Int32Array.from(record.path);
    }
  }
  throw new Error(`scripts/sweeps/giraffe-search.jsonl holds no tour of 5×${n}`);
}

function checked(words: readonly ColumnWord[]): boolean {
  const n = words.length;
  const path = columnsTour(H, words);
  if (path === null) return false;
  return validateTour(new Board(H, n, { piece: GIRAFFE }), { path, closed: true }).valid;
}

/** A base tour and, when `pump`, a loop of 8 columns at the first column that has one. */
function tourEntry(n: number, pump: boolean, found?: Int32Array) {
  const t = new ColumnTransfer({ height: H, piece: GIRAFFE, kind: "closed" });
  const start = cpu();
  const words = tourColumns(H, n, found ?? searchTour(n));
  const states = runColumns(t, words);
  if (states === null || states.at(-1) !== DONE || !checked(words)) {
    throw new Error(`the searcher's 5×${n} tour does not check`);
  }
  if (!pump) return { n, words, cpuSeconds: +(cpu() - start).toFixed(1) };
  for (let at = 1; at < n - 8; at++) {
    const from = states[at - 1]!;
    const loop = findColumnPath(t, from, (s, c) => c === 8 && s === from, 8, 2_000_000);
    if (loop === null) continue;
    const prefix = words.slice(0, at);
    const suffix = words.slice(at);
    const pumped = [];
    for (let k = 0; k <= 3; k++) {
      const w = [...prefix, ...Array.from({ length: k }, () => loop.words).flat(), ...suffix];
      const ok = runColumns(t, w)?.at(-1) === DONE && checked(w);
      if (!ok) throw new Error(`5×${w.length} pumped from 5×${n} does not check`);
      pumped.push(w.length);
    }
    const back = runColumns(t, loop.words, from)!.at(-1);
    return {
      n,
      words,
      at,
      loop: loop.words,
      loopState: [...from].map((ch) => ch.charCodeAt(0)).join(""),
      loopReturns: back === from,
      validated: pumped,
      cpuSeconds: +(cpu() - start).toFixed(1),
    };
  }
  throw new Error(`no loop of 8 columns found on the 5×${n} tour`);
}

const closed = sweep("closed", maxStates);
const open = sweep("open", maxOpen);
const tf = twoFactors();
const balances = Array.from({ length: 20 }, (_, i) => {
  const board = new Board(H, 2 * (i + 1), { piece: GIRAFFE });
  const b = classBalance(board, giraffeClasses(board));
  return {
    n: board.cols,
    segments: [...b.segments],
    links: b.links,
    solution: b.solution === null ? null : [...b.solution],
    onlySplit: b.onlySplit,
  };
});
const frontierStart = cpu();
const frontier = [];
for (let n = 2; n <= 18; n++) {
  const c = count(new Board(H, n, { piece: GIRAFFE }), { closed: true, method: "frontier" });
  frontier.push({ n, closedTours: String(c.count), status: c.status });
  console.error(`frontier 5×${n}: ${c.count} closed tours`);
}
const frontierCpu = +(cpu() - frontierStart).toFixed(1);
const tours = [
  tourEntry(24, false),
  tourEntry(32, true),
  tourEntry(34, true),
  { ...tourEntry(38, true, foundTour(38)), source: "scripts/sweeps/giraffe-search.ts" },
  { ...tourEntry(44, true, foundTour(44)), source: "scripts/sweeps/giraffe-search.ts" },
];

/** The tour whose loop of 8 columns, repeated, gives 5×n. */
const pumpedFrom = (n: number) =>
  tours.find((t) => t.loop !== undefined && n > t.n && (n - t.n) % 8 === 0);

const decision = [];
for (let n = 1; n <= 40; n++) {
  const f = tf[n - 1]!;
  const fromTransfer = closed.columns[n - 1];
  let answer: boolean | null;
  let reason: string;
  if (n % 2 === 1) {
    answer = false;
    reason = "5n cells, odd: the bipartite graph has no closed tour";
  } else if (!f.twoFactor) {
    answer = false;
    reason = "no 2-factor (cut below the demand)";
  } else if (fromTransfer !== undefined) {
    answer = fromTransfer.tour;
    reason = "column transfer, exact";
  } else if (frontier[n - 2] !== undefined && frontier[n - 2]!.status === "done") {
    answer = frontier[n - 2]!.closedTours !== "0";
    reason = "frontier count, exact";
  } else if (balances[n / 2 - 1]!.solution === null) {
    answer = false;
    reason = "2-factors exist, but every one splits along the 8 classes (class balance)";
  } else if (tours.some((t) => t.n === n)) {
    answer = true;
    reason = `tour found (5×${n})`;
  } else if (pumpedFrom(n) !== undefined) {
    answer = true;
    reason = `pumped from 5×${pumpedFrom(n)!.n}`;
  } else {
    answer = null;
    reason = "open: 2-factors exist, no tour found";
  }
  decision.push({ n, closedTour: answer, reason });
}

// One JSON record a line: the header, then each part (the test and the docs read them by kind).
const records: object[] = [
  {
    kind: "header",
    board: "5×n",
    piece: "giraffe",
    command: "npm run build --silent; npx tsx scripts/sweeps/giraffe-5xn.ts",
    rule: "n ≥ 41: odd n none; even n a tour (pumped from 5×32, 5×34, 5×44 or 5×38 by n mod 8)",
    cpuSeconds: +cpu().toFixed(1),
    peakRssMiB: Math.max(closed.peakRssMiB, open.peakRssMiB, rssMiB()),
  },
  ...decision.map((d) => ({ kind: "decision", ...d })),
  ...[closed, open].map(({ columns, kind, ...rest }) => ({
    kind: "transfer",
    tours: kind,
    ...rest,
  })),
  ...[closed, open].flatMap((s) =>
    s.columns.map(({ tour, ...c }) => ({ kind: "column", tours: s.kind, ...c, exists: tour })),
  ),
  { kind: "frontier-cpu", cpuSeconds: frontierCpu },
  ...frontier.map((f) => ({ kind: "frontier", ...f })),
  ...tf.map((f) => ({ kind: "two-factor", ...f })),
  ...balances.map((b) => ({ kind: "class-balance", ...b })),
  ...tours.map((t) => ({ kind: "tour", ...t })),
];
writeFileSync(out, records.map((r) => `${JSON.stringify(r)}\n`).join(""));
console.error(`wrote ${out}`);
