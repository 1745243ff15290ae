// The hot paths of this build against another commit's build, in the same process: the check
// that a change (such as the geometry layer) costs the knight on a plain board nothing.
//   bash bench/previous-build.sh COMMIT && npm run bench -- --filter "vs previous" --merge
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as current from "../../dist/index.js";

export { current };

const here = dirname(fileURLToPath(import.meta.url));
const previousDir = join(here, "..", ".previous");
const hasPrevious = existsSync(join(previousDir, "dist", "index.js"));
export const previous = hasPrevious
  ? await import(join(previousDir, "dist", "index.js"))
  : undefined;
export const commit = hasPrevious ? readFileSync(join(previousDir, "COMMIT"), "utf8").trim() : "";

const expect = (got, value, what) => {
  if (got !== value) throw new Error(`${what} gave ${got}, expected ${value}`);
};

/** One hot path, run by a library build (`lib`: the module namespace of its dist/index.js). */
export const paths = [
  {
    group: "search 8x8 closed from a1",
    fn: (lib) => {
      const board = new lib.Board(8, 8);
      const result = lib.solve(board, { closed: true, method: "search", start: 56 });
      expect(result.status, "found", "search");
    },
  },
  {
    // The case above is mostly the call's setup (a tour of 8×8 is found in ~64 nodes); this one
    // is ~12,000 nodes of the search loop itself.
    group: "search 100x100 closed",
    fn: (lib) => {
      const result = lib.solve(new lib.Board(100, 100), { closed: true, method: "search" });
      expect(result.status, "found", "search");
    },
  },
  {
    group: "warnsdorff 300x300 roth",
    fn: (lib) => {
      const result = lib.solve(new lib.Board(300, 300), { method: "warnsdorff", tieBreak: "roth" });
      expect(result.status, "found", "warnsdorff");
    },
  },
  {
    group: "construct 1000x1000 closed",
    fn: (lib) => {
      const result = lib.solve(new lib.Board(1000, 1000), { method: "construct", closed: true });
      expect(result.status, "found", "construct");
    },
  },
  {
    group: "frontier 6x6 closed (9,862)",
    fn: (lib) =>
      expect(
        lib.count(new lib.Board(6, 6), { closed: true, method: "frontier" }).count,
        9862n,
        "frontier",
      ),
  },
  {
    group: "frontier 5x6 open",
    fn: (lib) => lib.count(new lib.Board(5, 6), { method: "frontier" }),
  },
  {
    group: "mates 6x6 closed (9,862)",
    fn: (lib) =>
      expect(
        lib.count(new lib.Board(6, 6), { closed: true, method: "mates" }).count,
        9862n,
        "mates",
      ),
  },
  {
    group: "backtrack 5x5 open (1,728)",
    fn: (lib) =>
      expect(lib.count(new lib.Board(5, 5), { method: "backtrack" }).count, 1728n, "backtrack"),
  },
  {
    group: "census 6x6 count only (9,862)",
    fn: (lib) => {
      const census = new lib.Census(new lib.Board(6, 6));
      expect(census.run(undefined, { stats: false }).tours, 9862n, "census");
    },
  },
];

// Without a previous build only this build's rows are timed (no ratio).
export default paths.flatMap(({ group, fn }) => [
  ...(hasPrevious
    ? [
        {
          group: `vs previous: ${group}`,
          name: `previous build (${commit})`,
          fn: () => fn(previous),
        },
      ]
    : []),
  {
    group: `vs previous: ${group}`,
    name: "this build",
    ...(hasPrevious ? { baseline: `previous build (${commit})` } : {}),
    fn: () => fn(current),
  },
]);
