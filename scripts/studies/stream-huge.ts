// The streamed construction at full size: `knight tour N --closed --format bin --out FILE` (the
// whole process, under /usr/bin/time -v for elapsed, CPU and peak memory), then `knight verify
// FILE --closed` the same way, then the file is deleted. Default N = 100000: 10^10 cells, a
// version-2 binary of 5 bytes a cell (50 GB). The free disk is checked first (the tour command
// refuses on its own too); without room, `--pipe` streams the tour into the verifier instead.
//   npm run study:stream-huge [-- --n 100000 --dir /work/tmp --pipe]
// About 15 min at 10^10 cells on the shared machine (mostly the disk). Quoted by
// docs/guide/divide-and-conquer.md (streaming section).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, statfsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: { n: { type: "string" }, dir: { type: "string" }, pipe: { type: "boolean" } },
});
const n = numberOption(values.n, "n", 100_000);
const dir = values.dir ?? join(fileURLToPath(new URL("../..", import.meta.url)), "tmp");
const knight = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
mkdirSync(dir, { recursive: true });
const file = join(dir, `tour-${n}.bin`);
const cells = n * n;
const bytes = cells > 2 ** 32 ? 32 + Math.ceil(Math.log2(cells) / 8) * cells : 20 + 4 * cells;

function timed(label: string, command: string) {
  const began = Date.now();
  const run = spawnSync("/usr/bin/time", ["-v", "bash", "-c", command], { encoding: "utf8" });
  const field = (name: string) =>
    run.stderr
      .split("\n")
      .find((l) => l.trim().startsWith(name))
      ?.split(": ")
      .pop()
      ?.trim();
  const cpu = Number(field("User time (seconds)")) + Number(field("System time (seconds)"));
  const rss = Number(field("Maximum resident set size (kbytes)")) / 1024;
  const seconds = (Date.now() - began) / 1000;
  console.log(
    `${label}: exit ${run.status}, ${seconds.toFixed(1)} s elapsed, ${cpu.toFixed(1)} s CPU, peak ${rss.toFixed(1)} MiB, ${((cells / seconds) * 1e-6).toFixed(1)} M cells/s`,
  );
  // The command's own lines (its output, or its one-line error), not /usr/bin/time's report.
  const own = [run.stdout.trim(), ...run.stderr.split("\n").filter((l) => l.startsWith("knight"))];
  console.log(`  ${own.filter(Boolean).join("\n  ")}`);
  return run.status;
}

const fs = statfsSync(dir);
const free = fs.bavail * fs.bsize;
console.log(
  `${n}x${n}: ${cells} cells, ${(bytes / 1e9).toFixed(1)} GB in binary; ${(free / 1e9).toFixed(1)} GB free in ${dir}`,
);
try {
  if (values.pipe) {
    timed(
      "tour | verify",
      `node ${knight} tour ${n} --closed --format bin | node ${knight} verify --closed`,
    );
  } else {
    const wrote = timed("tour", `node ${knight} tour ${n} --closed --format bin --out ${file}`);
    if (wrote === 0) timed("verify", `node ${knight} verify ${file} --closed`);
  }
} finally {
  rmSync(file, { force: true });
}
