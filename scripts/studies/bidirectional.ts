// Bidirectional search against plain `search` on open tours with a fixed end. For each board,
// every (start, end) pair the colour rule allows on boards of at most 30 cells, else --pairs
// seeded random ones; pairs the theorems settle before any search (0 nodes) are left out. Each
// pair is solved by solve({ method, start, end }) with search, bidirectional and auto (which
// gives each node allowance to search, then to bidirectional), the best of three timed runs, and
// every tour is checked with validateTour. Prints a Markdown table, a row per board: pairs with a
// tour / without, nodes and total time per method (× = time / search's), on how many pairs
// bidirectional took fewer nodes, and each method's slowest pair.
// --closed: closed tours instead, from the first 60 start cells of each board that has them,
// search against bidirectional (the latter grows from both sides of the start).
//   npm run study:bidirectional [-- --pairs 200 --seed 1 --time-limit 5 --boards 3x20,4x20 --closed]
// A few minutes for `-- --pairs 40 --time-limit 2` (the docs' run); `-- --pairs 4 --boards 5x5,6x6`
// takes seconds. Quoted by: docs/solvers.md, "Against search, with a fixed end" and the closed
// tours paragraph after it. Imports the library from src/ (run by tsx, see scripts/README.md).

import { createRandom, type Random } from "../../src/core/index.js";
import { Board, formatCell, type Method, solve, validateTour } from "../../src/index.js";
import { boardSize, numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    pairs: { type: "string" },
    seed: { type: "string" },
    "time-limit": { type: "string" },
    boards: { type: "string" },
    closed: { type: "boolean", default: false },
  },
});
const PAIRS = numberOption(values.pairs, "pairs", 200);
const SEED = numberOption(values.seed, "seed", 1);
const TIME_LIMIT_MS = numberOption(values["time-limit"], "time-limit", 5) * 1000;
const BOARDS: [number, number][] = [
  [5, 5],
  [5, 6],
  [6, 6],
  [6, 7],
  [7, 7],
  [7, 8],
  [8, 8],
  [5, 8],
  [5, 10],
  [6, 8],
  [10, 10],
  [12, 12],
  [3, 8],
  [3, 10],
  [3, 20],
  [4, 7],
  [4, 8],
  [4, 20],
];
const CLOSED_BOARDS: [number, number][] = [
  [5, 6],
  [6, 6],
  [6, 8],
  [8, 8],
  [10, 10],
  [12, 12],
  [3, 10],
  [3, 12],
  [16, 16],
];

function colourAllows(board: Board, s: number, e: number): boolean {
  if (s === e) return false;
  return board.cells % 2 === 0
    ? board.colour(s) !== board.colour(e)
    : board.colour(s) === 0 && board.colour(e) === 0;
}

/** Every pair the colour rule allows on small boards, else PAIRS of them drawn by `random`. */
function pairsOf(board: Board, random: Random): [number, number][] {
  const all: [number, number][] = [];
  for (let s = 0; s < board.cells; s++)
    for (let e = 0; e < board.cells; e++) if (colourAllows(board, s, e)) all.push([s, e]);
  if (board.cells <= 30 || all.length <= PAIRS) return all;
  const chosen: [number, number][] = [];
  const taken = new Set<number>();
  while (chosen.length < PAIRS) {
    const i = Math.floor(random.next() * all.length);
    if (taken.has(i)) continue;
    taken.add(i);
    chosen.push(all[i]);
  }
  return chosen;
}

interface Timed {
  readonly status: string;
  readonly nodes: number;
  readonly ms: number;
}

function timed(board: Board, method: Method, start: number, end: number): Timed {
  let best = Number.POSITIVE_INFINITY;
  const run = () => {
    const t0 = performance.now();
    const result = solve(board, { method, start, end, timeLimitMs: TIME_LIMIT_MS });
    best = Math.min(best, performance.now() - t0);
    return result;
  };
  let result = run();
  // Best of three; slow pairs: one run is measurement enough.
  for (let i = 1; i < 3 && best <= 200; i++) result = run();
  if (result.status === "found" && result.tour !== null) {
    const check = validateTour(board, result.tour, { closed: false });
    if (!check.valid || result.tour.path[0] !== start || result.tour.path.at(-1) !== end) {
      throw new Error(`${method} ${board} ${start}→${end}: invalid tour`);
    }
  }
  return { status: result.status, nodes: result.stats.nodes, ms: best };
}

// --boards 3x20,4x20 runs only those boards (the pairs then differ from a full run's).
const only = values.boards === undefined ? null : values.boards.split(",").map(boardSize);
const random = createRandom(SEED);

