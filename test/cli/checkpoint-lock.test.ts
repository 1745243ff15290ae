import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OptionError } from "../../src/core/index.js";
import { CheckpointLock } from "../../src/node/checkpoint-lock.js";
import { runCli } from "../helpers/cli.js";

// Two runs of one count would share its default checkpoint (the name comes from the count): the
// second is refused while the first lives; a lock left by a process that is gone is taken over.
const work = mkdtempSync(join(tmpdir(), "knight-checkpoint-lock-"));
const sleepers: ChildProcess[] = [];
afterAll(() => {
  for (const child of sleepers) child.kill("SIGKILL");
  rmSync(work, { recursive: true, force: true });
});

/** A live process that is not this one, and its id. */
function liveProcess(): ChildProcess {
  const child = spawn("sleep", ["60"], { stdio: "ignore" });
  sleepers.push(child);
  return child;
}

/** Wait until the child has exited (its id no longer names a process). */
function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

describe("CheckpointLock", () => {
  it("refuses a checkpoint whose lock a live process holds, naming it, and takes it once that process is gone", async () => {
    const file = join(work, "a.ckpt");
    const holder = liveProcess();
    writeFileSync(`${file}.lock`, `${holder.pid}\n${hostname()}\n`);
    expect(() => CheckpointLock.take(file)).toThrow(OptionError);
    expect(() => CheckpointLock.take(file)).toThrow(
      new RegExp(`checkpoint '${file}' is in use by another count \\(process ${holder.pid}\\)`),
    );
    holder.kill("SIGKILL");
    await ended(holder);
    const lock = CheckpointLock.take(file);
    expect(readFileSync(`${file}.lock`, "utf8")).toBe(`${process.pid}\n${hostname()}\n`);
    lock.release();
    lock.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("takes over a lock it cannot read, and leaves a lock another run took over in place", () => {
    const file = join(work, "b.ckpt");
    writeFileSync(`${file}.lock`, "not a lock");
    const lock = CheckpointLock.take(file);
    const other = liveProcess();
    writeFileSync(`${file}.lock`, `${other.pid}\n${hostname()}\n`);
    lock.release();
    expect(readFileSync(`${file}.lock`, "utf8")).toBe(`${other.pid}\n${hostname()}\n`);
  });

  it("a folder it cannot write to is bad input naming the lock, not a crash", () => {
    const file = join(work, "no-such-folder", "d.ckpt");
    expect(() => CheckpointLock.take(file)).toThrow(OptionError);
    expect(() => CheckpointLock.take(file)).toThrow(
      /cannot make the checkpoint's lock '.*d\.ckpt\.lock' \(ENOENT\)/,
    );
  });

  it("assumes a holder on another host is alive", () => {
    const file = join(work, "c.ckpt");
    writeFileSync(`${file}.lock`, `1\nsome-other-host-${hostname()}\n`);
    expect(() => CheckpointLock.take(file)).toThrow(/process 1 on some-other-host/);
  });
});

describe("knight count --checkpoint while another count holds it", () => {
  it("exits 2 naming the holder and writes nothing; once the holder is gone it counts and lets go", async () => {
    const file = join(work, "count.ckpt");
    const args = ["count", "4x5", "--method", "backtrack", "--workers", "1", "--checkpoint", file];
    const holder = liveProcess();
    writeFileSync(`${file}.lock`, `${holder.pid}\n${hostname()}\n`);
    const refused = await runCli(args);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toMatch(
      new RegExp(
        `^knight count: the checkpoint '.*count\\.ckpt' is in use by another count \\(process ${holder.pid}\\)`,
      ),
    );
    expect(existsSync(file)).toBe(false);
    holder.kill("SIGKILL");
    await ended(holder);
    const counted = await runCli(args);
    expect(counted.code).toBe(0);
    expect(counted.stdout.trim()).toBe("164");
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
