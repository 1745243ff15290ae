// Checks the streamed tours (`tourCells`) on every board m×n, 1 ≤ m, n ≤ MAX (default 60), closed
// and open: the cells, read chunk by chunk, must be a valid tour (validateTour) wherever the
// theorems allow one, and "impossible" elsewhere. Reports how many shapes the block order
// streams and how many fall back (to the whole-board construction or a search), with the reasons.
//   npm run sweep:blocks [-- --max 60]
// About 30 s with the defaults. Prints the failures (target: zero; exit 1 otherwise).
// Imports the library from src/ (run by tsx, see scripts/README.md).
import { Board, tourCells, tourExists, validateTour } from "../../src/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({ options: { max: { type: "string" } } });
const MAX = numberOption(values.max, "max", 60);

const failures: string[] = [];
const byMethod = new Map<string, number>();
const notes = new Map<string, number>();
const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const began = performance.now();
for (let m = 1; m <= MAX; m++) {
  for (let n = 1; n <= MAX; n++) {
    const board = new Board(m, n);
    for (const closed of [true, false]) {
      const label = `${m}x${n} ${closed ? "closed" : "open"}`;
      const exists = tourExists(board, { closed }).exists;
      const tour = tourCells(board, { closed, timeLimitMs: 10_000 });
      if (tour.status === "impossible") {
        tally(byMethod, "impossible");
        if (exists !== false) failures.push(`${label}: "impossible" but the theorems allow one`);
        continue;
      }
      if (tour.status !== "found") {
        failures.push(`${label}: ${tour.status}: ${tour.reason ?? ""}`);
        continue;
      }
      tally(byMethod, tour.method);
      if (tour.note) tally(notes, tour.note.replace(/\d+×\d+/g, "m×n").replace(/\d+/g, "k"));
      const path = new Int32Array(board.cells);
      let at = 0;
      for (const chunk of tour.chunks({ size: 997, reuse: true })) {
        path.set(chunk, at);
        at += chunk.length;
      }
      const verdict = validateTour(board, path.subarray(0, at), { closed });
      if (!verdict.valid) failures.push(`${label} (${tour.method}): invalid: ${verdict.message}`);
    }
  }
}
console.log(
  `blocks sweep: every board up to ${MAX}x${MAX}, closed and open, in ${((performance.now() - began) / 1000).toFixed(1)} s`,
);
console.log(`answers: ${[...byMethod].map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log("fallbacks:");
for (const [note, count] of notes) console.log(`  ${count} × ${note}`);
console.log(`failures: ${failures.length}`);
for (const failure of failures) console.log(`  ${failure}`);
process.exitCode = failures.length === 0 ? 0 : 1;
