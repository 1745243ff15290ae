#!/usr/bin/env node
// The streamed tour against the floor of writing it: `knight tour N --closed --format bin --out
// FILE` as a whole process, against a minimal C program writing the same number of bytes
// (bench/peers/write-bytes.c, compiled here with gcc -O2 into a temporary folder), alternating,
// each under /usr/bin/time -v for its elapsed, CPU and peak resident memory:
//   npm run build && node bench/peers/stream-compare.js [N] [ROUNDS]
// Default N = 10000 (a 10⁸-cell tour, 400 MB), 5 rounds. Prints each round, the medians and the
// ratios (wall and CPU), and checks the tour file once with `knight verify`.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const knight = join(here, "..", "..", "bin", "knight.js");
const n = Number(process.argv[2] ?? 10000);
const rounds = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(process.env.STREAM_BENCH_DIR ?? tmpdir(), "stream-peer-"));
const exe = join(dir, "write-bytes");
const file = join(dir, "tour.bin");

/** Run a command under /usr/bin/time -v: seconds elapsed, user+system seconds, peak RSS (MiB). */
function timed(command, args) {
  const run = spawnSync("/usr/bin/time", ["-v", command, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")}: ${run.stderr}`);
  const field = (name) => {
    const line = run.stderr.split("\n").find((l) => l.trim().startsWith(name));
    return line.slice(line.lastIndexOf(": ") + 2).trim();
  };
  const clock = field("Elapsed (wall clock) time").split(":").map(Number);
  const wall = clock.reduce((total, part) => total * 60 + part, 0);
  const cpu = Number(field("User time (seconds)")) + Number(field("System time (seconds)"));
  const rss = Number(field("Maximum resident set size (kbytes)")) / 1024;
  return { wall, cpu, rss };
}

try {
  execFileSync("gcc", ["-O2", "-o", exe, join(here, "write-bytes.c")]);
  const times = { c: [], js: [] };
  let bytes = 0;
  for (let round = 0; round < rounds; round++) {
    times.js.push(
      timed(process.execPath, [
        knight,
        "tour",
        String(n),
        "--closed",
        "--format",
        "bin",
        "--out",
        file,
      ]),
    );
    bytes = statSync(file).size;
    rmSync(file);
    times.c.push(timed(exe, [file, String(bytes)]));
    rmSync(file);
    const [c, js] = [times.c.at(-1), times.js.at(-1)];
    console.log(
      `round ${round + 1}: C ${c.wall.toFixed(2)} s (cpu ${c.cpu.toFixed(2)} s), knight ${js.wall.toFixed(2)} s (cpu ${js.cpu.toFixed(2)} s, peak ${js.rss.toFixed(1)} MiB)`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const m = (side, key) => median(times[side].map((t) => t[key]));
  console.log(`${n}x${n} closed tour, ${bytes} bytes, ${rounds} rounds (medians):`);
  console.log(
    `C write-bytes   wall ${m("c", "wall").toFixed(3)} s  cpu ${m("c", "cpu").toFixed(3)} s`,
  );
  console.log(
    `knight tour     wall ${m("js", "wall").toFixed(3)} s  cpu ${m("js", "cpu").toFixed(3)} s  peak RSS ${Math.max(...times.js.map((t) => t.rss)).toFixed(1)} MiB (max)`,
  );
  console.log(
    `ratio           wall ${(m("js", "wall") / m("c", "wall")).toFixed(2)}  cpu ${(m("js", "cpu") / m("c", "cpu")).toFixed(2)}`,
  );
  // The tour itself, checked once by the streaming validator.
  execFileSync(process.execPath, [
    knight,
    "tour",
    String(n),
    "--closed",
    "--format",
    "bin",
    "--out",
    file,
  ]);
  console.log(
    execFileSync(process.execPath, [knight, "verify", file, "--closed"], {
      encoding: "utf8",
    }).trim(),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
