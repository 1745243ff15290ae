import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import { OptionError } from "../core/errors.js";
import { parseJsonLine } from "./json-lines.js";
import { readStateFile } from "./paths.js";

/**
 * Checkpoint files for long counts: append-only NDJSON, one line per fact, each written and
 * fsynced before the next, so a kill at any instant loses at most the line being written.
 *
 *     {"checkpoint":"knight-tours count","version":1,"key":{…the count…},"subproblems":341}
 *     {"id":17,"count":"18272"}
 *     {"id":3,"count":"0"}
 *
 * The header's `key` names the count (board, kind, ends, directedness, method, how it was cut);
 * resuming with a different count is refused. A torn last line (no newline) is ignored.
 */

export const CHECKPOINT_VERSION = 1;

/**
 * The most bytes a checkpoint of `subproblems` can hold: its header and one line per
 * subproblem (an id and a count of at most a few dozen digits), with room for repeats and
 * torn lines. A larger file is not a checkpoint of this count and is not read.
 */
function checkpointBound(subproblems: number): number {
  return 2 ** 20 + 256 * subproblems;
}

export interface CheckpointKey {
  readonly board: string;
  readonly kind: string;
  readonly start: number;
  readonly end: number;
  readonly directed: boolean;
  readonly nonClosable: boolean;
  readonly method: string;
  readonly splitDepth: number;
}

export class Checkpoint {
  readonly path: string;
  /** Counts of the subproblems already finished, by id. */
  readonly done: Map<number, bigint>;
  private fd: number;

  private constructor(path: string, fd: number, done: Map<number, bigint>) {
    this.path = path;
    this.fd = fd;
    this.done = done;
  }

  /**
   * Open (resume) or create the checkpoint at `path` for this count. A file written for a
   * different count, or that is not a checkpoint, is an OptionError naming the file; so is a
   * path that is not a regular file (a device, a folder, a FIFO) or is far too large.
   */
  static open(path: string, key: CheckpointKey, subproblems: number): Checkpoint {
    const header = JSON.stringify({
      checkpoint: "knight-tours count",
      version: CHECKPOINT_VERSION,
      key,
      subproblems,
    });
    const done = new Map<number, bigint>();
    const text = readStateFile(path, "--checkpoint", checkpointBound(subproblems));
    if (text.trim() === "") {
      const fd = openSync(path, "w");
      writeSync(fd, `${header}\n`);
      fsyncSync(fd);
      return new Checkpoint(path, fd, done);
    }
    // Only complete lines count: the last one may have been cut by a kill.
    const lines = text.split("\n");
    if (!text.endsWith("\n")) lines.pop();
    const first = parseJsonLine(lines[0] ?? "");
    const firstKey = first?.key as CheckpointKey | undefined;
    if (first?.checkpoint !== "knight-tours count" || first.version !== CHECKPOINT_VERSION) {
      throw new OptionError(`checkpoint '${path}' is not a knight-tours count checkpoint`, path);
    }
    if (JSON.stringify(firstKey) !== JSON.stringify(key) || first.subproblems !== subproblems) {
      throw new OptionError(
        `checkpoint '${path}' was written for another count (${JSON.stringify(firstKey)}); this count is ${JSON.stringify(key)} — use another file or delete it`,
        path,
      );
    }
    for (const line of lines.slice(1)) {
      const record = parseJsonLine(line);
      if (record === undefined) continue;
      const id = record.id;
      const count = record.count;
      if (
        typeof id === "number" &&
        Number.isInteger(id) &&
        typeof count === "string" &&
        /^\d+$/.test(count)
      ) {
        if (id >= 0 && id < subproblems) done.set(id, BigInt(count));
      }
    }
    // Append after the last complete line (drop a torn tail by rewriting it as a fresh line).
    const fd = openSync(path, "a");
    if (!text.endsWith("\n")) {
      writeSync(fd, "\n");
      fsyncSync(fd);
    }
    return new Checkpoint(path, fd, done);
  }

  /** Record one finished subproblem (written and flushed before returning). */
  record(id: number, count: bigint): void {
    this.done.set(id, count);
    writeSync(this.fd, `${JSON.stringify({ id, count: count.toString() })}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
