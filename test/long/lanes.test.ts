// `npm run test:long`: a frontier count's lanes as queue jobs, through a real redis-server (about
// 13 s: whole sweeps run several times). Lane splitting itself is in the fast suite
// (test/count/frontier-split.test.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { laneModulus } from "../../src/count/frontier-split.js";
import { QUEUE_NAME } from "../../src/node/queue/jobs.js";
import { canonicalJson, ResultStore } from "../../src/node/queue/results.js";
import { runQueueWorker } from "../../src/node/queue/worker.js";
import { runCli } from "../helpers/cli.js";
import { RedisServer } from "../helpers/redis-server.js";

// A frontier count's lanes as jobs, against a real redis-server, with real `knight worker`
// processes where one must die. Worker threads run the compiled dist/ (npm test builds it).
// Nothing here asserts on time: each step polls for the state it waits for.

const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));
const LONG = 150_000;

let server: RedisServer;
let client: Redis;
let queue: Queue;

beforeAll(async () => {
  server = await RedisServer.start();
  client = new Redis(server.url, { maxRetriesPerRequest: null });
  client.on("error", () => {});
  queue = new Queue(QUEUE_NAME, { connection: { host: "127.0.0.1", port: server.port } });
  queue.on("error", () => {});
});

afterAll(async () => {
  await queue?.close();
  client?.disconnect();
  await server?.dispose();
});

beforeEach(async () => {
  await client.flushall();
});

/** `knight …` as a child process. */
function knight(args: string[]): {
  child: ChildProcess;
  exited: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr })),
  );
  return { child, exited };
}

