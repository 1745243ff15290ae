// What the trace hooks cost when nobody listens: the same searches in a build from before the
// hooks and in the current one, interleaved in one process, CPU time (process.cpuUsage) per
// call, median of 21 rounds. CPU time rather than wall time because the machine is shared.
// Build the commit before the hooks (236378f added them) into /tmp/old/dist:
//
//   mkdir -p /tmp/old && git archive 236378f^ src tsconfig.json tsconfig.build.json package.json \
//     | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules && \
//     (cd /tmp/old && npx tsc -p tsconfig.build.json --outDir /tmp/old/dist)
//   npm run study:trace-overhead -- /tmp/old/dist/index.js [NEW_DIST/index.js]
//
// About a minute (five cases, each warmed 0.4 s and then 21 rounds of both builds). Prints one
// line per case: before, after, ratio. Quoted by: docs/solvers.md, "Without a listener, against
// the code before the hooks". Both sides are built by tsc and loaded from dist/ (the npm script
// builds the current one), so the ratio compares like with like; the library is typed here by
// hand, as builds of different commits differ.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { fail, parseOptions } from "../lib/args.js";

/** What the study uses of a built library. */
interface BuiltLibrary {
  Board: new (rows: number, cols: number) => object;
  knightGraph(board: object): object;
  TourSearch: new (
    graph: object,
  ) => { run(request: object, budget: object, stats: object): string };
  /** A search's budget: `Budget.start(limits)` in the run contract, `new Budget(limits)` before. */
  Budget: (new (limits: object) => object) & { start?: (limits: object) => object };
  solve(board: object, options: object): { status: string };
}

const { positionals } = parseOptions({ allowPositionals: true });
const [oldPath, newPath = "dist/index.js"] = positionals;
if (oldPath === undefined) {
  fail("usage: npm run study:trace-overhead -- OLD_DIST/index.js [NEW_DIST/index.js]");
}
const load = async (path: string) =>
  (await import(pathToFileURL(resolve(path)).href)) as BuiltLibrary;
const before = await load(oldPath);
const after = await load(newPath);
const stats = () => ({ nodes: 0, backtracks: 0, attempts: 0, ms: 0 });
const unlimited = (lib: BuiltLibrary) => lib.Budget.start?.({}) ?? new lib.Budget({});

/** A case builds, for one library, a function that does the measured work once. */
type Case = (lib: BuiltLibrary) => () => void;

const cases: Record<string, Case> = {
  "TourSearch closed 8x8, 64 starts": (lib) => {
    const search = new lib.TourSearch(lib.knightGraph(new lib.Board(8, 8)));
    const s = stats();
    return () => {
      for (let start = 0; start < 64; start++) {
        const request = { start, closed: true, tieBreak: "roth" };
        if (search.run(request, unlimited(lib), s) !== "found") throw new Error("no tour");
      }
    };
  },
  "solve() search closed 8x8, 64 starts": (lib) => {
    const board = new lib.Board(8, 8);
    return () => {
      for (let start = 0; start < 64; start++) {
        if (lib.solve(board, { method: "search", closed: true, start }).status !== "found")
          throw new Error("no tour");
      }
    };
  },
  "solve() warnsdorff 8x8, 64 starts": (lib) => {
    const board = new lib.Board(8, 8);
    return () => {
      for (let start = 0; start < 64; start++) {
        if (lib.solve(board, { method: "warnsdorff", start }).status !== "found")
          throw new Error("stuck");
      }
    };
  },
};
for (const method of ["stack", "backtrack"]) {
  cases[`${method} 5x5 from b1, exhaustive (1.83 million nodes)`] = (lib) => {
    const board = new lib.Board(5, 5);
    return () => {
      const r = lib.solve(board, { method, start: 21, useTheory: false });
      if (r.status !== "impossible") throw new Error(r.status);
    };
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
for (const [name, make] of Object.entries(cases)) {
  const runBefore = make(before);
  const runAfter = make(after);
  // Warm both up, and size the blocks so each takes a few tens of milliseconds.
  const warm = performance.now();
  let reps = 0;
  while (performance.now() - warm < 400) {
    runBefore();
    runAfter();
    reps++;
  }
  const inner = Math.max(1, Math.ceil(reps / 4));
  const times = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < 21; round++) {
    const order = round % 2 ? (["before", "after"] as const) : (["after", "before"] as const);
    for (const which of order) {
      const run = which === "before" ? runBefore : runAfter;
      const cpu = process.cpuUsage();
      for (let i = 0; i < inner; i++) run();
      const used = process.cpuUsage(cpu);
      times[which].push((used.user + used.system) / 1000 / inner);
    }
  }
  const b = median(times.before);
  const a = median(times.after);
  console.log(
    `${name}: before ${b.toFixed(3)} ms, after ${a.toFixed(3)} ms, ratio ${(a / b).toFixed(3)}`,
  );
}
