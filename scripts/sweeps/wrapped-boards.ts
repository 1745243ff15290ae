// Knight's tours on cylinders and tori, counted and cross-checked, for the table of
// docs/results.md (issue 33: no such counts are published that we could find):
//   npx tsx scripts/sweeps/wrapped-boards.ts [--max-side 6] [--max-length 12] [--cap 600]
//     [--check-cap 60] [--only cylinder|torus] [--kind closed|open] [--out FILE] [--table]
// Cylinders: an R×C board whose columns wrap (circumference C, length R), for every C up to
// --max-side and R up to --max-length, and every R up to --max-side with C up to --max-length
// (both orientations); closed tours (undirected) and open tours (directed; undirected is half).
// Counted by the frontier sweep where its window allows, else by the mates counter. Tori: R×C
// with R ≤ C, R up to --max-side and C up to --max-length, by the sweep (its rows interleaved,
// frontier-order.ts) where it takes them, else the mates counter. The graphs are simple (a move
// that wraps onto itself is dropped, two displacements reaching the same cell are one move).
// Every count is checked by a second method where one finishes within --check-cap CPU seconds:
// the mates counter against the sweep, backtracking against mates, and an independent brute
// force (test/helpers/geometry-brute.ts, no code shared with src/) on boards of up to 16 cells.
// A torus the mates counter does not finish is swept again in the other order of its rows
// (row-major against interleaved: different states at every cell, one count) where that
// window fits, else without the fold. A torus the sweep counted in a free order of the cells
// (src/count/free-frontier.ts: the 4-wide and wider tori; open tours as cycles through an apex)
// is counted again in another free order, modulo a prime (the check's `modulus`; see
// freeAgain): its row sweep would take hours. A cylinder the mates counter does not finish is
// counted again in a free order of its cells, modulo a prime, within --check-cap as well.
// A series (one topology, kind and circumference) stops once the next board is predicted past
// --cap CPU seconds (growth of the last two counted in this run: the file's times may be an
// older engine's), or when a board does not finish in 2 × --cap s.
// Results go to --out (JSON lines, default scripts/sweeps/wrapped-boards.jsonl) as they finish: a board already there is not run again
// (the checkpoint: a kill loses at most the board under way). Exit 1 if two methods disagree.
// --recheck gives every count that has no second check yet one, up to --cap CPU seconds a board:
// a row sweep's, the sweep again without its left–right fold (its tables hold both mirror
// images apart, so its states, merges and counts differ from the first run's at every row end);
// one by the mates counter or in a free order, the free order check above.
// --table prints the Markdown tables of docs/results.md from the file and runs nothing;
// --bfile "torus closed 3" the OEIS b-file text (n, then the count) of the 3×n tori, closed,
// for n from the first counted up to the first gap.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { Board, Budget, moveGraph } from "../../src/core/index.js";
import { freeCycleLane } from "../../src/count/free-frontier.js";
import { freeOrder } from "../../src/count/free-order.js";
import { freePlan, pathPlan } from "../../src/count/free-plan.js";
import {
  freeCyclePlan,
  frontierCountBoard,
  MAX_FRONTIER_WINDOW,
} from "../../src/count/frontier.js";
import {
  frontierGeometryRefusal,
  sweepBoard,
  takesFreeOrder,
} from "../../src/count/frontier-geometry.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { inRowOrder, sweepGraph } from "../../src/count/frontier-order.js";
import { type CountMethod, count } from "../../src/count/index.js";
import { bruteCount } from "../../test/helpers/geometry-brute.js";
import { numberOption, parseOptions } from "../lib/args.js";
import { shuffledRank } from "../lib/shuffle.js";

const { values } = parseOptions({
  options: {
    "max-side": { type: "string" },
    "max-length": { type: "string" },
    cap: { type: "string" },
    "check-cap": { type: "string" },
    only: { type: "string" },
    kind: { type: "string" },
    out: { type: "string" },
    table: { type: "boolean" },
    bfile: { type: "string" },
    recheck: { type: "boolean" },
  },
});
const maxSide = numberOption(values["max-side"], "max-side", 6);
const maxLength = numberOption(values["max-length"], "max-length", 12);
const cap = numberOption(values.cap, "cap", 600);
const checkCap = numberOption(values["check-cap"], "check-cap", 60);
const out = values.out ?? "scripts/sweeps/wrapped-boards.jsonl";
const only = values.only;
const onlyKind = values.kind;
if (onlyKind !== undefined && onlyKind !== "closed" && onlyKind !== "open") {
  console.error(`--kind takes closed or open, not ${JSON.stringify(onlyKind)}`);
  process.exit(2);
}
if (only !== undefined && only !== "cylinder" && only !== "torus") {
  console.error(`--only takes cylinder or torus, not ${JSON.stringify(only)}`);
  process.exit(2);
}

