#!/usr/bin/env node
// Sweep findSymmetricTour over every board up to N×N (default 24) for both rotations and check
// each tour with validateTour and symmetriesOf. Run after `npm run build`:
//   node scripts/symmetry-sweep.js [N]
// Prints one line per board that is not "found" (impossible ones with the reason) and totals.
import { Board, findSymmetricTour, isInvariant, validateTour } from "../dist/index.js";

const max = Number(process.argv[2] ?? 24);
const tally = { found: 0, impossible: 0, other: 0, invalid: 0 };
let slowest = { ms: 0, what: "" };
for (let rows = 3; rows <= max; rows++) {
  for (let cols = rows; cols <= max; cols++) {
    for (const rotation of rows === cols ? [180, 90] : [180]) {
      const board = new Board(rows, cols);
      const began = performance.now();
      const r = findSymmetricTour(board, { rotation, seed: 1, timeLimitMs: 20_000 });
      const ms = performance.now() - began;
      if (ms > slowest.ms) slowest = { ms, what: `${rows}x${cols} ${rotation}°` };
      if (r.status === "found") {
        const ok =
          validateTour(board, r.tour, { closed: true }).valid &&
          isInvariant(r.tour, rotation === 90 ? "rotate90" : "rotate180");
        if (ok) tally.found++;
        else {
          tally.invalid++;
          console.log(`${rows}x${cols} ${rotation}°: INVALID tour`);
        }
      } else if (r.status === "impossible") {
        tally.impossible++;
        if (board.cells % 2 === 0 && !/no closed tour of/.test(r.reason ?? "")) {
          console.log(`${rows}x${cols} ${rotation}°: impossible — ${r.reason}`);
        }
      } else {
        tally.other++;
        console.log(`${rows}x${cols} ${rotation}°: ${r.status} — ${r.reason}`);
      }
    }
  }
}
console.log(JSON.stringify(tally), `slowest: ${slowest.what} ${slowest.ms.toFixed(0)} ms`);
process.exitCode = tally.invalid + tally.other === 0 ? 0 : 1;
