import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import type { FrontierSnapshot } from "../count/index.js";

/**
 * The frontier sweep's checkpoint: its whole table after some cell, in one binary file next to
 * the count's checkpoint (`FILE.frontier`). Written to a temporary file, fsynced and renamed, so
 * a kill leaves either the previous snapshot or the new one, never half of one.
 *
 * Layout: 4 bytes header length (little endian), the header as JSON, zero padding to a multiple
 * of 8, then the table entries as float64 (see FrontierSnapshot).
 */

export interface SnapshotFile {
  /** Must equal the count's checkpoint key (JSON), or the file is ignored. */
  readonly key: string;
  /** Sweeps finished before this one (sweep id → count). */
  readonly finished: Record<string, string>;
  readonly snapshot: FrontierSnapshot | undefined;
}

export function saveSnapshot(path: string, file: SnapshotFile): void {
  const header = Buffer.from(
    JSON.stringify({
      version: 1,
      key: file.key,
      finished: file.finished,
      sweep: file.snapshot?.sweep ?? null,
      step: file.snapshot?.step ?? 0,
      stride: file.snapshot?.stride ?? 0,
    }),
  );
  const padded = Math.ceil((4 + header.length) / 8) * 8;
  const head = Buffer.alloc(padded);
  head.writeUInt32LE(header.length, 0);
  header.copy(head, 4);
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, "w");
  try {
    writeSync(fd, head);
    const entries = file.snapshot?.entries;
    if (entries && entries.length > 0) {
      writeSync(fd, new Uint8Array(entries.buffer, entries.byteOffset, entries.byteLength));
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/** The snapshot at `path` when it exists and belongs to `key`; otherwise undefined. */
export function loadSnapshot(path: string, key: string): SnapshotFile | undefined {
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  if (bytes.length < 4) return undefined;
  const length = bytes.readUInt32LE(0);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(bytes.subarray(4, 4 + length).toString("utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (header.version !== 1 || header.key !== key) return undefined;
  const start = Math.ceil((4 + length) / 8) * 8;
  const body = bytes.subarray(start);
  const entries = new Float64Array(body.length / 8);
  new Uint8Array(entries.buffer).set(body);
  const finished = (header.finished ?? {}) as Record<string, string>;
  const snapshot =
    typeof header.sweep === "string"
      ? {
          sweep: header.sweep,
          step: Number(header.step),
          stride: Number(header.stride),
          entries,
        }
      : undefined;
  return { key, finished, snapshot };
}