type Topology = "cylinder" | "torus";
type Kind = "closed" | "open";

interface Record {
  topology: Topology;
  rows: number;
  cols: number;
  kind: Kind;
  /** Closed: undirected; open: directed. */
  count: string;
  method: string;
  cpuSeconds: number;
  peakStates?: number;
  /** The second method and its count (modulo `modulus` when given), or why there is none. */
  check:
    | { method: string; count: string; cpuSeconds: number; modulus?: string }
    | { skipped: string };
}

const key = (r: Pick<Record, "topology" | "rows" | "cols" | "kind">) =>
  `${r.topology} ${r.rows}x${r.cols} ${r.kind}`;

function readDone(): Map<string, Record> {
  const done = new Map<string, Record>();
  if (!existsSync(out)) return done;
  for (const line of readFileSync(out, "utf8").split("\n")) {
    // A line torn by a kill is ignored (and its board run again).
    try {
      const record = JSON.parse(line) as Record;
      done.set(key(record), record);
    } catch {}
  }
  return done;
}

/** CPU seconds of this process while `fn` runs. */
function cpu<T>(fn: () => T): [T, number] {
  const before = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(before);
  return [result, (used.user + used.system) / 1e6];
}

function countWith(board: Board, kind: Kind, method: CountMethod, limitS?: number) {
  return cpu(() =>
    count(board, {
      closed: kind === "closed",
      method,
      ...(limitS === undefined ? {} : { timeLimitMs: limitS * 1000 }),
    }),
  );
}

/** Count one board twice (two methods where the second finishes in time). */
function run(
  topology: Topology,
  rows: number,
  cols: number,
  kind: Kind,
  tryOther: boolean,
): Record | undefined {
  const board = new Board(rows, cols, { topology });
  // The sweep takes a board its row window fits, or one it counts in a free order of the cells
  // (a cylinder of circumference 11 in under a minute, where the mates counter took 506 s).
  const sweep = frontierGeometryRefusal(board) === undefined || takesFreeOrder(board);
  const method = sweep ? "frontier" : "mates";
  // Wall time, so twice the CPU cap (a loaded machine); a board that does not finish ends its series.
  let counted: ReturnType<typeof countWith>;
  try {
    counted = countWith(board, kind, method, 2 * cap);
  } catch (error) {
    // Past the memory ceiling (a MemoryLimitError): the series ends here.
    console.log(`${topology} ${rows}×${cols} ${kind}: ${(error as Error).message}`);
    return undefined;
  }
  const [result, seconds] = counted;
  if (result.status !== "done") return undefined;
  const record: Record = {
    topology,
    rows,
    cols,
    kind,
    count: String(result.count),
    method,
    cpuSeconds: round(seconds),
    ...(sweep ? { peakStates: result.stats.peakStates } : {}),
    check: { skipped: "" },
  };
  if (rows * cols <= 16) {
    const [brute, bruteSeconds] = cpu(() => bruteCount({ rows, cols, topology }));
    // The brute force counts open paths once per direction, closed cycles undirected.
    const expected = kind === "closed" ? brute.closed : brute.open;
    record.check = {
      method: "brute force",
      count: String(expected),
      cpuSeconds: round(bruteSeconds),
    };
    return record;
  }
  const second = method === "frontier" ? "mates" : "backtrack";
  if (tryOther) {
    const [other, otherSeconds] = countWith(board, kind, second, checkCap);
    if (other.status === "done") {
      record.check = {
        method: second,
        count: String(other.count),
        cpuSeconds: round(otherSeconds),
      };
      return record;
    }
  }
  if (sweep) {
    record.check = topology === "torus" ? sweepAgain(board, kind) : freeAgain(board, kind);
  } else {
    record.check = {
      skipped: `${second} did not finish in ${checkCap} CPU s (here or on a smaller board)`,
    };
  }
  return record;
}

/**
 * A torus swept again: in the other order of its rows where that window fits the keys, else
 * in the same order without the fold. As `count` reports it: open tours directed.
 */
function sweepAgain(board: Board, kind: Kind): Record["check"] {
  const swept = sweepBoard(board);
  const mode = kind === "closed" ? "cycle" : "path";
  if (freeCyclePlan(swept, { mode })) return freeAgain(board, kind);
  const graph = moveGraph(swept);
  const chosen = sweepGraph(graph).rowOrder;
  const other = chosen === "rows" ? "interleaved" : "rows";
  const otherFits = inRowOrder(graph, other).window <= MAX_FRONTIER_WINDOW;
  const [result, seconds] = cpu(() =>
    frontierCountBoard(swept, otherFits ? { mode, order: other } : { mode, fold: false }),
  );
  const found = kind === "closed" ? result.count : 2n * result.count;
  return {
    method: otherFits
      ? `frontier, rows ${other === "rows" ? "row-major" : other}`
      : "frontier without fold",
    count: String(found),
    cpuSeconds: round(seconds),
  };
}

