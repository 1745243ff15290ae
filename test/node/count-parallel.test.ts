import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { KnightError, OptionError } from "../../src/core/errors.js";
import { count } from "../../src/count/count.js";
import { countParallel } from "../../src/node/count-parallel.js";

// Workers run the compiled dist/node/count-worker.js (npm test builds dist/ before vitest).
const dir = mkdtempSync(join(tmpdir(), "knight-count-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

function recordLines(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.startsWith('{"id"')).length;
}

describe("countParallel(board, options)", () => {
  test("two workers give the same counts as one thread (backtrack and frontier)", async () => {
    for (const [rows, cols, query] of [
      [5, 5, {}],
      [5, 5, { start: 12 }],
      [6, 6, { closed: true }],
      [3, 12, { closed: true }],
    ] as const) {
      const board = new Board(rows, cols);
      const expected = count(board, query).count;
      for (const method of ["backtrack", "frontier"] as const) {
        if (method === "frontier" && rows * cols > 30) continue;
        const result = await countParallel(board, { ...query, method, workers: 2 });
        expect(result.status).toBe("done");
        expect(result.count, `${board} ${method} ${JSON.stringify(query)}`).toBe(expected);
      }
    }
  });

  test("interrupted (AbortSignal) then resumed from the checkpoint: the same total", async () => {
    const board = new Board(6, 6);
    const file = join(dir, "closed.ckpt");
    const controller = new AbortController();
    const first = await countParallel(board, {
      closed: true,
      method: "backtrack",
      workers: 2,
      checkpoint: file,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done >= 40) controller.abort();
      },
    });
    expect(first.status).toBe("aborted");
    const saved = recordLines(file);
    expect(saved).toBeGreaterThanOrEqual(40);
    const firstReports: number[] = [];
    const second = await countParallel(board, {
      closed: true,
      method: "backtrack",
      workers: 2,
      checkpoint: file,
      onProgress: (p) => firstReports.push(p.done),
    });
    expect(second.status).toBe("done");
    expect(second.count).toBe(9862n);
    // Resumed: the first report already counts the saved subproblems.
    expect(firstReports[0]).toBeGreaterThanOrEqual(saved);
    expect(recordLines(file)).toBe(second.stats.units);
    // A finished checkpoint answers at once.
    const third = await countParallel(board, {
      closed: true,
      method: "backtrack",
      checkpoint: file,
    });
    expect(third.count).toBe(9862n);
  });

  test("frontier past 2^64: progress names each cell's lane (5×20 closed sweeps twice)", async () => {
    const lanes = new Set<number>();
    const result = await countParallel(new Board(5, 20), {
      closed: true,
      method: "frontier",
      progressEveryMs: 0,
      onProgress: (p) => {
        if (p.layer) lanes.add(p.layer.lane ?? -1);
      },
    });
    expect(result.count).toBe(53_034_853_662_012_222_798n);
    expect([...lanes].sort()).toEqual([0, 1]);
  });

  test("frontier: interrupted mid-sweep, resumed from the table snapshot, same total", async () => {
    const board = new Board(6, 6);
    const file = join(dir, "frontier.ckpt");
    const controller = new AbortController();
    const first = await countParallel(board, {
      closed: true,
      method: "frontier",
      checkpoint: file,
      snapshotEveryMs: 0,
      progressEveryMs: 0,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.total === 36 && p.done >= 24) controller.abort();
      },
    });
    expect(first.status).toBe("aborted");
    expect(existsSync(`${file}.frontier`)).toBe(true);
    // Stopped, it leaves no snapshot half written.
    expect(existsSync(`${file}.frontier.tmp`)).toBe(false);
    // What a run killed while writing its next snapshot leaves: removed when the count resumes.
    writeFileSync(`${file}.frontier.tmp`, "a snapshot cut short");
    const steps: number[] = [];
    const second = await countParallel(board, {
      closed: true,
      method: "frontier",
      checkpoint: file,
      onProgress: (p) => {
        if (p.total === 36) steps.push(p.done);
      },
    });
    expect(second.count).toBe(9862n);
    // The sweep went on from the snapshot, not from the first cell.
    expect(steps[0]).toBeGreaterThan(20);
    expect(existsSync(`${file}.frontier`)).toBe(false);
    expect(existsSync(`${file}.frontier.tmp`)).toBe(false);
  });

  test("frontier: checkpoints the disk has no room for are skipped with a notice, the count goes on", async () => {
    const file = join(dir, "full.ckpt");
    // Every write of the checkpoint's temporary file lands on /dev/full: ENOSPC, a real full disk.
    symlinkSync("/dev/full", `${file}.frontier.tmp`);
    const notices: string[] = [];
    const board = new Board(6, 5);
    const result = await countParallel(board, {
      method: "frontier",
      checkpoint: file,
      snapshotEveryMs: 0,
      onNotice: (text) => notices.push(text),
    });
    expect(result.count).toBe(count(board, { method: "backtrack" }).count);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices[0]).toMatch(
      /the frontier checkpoint .*full\.ckpt\.frontier \(after cell \d+\) was not written: the disk filled up while writing it \(ENOSPC\)/,
    );
    // The failed write's temporary name is removed, and no snapshot was left under the real one.
    expect(existsSync(`${file}.frontier.tmp`)).toBe(false);
    expect(existsSync(`${file}.frontier`)).toBe(false);
  });

  test("a frontier sweep reports every cell's layer: states, bytes in memory and on disk", async () => {
    const spill = join(dir, "spill");
    const layers: { done: number; states: number; memory: number; disk: number }[] = [];
    const result = await countParallel(new Board(6, 6), {
      closed: true,
      method: "frontier",
      maxBytes: 6 * 2 ** 20,
      spillDir: spill,
      progressEveryMs: 0,
      onProgress: (p) => {
        if (p.layer) {
          const { states, bytesInMemory: memory, bytesOnDisk: disk } = p.layer;
          layers.push({ done: p.done, states, memory, disk });
        }
      },
    });
    expect(result.count).toBe(9862n);
    expect(layers.map((l) => l.done)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    expect(Math.max(...layers.map((l) => l.states))).toBeGreaterThan(100_000);
    // Under 6 MiB the layers held in memory stay under the ceiling (the rest went to disk).
    expect(Math.max(...layers.map((l) => l.memory))).toBeLessThanOrEqual(6 * 2 ** 20);
    expect(layers.at(-1)).toMatchObject({ states: 0, disk: 0 });
  });

  test("frontier snapshot of a two-sweep count (non-closable) keeps the finished sweep", async () => {
    const board = new Board(5, 5);
    const expected = count(board, { nonClosable: true, method: "backtrack" }).count;
    const file = join(dir, "two-sweeps.ckpt");
    const controller = new AbortController();
    let sweepsSeen = 0;
    let previous = 0;
    const first = await countParallel(board, {
      nonClosable: true,
      method: "frontier",
      checkpoint: file,
      snapshotEveryMs: 0,
      progressEveryMs: 0,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.total !== 25) return;
        if (p.done < previous) sweepsSeen++;
        previous = p.done;
        if (sweepsSeen >= 1 && p.done >= 10) controller.abort();
      },
    });
    expect(first.status).toBe("aborted");
    const steps: number[] = [];
    const second = await countParallel(board, {
      nonClosable: true,
      method: "frontier",
      checkpoint: file,
      onProgress: (p) => {
        if (p.total === 25) steps.push(p.done);
      },
    });
    expect(second.count).toBe(expected);
    // Only the unfinished sweep ran (if the abort did not come too late to stop it), from its
    // snapshot: steps start late and never restart.
    expect(steps.length === 0 || steps[0]! >= 10).toBe(true);
    expect(steps.every((step, i) => i === 0 || step >= steps[i - 1]!)).toBe(true);
  });

  test("a time limit ends the count with status limit, checkpoint kept", async () => {
    const file = join(dir, "limit.ckpt");
    const result = await countParallel(new Board(6, 6), {
      method: "backtrack",
      workers: 1,
      checkpoint: file,
      timeLimitMs: 300,
    });
    expect(result.status).toBe("limit");
    expect(existsSync(file)).toBe(true);
  });

  test("a node limit stops the workers as subproblems finish (status limit, nodes past it)", async () => {
    const result = await countParallel(new Board(6, 6), {
      method: "backtrack",
      workers: 2,
      nodeLimit: 100_000,
    });
    expect(result.status).toBe("limit");
    expect(result.stats.nodes).toBeGreaterThanOrEqual(100_000);
    expect(result.count).toBeLessThan(6_637_920n);
  });

  test("a typed error raised inside a worker reaches the caller with its code", async () => {
    // 13×13 is wider than the frontier sweep takes: the worker throws an OptionError.
    const error = await countParallel(new Board(13, 13), {
      closed: true,
      method: "frontier",
      workers: 1,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnightError);
    expect((error as KnightError).code).toBe("BAD_OPTION");
    expect((error as Error).message).toMatch(/13/);
  });

  test("bad worker counts are OptionErrors", async () => {
    await expect(countParallel(new Board(5), { workers: 0 })).rejects.toThrow(OptionError);
  });
});

