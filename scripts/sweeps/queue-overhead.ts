// What the job queue costs against the embedded worker-thread pool on the same cores: the same
// census subproblems run by censusParallel (2 threads) and through Redis by one `knight worker
// --workers 2` process (kept running, as on a cluster), rounds alternating, medians of the ratios.
// Two cases: subproblems of a second or more (6×8: AA, Kk, bB, cx, ey, yy), and the 214 tiny
// ones of the 6×6 census (a few ms each: the per-job cost shows as jobs/s).
//   npm run build && npx tsx scripts/sweeps/queue-overhead.ts [--rounds 3]
// About 2 minutes on the shared machine. Wall times are only compared within a round (same
// load); CPU is the worker process's (/proc) plus this process's. Exit 1 if a queued census
// differs from the embedded one. Quoted by: docs/cluster.md, "What it costs".
import { Board } from "../../src/core/index.js";
import { censusOnQueue, censusParallel } from "../../src/node/index.js";
import { RedisServer } from "../../test/helpers/redis-server.js";
import { measureAsync, numberOption, parseOptions } from "../lib/args.js";
import { cpuSeconds, knight, waitFor } from "./queue-lib.js";

const { values } = parseOptions({ options: { rounds: { type: "string" } } });
const rounds = numberOption(values.rounds, "rounds", 3);

const cases = [
  {
    label: "6×8, 6 subproblems of 1–3 s",
    board: new Board(6, 8),
    names: ["AA", "Kk", "bB", "cx", "ey", "yy"],
  },
  { label: "6×6, all 214 subproblems (ms each)", board: new Board(6, 6), names: undefined },
];

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const server = await RedisServer.start();
const { Redis } = await import("ioredis");
const client = new Redis(server.url);
const worker = knight(["worker", server.url, "--workers", "2"]);
await waitFor(() => worker.stderr().includes("taking jobs"));
console.log("| case | round | embedded wall, CPU | queue wall, CPU | wall ratio | jobs/s queued |");
console.log("|---|---|---|---|---|---|");
try {
  for (const c of cases) {
    const ratios: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      const embedded = await measureAsync(() =>
        censusParallel(c.board, { names: c.names, workers: 2 }),
      );
      await client.flushall();
      const workerCpu = cpuSeconds(worker.child.pid);
      const queued = await measureAsync(() =>
        censusOnQueue(c.board, { names: c.names }, { url: server.url, mode: "follow", pollMs: 50 }),
      );
      const queueCpu = queued.cpu + cpuSeconds(worker.child.pid) - workerCpu;
      if (
        queued.result.totals.tours !== embedded.result.totals.tours ||
        queued.result.totals.done !== embedded.result.totals.done
      ) {
        console.error(`${c.label}: the queued census differs from the embedded one`);
        process.exitCode = 1;
      }
      const ratio = queued.wall / embedded.wall;
      ratios.push(ratio);
      const jobs = queued.result.totals.done;
      console.log(
        `| ${c.label} | ${round} | ${embedded.wall.toFixed(2)} s, ${embedded.cpu.toFixed(2)} s | ${queued.wall.toFixed(2)} s, ${queueCpu.toFixed(2)} s | ${ratio.toFixed(3)} | ${(jobs / queued.wall).toFixed(0)} |`,
      );
    }
    console.log(`| ${c.label} | median | | | ${median(ratios).toFixed(3)} | |`);
  }
} finally {
  worker.child.kill("SIGTERM");
  await worker.exited;
  client.disconnect();
  await server.dispose();
}
