// Fers–wazir tours (OEIS A383153, A383154) counted by the sweep of src/count/alternating.ts,
// every board twice: the exact sweep (counts modulo 2^64, and prime lanes past it), and a second
// run modulo the first lane prime (`lane`), modulo 2^31 − 1 (`small`, --small: residues that
// wrap), or across the longer side (`long`, --long). Published
// terms are checked (exit 1 on a difference), new ones recorded.
//   npx tsx scripts/sweeps/fers-wazir.ts --antidiagonal 12        (the 12th: 2m×2n, m + n = 13)
//   npx tsx scripts/sweeps/fers-wazir.ts --boards 12x12,14x14 [--long] [--out FILE]
// Each board and check runs in its own process (so its peak memory is its own) and appends one
// JSON line to --out (default scripts/sweeps/fers-wazir.jsonl): board, check, count, CPU s, peak
// MB (the process's maximum resident set), peak states, commit. A board and check already in the
// file for this commit is skipped: the file is the checkpoint, a kill loses one board at most.
// Times: 12×12 about 10 s a check, 12×14 about 15 s, 14×14 a few minutes. Quoted by
// docs/results.md.
import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { countFersWazir } from "../../src/count/alternating.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import { boardSize, fail, numberOption, parseOptions } from "../lib/args.js";

const { values } = parseOptions({
  options: {
    antidiagonal: { type: "string" },
    boards: { type: "string" },
    long: { type: "boolean", default: false },
    small: { type: "boolean", default: false },
    out: { type: "string", default: "scripts/sweeps/fers-wazir.jsonl" },
    one: { type: "string" },
    check: { type: "string" },
  },
});

type Check = "sweep" | "lane" | "long" | "small";

/** The --small check's modulus, 2^31 − 1: counts past it wrap, unlike the lanes' 2^52 primes. */
const SMALL_PRIME = 2147483647;

interface Line {
  readonly board: string;
  readonly check: Check;
  readonly count: string;
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  readonly peakMB: number;
  readonly peakStates: number;
  readonly lanes: number;
  readonly commit: string;
}

/** A383153's data for 3 ≤ m ≤ n (m + n ≤ 11), as published except A(3,7). */
const ARRAY = new Map<string, bigint>([
  ["3,3", 22n],
  ["3,4", 124n],
  ["3,5", 818n],
  ["3,6", 6004n],
  ["3,7", 46448n],
  ["3,8", 367880n],
  ["4,4", 1620n],
  ["4,5", 25111n],
  ["4,6", 455219n],
  ["4,7", 9103712n],
  ["5,5", 882130n],
  ["5,6", 36979379n],
]);

if (values.one !== undefined) {
  // The child: one board, one check; prints its line.
  const [rows, cols] = boardSize(values.one);
  const check = values.check as Check;
  const began = performance.now();
  const cpu = process.cpuUsage();
  const result =
    check === "lane"
      ? countFersWazir(rows, cols, { lane: 1 })
      : check === "small"
        ? countFersWazir(rows, cols, { prime: SMALL_PRIME })
        : countFersWazir(rows, cols, { longWindow: check === "long" });
  const used = process.cpuUsage(cpu);
  const line = {
    count: String(result.count),
    cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(2)),
    wallSeconds: Number(((performance.now() - began) / 1000).toFixed(2)),
    peakMB: Math.round(process.resourceUsage().maxRSS / 1024),
    peakStates: result.peakStates,
    lanes: result.lanes,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
  process.exit(0);
}

const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
const boards: Array<[number, number]> = [];
if (values.antidiagonal !== undefined) {
  // The k-th antidiagonal of A383153 holds A(m, n) with m + n = k + 1.
  const d = numberOption(values.antidiagonal, "antidiagonal", 0) + 1;
  // A(m, n) = A(n, m) (transpose the board): m ≤ n suffices.
  for (let m = 1; m <= d - m; m++) boards.push([2 * m, 2 * (d - m)]);
}
for (const text of values.boards?.split(",") ?? []) boards.push(boardSize(text));
if (boards.length === 0) fail("give --antidiagonal D or --boards RxC,RxC");

const done = new Map<string, Line>();
if (existsSync(values.out)) {
  for (const text of readFileSync(values.out, "utf8").split("\n")) {
    if (text.trim() === "") continue;
    const line = JSON.parse(text) as Line;
    if (line.commit === commit) done.set(`${line.board} ${line.check}`, line);
  }
}

let wrong = 0;
for (const [rows, cols] of boards) {
  const board = `${rows}x${cols}`;
  const checks: Check[] = ["sweep", values.long ? "long" : values.small ? "small" : "lane"];
  const counts = new Map<Check, bigint>();
  for (const check of checks) {
    let line = done.get(`${board} ${check}`);
    if (line === undefined) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), "--one", board, "--check", check],
        { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
      );
      if (child.status !== 0) fail(`${board} ${check}: the child exited ${child.status}`);
      line = { board, check, ...JSON.parse(child.stdout), commit } as Line;
      appendFileSync(values.out, `${JSON.stringify(line)}\n`);
    }
    counts.set(check, BigInt(line.count));
    console.log(
      `${board} ${check}: ${line.count} (${line.cpuSeconds} s CPU, ${line.peakMB} MB, ${line.peakStates} states)`,
    );
  }
  const exact = counts.get("sweep")!;
  const second = counts.get(checks[1]!)!;
  const modulus = values.small ? BigInt(SMALL_PRIME) : BigInt(lanePrime(0));
  const agree = values.long ? second === exact : second === exact % modulus;
  const published = publishedValue(rows / 2, cols / 2);
  const verdict =
    published === undefined ? "new" : published === exact ? "= published" : "≠ PUBLISHED";
  if (!agree || verdict === "≠ PUBLISHED") wrong++;
  console.log(
    `${board}: ${exact} ${agree ? "(checks agree)" : "(CHECKS DISAGREE)"} ${verdict}${published !== undefined && published !== exact ? ` ${published}` : ""}`,
  );
}
process.exit(wrong > 0 ? 1 : 0);

/**
 * The published value of A(m, n) (2m × 2n), where one is known: A383153's data (antidiagonals
 * to m + n = 11, with A(3,7) = 46448 as its example row says; the data's 46488 is a typo),
 * A383154 (the diagonal to 12×12), row 1 (2 for 2×2, 1 for every longer 2×2n: the example's
 * row of ones) and column 2 from its published generating function
 * z(1 − 2z − z³)/((1 − z)(1 − 3z + z² − z³)).
 */
function publishedValue(m: number, n: number): bigint | undefined {
  if (!Number.isInteger(m) || !Number.isInteger(n)) return 0n;
  const [a, b] = m <= n ? [m, n] : [n, m];
  if (a === 1) return b === 1 ? 2n : 1n;
  if (a === 2) return columnTwo(b);
  if (a === b && a <= 6) return [2n, 2n, 22n, 1620n, 882130n, 3465050546n][a - 1];
  return ARRAY.get(`${a},${b}`);
}

/** A(2, n) from the generating function: a(n) = 4a(n−1) − 4a(n−2) + 2a(n−3) − a(n−4). */
function columnTwo(n: number): bigint {
  const a = [0n, 1n, 2n, 4n, 9n];
  for (let k = 5; k <= n; k++) a.push(4n * a[k - 1]! - 4n * a[k - 2]! + 2n * a[k - 3]! - a[k - 4]!);
  return a[n]!;
}