describe("knight count --checkpoint survives Ctrl-C and kill -9", () => {
  // Also the test of the 6×6 directed open count (6,637,920) across three processes.
  test("SIGINT exits 130, SIGKILL loses nothing written, the rerun gives 6,637,920", async () => {
    const file = join(dir, "open.ckpt");
    const args = [
      bin,
      "count",
      "6",
      "--method",
      "backtrack",
      "--workers",
      "1",
      "--checkpoint",
      file,
    ];
    const runUntil = (signal: NodeJS.Signals | null, lines: number) =>
      new Promise<{ code: number | null; signal: string | null; stdout: string }>((resolve) => {
        const child = spawn("node", args, { stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        child.stdout.on("data", (d) => {
          stdout += String(d);
        });
        let timer: NodeJS.Timeout | undefined;
        if (signal) {
          timer = setInterval(() => {
            if (recordLines(file) >= lines) {
              clearInterval(timer);
              child.kill(signal);
            }
          }, 20);
        }
        child.on("exit", (code, sig) => {
          if (timer) clearInterval(timer);
          resolve({ code, signal: sig, stdout });
        });
      });
    const interrupted = await runUntil("SIGINT", 5);
    expect(interrupted.code).toBe(130);
    const afterInt = recordLines(file);
    expect(afterInt).toBeGreaterThanOrEqual(5);
    const killed = await runUntil("SIGKILL", afterInt + 5);
    expect(killed.signal).toBe("SIGKILL");
    expect(recordLines(file)).toBeGreaterThanOrEqual(afterInt + 5);
    const finished = await runUntil(null, 0);
    expect(finished.code).toBe(0);
    expect(finished.stdout).toBe("6637920\n");
  }, 120_000);
});
