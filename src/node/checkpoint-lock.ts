import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { OptionError } from "../core/errors.js";

/**
 * One count per checkpoint: two runs of the same command would write the same default
 * checkpoint (its name comes from the count alone), each resuming from the other's snapshots.
 * The first takes `FILE.lock` (its process id and host, made with O_EXCL); a second run finds
 * the holder alive and is refused. A lock whose process is gone (kill -9, a power cut) is stale
 * and taken over, so a rerun after a crash resumes as before.
 */
export class CheckpointLock {
  private held = true;

  private constructor(readonly path: string) {}

  /** Take the lock of the checkpoint `file`, or throw an OptionError naming its holder. */
  static take(file: string): CheckpointLock {
    const path = `${file}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      if (create(path)) return new CheckpointLock(path);
      const holder = readHolder(path);
      if (holder !== undefined && isAlive(holder)) {
        const where = holder.host === hostname() ? "" : ` on ${holder.host}`;
        throw new OptionError(
          `the checkpoint '${file}' is in use by another count (process ${holder.pid}${where}); wait for it to finish, or give --checkpoint FILE or --no-checkpoint (a lock left by a process that is gone is taken over: remove '${path}' if that process is not a count)`,
          file,
        );
      }
      rmSync(path, { force: true });
    }
    throw new OptionError(
      `the checkpoint '${file}' is being taken by another count at this moment; try again`,
      file,
    );
  }

  /** Let the checkpoint go (idempotent). */
  release(): void {
    if (!this.held) return;
    this.held = false;
    // Only our own lock: a stale-lock takeover by another run may have replaced it.
    const holder = readHolder(this.path);
    if (holder?.pid === process.pid && holder.host === hostname()) {
      rmSync(this.path, { force: true });
    }
  }
}

interface Holder {
  readonly pid: number;
  readonly host: string;
}

/** Make the lock file with our process id, unless it exists. */
function create(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    // A folder the user may not write to (EACCES, EROFS): said as bad input, not a crash.
    throw new OptionError(
      `cannot make the checkpoint's lock '${path}' (${code ?? (error as Error).message}); give --checkpoint FILE in a folder you can write to, or --no-checkpoint`,
      path,
    );
  }
  try {
    writeSync(fd, `${process.pid}\n${hostname()}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's holder, or undefined when the file is gone or unreadable (a torn write). */
function readHolder(path: string): Holder | undefined {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
  const [pid, host] = text.split("\n");
  const number = Number(pid);
  if (!Number.isSafeInteger(number) || number <= 0 || !host) return undefined;
  return { pid: number, host };
}

/** Whether the holder runs: on another host we cannot tell, so we assume it does. */
function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
