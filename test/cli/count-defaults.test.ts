import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// What `knight count` does unasked for a long count (issue 33, "the command a user types"): a
// frontier sweep spills to a private temporary folder, a long count checkpoints to the cache
// folder and a rerun resumes, both removed after. 6×6 closed under a 6 MiB ceiling outgrows
// memory at about cell 29 of 36 and takes seconds: spilling, snapshots and a resume, small.
const work = mkdtempSync(join(tmpdir(), "knight-count-defaults-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SWEEP = ["--max-memory", "6M", "count", "6x6", "--closed", "--method", "frontier"];

/** The spill folders in the temporary folder made by process `pid`. */
function spillFolders(pid: number): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith(`knight-tours-spill-${pid}-`));
}

/** 6×6 closed counted by another engine (Knuth's mates counter): the figure to agree with. */
let known: Promise<string> | undefined;
function reference(): Promise<string> {
  known ??= runCli(["count", "6x6", "--closed", "--method", "mates", "--workers", "1"]).then(
    (other) => {
      expect(other.code).toBe(0);
      return other.stdout;
    },
  );
  return known;
}

describe("knight count: spill and checkpoint by default", () => {
  it("spills a sweep over --max-memory to a private temporary folder, says the estimate first, and leaves nothing behind", async () => {
    const cache = join(work, "cache-a");
    const result = await runCli(SWEEP, { env: { XDG_CACHE_HOME: cache } });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(await reference());
    const [estimate] = result.stderr.split("\n");
    expect(estimate).toMatch(
      /^knight count: estimate: .* of one core; memory up to the ceiling, 6\.0 MiB .*disk up to .* for layers spilled to '.*knight-tours-spill-\d+-.*'.*checkpoint '.*cache-a\/knight-tours\/count-6x6-closed-[0-9a-f]{16}\.ckpt\.frontier'/,
    );
    expect(spillFolders(process.pid)).toEqual([]);
    // The default checkpoint goes once the count is done.
    expect(readdirSync(join(cache, "knight-tours"))).toEqual([]);
  });

  it("says the estimate of a sweep on threads as time on those threads, not of one core", async () => {
    // The seconds are the threads' wall time (a 56-minute 8×8 closed on two was said to be
    // "56 minutes of one core").
    const result = await runCli([...SWEEP, "--threads", "2", "--no-checkpoint"], {
      env: { XDG_CACHE_HOME: join(work, "cache-t") },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(await reference());
    const [estimate] = result.stderr.split("\n");
    expect(estimate).toMatch(/^knight count: estimate: .* on 2 threads; memory up to the ceiling/);
  });

  it("puts the estimate in the --json envelope of a long count", async () => {
    const result = await runCli([...SWEEP, "--json"], {
      env: { XDG_CACHE_HOME: join(work, "cache-j") },
    });
    expect(result.code).toBe(0);
    const envelope = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(envelope.count).toBe((await reference()).trim());
    expect(envelope.estimate).toEqual({
      seconds: expect.any(Number),
      memoryBytes: expect.any(Number),
      diskBytes: expect.any(Number),
    });
    // What the process will show: the tables up to the 6 MiB ceiling, and Node's own heap.
    const { memoryBytes } = envelope.estimate as { memoryBytes: number };
    expect(memoryBytes).toBeGreaterThan(6 * 2 ** 20);
    expect(memoryBytes).toBeLessThan(6 * 2 ** 20 + 2 ** 27);
  });

  it("keeps today's refusal with --no-spill, and refuses --no-spill beside --spill-dir", async () => {
    const env = { XDG_CACHE_HOME: join(work, "cache-b") };
    const refused = await runCli([...SWEEP, "--no-spill", "--no-checkpoint"], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/over the limit of 6291456 bytes; .*--no-spill/);
    const both = await runCli([...SWEEP, "--no-spill", "--spill-dir", work], { env });
    expect(both.code).toBe(2);
    expect(both.stderr).toBe(
      "knight count: --no-spill and --spill-dir exclude each other; give one\n",
    );
    expect(spillFolders(process.pid)).toEqual([]);
  });

  it("refuses a --checkpoint-every that is not 0 or a number of seconds, naming it", async () => {
    const result = await runCli([...SWEEP, "--checkpoint-every", "-1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--checkpoint-every must be 0 or a positive number of seconds, got '-1'/,
    );
  });

  it("refuses before the first cell when the spill may not fit on its disk, naming the need and the space", async () => {
    const result = await runCli(SWEEP, {
      env: { XDG_CACHE_HOME: join(work, "cache-c") },
      freeBytes: 1000,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^knight count: not enough disk space for the layers this sweep may spill: about [\d.]+ MiB in '.*knight-tours-spill-.*', whose disk has 1000 bytes free; give --spill-dir DIR/,
    );
    expect(spillFolders(process.pid)).toEqual([]);
  });
});

const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

/** The cell a frontier snapshot holds the layer after (its JSON header), or 0. */
function snapshotStep(path: string): number {
  if (!existsSync(path)) return 0;
  const fd = openSync(path, "r");
  try {
    const head = Buffer.alloc(4);
    if (readSync(fd, head, 0, 4, 0) < 4) return 0;
    const text = Buffer.alloc(head.readUInt32LE(0));
    readSync(fd, text, 0, text.length, 4);
    return Number((JSON.parse(text.toString("utf8")) as { step?: number }).step ?? 0);
  } catch {
    return 0;
  } finally {
    closeSync(fd);
  }
}

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  pid: number;
}

/** Run the built `knight` with `args`; `killWhen` (polled every 20 ms) true sends `signal`. */
function knight(
  args: string[],
  env: NodeJS.ProcessEnv,
  killWhen?: () => boolean,
  signal: NodeJS.Signals = "SIGKILL",
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    let sent = false;
    const poll = killWhen
      ? setInterval(() => {
          // Once: a second SIGTERM is another story (it ends the process at once).
          if (!sent && killWhen()) {
            sent = true;
            child.kill(signal);
          }
        }, 20)
      : undefined;
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (poll) clearInterval(poll);
      resolve({ code, signal, stdout, stderr, pid: child.pid ?? -1 });
    });
  });
}

