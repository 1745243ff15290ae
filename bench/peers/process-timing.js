// What the whole-process benches share (frontier-process.js, census-process.js): a child's CPU
// time and peak memory from GNU time, and the median of the rounds.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Run `argv` under /usr/bin/time (its report in `dir`): stdout, CPU seconds, peak RSS (KiB). */
export function timed(dir, argv) {
  const timeFile = join(dir, "time");
  const run = spawnSync("/usr/bin/time", ["-o", timeFile, "-f", "%U %S %M", ...argv], {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (run.status !== 0) throw new Error(`${argv.join(" ")}: exit ${run.status}\n${run.stderr}`);
  const [user, sys, rss] = readFileSync(timeFile, "utf8").trim().split(/\s+/).map(Number);
  return { stdout: run.stdout, cpu: user + sys, rssKiB: rss };
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
