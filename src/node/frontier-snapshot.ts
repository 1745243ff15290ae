import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statfsSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import type { FrontierSnapshot } from "../count/frontier-types.js";
import { writeWords } from "./frontier-spill.js";

/**
 * The frontier sweep's checkpoint: its whole table after some cell, in one binary file next to
 * the count's checkpoint (`FILE.frontier`). Written to a temporary file, fsynced and renamed, so
 * a kill leaves either the previous snapshot or the new one, never half of one. A snapshot the
 * disk has no room for is skipped, not fatal: the count goes on, the previous snapshot stays.
 *
 * Layout: 4 bytes header length (little endian), the header as JSON, zero padding to a multiple
 * of 8, then the layer's entries as 32-bit words (see FrontierSnapshot), written and read back
 * in chunks: a layer of several GiB never has to be in memory twice.
 */

export interface SnapshotFile {
  /** Must equal the count's checkpoint key (JSON), or the file is ignored. */
  readonly key: string;
  /** Sweeps finished before this one (sweep id → count). */
  readonly finished: Record<string, string>;
  readonly snapshot: FrontierSnapshot | undefined;
}

/** Disk left free beside a snapshot (the spilled runs and the rest of the machine need some). */
const SNAPSHOT_DISK_MARGIN = 2 ** 30;

/** Whether a snapshot was written, or why it was skipped (the disk had no room for it). */
export type SnapshotSaved =
  | { readonly saved: true }
  | { readonly saved: false; readonly why: string };

export interface SaveSnapshotOptions {
  /** Bytes free where the snapshot goes (default: the file system's figure). */
  readonly freeBytes?: (() => number) | undefined;
}

/**
 * Write `file` to `path` through `path.tmp`. Skipped (`saved: false`, the previous snapshot left
 * as it was) when the disk has not room for it beside a 1 GiB margin, or when the write meets a
 * full disk or quota; any other failure is thrown. Either way no temporary file is left.
 */
export function saveSnapshot(
  path: string,
  file: SnapshotFile,
  options: SaveSnapshotOptions = {},
): SnapshotSaved {
  const started = startSnapshot(path, file, options);
  if (!started.saved) return started;
  const appended = appendSnapshot(path, file.snapshot?.chunks() ?? []);
  if (!appended.saved) return appended;
  renameSync(`${path}.tmp`, path);
  return { saved: true };
}

/**
 * The first part of saveSnapshot: the room checked and `path.tmp` started with the header
 * (the snapshot's chunks are not read). A sweep on several threads then has each thread
 * append its entries (appendSnapshot) and finishes with finishSnapshot.
 */
export function startSnapshot(
  path: string,
  file: SnapshotFile,
  options: SaveSnapshotOptions = {},
): SnapshotSaved {
  const header = Buffer.from(
    JSON.stringify({
      version: 2,
      key: file.key,
      finished: file.finished,
      sweep: file.snapshot?.sweep ?? null,
      step: file.snapshot?.step ?? 0,
      stride: file.snapshot?.stride ?? 0,
      lane: file.snapshot?.lane ?? 0,
      residues: file.snapshot?.residues ?? [],
      states: file.snapshot?.states ?? 0,
      wrappedAt: file.snapshot?.wrappedAt ?? -1,
      exactTotal: file.snapshot?.exactTotal ?? 0,
      growth: file.snapshot?.growth ?? [],
      steps: file.snapshot?.steps ?? null,
    }),
  );
  const padded = Math.ceil((4 + header.length) / 8) * 8;
  const bytes = padded + (file.snapshot ? file.snapshot.states * file.snapshot.stride * 4 : 0);
  // Only a snapshot of a layer needs the room checked: the small ones record finished sweeps.
  if (file.snapshot && file.snapshot.states > 0) {
    const free = (options.freeBytes ?? (() => freeBytesAt(path)))();
    if (free < bytes + SNAPSHOT_DISK_MARGIN) {
      return {
        saved: false,
        why: `the snapshot needs ${bytes} bytes and ${free} are free (keeping ${SNAPSHOT_DISK_MARGIN} spare)`,
      };
    }
  }
  const head = Buffer.alloc(padded);
  head.writeUInt32LE(header.length, 0);
  header.copy(head, 4);
  return writeTmp(path, "w", (fd) => writeSync(fd, head));
}

/** Add entries to `path.tmp` (fsynced). A full disk or quota removes it: `saved: false`. */
export function appendSnapshot(path: string, chunks: Iterable<Uint32Array>): SnapshotSaved {
  return writeTmp(path, "a", (fd) => {
    for (const chunk of chunks) writeWords(fd, chunk);
  });
}

/**
 * Remove the `path.tmp` a run killed while writing its snapshot left behind (it never becomes
 * the snapshot: only a finished write is renamed). For the run that holds the checkpoint, as it
 * starts: a spilled sweep's snapshot can be gigabytes. Only a regular file, as a write leaves:
 * a link or a device there is someone's choice (the tests put /dev/full there).
 */
