import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Job, Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { Census } from "../../../src/census/index.js";
import { Board } from "../../../src/core/board.js";
import { type ExecuteJob, threadExecutor } from "../../../src/node/queue/execute.js";
import { JOB_APP, JOB_VERSION, QUEUE_NAME, subproblemOf } from "../../../src/node/queue/jobs.js";
import { canonicalJson } from "../../../src/node/queue/results.js";
import { JobThreads } from "../../../src/node/queue/threads.js";
import { JOB_ATTEMPTS, runQueueWorker } from "../../../src/node/queue/worker.js";
import { runCli } from "../../helpers/cli.js";
import { freePort, RedisServer } from "../../helpers/redis-server.js";

// Every fault against a real redis-server (Debian's, see .ci/run), with real `knight worker`
// processes where a process must die. Worker threads run the compiled dist/ (npm test builds it).
// Nothing here asserts on time: each step polls for the state it waits for.

const bin = fileURLToPath(new URL("../../../bin/knight.js", import.meta.url));
const LONG = 150_000;

let server: RedisServer;
let client: Redis;
let queue: Queue;
let embedded6: string;
const dir = mkdtempSync(join(tmpdir(), "knight-queue-"));

beforeAll(async () => {
  server = await RedisServer.start();
  client = new Redis(server.url, { maxRetriesPerRequest: null });
  client.on("error", () => {});
  queue = new Queue(QUEUE_NAME, { connection: { host: "127.0.0.1", port: server.port } });
  queue.on("error", () => {});
  const reference = await runCli(["census", "6", "--json", "--workers", "2"]);
  expect(reference.code).toBe(0);
  embedded6 = reference.stdout;
});

afterAll(async () => {
  await queue?.close();
  client?.disconnect();
  await server?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.flushall();
});

/** Workers a test started and did not stop, because it failed before its end. */
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) child.kill("SIGKILL");
  children.clear();
});

interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `knight …` as a child process. */
function knight(args: string[]): {
  child: ChildProcess;
  exited: Promise<Exited>;
  stderr(): string;
} {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  child.once("exit", () => children.delete(child));
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<Exited>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, exited, stderr: () => stderr };
}

