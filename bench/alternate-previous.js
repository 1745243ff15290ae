#!/usr/bin/env node
// The 3% check under a noisy machine: each hot path of bench/cases/previous.js timed in
// alternating rounds (previous build, this build, previous, ...), so both sides see the same
// load; the ratio of the two medians is what to quote.
//   bash bench/previous-build.sh COMMIT && npm run bench:previous -- [ROUNDS] [FILTER]
import { commit, current, paths, previous } from "./cases/previous.js";

const rounds = Number(process.argv[2] ?? 15);
const filter = process.argv[3];
if (!previous) {
  console.error("no previous build: run bash bench/previous-build.sh COMMIT first");
  process.exit(2);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** CPU milliseconds of this process for one call: time spent waiting for a core shared with
 * other work is not counted (wall time would be). Repeated until 50 ms (short paths). */
function time(fn, lib) {
  let calls = 0;
  const start = process.cpuUsage();
  let elapsed = 0;
  do {
    fn(lib);
    calls++;
    const used = process.cpuUsage(start);
    elapsed = (used.user + used.system) / 1000;
  } while (elapsed < 50);
  return elapsed / calls;
}

console.log(`this build / ${commit}, CPU time, medians of ${rounds} alternating rounds`);
for (const { group, fn } of paths) {
  if (filter && !group.includes(filter)) continue;
  fn(previous);
  fn(current);
  const before = [];
  const after = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate which side goes first, so neither always runs on a warmer cache.
    if (r % 2 === 0) {
      before.push(time(fn, previous));
      after.push(time(fn, current));
    } else {
      after.push(time(fn, current));
      before.push(time(fn, previous));
    }
  }
  const [b, a] = [median(before), median(after)];
  console.log(
    `${group.padEnd(34)} ${commit} ${b.toFixed(2)} ms  this ${a.toFixed(2)} ms  ratio ${(a / b).toFixed(3)}`,
  );
}
