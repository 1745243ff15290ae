// Checks findSymmetricTour on every board r×c, 3 ≤ r ≤ c ≤ N (default 24), for the half turn
// and, on squares, the quarter turn: each tour must pass validateTour and be invariant under its
// rotation. Prints one line per board that is not "found" (impossible ones with the reason,
// except the boards with no closed tour at all) and the totals; exit 1 on an invalid tour or a
// limit reached.
//   npm run sweep:symmetry [-- N]
// A few seconds for N = 64. Quoted by: docs/symmetry.md, section 4 (every board up to 64×64).
// Imports the library from src/ (run by tsx, see scripts/README.md).
import { Board, findSymmetricTour, validateTour } from "../../src/index.js";
import { isInvariant } from "../../src/symmetry/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { positionals } = parseOptions({ allowPositionals: true });
const max = numberOption(positionals[0], "N", 24);
const tally = { found: 0, impossible: 0, other: 0, invalid: 0 };
let slowest = { ms: 0, what: "" };
for (let rows = 3; rows <= max; rows++) {
  for (let cols = rows; cols <= max; cols++) {
    for (const rotation of rows === cols ? ([180, 90] as const) : ([180] as const)) {
      const board = new Board(rows, cols);
      const began = performance.now();
      const r = findSymmetricTour(board, { rotation, seed: 1, timeLimitMs: 20_000 });
      const ms = performance.now() - began;
      if (ms > slowest.ms) slowest = { ms, what: `${rows}x${cols} ${rotation}°` };
      if (r.status === "found" && r.tour !== null) {
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