/**
 * A count made in the free order of the cells (free-frontier.ts; open tours as cycles through an
 * apex, free-plan.ts `pathPlan`) counted again modulo the first prime lane (other arithmetic)
 * in another order: the board in the orientation the count did not sweep, in its own greedy
 * order (ties fall on other cells: other layers), or, for a square board, the greedy order
 * with its last ties broken by a random rank of the cells (seed 9: on the 5×5 torus its layers
 * differ at 6 of 25 steps; the reversed order, different at every step, needed 11 GiB there).
 * A cylinder (counted by the row sweep, or in the free order with ties by index) takes the
 * random rank too, on the board itself: turned, it would be another graph (its rows would wrap).
 * scripts/sweeps/free-check.ts's check. The record holds the residue, directed for open tours;
 * the comparison takes the first count modulo the same prime. A check that does not fit in
 * memory or does not finish in twice --check-cap seconds of wall time (a loaded machine) is
 * recorded as skipped, with the reason,
 * and the count kept.
 */
function freeAgain(board: Board, kind: Kind): Record["check"] {
  const counted = sweepBoard(board);
  const sameBoard = counted.rows === counted.cols || board.topology !== "torus";
  const other = sameBoard
    ? counted
    : new Board(counted.cols, counted.rows, { piece: board.piece, topology: board.topology });
  const graph = moveGraph(other);
  const rank = sameBoard ? shuffledRank(other.cells, 9) : undefined;
  const order = freeOrder(other, graph, rank)!.order;
  const prime = lanePrime(0);
  try {
    const plan = kind === "closed" ? freePlan(graph, order) : pathPlan(graph, order);
    const budget = Budget.start({ timeLimitMs: 2 * checkCap * 1000 });
    const [run, seconds] = cpu(() => freeCycleLane(plan, 1, { budget }));
    const residue = kind === "closed" ? run.residue : (2n * run.residue) % BigInt(prime);
    return {
      method: sameBoard
        ? "free order, ties by a random rank (seed 9), modulo a prime"
        : `free order of the ${other.rows}×${other.cols} orientation, modulo a prime`,
      count: String(residue),
      cpuSeconds: round(seconds),
      modulus: String(prime),
    };
  } catch (error) {
    return { skipped: `the free order's check did not finish: ${(error as Error).message}` };
  }
}

const round = (s: number) => Math.round(s * 100) / 100;

/** The boards of one series, in growing order: [rows, cols]. */
function series(): Array<{ topology: Topology; kind: Kind; boards: Array<[number, number]> }> {
  const all: Array<{ topology: Topology; kind: Kind; boards: Array<[number, number]> }> = [];
  for (const kind of ["closed", "open"] as const) {
    if (onlyKind !== undefined && kind !== onlyKind) continue;
    if (only !== "torus") {
      // Circumference c, length r: the sweep's rows are the circumference.
      for (let c = 1; c <= maxSide; c++) {
        const boards: Array<[number, number]> = [];
        for (let r = 1; r <= maxLength; r++) boards.push([r, c]);
        all.push({ topology: "cylinder", kind, boards });
      }
      // Length r ≤ maxSide, circumference beyond maxSide.
      for (let r = 1; r <= maxSide; r++) {
        const boards: Array<[number, number]> = [];
        for (let c = maxSide + 1; c <= maxLength; c++) boards.push([r, c]);
        all.push({ topology: "cylinder", kind, boards });
      }
    }
    if (only !== "cylinder") {
      for (let r = 1; r <= maxSide; r++) {
        const boards: Array<[number, number]> = [];
        for (let c = r; c <= Math.max(maxSide, maxLength); c++) boards.push([r, c]);
        all.push({ topology: "torus", kind, boards });
      }
    }
  }
  return all;
}

function agrees(record: Record): boolean {
  const { check } = record;
  if (!("count" in check)) return true;
  if (check.modulus === undefined) return check.count === record.count;
  return BigInt(record.count) % BigInt(check.modulus) === BigInt(check.count);
}