async function waitFor(what: string, ready: () => Promise<boolean> | boolean): Promise<void> {
  const began = Date.now();
  while (!(await ready())) {
    if (Date.now() - began > 120_000) throw new Error(`waited 120 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An in-process worker (its jobs on worker threads); `stop` aborts it. */
function worker(concurrency = 2) {
  const controller = new AbortController();
  const lines: string[] = [];
  const done = runQueueWorker({
    url: server.url,
    concurrency,
    lockMs: 2000,
    signal: controller.signal,
    log: (line) => lines.push(line),
  });
  return {
    lines,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

async function runJobs(prefix: string): Promise<Job[]> {
  const jobs = await queue.getJobs(["completed", "failed", "active", "waiting", "delayed"]);
  return jobs.filter((job) => job.id?.startsWith(prefix));
}

// 4×30 open tours past 2^64 (1.6·10^20 undirected): lane 0's bound asks for two primes, so the
// third lane is sent only once lane 0 is done. 5×24 closed likewise, with longer lanes.
const OPEN_4x30 = ["count", "4x30", "--undirected", "--method", "frontier"];
const RUN_4x30 = "count/4x30/open/from-1/to-1/undirected/any/frontier-lanes";
const CLOSED_5x24 = ["count", "5x24", "--closed", "--method", "frontier"];
const RUN_5x24 = "count/5x24/closed/from-1/to-1/undirected/any/frontier-lanes";

describe("a frontier count's lanes on the queue", () => {
  test(
    "equal the count in one process; --status from another process agrees; each lane runs once",
    async () => {
      const reference = await runCli([...OPEN_4x30, "--json"]);
      expect(reference.code).toBe(0);
      expect(BigInt(JSON.parse(reference.stdout).count)).toBeGreaterThan(2n ** 64n);
      const w = worker();
      const queued = await runCli([...OPEN_4x30, "--queue", server.url, "--json"]);
      expect([queued.code, queued.stderr]).toEqual([0, ""]);
      expect(queued.stdout).toBe(reference.stdout);
      const status = knight([...OPEN_4x30, "--queue", server.url, "--status", "--json"]);
      expect(await status.exited).toEqual({ code: 0, stdout: reference.stdout, stderr: "" });
      // Lanes 0, 1 and 2 (the one lane 0's bound asked for), each run and stored once.
      expect(await client.lrange(`knight:${RUN_4x30}:log`, 0, -1)).toEqual(
        expect.arrayContaining(["s0l0", "s0l1", "s0l2"]),
      );
      expect(await client.llen(`knight:${RUN_4x30}:log`)).toBe(3);
      const jobs = await runJobs(`${RUN_4x30}/`);
      expect(jobs.map((job) => job.id!.slice(RUN_4x30.length + 1)).sort()).toEqual([
        "s0l0",
        "s0l1",
        "s0l2",
      ]);
      expect(jobs.every((job) => job.attemptsStarted === 1)).toBe(true);
      const results = await client.hgetall(`knight:${RUN_4x30}:results`);
      const lane0 = JSON.parse(results.s0l0!);
      expect(lane0.modulus).toBe((2n ** 64n).toString());
      expect(BigInt(lane0.bound)).toBeGreaterThan(2n ** 64n);
      expect(JSON.parse(results.s0l2!).modulus).toBe(laneModulus(2).toString());
      await w.stop();
      expect(w.lines.filter((line) => line.includes("(frontier, by lanes)"))).toHaveLength(3);
    },
    LONG,
  );

  test(
    "detached: the worker that finishes lane 0 sends the prime lanes, and a worker SIGKILLed mid-lane loses nothing",
    async () => {
      const reference = runCli([...CLOSED_5x24, "--json"]);
      const detached = await runCli([...CLOSED_5x24, "--queue", server.url, "--detach"]);
      expect(detached.code).toBe(0);
      expect(detached.stderr).toMatch(/2 lanes without a result are on the queue/);
      const w1 = knight(["worker", server.url, "--workers", "1", "--lock", "1"]);
      await waitFor("a lane running", async () => (await queue.getActiveCount()) > 0);
      const [running] = (await queue.getActive()).map((job) => job.id!);
      const lane = running!.slice(RUN_5x24.length + 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      w1.child.kill("SIGKILL");
      await w1.exited;
      // Killed mid-lane: the lane has no result.
      expect(await client.hexists(`knight:${RUN_5x24}:results`, lane)).toBe(0);
      const status = await runCli([...CLOSED_5x24, "--queue", server.url, "--status"]);
      expect([status.code, status.stdout]).toEqual([0, ""]);
      expect(status.stderr).toMatch(/[01] of 2 lanes done/);
      // A second worker takes the dead worker's lane once its lock expires; nobody follows.
      const w2 = worker(2);
      await waitFor("three lanes", async () => (await client.llen(`knight:${RUN_5x24}:log`)) === 3);
      const again = await runCli([...CLOSED_5x24, "--queue", server.url, "--json"]);
      expect([again.code, again.stderr]).toEqual([0, ""]);
      expect(again.stdout).toBe((await reference).stdout);
      const job = (await queue.getJob(running!))!;
      expect(await job.getState()).toBe("completed");
      expect(job.attemptsStarted).toBeGreaterThanOrEqual(2);
      expect(await client.llen(`knight:${RUN_5x24}:log`)).toBe(3);
      await w2.stop();
    },
    LONG,
  );

  test("lanes that do not fit together, or a lane completed twice differently, exit 70", async () => {
    // 3×4 open: 8 undirected paths; lane 0 is exact, and lane 1 must agree modulo its prime.
    const args = ["count", "3x4", "--undirected", "--method", "frontier"];
    const run = "count/3x4/open/from-1/to-1/undirected/any/frontier-lanes";
    const store = new ResultStore(client, run);
    const lane = (l: number, residue: bigint): string =>
      canonicalJson({
        sweep: 0,
        lane: l,
        modulus: laneModulus(l).toString(),
        residue: residue.toString(),
        bound: "0",
      });
    await store.record("s0l0", lane(0, 8n), 1);
    await store.record("s0l1", lane(1, 9n), 1);
    const mismatch = await runCli([...args, "--queue", server.url, "--status"]);
    expect(mismatch.code).toBe(70);
    expect(mismatch.stderr).toMatch(/RESULTS DISAGREE: sweep .*lane 1 counted 9 modulo/);
    await client.flushall();
    await store.record("s0l0", lane(0, 8n), 1);
    await store.record("s0l1", lane(1, 8n), 1);
    expect((await store.record("s0l1", lane(1, 7n), 1)).kind).toBe("conflict");
    const conflict = await runCli([...args, "--queue", server.url, "--status"]);
    expect(conflict.code).toBe(70);
    expect(conflict.stderr).toMatch(/RESULTS DISAGREE: 1 lane\(s\) were run twice.*\(s0l1\)/);
    expect(conflict.stdout).toBe("8\n");
  });

  test("bad combinations exit 2 naming the flag", async () => {
    const url = server.url;
    const threads = await runCli([...CLOSED_5x24, "--queue", url, "--threads", "2"]);
    expect(threads.code).toBe(2);
    expect(threads.stderr).toMatch(/--threads 2: with --queue each lane .* drop --threads/);
    const file = join(tmpdir(), `knight-lanes-${process.pid}.ckpt`);
    const checkpoint = await runCli([...CLOSED_5x24, "--queue", url, "--checkpoint", file]);
    expect(checkpoint.code).toBe(2);
    expect(checkpoint.stderr).toMatch(
      /--checkpoint .*knight-lanes-\d+\.ckpt: .* drop --checkpoint/,
    );
    expect(existsSync(file)).toBe(false);
    const dlx = await runCli(["count", "4x5", "--method", "dlx", "--queue", url]);
    expect(dlx.code).toBe(2);
    expect(dlx.stderr).toMatch(
      /backtrack or mates \(subproblems\) or frontier .*dlx is one search/,
    );
    expect(await client.dbsize()).toBe(0);
  });
});
