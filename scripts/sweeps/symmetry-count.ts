// Checks countSymmetricTours against the known counts of closed tours invariant under a half or
// quarter turn (rotating and reversing kinds), with the number of classes up to the board's
// symmetries: Knuth's 8×8 half turn (2,432,932 tours, 608,233 classes), 10×10 quarter turn
// (831,804; 415,902) and eight smaller boards: every row of docs/symmetry.md's table.
// --stabilisers also counts the 8×8 classes by lifting every tour and testing the other
// transforms (independent of the no-mirror theorem); --no-memo times the plain search.
//   npm run sweep:symmetry-count [-- --stabilisers] [-- --no-memo]
// A few seconds by default; each flag adds about 10 s. Prints a line per count; exit 1 on a
// mismatch. Quoted by: docs/symmetry.md, section 5 (its table of symmetric counts; the tests
// check 8×8 but not the 10×10 quarter turn). Imports the library from src/ (run by tsx, see
// scripts/README.md).
import { Board, countSymmetricTours } from "../../src/index.js";
import type { SymmetricCountOptions } from "../../src/symmetry/index.js";
import { parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    stabilisers: { type: "boolean", default: false },
    "no-memo": { type: "boolean", default: false },
  },
});

/** rows, cols, rotation, then the table's rotating tours, reversing tours and classes. */
const expected: readonly [number, number, 90 | 180, number, number, number][] = [
  [8, 8, 180, 2_432_932, 0, 608_233],
  [10, 10, 90, 831_804, 0, 415_902],
  [6, 6, 180, 78, 0, 22],
  [6, 6, 90, 10, 0, 5],
  [6, 7, 180, 526, 38, 282],
  [6, 8, 180, 5_634, 0, 2_817],
  [5, 6, 180, 0, 0, 0],
  [3, 10, 180, 0, 4, 2],
  [3, 14, 180, 16, 8, 12],
  [5, 8, 180, 0, 22, 11],
];
let failed = 0;
const run = (
  rows: number,
  cols: number,
  rotation: 90 | 180,
  options: Partial<SymmetricCountOptions>,
  label: string,
) => {
  const began = performance.now();
  const r = countSymmetricTours(new Board(rows, cols), {
    rotation,
    upToSymmetry: true,
    ...options,
  });
  const ms = performance.now() - began;
  console.log(
    `${rows}x${cols} ${rotation}° ${label}: ${r.count} tours (${r.rotating} rotating, ${r.reversing} reversing), ${r.classes} classes, ${r.stats.nodes} nodes, ${(ms / 1000).toFixed(2)} s`,
  );
  return r;
};
for (const [rows, cols, rotation, rotating, reversing, classes] of expected) {
  const r = run(rows, cols, rotation, {}, "memoised");
  const count = rotating + reversing;
  if (
    r.count !== count ||
    r.rotating !== rotating ||
    r.reversing !== reversing ||
    r.classes !== classes
  ) {
    console.log(
      `  MISMATCH: expected ${count} tours (${rotating} rotating, ${reversing} reversing), ${classes} classes`,
    );
    failed++;
  }
}
if (values.stabilisers) {
  const r = run(8, 8, 180, { classMethod: "stabilisers" }, "classes by stabilisers");
  if (r.classes !== 608_233) failed++;
}
if (values["no-memo"]) {
  const r = run(8, 8, 180, { memo: false }, "plain DFS");
  if (r.count !== 2_432_932) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
