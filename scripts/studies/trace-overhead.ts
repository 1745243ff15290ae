#!/usr/bin/env node
// What the trace hooks cost when nobody listens: the same searches in a build from before the
// hooks and in the current one, interleaved in one process, CPU time (process.cpuUsage) per
// call, median of 21 rounds. CPU time rather than wall time because the machine is shared.
//
//   mkdir -p /tmp/old && git archive 236378f^ src tsconfig.json tsconfig.build.json package.json \
//     | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules && \
//     (cd /tmp/old && npx tsc -p tsconfig.build.json --outDir /tmp/old/dist)
//   npm run build && node scripts/trace-overhead.js /tmp/old/dist/index.js
//
// (236378f is the commit that added the hooks.) Prints one line per case: before, after, ratio.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const oldPath = process.argv[2];
if (!oldPath) {
  console.error("usage: node scripts/trace-overhead.js OLD_DIST/index.js [NEW_DIST/index.js]");
  process.exit(2);
}
const load = (path) => import(pathToFileURL(resolve(path)).href);
const before = await load(oldPath);
const after = await load(process.argv[3] ?? "dist/index.js");
const stats = () => ({ nodes: 0, backtracks: 0, attempts: 0, ms: 0 });

const cases = {
  "TourSearch closed 8x8, 64 starts": (lib) => {
    const search = new lib.TourSearch(lib.knightGraph(new lib.Board(8, 8)));
    const s = stats();
    return () => {
      for (let start = 0; start < 64; start++) {
        const request = { start, closed: true, tieBreak: "roth" };
        if (search.run(request, new lib.Budget({}), s) !== "found") throw new Error("no tour");
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
  ...Object.fromEntries(
    ["stack", "backtrack"].map((method) => [
      `${method} 5x5 from b1, exhaustive (1.83 million nodes)`,
      (lib) => {
        const board = new lib.Board(5, 5);
        return () => {
          const r = lib.solve(board, { method, start: 21, useTheory: false });
          if (r.status !== "impossible") throw new Error(r.status);
        };
      },
    ]),
  ),
};

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
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
  const times = { before: [], after: [] };
  for (let round = 0; round < 21; round++) {
    const order = round % 2 ? ["before", "after"] : ["after", "before"];
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