async function waitFor(what: string, ready: () => Promise<boolean> | boolean): Promise<void> {
  const began = Date.now();
  while (!(await ready())) {
    if (Date.now() - began > 120_000) throw new Error(`waited 120 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An in-process worker; `stop` aborts it and resolves with its summary. */
function worker(options: { execute?: ExecuteJob; renewLocks?: boolean; lockMs?: number } = {}) {
  const controller = new AbortController();
  const lines: string[] = [];
  const done = runQueueWorker({
    url: server.url,
    concurrency: 1,
    lockMs: options.lockMs ?? 2000,
    signal: controller.signal,
    log: (line) => lines.push(line),
    execute: options.execute,
    renewLocks: options.renewLocks,
  });
  return {
    lines,
    stop: async () => {
      controller.abort();
      return done;
    },
  };
}

const logLength = (run: string): Promise<number> => client.llen(`knight:${run}:log`);
const CENSUS6 = "census/6x6/centre-6x6-v1/stats";

async function runJobs(prefix: string): Promise<Job[]> {
  const jobs = await queue.getJobs(["completed", "failed", "active", "waiting", "delayed"]);
  return jobs.filter((job) => job.id?.startsWith(prefix));
}

describe("the census through the queue", () => {
  test(
    "a coordinator killed and restarted reattaches and finishes: same summary, nothing run twice",
    async () => {
      const url = server.url;
      const w = knight(["worker", url, "--workers", "2", "--lock", "2"]);
      const first = knight(["census", "6", "--queue", url, "--json"]);
      await waitFor("30 results", async () => (await logLength(CENSUS6)) >= 30);
      first.child.kill("SIGKILL");
      expect((await first.exited).signal).toBe("SIGKILL");
      const journal = join(dir, "6x6.ndjson");
      const again = await runCli(["census", "6", "--queue", url, "--json", "--journal", journal]);
      expect(again.stderr).toBe("");
      expect(again.code).toBe(0);
      expect(again.stdout).toBe(embedded6);
      // The journal mirrors the results: a local census with it has nothing left to run.
      expect(readFileSync(journal, "utf8").trimEnd().split("\n")).toHaveLength(1 + 214);
      const local = await runCli([
        "census",
        "6",
        "--journal",
        journal,
        "--json",
        "--time-limit",
        "0.001",
      ]);
      expect([local.code, local.stdout]).toEqual([0, embedded6]);
      // A third run, and --status from "another machine", add nothing and say the same.
      expect((await runCli(["census", "6", "--queue", url, "--json"])).stdout).toBe(embedded6);
      const status = await runCli(["census", "6", "--queue", url, "--status", "--json"]);
      expect([status.code, status.stdout]).toEqual([0, embedded6]);
      expect(await logLength(CENSUS6)).toBe(214);
      const jobs = await runJobs(`${CENSUS6}/`);
      expect(jobs).toHaveLength(214);
      expect(jobs.every((job) => job.attemptsStarted === 1)).toBe(true);
      // A count through the same workers: the same number as the embedded count.
      const checkpoint = join(dir, "6x6.ckpt");
      const counted = await runCli([
        "count",
        "6",
        "--closed",
        "--method",
        "backtrack",
        "--queue",
        url,
        "--checkpoint",
        checkpoint,
      ]);
      expect([counted.code, counted.stdout]).toEqual([0, "9862\n"]);
      // …and its checkpoint mirrors the subproblems' counts for a local rerun.
      const resumed = await runCli([
        "count",
        "6",
        "--closed",
        "--method",
        "backtrack",
        "--checkpoint",
        checkpoint,
      ]);
      expect([resumed.code, resumed.stdout]).toEqual([0, "9862\n"]);
      w.child.kill("SIGTERM");
      const stopped = await w.exited;
      expect(stopped.code).toBe(0);
      expect(stopped.stderr).toMatch(
        /census 6x6 \(centre-6x6-v1, with statistics\) \w+: \d+ tours/,
      );
      expect(stopped.stderr).toMatch(
        /count 6x6 closed \(backtrack, \d+ subproblems\) subproblem \d+: \d+ tours/,
      );
      expect(stopped.stderr).toMatch(/stopped: \d+ job\(s\) done/);
    },
    LONG,
  );

  test(
    "a worker SIGKILLed mid-job: its job is taken again after its lock expires, the total unchanged",
    async () => {
      const url = server.url;
      // Four 6×8 subproblems of about a second each, so the kill lands inside one.
      const bunches = "AA,Ay,FA,Kk";
      const reference = runCli(["census", "6x8", "--bunches", bunches, "--json", "--workers", "1"]);
      const run = `census/6x8/centre-6x8-v1/stats`;
      const coordinator = runCli(["census", "6x8", "--bunches", bunches, "--queue", url, "--json"]);
      let orphans: string[] = [];
      for (let tries = 0; orphans.length === 0; tries++) {
        expect(tries).toBeLessThan(4);
        const w1 = knight(["worker", url, "--workers", "1", "--lock", "2"]);
        await waitFor("a job running", async () => (await queue.getActiveCount()) > 0);
        w1.child.kill("SIGKILL");
        await w1.exited;
        // Jobs still active now belong to the dead worker: nobody else runs.
        orphans = (await queue.getActive()).map((job) => job.id!);
      }
      const w2 = knight(["worker", url, "--workers", "2", "--lock", "2"]);
      const result = await coordinator;
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toBe((await reference).stdout);
      expect(JSON.parse(result.stdout).done).toBe(4);
      for (const id of orphans) {
        const job = (await queue.getJob(id))!;
        expect(await job.getState()).toBe("completed");
        expect(job.attemptsStarted).toBeGreaterThanOrEqual(2);
      }
      expect(await logLength(run)).toBe(4);
      w2.child.kill("SIGTERM");
      expect((await w2.exited).code).toBe(0);
    },
    LONG,
  );

  test(
    "Redis restarted mid-run (append-only file): the run finishes with the right summary",
    async () => {
      const url = server.url;
      const w = knight(["worker", url, "--workers", "2", "--lock", "5"]);
      const coordinator = runCli(["census", "6", "--queue", url, "--json"]);
      await waitFor("40 results", async () => (await logLength(CENSUS6)) >= 40);
      await server.restart();
      const result = await coordinator;
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(embedded6);
      w.child.kill("SIGTERM");
      expect((await w.exited).code).toBe(0);
    },
    LONG,
  );

  test(
    "a subproblem that throws is retried, then failed with its reason; --retry-failed runs it again",
    async () => {
      const threads = new JobThreads(1);
      const normal = threadExecutor(threads);
      const faulty = worker({
        execute: (job, onVisited, signal) =>
          job.kind === "census" && job.name === "AB"
            ? Promise.reject(new Error("simulated fault in AB"))
            : normal(job, onVisited, signal),
      });
      const failed = await runCli(["census", "6", "--queue", server.url]);
      expect(failed.code).toBe(75);
      expect(failed.stderr).toMatch(/1 of 214 subproblems failed: AB \(simulated fault in AB\)/);
      expect(failed.stderr).toContain("--retry-failed");
      expect(failed.stdout).toMatch(/213 of 214 subproblems done/);
      const job = (await queue.getJob(`${CENSUS6}/AB`))!;
      expect(await job.getState()).toBe("failed");
      expect(job.attemptsMade).toBe(JOB_ATTEMPTS);
      expect(faulty.lines.filter((l) => l.includes("simulated fault in AB"))).toHaveLength(
        JOB_ATTEMPTS,
      );
      // The status says so too; a plain rerun does not resend a failed job…
      const status = await runCli(["census", "6", "--queue", server.url, "--status"]);
      expect(status.code).toBe(0);
      expect(status.stderr).toMatch(/213 of 214 subproblems done; 1 failed: AB/);
      await faulty.stop();
      await threads.close();
      // …--retry-failed does.
      const good = worker();
      const retried = await runCli([
        "census",
        "6",
        "--queue",
        server.url,
        "--retry-failed",
        "--json",
      ]);
      expect(retried.code).toBe(0);
      expect(retried.stdout).toBe(embedded6);
      await good.stop();
    },
    LONG,
  );

  test(
    "a job completed twice (a stalled worker whose lock expired) is counted once; a different second result is a loud error",
    async () => {
      const census = new Census(new Board(6, 6));
      const resultOf = (name: string) => {
        const run = census.runSubproblem(name);
        if (run.status !== "done") throw new Error(run.status);
        return run.result;
      };
      for (const [name, tamper] of [
        ["FE", false],
        ["FG", true],
      ] as const) {
        // Worker A takes the job and never renews its lock: it is "slow" until released.
        let release: ((json: string) => void) | undefined;
        const a = worker({
          renewLocks: false,
          lockMs: 1000,
          execute: () =>
            new Promise((resolve) => {
              release = (json) => resolve({ json, ms: 1, summary: "late" });
            }),
        });
        const sent = await runCli([
          "census",
          "6",
          "--bunches",
          name,
          "--queue",
          server.url,
          "--detach",
        ]);
        expect(sent.code).toBe(0);
        expect(sent.stderr).toMatch(/1 subproblems without a result are on the queue/);
        await waitFor("worker A to take the job", () => release !== undefined);
        // Worker B sees the expired lock, takes the job again and completes it.
        const b = worker({ lockMs: 1000 });
        const run = CENSUS6;
        await waitFor("worker B's result", async () => (await logLength(run)) === 1);
        const genuine = resultOf(name);
        release!(
          canonicalJson(
            tamper ? { ...genuine, tours: String(BigInt(genuine.tours) + 1n) } : genuine,
          ),
        );
        await waitFor("worker A's report", () =>
          a.lines.some((l) => l.includes(tamper ? "RESULTS DISAGREE" : "counted once")),
        );
        await a.stop();
        await b.stop();
        expect(await logLength(run)).toBe(1);
        const reference = await runCli(["census", "6", "--bunches", name, "--json"]);
        const merged = await runCli([
          "census",
          "6",
          "--bunches",
          name,
          "--queue",
          server.url,
          "--json",
        ]);
        expect(merged.stdout).toBe(reference.stdout);
        if (tamper) {
          expect(merged.code).toBe(70);
          expect(merged.stderr).toMatch(
            new RegExp(`RESULTS DISAGREE: 1 subproblem.*\\(${name}\\)`),
          );
        } else {
          expect([merged.code, merged.stderr]).toEqual([0, ""]);
        }
        await client.flushall();
      }
    },
    LONG,
  );

  test(
    "a payload from another program, another version or with a forged id is rejected with its job id, not run",
    async () => {
      const good = {
        app: JOB_APP,
        v: JOB_VERSION,
        kind: "census",
        board: "6x6",
        split: "centre-6x6-v1",
        stats: true,
        name: "FE",
      };
      const executed: string[] = [];
      const threads = new JobThreads(1);
      const normal = threadExecutor(threads);
      const w = worker({
        execute: (job, onVisited, signal) => {
          executed.push(subproblemOf(job));
          return normal(job, onVisited, signal);
        },
      });
      await queue.add("x", { script: "process.exit(1)" }, { jobId: "evil-1", attempts: 3 });
      await queue.add("x", { ...good, v: 2 }, { jobId: `${CENSUS6}/FE2`, attempts: 3 });
      await queue.add("x", good, { jobId: `${CENSUS6}/FG`, attempts: 3 });
      await queue.add("x", { ...good, name: "Zz" }, { jobId: `${CENSUS6}/Zz`, attempts: 3 });
      await queue.add("x", good, { jobId: `${CENSUS6}/FE`, attempts: 3 });
      await waitFor("four rejections and one result", async () => {
        const counts = await queue.getJobCounts("failed", "completed");
        return counts.failed === 4 && counts.completed === 1;
      });
      const reasons: Record<string, [string, number]> = Object.fromEntries(
        (await queue.getFailed()).map((job) => [job.id, [job.failedReason, job.attemptsMade]]),
      );
      expect(reasons["evil-1"]![0]).toMatch(/^job evil-1 rejected: not a knight-tours job/);
      expect(reasons[`${CENSUS6}/FE2`]![0]).toMatch(/rejected: unknown job version 2/);
      expect(reasons[`${CENSUS6}/FG`]![0]).toMatch(/rejected: its id does not match its data/);
      expect(reasons[`${CENSUS6}/Zz`]![0]).toMatch(
        /rejected: Zz is not a subproblem of the 6x6 census/,
      );
      // Rejections are not retried.
      expect(Object.values(reasons).map(([, attempts]) => attempts)).toEqual([1, 1, 1, 1]);
      expect(executed).toEqual(["Zz", "FE"]);
      expect(w.lines.filter((l) => / rejected: /.test(l))).toHaveLength(4);
      await w.stop();
      await threads.close();
    },
    LONG,
  );

  test(
    "a worker stopped (Ctrl-C, SIGTERM) hands its running job back to the queue at once",
    async () => {
      let started = false;
      const w = worker({
        execute: (_job, _onVisited, signal) =>
          new Promise((_resolve, reject) => {
            started = true;
            signal.addEventListener("abort", () => reject(new Error("stopped")));
          }),
      });
      await runCli(["census", "6", "--bunches", "FE", "--queue", server.url, "--detach"]);
      await waitFor("the job to start", () => started);
      const summary = await w.stop();
      expect(summary).toEqual({ done: 0, failed: 0, returned: 1 });
      expect(await queue.getJobState(`${CENSUS6}/FE`)).toBe("waiting");
    },
    LONG,
  );
});

describe("an unreachable queue", () => {
  test(
    "no server, a wrong or missing password: one clear line, exit 69, no hang",
    async () => {
      const locked = await RedisServer.start({ password: "sesame" });
      try {
        const port = await freePort();
        const cases: [string[], RegExp][] = [
          [
            ["census", "6", "--queue", `redis://127.0.0.1:${port}`],
            /^knight census: cannot reach the job queue at redis:\/\/127\.0\.0\.1:\d+ \(connect ECONNREFUSED [^)]*, 5 attempts\): is redis-server running there\?$/,
          ],
          [
            ["worker", `redis://127.0.0.1:${port}`],
            /^knight worker: cannot reach the job queue at /,
          ],
          [
            ["census", "6", "--queue", `redis://:wrong@127.0.0.1:${locked.port}`, "--status"],
            /^knight census: the job queue at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+ refused the connection \(WRONGPASS[^)]*\): check the password in the URL$/,
          ],
          [
            [
              "count",
              "6",
              "--closed",
              "--method",
              "mates",
              "--queue",
              `redis://127.0.0.1:${locked.port}`,
            ],
            /^knight count: the job queue at redis:\/\/127\.0\.0\.1:\d+ refused the connection \(NOAUTH[^)]*\): it needs a password/,
          ],
        ];
        for (const [argv, message] of cases) {
          const result = await runCli(argv);
          expect(result.code, argv.join(" ")).toBe(69);
          expect(result.stdout).toBe("");
          expect(result.stderr.trimEnd().split("\n"), argv.join(" ")).toHaveLength(1);
          expect(result.stderr.trimEnd()).toMatch(message);
          expect(result.stderr).not.toContain("wrong");
        }
        const right = await runCli(["census", "6", "--queue", locked.url, "--status"]);
        expect(right.code).toBe(0);
        expect(right.stderr).toMatch(/0 of 214 subproblems done/);
      } finally {
        await locked.dispose();
      }
    },
    LONG,
  );
});
