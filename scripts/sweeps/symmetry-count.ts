// Checks countSymmetricTours against the known counts of closed tours invariant under a half or
// quarter turn, with the number of classes up to the board's symmetries: Knuth's 8×8 half turn
// (2,432,932 tours, 608,233 classes), 10×10 quarter turn (831,804; 415,902) and six smaller
// boards. --stabilisers also counts the 8×8 classes by lifting every tour and testing the other
// transforms (independent of the no-mirror theorem); --no-memo times the plain search.
//   npm run sweep:symmetry-count [-- --stabilisers] [-- --no-memo]
// A few seconds by default; each flag adds about 10 s. Prints a line per count; exit 1 on a
// mismatch. Quoted by: docs/symmetry.md, section 5 (its table of symmetric counts: the tests check
// 8×8 but not the 10×10 quarter turn). Imports the library from src/ (run by tsx, see
// scripts/README.md).
import { Board, countSymmetricTours, type SymmetricCountOptions } from "../../src/index.js";
import { parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    stabilisers: { type: "boolean", default: false },
    "no-memo": { type: "boolean", default: false },
  },
});

/** rows, cols, rotation, tours, classes. */
const expected: readonly [number, number, 90 | 180, number, number][] = [
  [8, 8, 180, 2_432_932, 608_233],
  [10, 10, 90, 831_804, 415_902],
  [6, 6, 180, 78, 22],
  [6, 6, 90, 10, 5],
  [6, 7, 180, 564, 282],
  [6, 8, 180, 5_634, 2_817],
  [3, 14, 180, 24, 12],
  [5, 8, 180, 22, 11],
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
for (const [rows, cols, rotation, count, classes] of expected) {
  const r = run(rows, cols, rotation, {}, "memoised");
  if (r.count !== count || r.classes !== classes) {
    console.log(`  MISMATCH: expected ${count} tours, ${classes} classes`);
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