function closedStudy(): void {
  console.log(
    "| board | starts | search: nodes, ms | bidirectional: nodes, ms (time ×) | slowest start: search | bidirectional |",
  );
  console.log("|---|---|---|---|---|---|");
  for (const [rows, cols] of only ?? CLOSED_BOARDS) {
    const board = new Board(rows, cols);
    const starts = Math.min(board.cells, 60);
    const cells: { nodes: number; ms: number; worst: { ms: number; start: number } }[] = [];
    for (const method of ["search", "bidirectional"] as const) {
      for (let i = 0; i < 5; i++) solve(board, { method, closed: true, start: i, timeLimitMs: 50 });
      let nodes = 0;
      let ms = 0;
      let worst = { ms: -1, start: 0 };
      for (let start = 0; start < starts; start++) {
        const t0 = performance.now();
        const r = solve(board, { method, closed: true, start, timeLimitMs: TIME_LIMIT_MS });
        const t = performance.now() - t0;
        const tour = r.status === "found" ? r.tour : null;
        if (tour === null || !validateTour(board, tour, { closed: true }).valid) {
          throw new Error(`${method} ${board} closed from ${start}: ${r.status}`);
        }
        nodes += r.stats.nodes;
        ms += t;
        if (t > worst.ms) worst = { ms: t, start };
      }
      cells.push({ nodes, ms, worst });
    }
    const [a, b] = cells as [(typeof cells)[0], (typeof cells)[0]];
    const w = (x: (typeof cells)[0]) =>
      `${formatCell(board, x.worst.start)} ${x.worst.ms.toFixed(1)} ms`;
    console.log(
      `| ${rows}×${cols} | ${starts} | ${a.nodes}, ${a.ms.toFixed(1)} | ${b.nodes}, ${b.ms.toFixed(1)} (${(b.ms / a.ms).toFixed(2)}) | ${w(a)} | ${w(b)} |`,
    );
  }
}

interface Total {
  nodes: number;
  ms: number;
  worst: { ms: number; pair: string; status: string } | null;
}

function openStudy(): void {
  const began = performance.now();
  const METHODS = ["search", "bidirectional", "auto"] as const;
  type StudiedMethod = (typeof METHODS)[number];
  console.log(
    "| board | pairs (tour / none) | search: nodes, ms | bidirectional: nodes, ms (time ×) | auto: ms (time ×) | fewer nodes (bi / search / tie) | slowest pair: search | bidirectional | auto |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const [rows, cols] of only ?? BOARDS) {
    const board = new Board(rows, cols);
    const name = (cell: number) => formatCell(board, cell);
    // Warm the JIT on this board (time-limited: the first pair may be a hard one).
    for (const method of METHODS) {
      const [s, e] = pairsOf(board, createRandom(99))[0];
      for (let i = 0; i < 5; i++) solve(board, { method, start: s, end: e, timeLimitMs: 50 });
    }
    const pairs = pairsOf(board, random);
    const totals = new Map<StudiedMethod, Total>(
      METHODS.map((m) => [m, { nodes: 0, ms: 0, worst: null }]),
    );
    let found = 0;
    let none = 0;
    let limits = 0;
    const wins = { bi: 0, search: 0, tie: 0 };
    for (const [s, e] of pairs) {
      const r = new Map(METHODS.map((m) => [m, timed(board, m, s, e)]));
      const of = (m: StudiedMethod) => r.get(m) as Timed;
      if (of("search").nodes === 0 && of("bidirectional").nodes === 0) continue; // by the theorems
      const statuses = new Set(METHODS.map((m) => of(m).status).filter((x) => x !== "limit"));
      if (statuses.size > 1) {
        throw new Error(`${board} ${name(s)}→${name(e)}: ${METHODS.map((m) => of(m).status)}`);
      }
      if (METHODS.some((m) => of(m).status === "limit")) limits++;
      if (statuses.has("found")) found++;
      else if (statuses.has("impossible")) none++;
      for (const m of METHODS) {
        const t = totals.get(m) as Total;
        t.nodes += of(m).nodes;
        t.ms += of(m).ms;
        if (t.worst === null || of(m).ms > t.worst.ms) {
          t.worst = { ms: of(m).ms, pair: `${name(s)}→${name(e)}`, status: of(m).status };
        }
      }
      if (of("bidirectional").nodes < of("search").nodes) wins.bi++;
      else if (of("search").nodes < of("bidirectional").nodes) wins.search++;
      else wins.tie++;
    }
    const [search, bidirectional, auto] = METHODS.map((m) => totals.get(m) as Total) as [
      Total,
      Total,
      Total,
    ];
    const worst = (t: Total) =>
      t.worst === null
        ? ""
        : `${t.worst.pair} ${t.worst.ms.toFixed(1)} ms${t.worst.status === "limit" ? " (limit)" : ""}`;
    const limited = limits ? `; ${limits} hit the ${TIME_LIMIT_MS / 1000} s limit` : "";
    console.log(
      `| ${rows}×${cols} | ${found + none} (${found} / ${none}${limited}) | ${search.nodes}, ${search.ms.toFixed(1)} | ${bidirectional.nodes}, ${bidirectional.ms.toFixed(1)} (${(bidirectional.ms / search.ms).toFixed(2)}) | ${auto.ms.toFixed(1)} (${(auto.ms / search.ms).toFixed(2)}) | ${wins.bi} / ${wins.search} / ${wins.tie} | ${worst(search)} | ${worst(bidirectional)} | ${worst(auto)} |`,
    );
  }
  console.error(`study took ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

if (values.closed) closedStudy();
else openStudy();
