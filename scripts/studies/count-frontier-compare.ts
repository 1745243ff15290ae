// The frontier sweep against an older build of itself, same boards, same process, alternating,
// so that both sides of each ratio see the same machine load. Boards are rows x cols as swept
// (cols the smaller side); closed tours (cycles); exit 1 if the two builds' counts differ.
//   npm run study:count-frontier-compare -- --old DIR [--boards 7x6,8x6,10x6]
// DIR is the dist/ of an older commit (e.g. `git worktree add /tmp/old 560f87c && cd /tmp/old
// && npm ci && npm run build`, then --old /tmp/old/dist), or a copy of dist/ with one change.
// About a minute with the default boards (10×6 most of it); `-- --old dist --boards 5x5` a few
// seconds. Prints CPU and wall seconds and new/old. Quoted by: docs/counting.md (the batched
// table additions, and "The frontier sweep, this engine against the previous one").
// Both sides are built by tsc and loaded from dist/ (the npm script builds the current one), so
// the ratio compares like with like.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FrontierOptions, FrontierResult } from "../../src/count/index.js";
import { boardSize, fail, measure, parseOptions } from "../lib/args.js";

type FrontierCount = (rows: number, cols: number, options: FrontierOptions) => FrontierResult;

const { values } = parseOptions({
  options: { old: { type: "string" }, boards: { type: "string" } },
});
if (values.old === undefined) {
  fail("usage: npm run study:count-frontier-compare -- --old DIR [--boards 7x6,8x6]");
}
const load = async (dir: string): Promise<FrontierCount> => {
  const url = pathToFileURL(resolve(dir, "count", "frontier.js")).href;
  return ((await import(url)) as { frontierCount: FrontierCount }).frontierCount;
};
const old = await load(values.old);
const current = await load("dist");
const boards = (values.boards ?? "7x6,8x6,10x6").split(",").map(boardSize);

const time = (engine: FrontierCount, rows: number, cols: number) => {
  const run = measure(() => engine(rows, cols, { mode: "cycle", maxBytes: 16 * 2 ** 30 }));
  return { count: run.result.count, peak: run.result.peakStates, wall: run.wall, cpu: run.cpu };
};

let failures = 0;
for (const [rows, cols] of boards) {
  const before = time(old, rows, cols);
  const after = time(current, rows, cols);
  if (before.count !== after.count) failures++;
  process.stdout.write(
    `${rows}x${cols} closed ${after.count}${before.count === after.count ? "" : ` OLD ${before.count}`}  old cpu ${before.cpu.toFixed(2)} s wall ${before.wall.toFixed(2)} s  new cpu ${after.cpu.toFixed(2)} s wall ${after.wall.toFixed(2)} s  new/old cpu ${(after.cpu / before.cpu).toFixed(2)} wall ${(after.wall / before.wall).toFixed(2)}  peak ${after.peak} states\n`,
  );
}
process.exitCode = failures > 0 ? 1 : 0;
