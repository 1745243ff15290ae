import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Board } from "../core/board.js";
import type { CountOptions } from "../count/count.js";
import { countMethod, planCount } from "../count/dispatch.js";
import { countRequest } from "../count/request.js";
import type { CheckpointKey } from "./checkpoint.js";
import type { ParallelCountOptions } from "./count-parallel.js";
import { countCheckpointKey } from "./count-setup.js";

/**
 * Where a long count keeps its work when the user named no place: layers spilled to disk go to a
 * private folder in the system's temporary folder, removed when the count ends however it ends
 * (but a kill -9, which no process survives: the next count removes the folders of processes
 * that are gone), and the checkpoint goes to a per-user cache folder, named by the count, so
 * that running the same command again resumes it.
 */

/** Names of the private spill folders: the process id lets a later run find dead ones. */
const SPILL_PREFIX = "knight-tours-spill-";

/** The per-user cache folder of knight-tours: $XDG_CACHE_HOME/knight-tours or ~/.cache/knight-tours. */
export function cacheFolder(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_CACHE_HOME;
  // The XDG rule: a relative value is invalid and ignored.
  const base = xdg?.startsWith("/") ? xdg : join(homedir(), ".cache");
  return join(base, "knight-tours");
}

/**
 * The checkpoint file of a count in `folder`: a readable prefix (board and kind) and a hash of
 * the whole key, so the same command finds the same file and another count never does.
 */
export function checkpointPathFor(folder: string, key: CheckpointKey): string {
  const hash = createHash("sha256").update(JSON.stringify(key)).digest("hex").slice(0, 16);
  const board = key.board.replace(/[^0-9A-Za-z]+/g, "-").replace(/^-|-$/g, "");
  return join(folder, `count-${board}-${key.kind}-${hash}.ckpt`);
}

/** A spill folder of this process: `remove()` deletes it with whatever is in it. */
export interface PrivateFolder {
  readonly path: string;
  remove(): void;
}

/**
 * A fresh folder, readable by this user only, inside `parent` (created if missing), removed by
 * `remove()` or when the process exits (a second Ctrl-C ends the process at once: the exit hook
 * still runs). Folders of earlier runs whose process is gone are removed first.
 */
export function privateSpillFolder(parent: string = tmpdir()): PrivateFolder {
  mkdirSync(parent, { recursive: true });
  removeDeadSpills(parent);
  // mkdtemp creates the folder with mode 0700.
  const path = mkdtempSync(join(parent, `${SPILL_PREFIX}${process.pid}-`));
  const remove = (): void => {
    process.off("exit", remove);
    rmSync(path, { recursive: true, force: true });
  };
  process.on("exit", remove);
  return { path, remove };
}

/** Remove the spill folders in `parent` left by processes no longer running (a kill -9). */
function removeDeadSpills(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const match = new RegExp(`^${SPILL_PREFIX}(\\d+)-`).exec(name);
    if (!match || alive(Number(match[1]))) continue;
    // Another user's folder cannot be removed: left alone.
    try {
      rmSync(join(parent, name), { recursive: true, force: true });
    } catch {}
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** The device that holds `path` (or would), to tell whether two places share one disk. */
export function deviceOf(path: string): number {
  let at = path;
  while (!existsSync(at) && dirname(at) !== at) at = dirname(at);
  return statSync(at).dev;
}

/**
 * The default checkpoint file of the count `countParallel(board, options)` would run, in
 * `folder`: the count is planned as countParallel plans it, so the key is the one it writes.
 */
export function defaultCheckpointPath(
  board: Board,
  options: Pick<ParallelCountOptions, "method" | "target"> & CountOptions,
  folder: string,
): string {
  const request = countRequest(board, options);
  const method = countMethod(options.method, board, request);
  const plan = planCount(request, method, options.target ?? 128);
  return checkpointPathFor(folder, countCheckpointKey(plan));
}
