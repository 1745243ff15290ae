// A frontier count past 2^64 run by lanes on the job queue against the same count in one process,
// whole processes: `knight count BOARD --closed --method frontier` alone, and the same with
// `--queue` followed while two `knight worker --workers 1` processes (started before, as on a
// cluster: two machines of one core) take its lanes. Rounds alternate; wall and CPU are
// /usr/bin/time's for the counts, /proc's for the workers (the lanes' CPU). Exit 1 if the
// queued count differs from the one in one process.
//   npm run build && npx tsx scripts/sweeps/queue-lanes.ts [--board 6x16] [--rounds 3]
// 6×16 closed (2 lanes of about 20 s of CPU each): about 6 minutes for 3 rounds. Quoted by: the qmod
// report (issue 33, "Many machines"); scripts/README.md lists it.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { RedisServer } from "../../test/helpers/redis-server.js";
import { fail, numberOption, parseOptions } from "../lib/args.js";
import { cpuSeconds, knight, waitFor } from "./queue-lib.js";

const { values } = parseOptions({
  options: { board: { type: "string" }, rounds: { type: "string" } },
});
const board = values.board ?? "6x16";
if (!/^\d+x\d+$/.test(board)) fail(`--board takes RxC, not ${board}`);
const rounds = numberOption(values.rounds, "rounds", 3);
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

/** `knight …` under /usr/bin/time: its output, wall and CPU seconds. */
function timed(args: readonly string[]): Promise<{ stdout: string; wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn("/usr/bin/time", ["-f", "TIME %e %U %S", process.execPath, bin, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("close", (code) => {
      const line = /TIME ([\d.]+) ([\d.]+) ([\d.]+)/.exec(stderr);
      if (code !== 0 || !line)
        reject(new Error(`knight ${args.join(" ")}: exit ${code}: ${stderr}`));
      else resolve({ stdout, wall: Number(line[1]), cpu: Number(line[2]) + Number(line[3]) });
    });
  });
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const server = await RedisServer.start();
const { Redis } = await import("ioredis");
const client = new Redis(server.url);
const count = ["count", board, "--closed", "--method", "frontier", "--json"];
const rows: { local: number[]; queued: number[] } = { local: [], queued: [] };
console.log(
  `# ${new Date().toISOString()} ${board} closed, load ${(await loadAverage()).join(" ")}`,
);
console.log(
  "| round | one process: wall, CPU (s) | queue, 2 workers: wall, CPU (s) | wall ratio |",
);
console.log("|---|---|---|---|");
try {
  for (let round = 1; round <= rounds; round++) {
    const local = await timed(count);
    await client.flushall();
    const workers = [knight(["worker", server.url, "--workers", "1"])];
    workers.push(knight(["worker", server.url, "--workers", "1"]));
    await waitFor(() => workers.every((w) => w.stderr().includes("taking jobs")));
    const before = workers.map((w) => cpuSeconds(w.child.pid));
    const queued = await timed([...count, "--queue", server.url]);
    const lanesCpu = workers.reduce((s, w, i) => s + cpuSeconds(w.child.pid) - before[i]!, 0);
    for (const w of workers) w.child.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));
    if (JSON.parse(queued.stdout).count !== JSON.parse(local.stdout).count) {
      console.error(
        `round ${round}: the queue counted ${queued.stdout}, one process ${local.stdout}`,
      );
      process.exitCode = 1;
    }
    const cpu = queued.cpu + lanesCpu;
    rows.local.push(local.wall);
    rows.queued.push(queued.wall);
    console.log(
      `| ${round} | ${local.wall.toFixed(1)}, ${local.cpu.toFixed(1)} | ${queued.wall.toFixed(1)}, ${cpu.toFixed(1)} | ${(queued.wall / local.wall).toFixed(2)} |`,
    );
  }
  console.log(
    `median wall: one process ${median(rows.local).toFixed(1)} s, queue ${median(rows.queued).toFixed(1)} s; load now ${(await loadAverage()).join(" ")}; count ${board} closed`,
  );
} finally {
  client.disconnect();
  await server.dispose();
}

async function loadAverage(): Promise<string[]> {
  const { loadavg } = await import("node:os");
  return loadavg().map((x) => x.toFixed(2));
}
