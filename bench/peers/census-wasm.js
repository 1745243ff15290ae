#!/usr/bin/env node
// What the census search would gain as WebAssembly (issue 30: the census at the speed of C).
// The C counter of bench/peers/census-count.c, compiled three ways from the same source — native
// (gcc -O2), its LEAN variant native (the JavaScript engine's algorithm, node for node) and that
// LEAN variant as WebAssembly (clang --target=wasm32 -O2, no C library), run by this Node — and
// the JavaScript engine counting only, on one 8×8 bunch, rounds alternating:
//   npm run build && node bench/peers/census-wasm.js [BUNCH] [ROUNDS] [--write]
// Needs clang with the wasm32 target and wasm-ld (Debian: apt-get install clang lld). CPU
// seconds of the search alone in each (the WebAssembly module's compile and the JavaScript
// warm-up bunch are outside), so this compares the engines, not the processes
// (census-process.js does that). --write saves the medians to bench/census-wasm-results.json.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Board, Census } from "../../dist/index.js";
import { median } from "./process-timing.js";

const here = dirname(fileURLToPath(import.meta.url));
const source = join(here, "census-count.c");

if (process.argv[2] === "--wasm") {
  // One count in this process: the module's `run` on the forced moves; prints tours, seconds.
  const [, , , file, ...forced] = process.argv;
  const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
  const { run, forced_moves: at, memory } = instance.exports;
  new Int32Array(memory.buffer, at(), forced.length).set(forced.map(Number));
  const began = process.cpuUsage();
  const tours = run(8, 8, forced.length / 2);
  const spent = process.cpuUsage(began);
  console.log(`${tours} ${(spent.user + spent.system) / 1e6}`);
  process.exit(0);
}

const args = process.argv.slice(2).filter((a) => a !== "--write");
const bunch = args[0] ?? "BDih";
const rounds = Number(args[1] ?? 3);
const dir = mkdtempSync(join(tmpdir(), "census-wasm-"));
try {
  const exe = join(dir, "census-count");
  const lean = join(dir, "census-count-lean");
  const wasm = join(dir, "census-count-lean.wasm");
  execFileSync("gcc", ["-O2", "-o", exe, source]);
  execFileSync("gcc", ["-O2", "-DLEAN", "-o", lean, source]);
  const wasmFlags = ["--target=wasm32", "-O2", "-DLEAN", "-DWASM", "-nostdlib"];
  const exports = ["--no-entry", "--export=run", "--export=forced_moves"];
  try {
    execFileSync("clang", [...wasmFlags, ...exports.map((e) => `-Wl,${e}`), "-o", wasm, source]);
  } catch (error) {
    console.error(`needs clang with the wasm32 target and wasm-ld (apt-get install clang lld)`);
    throw error;
  }
  const forced = new Census(new Board(8, 8)).split.forcedMoves(bunch).flat().map(String);
  const sides = {
    c: [exe, "8", "8", ...forced],
    lean: [lean, "8", "8", ...forced],
    wasm: [process.execPath, fileURLToPath(import.meta.url), "--wasm", wasm, ...forced],
    js: [process.execPath, join(here, "census-compare.js"), "--child", "count", bunch],
  };
  const times = { c: [], lean: [], wasm: [], js: [] };
  let tours = "";
  for (let round = 0; round < rounds; round++) {
    for (const [key, [command, ...rest]] of Object.entries(sides)) {
      const words = execFileSync(command, rest, { encoding: "utf8" }).trim().split(" ");
      const seconds = Number(words.at(-1));
      if (tours === "") tours = words[0];
      if (words[0] !== tours) throw new Error(`${key}: ${words[0]} tours, expected ${tours}`);
      times[key].push(seconds);
    }
    const last = Object.entries(times).map(([k, t]) => `${k} ${t.at(-1).toFixed(2)} s`);
    console.log(`round ${round + 1}: ${last.join(", ")}`);
  }
  const c = median(times.c);
  const labels = {
    c: "C counter (gcc -O2)",
    lean: "C lean (gcc -O2)",
    wasm: "C lean as wasm",
    js: "JS count-only",
  };
  const results = {};
  console.log(`${bunch}: ${tours} tours; medians of ${rounds} rounds, CPU seconds of the search`);
  for (const key of Object.keys(times)) {
    const s = median(times[key]);
    results[key] = { cpuSeconds: s, ratio: s / c };
    console.log(`${labels[key].padEnd(22)} ${s.toFixed(2)} s  ratio ${(s / c).toFixed(2)}`);
  }
  if (process.argv.includes("--write")) {
    const report = {
      date: new Date().toISOString(),
      node: process.version,
      clang: execFileSync("clang", ["--version"], { encoding: "utf8" }).split("\n")[0],
      cpu: os.cpus()[0]?.model ?? "unknown",
      bunch,
      tours,
      rounds,
      cpuSeconds: times,
      results,
    };
    writeFileSync(
      join(here, "..", "census-wasm-results.json"),
      `${JSON.stringify(report, null, 2)}\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