function sweep(): number {
  const done = readDone();
  let failures = 0;
  for (const { topology, kind, boards } of series()) {
    const times: number[] = [];
    // Once the second method runs out of time on a board, it would on every larger one.
    let tryOther = true;
    for (const [rows, cols] of boards) {
      const known = done.get(key({ topology, rows, cols, kind }));
      let record = known;
      if (record === undefined) {
        // Only boards counted in this run predict: the file's times may be an older engine's.
        const [last, before] = [times.at(-1), times.at(-2)];
        // The next board costs at least what this one did, times the growth of the last two.
        const next =
          last !== undefined && before !== undefined && before > 0.05
            ? last * Math.max(1, last / before)
            : (last ?? 0);
        if (next > cap) {
          console.log(
            `${topology} ${kind}: stop before ${rows}×${cols} (predicted ${Math.round(next)} s > ${cap} s)`,
          );
          break;
        }
        record = run(topology, rows, cols, kind, tryOther);
        if (record === undefined) {
          console.log(
            `${topology} ${kind}: ${rows}×${cols} did not finish (in ${2 * cap} s or under the memory ceiling); series ends`,
          );
          break;
        }
        appendFileSync(out, `${JSON.stringify(record)}\n`);
        times.push(record.cpuSeconds);
      }
      const secondRan =
        "count" in record.check && ["mates", "backtrack"].includes(record.check.method);
      if (rows * cols > 16 && !secondRan) tryOther = false;
      const check =
        "count" in record.check
          ? `${record.check.method} ${record.check.count}`
          : record.check.skipped;
      const ok = agrees(record);
      if (!ok) failures++;
      console.log(
        `${ok ? "ok  " : "FAIL"} ${topology} ${rows}×${cols} ${kind}: ${record.count} (${record.method}, ${record.cpuSeconds} s; ${check})${known ? " [from file]" : ""}`,
      );
    }
  }
  return failures;
}

/** The Markdown tables of docs/results.md: one per topology and kind, rows × cols. */
function table(): void {
  const done = [...readDone().values()];
  for (const topology of ["cylinder", "torus"] as const) {
    for (const kind of ["closed", "open"] as const) {
      const records = done.filter((r) => r.topology === topology && r.kind === kind);
      if (records.length === 0) continue;
      const rows = [...new Set(records.map((r) => r.rows))].sort((a, b) => a - b);
      const cols = [...new Set(records.map((r) => r.cols))].sort((a, b) => a - b);
      const at = new Map(records.map((r) => [`${r.rows}x${r.cols}`, r]));
      console.log(
        `\n${topology}, ${kind} tours (${kind === "closed" ? "undirected" : "directed"}); rows × columns, ${topology === "cylinder" ? "columns wrap" : "both wrap"}\n`,
      );
      console.log(`| rows \\ cols | ${cols.join(" | ")} |`);
      console.log(`|---|${cols.map(() => "---:").join("|")}|`);
      for (const r of rows) {
        const cells = cols.map((c) => {
          const record = at.get(`${r}x${c}`);
          if (record === undefined) return "";
          if (!agrees(record)) return "**disagree**";
          // † marks a count computed once: no second method finished on it.
          return `${BigInt(record.count).toLocaleString("en-US")}${"skipped" in record.check ? " †" : ""}`;
        });
        console.log(`| ${r} | ${cells.join(" | ")} |`);
      }
    }
  }
}

/** --recheck: a second computation for every count in the file that has none (see the header). */
function recheck(): number {
  let failures = 0;
  for (const record of readDone().values()) {
    if ("count" in record.check || record.cpuSeconds > cap) continue;
    const board = new Board(record.rows, record.cols, { topology: record.topology });
    // A count in a free order, or by the mates counter where the free order takes the board:
    // again in another free order. A row sweep's: again without its fold.
    let check: Record["check"];
    if (takesFreeOrder(board)) check = freeAgain(board, record.kind);
    else if (record.method === "frontier") check = unfoldedAgain(board, record.kind);
    else continue;
    const checked: Record = { ...record, check };
    appendFileSync(out, `${JSON.stringify(checked)}\n`);
    const ok = agrees(checked);
    if (!ok) failures++;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${key(record)}: ${record.count}; ${JSON.stringify(check)}`,
    );
  }
  return failures;
}

/** The row sweep once more without its fold, as `count` reports it: open tours directed. */
function unfoldedAgain(board: Board, kind: Kind): Record["check"] {
  const mode = kind === "closed" ? "cycle" : "path";
  const [result, seconds] = cpu(() => frontierCountBoard(sweepBoard(board), { mode, fold: false }));
  const found = kind === "closed" ? result.count : 2n * result.count;
  return { method: "frontier without fold", count: String(found), cpuSeconds: round(seconds) };
}

/** The b-file of one row of a table: "n a(n)" lines, n from the first counted to a gap. */
function bfile(spec: string): void {
  const [topology, kind, rowText] = spec.split(" ");
  const rows = Number(rowText);
  const at = new Map(
    [...readDone().values()]
      .filter((r) => r.topology === topology && r.kind === kind && r.rows === rows && agrees(r))
      .map((r) => [r.cols, r.count]),
  );
  const first = Math.min(...at.keys());
  for (let n = first; at.has(n); n++) console.log(`${n} ${at.get(n)}`);
}

if (values.bfile !== undefined) bfile(values.bfile);
else if (values.table) table();
else if (values.recheck) process.exit(recheck() === 0 ? 0 : 1);
else process.exit(sweep() === 0 ? 0 : 1);
