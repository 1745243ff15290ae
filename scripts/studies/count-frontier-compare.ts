#!/usr/bin/env node
// The frontier sweep against an older build of itself, same boards, same process, alternating,
// so that both sides of each ratio see the same machine load.
//   npm run build && node scripts/count-frontier-compare.js --old DIR [--boards 7x6,8x6,10x6]
// DIR is the dist/ of an older commit (e.g. `git worktree add /tmp/old 560f87c && cd /tmp/old
// && npm ci && npm run build`, then --old /tmp/old/dist). Boards are rows x cols as swept
// (cols the smaller side); closed tours (cycles). Prints CPU and wall seconds and new/old.
import { pathToFileURL } from "node:url";
import { frontierCount } from "../dist/count/index.js";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const oldDir = option("--old", undefined);
if (!oldDir) {
  process.stderr.write("usage: count-frontier-compare.js --old DIR [--boards 7x6,8x6]\n");
  process.exit(2);
}
const old = await import(pathToFileURL(`${oldDir}/count/frontier.js`).href);
const boards = option("--boards", "7x6,8x6,10x6")
  .split(",")
  .map((b) => b.split("x").map(Number));

const time = (engine, rows, cols) => {
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = engine(rows, cols, { mode: "cycle", maxBytes: 16 * 2 ** 30 });
  const used = process.cpuUsage(cpuBefore);
  return {
    count: result.count,
    peak: result.peakStates,
    wall: (performance.now() - began) / 1000,
    cpu: (used.user + used.system) / 1e6,
  };
};

let failures = 0;
for (const [rows, cols] of boards) {
  const before = time(old.frontierCount, rows, cols);
  const after = time(frontierCount, rows, cols);
  if (before.count !== after.count) failures++;
  process.stdout.write(
    `${rows}x${cols} closed ${after.count}${before.count === after.count ? "" : ` OLD ${before.count}`}  old cpu ${before.cpu.toFixed(2)} s wall ${before.wall.toFixed(2)} s  new cpu ${after.cpu.toFixed(2)} s wall ${after.wall.toFixed(2)} s  new/old cpu ${(after.cpu / before.cpu).toFixed(2)} wall ${(after.wall / before.wall).toFixed(2)}  peak ${after.peak} states\n`,
  );
}
process.exitCode = failures > 0 ? 1 : 0;