/** The sweep's snapshot file in the checkpoint folder, once there is one. */
function sweepSnapshot(folder: string): string | undefined {
  if (!existsSync(folder)) return undefined;
  const name = readdirSync(folder).find((entry) => entry.endsWith(".frontier"));
  return name === undefined ? undefined : join(folder, name);
}

describe("knight count: kill -9 mid-sweep, then the same command again", () => {
  it("resumes from the default checkpoint, says from which cell, gives the count, and cleans up", async () => {
    const cache = join(work, "cache-kill");
    const env = { XDG_CACHE_HOME: cache };
    const args = [...SWEEP, "--checkpoint-every", "0"];
    const folder = join(cache, "knight-tours");
    const snapshot = (): string | undefined => sweepSnapshot(folder);
    // Killed once the snapshot holds a layer past cell 27: the sweep has spilled by then or is
    // about to, so the spill folder is there to be left behind.
    const killed = await knight(args, env, () => {
      const file = snapshot();
      return file !== undefined && snapshotStep(file) >= 27;
    });
    expect(killed.signal).toBe("SIGKILL");
    const after = snapshotStep(snapshot() ?? "");
    expect(after).toBeGreaterThanOrEqual(27);

    const again = await knight(args, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(await reference());
    expect(again.stderr).toMatch(
      new RegExp(
        `knight count: note: resuming from cell ${after + 1} of 36, from the checkpoint .*count-6x6-closed-[0-9a-f]{16}\\.ckpt\\.frontier\n`,
      ),
    );
    // Nothing left: the checkpoint is removed once done, the killed run's spill folder by the rerun.
    expect(readdirSync(folder)).toEqual([]);
    expect(spillFolders(killed.pid)).toEqual([]);
    expect(spillFolders(again.pid)).toEqual([]);
  }, 180_000);
});

describe("knight count: a count in a free order of the cells, killed and run again", () => {
  it("resumes from its checkpoint (the 4×6 torus, open, as cycles through an apex)", async () => {
    const checkpoint = join(work, "torus-4x6.ckpt");
    const args = ["count", "4x6", "--topology", "torus", "--checkpoint", checkpoint];
    const env = { XDG_CACHE_HOME: join(work, "cache-free") };
    const snapshot = `${checkpoint}.frontier`;
    const killed = await knight([...args, "--checkpoint-every", "0"], env, () => {
      return snapshotStep(snapshot) >= 12;
    });
    expect(killed.signal).toBe("SIGKILL");
    const after = snapshotStep(snapshot);
    expect(after).toBeGreaterThanOrEqual(12);
    const again = await knight(args, env);
    expect(again.code).toBe(0);
    // As the mates counter and the free order's other orientation give it (docs/results.md).
    expect(again.stdout).toBe("55671065280\n");
    // 25 steps: the apex, then the 24 cells.
    expect(again.stderr).toMatch(new RegExp(`resuming from cell ${after + 1} of 25`));
  }, 180_000);
});

describe("knight count: SIGTERM mid-sweep", () => {
  it("ends with 130, removes its spill folder, keeps the default checkpoint and says so", async () => {
    const cache = join(work, "cache-term");
    const folder = join(cache, "knight-tours");
    const snapshot = (): string | undefined => sweepSnapshot(folder);
    const ended = await knight(
      [...SWEEP, "--checkpoint-every", "0"],
      { XDG_CACHE_HOME: cache },
      () => snapshotStep(snapshot() ?? "") >= 27,
      "SIGTERM",
    );
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/resume with the same command \(checkpoint .*\.ckpt\)\n$/);
    expect(spillFolders(ended.pid)).toEqual([]);
    expect(snapshotStep(snapshot() ?? "")).toBeGreaterThanOrEqual(27);
  }, 180_000);
});
