#!/usr/bin/env node
// The construction sweep (issue 7): `npm run sweep:divide [-- --max 60] [-- --time-limit 10]`.
// For every board m×n with 1 ≤ m, n ≤ MAX (default 60), asks `solve(board, { method: "divide" })`
// for a closed tour and for an open one, and checks the answer against the existence theorems:
// a valid tour (checked by validateTour) wherever one exists, "impossible" with a reason
// elsewhere. Boards the construction does not cover (a side of 1–4 with the other side ≤ 34)
// go to the bounded search; the report says how many each way, the failures (target: zero) and
// the slowest cases.
import { Board, solve, tourExists, validateTour } from "../dist/index.js";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const MAX = arg("--max", 60);
const TIME_LIMIT_MS = arg("--time-limit", 10) * 1000;

const failures = [];
const timings = [];
const byMethod = {};
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
      if (result.status === "found") {
        byMethod[result.stats.method] = (byMethod[result.stats.method] ?? 0) + 1;
        const verdict = validateTour(board, result.tour, { closed });
        if (!verdict.valid) failures.push(`${label}: invalid tour: ${verdict.message}`);
        if (exists === false) failures.push(`${label}: a tour where the theorems allow none`);
      } else if (result.status === "impossible") {
        byMethod.impossible = (byMethod.impossible ?? 0) + 1;
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
console.log(
  `answers: ${Object.entries(byMethod)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ")}`,
);
console.log(`failures: ${failures.length}`);
for (const failure of failures) console.log(`  ${failure}`);
console.log("slowest:");
for (const t of timings.slice(0, 8))
  console.log(`  ${t.label}: ${t.ms.toFixed(1)} ms (${t.method})`);
process.exitCode = failures.length === 0 ? 0 : 1;
