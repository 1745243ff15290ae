// The census through the job queue against the embedded census, with a worker killed halfway:
// starts a redis-server (append-only file on), two `knight worker` processes, and a coordinator
// `knight census BOARD --queue URL --json`; when half the subproblems have results, worker 1 is
// SIGKILLed and a third worker started. The coordinator's JSON must equal the embedded
// `censusParallel` (same selection, same threads) field for field.
//   npm run build && npx tsx scripts/sweeps/queue-census.ts [--board 6x8] [--threads 1]
//       [--bunches NAMES | --range I:J | --empty-200]
// --empty-200 (8×8 only): 200 bunches — the 198 that are empty (names αlβl, lαlβ) and CFgd and
// BDih (165,504 and 2,406,521 tours). 6x8 takes about twice its census's CPU (66 s each way);
// a slice of 200 consecutive 8×8 bunches is hours of CPU (docs/cluster.md). Exit 1 on a
// mismatch. Quoted by: docs/cluster.md, "What it has been checked on".
import { Census, censusJson } from "../../src/census/index.js";
import { Board } from "../../src/core/index.js";
import { censusParallel } from "../../src/node/index.js";
import { RedisServer } from "../../test/helpers/redis-server.js";
import { boardSize, fail, measureAsync, numberOption, parseOptions } from "../lib/args.js";
import { cpuSeconds, knight, waitFor } from "./queue-lib.js";

const { values } = parseOptions({
  options: {
    board: { type: "string", default: "6x8" },
    threads: { type: "string" },
    bunches: { type: "string" },
    range: { type: "string" },
    "empty-200": { type: "boolean", default: false },
  },
});
const [rows, cols] = boardSize(values.board);
const board = new Board(rows, cols);
const threads = numberOption(values.threads, "threads", 1);
const census = new Census(board);
const all = census.subproblems().map((e) => e.name);
let names = all;
let selection: string[] = [];
if (values["empty-200"]) {
  if (board.label !== "8x8") fail("--empty-200 is a selection of 8×8 bunches");
  names = [...all.filter((name) => /^.l.l$|^l.l.$/.test(name)), "CFgd", "BDih"];
  selection = ["--bunches", names.join(",")];
} else if (values.bunches !== undefined) {
  names = values.bunches.split(",");
  selection = ["--bunches", values.bunches];
} else if (values.range !== undefined) {
  const [i, j] = values.range.split(":").map(Number) as [number, number];
  names = all.slice(i, j);
  selection = ["--range", values.range];
}
const label = values["empty-200"]
  ? "200 bunches (198 empty, CFgd, BDih)"
  : (values.bunches ?? values.range ?? "all");

const server = await RedisServer.start();
try {
  const run = `knight:census/${board.label}/${census.split.id}/stats:log`;
  const { Redis } = await import("ioredis");
  const client = new Redis(server.url);
  const results = async (): Promise<number> => client.llen(run);
  const began = performance.now();
  const worker = () => knight(["worker", server.url, "--workers", String(threads), "--lock", "10"]);
  const w1 = worker();
  const w2 = worker();
  const coordinator = knight([
    "census",
    board.label,
    ...selection,
    "--queue",
    server.url,
    "--json",
  ]);
  await waitFor(async () => (await results()) >= Math.ceil(names.length / 2));
  const killedCpu = cpuSeconds(w1.child.pid);
  w1.child.kill("SIGKILL");
  console.error(
    `worker 1 SIGKILLed at ${await results()} of ${names.length} results (${killedCpu} s CPU)`,
  );
  const w3 = worker();
  const done = await coordinator.exited;
  const queueWall = (performance.now() - began) / 1000;
  const queueCpu = killedCpu + cpuSeconds(w2.child.pid) + cpuSeconds(w3.child.pid);
  for (const w of [w2, w3]) w.child.kill("SIGTERM");
  await Promise.all([w2.exited, w3.exited]);
  client.disconnect();
  if (done.code !== 0) fail(`coordinator exit ${done.code}: ${done.stderr}`);
  const embedded = await measureAsync(() =>
    censusParallel(board, {
      names: values.range || values.bunches || values["empty-200"] ? names : undefined,
      workers: 2 * threads,
    }),
  );
  const expected = `${JSON.stringify(censusJson(board, embedded.result.names.length, embedded.result.totals))}\n`;
  const same = done.stdout === expected;
  const json = JSON.parse(done.stdout) as { tours: string; done: number };
  console.log(
    "| board | selection | subproblems | tours | queue: wall, worker CPU | embedded: wall, CPU | same JSON |",
  );
  console.log("|---|---|---|---|---|---|---|");
  console.log(
    `| ${board.label} | ${label} | ${json.done} | ${json.tours} | ${queueWall.toFixed(0)} s, ${queueCpu.toFixed(0)} s | ${embedded.wall.toFixed(0)} s, ${embedded.cpu.toFixed(0)} s | ${same ? "yes" : "NO"} |`,
  );
  if (!same) process.exitCode = 1;
} finally {
  await server.dispose();
}
