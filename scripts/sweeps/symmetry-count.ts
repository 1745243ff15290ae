#!/usr/bin/env node
// Knuth's count of 180°-symmetric closed tours of 8×8 and other symmetric counts, timed.
// Run after `npm run build`:  node scripts/symmetry-count.js [--stabilisers] [--no-memo]
//   default: 8×8 half turn (2,432,932; 608,233 classes), 10×10 quarter turn, a few rectangles.
// --stabilisers also counts 8×8 classes by lifting every tour and testing the other transforms
// (independent of the no-mirror theorem; about 10 s). --no-memo times the plain search (≈ 10 s).
import { Board, countSymmetricTours } from "../dist/index.js";

const args = new Set(process.argv.slice(2));
const expected = [
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
const run = (rows, cols, rotation, options, label) => {
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
if (args.has("--stabilisers")) {
  const r = run(8, 8, 180, { classMethod: "stabilisers" }, "classes by stabilisers");
  if (r.classes !== 608_233) failed++;
}
if (args.has("--no-memo")) {
  const r = run(8, 8, 180, { memo: false }, "plain DFS");
  if (r.count !== 2_432_932) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