export function clearUnfinishedSnapshot(path: string): void {
  const tmp = `${path}.tmp`;
  if (existsSync(tmp) && lstatSync(tmp).isFile()) rmSync(tmp, { force: true });
}

/** The last part: `path.tmp` becomes the snapshot (`keep`), or is removed. */
export function finishSnapshot(path: string, keep: boolean): void {
  if (keep) renameSync(`${path}.tmp`, path);
  else rmSync(`${path}.tmp`, { force: true });
}

function writeTmp(path: string, flags: "w" | "a", write: (fd: number) => void): SnapshotSaved {
  const tmp = `${path}.tmp`;
  try {
    const fd = openSync(tmp, flags);
    try {
      write(fd);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    rmSync(tmp, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT") {
      return { saved: false, why: `the disk filled up while writing it (${code})` };
    }
    throw error;
  }
  return { saved: true };
}

/**
 * When the sweep's snapshots are written: each one the sweep offers, unless the last took more
 * than a tenth of the time since it ended — a layer of 10 GB takes a minute or more to write,
 * and a snapshot every minute would then spend half the run writing. Asked for after every
 * cell (`everyCell`, --checkpoint-every 0), every one is written.
 */
export function snapshotPace(everyCell: boolean): {
  due(): boolean;
  timed<T>(write: () => T): T;
  began(): void;
  ended(): void;
} {
  let lastEnd = Number.NEGATIVE_INFINITY;
  let lastMs = 0;
  let start = 0;
  const began = (): void => {
    start = performance.now();
  };
  const ended = (): void => {
    lastEnd = performance.now();
    lastMs = lastEnd - start;
  };
  return {
    due: () => everyCell || performance.now() - lastEnd >= 10 * lastMs,
    timed: (write) => {
      began();
      try {
        return write();
      } finally {
        ended();
      }
    },
    began,
    ended,
  };
}

function freeBytesAt(path: string): number {
  const stats = statfsSync(dirname(path));
  return Number(stats.bavail) * Number(stats.bsize);
}

/** Words per chunk read back from a snapshot. */
const CHUNK_WORDS = 1 << 20;

/** The most bytes of a snapshot's JSON header (its residues and growth are short lists). */
const HEADER_MAX_BYTES = 2 ** 24;

/**
 * The snapshot at `path` when it exists, is a regular file and belongs to `key`; otherwise
 * undefined (a device or a folder there is never read: `/dev/zero` would never end).
 */
export function loadSnapshot(path: string, key: string): SnapshotFile | undefined {
  if (!existsSync(path) || !statSync(path).isFile()) return undefined;
  const fd = openSync(path, "r");
  let header: Record<string, unknown>;
  let start: number;
  try {
    const head = Buffer.alloc(4);
    if (readSync(fd, head, 0, 4, 0) < 4) return undefined;
    const length = head.readUInt32LE(0);
    if (length > HEADER_MAX_BYTES) return undefined;
    const text = Buffer.alloc(length);
    if (readSync(fd, text, 0, length, 4) < length) return undefined;
    header = JSON.parse(text.toString("utf8")) as Record<string, unknown>;
    start = Math.ceil((4 + length) / 8) * 8;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
  if (header.version !== 2 || header.key !== key) return undefined;
  const finished = (header.finished ?? {}) as Record<string, string>;
  const bodyBytes = statSync(path).size - start;
  const stride = Number(header.stride);
  const snapshot =
    typeof header.sweep === "string"
      ? {
          sweep: header.sweep,
          step: Number(header.step),
          stride,
          lane: Number(header.lane),
          residues: (header.residues ?? []) as string[],
          // The entries written, not the header's count: a layer spilled in several runs
          // counts a state once per run that holds it, and is written merged.
          states: stride > 0 ? Math.floor(bodyBytes / (stride * 4)) : Number(header.states),
          wrappedAt: Number(header.wrappedAt),
          exactTotal: Number(header.exactTotal),
          growth: Array.isArray(header.growth) ? header.growth.map(Number) : undefined,
          steps: typeof header.steps === "number" ? header.steps : undefined,
          chunks: () => readChunks(path, start, bodyBytes, stride),
        }
      : undefined;
  return { key, finished, snapshot };
}

/** The words of `path` from byte `start`, in chunks of whole entries. */
function* readChunks(
  path: string,
  start: number,
  bytes: number,
  stride: number,
): Generator<Uint32Array> {
  const words = new Uint32Array(Math.max(stride, CHUNK_WORDS - (CHUNK_WORDS % stride)));
  const view = new Uint8Array(words.buffer);
  const fd = openSync(path, "r");
  try {
    for (let at = 0; at < bytes; ) {
      const want = Math.min(view.length, bytes - at);
      let got = 0;
      while (got < want) {
        const n = readSync(fd, view, got, want - got, start + at + got);
        if (n === 0) throw new Error(`frontier snapshot ${path} is cut short`);
        got += n;
      }
      at += got;
      yield words.subarray(0, got / 4);
    }
  } finally {
    closeSync(fd);
  }
}
