// Checks the divide-and-conquer construction on every board m×n, 1 ≤ m, n ≤ MAX (default 60):
// `solve(board, { method: "divide" })` for a closed and for an open tour, against the existence
// theorems: a valid tour (validateTour) wherever one exists, "impossible" with a reason
// elsewhere. Boards the construction does not cover (a side of 1–4 with the other side ≤ 34) go
// to the bounded search; the report says how many each way.
//   npm run sweep:divide [-- --max 60 --time-limit 10]
// About 6 s with the defaults; `-- --max 12` under 1 s. Prints the failures (target: zero; exit
// 1 otherwise) and the slowest cases. Quoted by: README.md ("checks every board up to 60×60").
// Imports the library from src/ (run by tsx, see scripts/README.md).
import { Board, solve, tourExists, validateTour } from "../../src/index.js";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: { max: { type: "string" }, "time-limit": { type: "string" } },
});
const MAX = numberOption(values.max, "max", 60);
const TIME_LIMIT_MS = numberOption(values["time-limit"], "time-limit", 10) * 1000;

const failures: string[] = [];
const timings: { label: string; ms: number; method: string }[] = [];
/** Answers by the method that gave them ("impossible" for proofs that none exists). */
const byMethod = new Map<string, number>();
const tally = (key: string) => byMethod.set(key, (byMethod.get(key) ?? 0) + 1);
let requests = 0;
const began = performance.now();
for (let m = 1; m <= MAX; m++) {
  for (let n = 1; n <= MAX; n++) {
    const board = new Board(m, n);
    for (const closed of [true, false]) {
      requests++;
      const label = `${m}x${n} ${closed ? "closed" : "open"}`;
      const t = performance.now();
      const result = solve(board, { method: "divide", closed, timeLimitMs: TIME_LIMIT_MS });
      const ms = performance.now() - t;
      timings.push({ label, ms, method: result.stats.method ?? "-" });
      const exists = tourExists(board, { closed }).exists;
      if (result.status === "found" && result.tour !== null) {
        tally(String(result.stats.method));
        const verdict = validateTour(board, result.tour, { closed });
        if (!verdict.valid) failures.push(`${label}: invalid tour: ${verdict.message}`);
        if (exists === false) failures.push(`${label}: a tour where the theorems allow none`);
      } else if (result.status === "impossible") {
        tally("impossible");
        if (exists !== false) failures.push(`${label}: "impossible" but the theorems allow one`);
        if (!result.reason) failures.push(`${label}: "impossible" without a reason`);
      } else {
        failures.push(`${label}: ${result.status}: ${result.reason ?? ""}`);
      }
    }
  }
}
timings.sort((a, b) => b.ms - a.ms);
console.log(
  `divide sweep: ${requests} requests on every board up to ${MAX}x${MAX} in ${((performance.now() - began) / 1000).toFixed(1)} s`,
);
console.log(`answers: ${[...byMethod].map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log(`failures: ${failures.length}`);
for (const failure of failures) console.log(`  ${failure}`);
console.log("slowest:");
for (const t of timings.slice(0, 8))
  console.log(`  ${t.label}: ${t.ms.toFixed(1)} ms (${t.method})`);
process.exitCode = failures.length === 0 ? 0 : 1;
