#!/usr/bin/env node
// The frontier sweep against plain C sweeps of the same algorithm, compiled here into a temporary
// folder: bench/peers/frontier-count.c (gcc -O2; no mirror folding, the textbook program) and
// bench/peers/frontier-strong.c (gcc -O2 -march=native; mirror states folded, as the JS sweep
// does — the baseline to quote), in the same run, CPU times (the machine is shared: wall time
// would measure the other jobs):
//   npm run build && node bench/peers/frontier-compare.js [ROWSxCOLS] [ROUNDS] [cycle|path]
// Default 8x6 (6×8 closed tours, 55,488,142), 3 rounds. Prints the two C programs, the sweep as
// shipped (modulo 2^64, mirror states folded at row ends: in WebAssembly up to 6 wide), the
// JavaScript loop of the same (loop "narrow"), the JavaScript loop without folding (the plain C
// program's algorithm) and the exact JS sweep (three limbs, the previous engine), alternating,
// then the ratios of the medians (against the strong C program; the plain one's ratio in
// brackets).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { frontierCount, frontierCountExact } from "../../dist/engines.js";

const here = dirname(fileURLToPath(import.meta.url));
const [rows, cols] = (process.argv[2] ?? "8x6").split("x").map(Number);
const rounds = Number(process.argv[3] ?? 3);
const mode = process.argv[4] ?? "cycle";
const dir = mkdtempSync(join(tmpdir(), "frontier-peer-"));
const exe = join(dir, "frontier-count");
const strongExe = join(dir, "frontier-strong");
const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
try {
  execFileSync("gcc", ["-O2", "-o", exe, join(here, "frontier-count.c")]);
  execFileSync("gcc", ["-O2", "-march=native", "-o", strongExe, join(here, "frontier-strong.c")]);
  const times = { c: [], strong: [], wasm: [], js: [], plain: [], exact: [] };
  let count = "";
  for (let round = 0; round < rounds; round++) {
    const [cCount, , cSeconds] = execFileSync(exe, [String(rows), String(cols), mode], {
      encoding: "utf8",
    })
      .trim()
      .split(" ");
    times.c.push(Number(cSeconds));
    count = cCount;
    const [strongCount, , strongSeconds] = execFileSync(
      strongExe,
      [String(rows), String(cols), mode],
      {
        encoding: "utf8",
      },
    )
      .trim()
      .split(" ");
    if (strongCount !== cCount) throw new Error(`strong C: ${strongCount}, C says ${cCount}`);
    times.strong.push(Number(strongSeconds));
    for (const [name, fn, fold, loop] of [
      ["wasm", frontierCount, true, "fastest"],
      ["js", frontierCount, true, "narrow"],
      ["plain", frontierCount, false, "narrow"],
      ["exact", frontierCountExact, false, undefined],
    ]) {
      const began = cpu();
      const result = fn(rows, cols, { mode, fold, loop });
      times[name].push(cpu() - began);
      if (String(result.count) !== cCount) {
        throw new Error(`${name}: ${result.count}, C says ${cCount}`);
      }
    }
    console.log(
      `round ${round + 1}: C ${times.c.at(-1).toFixed(2)} s, strong C ${times.strong.at(-1).toFixed(2)} s, as shipped ${times.wasm.at(-1).toFixed(2)} s, JS ${times.js.at(-1).toFixed(2)} s, JS not folded ${times.plain.at(-1).toFixed(2)} s, JS exact ${times.exact.at(-1).toFixed(2)} s (CPU)`,
    );
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const plainC = median(times.c);
  const c = median(times.strong);
  const also = (js) => ` (${(js / plainC).toFixed(2)})`;
  console.log(`${rows}x${cols} ${mode}: ${count}`);
  console.log(`C sweep, plain     ${plainC.toFixed(2)} s`);
  console.log(`C sweep, strong    ${c.toFixed(2)} s`);
  console.log(
    `as shipped         ${median(times.wasm).toFixed(2)} s  ratio ${(median(times.wasm) / c).toFixed(2)}${also(median(times.wasm))}`,
  );
  console.log(
    `JS, modulo 2^64    ${median(times.js).toFixed(2)} s  ratio ${(median(times.js) / c).toFixed(2)}${also(median(times.js))}`,
  );
  console.log(
    `JS, not folded     ${median(times.plain).toFixed(2)} s  ratio ${(median(times.plain) / c).toFixed(2)}${also(median(times.plain))}`,
  );
  console.log(
    `JS, exact (limbs)  ${median(times.exact).toFixed(2)} s  ratio ${(median(times.exact) / c).toFixed(2)}${also(median(times.exact))}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
