import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";
import type { SubproblemResult } from "../census/result.js";
import { OptionError } from "../core/errors.js";
import { parseJsonLine } from "./json-lines.js";
import { readStateFile } from "./paths.js";

/**
 * The census journal: append-only NDJSON, one line per finished subproblem, each written and
 * fsynced before the next, so a kill at any instant loses at most the line being written (a
 * torn last line is ignored and overwritten by a fresh line).
 *
 *     {"journal":"knight-tours census","version":1,"board":"8x8","split":"knuth-8x8-v1","stats":true}
 *     {"name":"ByDy","ms":20914,"result":{"name":"ByDy","multiplicity":8,"tours":"31905973",…}}
 *
 * The header names the board, the split and whether statistics are kept: a journal written for
 * another census is refused, naming what it was written for. A subproblem met twice (two runs
 * sharing a file by mistake) counts once: the first line wins.
 */

export const JOURNAL_VERSION = 1;

/**
 * The most bytes a journal is read to: a census has at most a few thousand subproblems, each a
 * line of a few kilobytes with its statistics. A larger file is not a journal and is not read.
 */
const JOURNAL_MAX_BYTES = 256 * 2 ** 20;

export interface JournalKey {
  readonly board: string;
  readonly split: string;
  readonly stats: boolean;
}

/** One journal line: a finished subproblem, its wall-clock time and its result. */
export interface JournalEntry {
  readonly name: string;
  readonly ms: number;
  readonly result: SubproblemResult;
}

export class CensusJournal {
  readonly path: string;
  /** Finished subproblems by name, in file order. */
  readonly done: Map<string, JournalEntry>;
  private fd: number;

  private constructor(path: string, fd: number, done: Map<string, JournalEntry>) {
    this.path = path;
    this.fd = fd;
    this.done = done;
  }

  /**
   * Open (and read) the journal at `path`, or start it. A path that is not a regular file (a
   * device, a folder, a FIFO) or is far too large is an OptionError naming it.
   */
  static open(path: string, key: JournalKey): CensusJournal {
    const header = JSON.stringify({
      journal: "knight-tours census",
      version: JOURNAL_VERSION,
      ...key,
    });
    const done = new Map<string, JournalEntry>();
    const text = readStateFile(path, "--journal", JOURNAL_MAX_BYTES);
    if (text.trim() === "") {
      const fd = openSync(path, "w");
      writeSync(fd, `${header}\n`);
      fsyncSync(fd);
      return new CensusJournal(path, fd, done);
    }
    const lines = text.split("\n");
    if (!text.endsWith("\n")) lines.pop();
    const first = parseJsonLine(lines[0] ?? "");
    if (first?.journal !== "knight-tours census" || first.version !== JOURNAL_VERSION) {
      throw new OptionError(`journal '${path}' is not a knight-tours census journal`, path);
    }
    const mismatch = (["board", "split", "stats"] as const).filter((k) => first[k] !== key[k]);
    if (mismatch.length > 0) {
      const was = `board ${String(first.board)}, split ${String(first.split)}, ${first.stats ? "with" : "without"} statistics`;
      const now = `board ${key.board}, split ${key.split}, ${key.stats ? "with" : "without"} statistics`;
      throw new OptionError(
        `journal '${path}' was written for another census (${was}); this one is ${now} — use another file`,
        path,
      );
    }
    for (const line of lines.slice(1)) {
      const entry = parseJsonLine(line) as JournalEntry | undefined;
      const result = entry?.result;
      if (
        entry === undefined ||
        typeof entry.name !== "string" ||
        typeof result !== "object" ||
        result === null ||
        result.name !== entry.name ||
        typeof result.tours !== "string"
      ) {
        continue;
      }
      if (!done.has(entry.name)) done.set(entry.name, entry);
    }
    const fd = openSync(path, "a");
    if (!text.endsWith("\n")) {
      writeSync(fd, "\n");
      fsyncSync(fd);
    }
    return new CensusJournal(path, fd, done);
  }

  /** Append a finished subproblem (written and flushed before returning); repeats are ignored. */
  record(entry: JournalEntry): void {
    if (this.done.has(entry.name)) return;
    this.done.set(entry.name, entry);
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}
