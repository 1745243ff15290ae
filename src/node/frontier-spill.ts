import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statfsSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import type { FrontierSpill } from "../count/frontier-layer.js";

/**
 * The frontier sweep's runs on disk: one file per run in a fresh folder under `dir`, written
 * sequentially and read back in chunks (synchronous I/O: the sweep runs in a worker thread or a
 * script). `close()` deletes the folder and whatever runs are left in it.
 */
export class DiskSpill implements FrontierSpill {
  readonly folder: string;
  private next = 0;
  private readonly files = new Map<number, { path: string; bytes: number }>();
  /** Bytes currently held in run files. */
  bytes = 0;
  /** Most bytes held at once. */
  peakBytes = 0;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.folder = mkdtempSync(join(dir, "frontier-spill-"));
  }

  freeBytes(): number {
    const stats = statfsSync(this.folder);
    return Number(stats.bavail) * Number(stats.bsize);
  }

  write(words: Uint32Array): number {
    const id = this.next++;
    const path = join(this.folder, `run-${id}.bin`);
    const fd = openSync(path, "w");
    try {
      writeWords(fd, words);
    } finally {
      closeSync(fd);
    }
    this.files.set(id, { path, bytes: words.byteLength });
    this.bytes += words.byteLength;
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
    return id;
  }

  append(id: number, words: Uint32Array): void {
    const file = this.files.get(id);
    if (file === undefined) throw new Error(`no spilled run ${id}`);
    const fd = openSync(file.path, "a");
    try {
      writeWords(fd, words);
    } finally {
      closeSync(fd);
    }
    file.bytes += words.byteLength;
    this.bytes += words.byteLength;
    this.peakBytes = Math.max(this.peakBytes, this.bytes);
  }

  read(id: number, offset: number, into: Uint32Array): number {
    const file = this.files.get(id);
    if (file === undefined) throw new Error(`no spilled run ${id}`);
    const fd = openSync(file.path, "r");
    try {
      const bytes = new Uint8Array(into.buffer, into.byteOffset, into.byteLength);
      let got = 0;
      while (got < bytes.length) {
        const n = readSync(fd, bytes, got, bytes.length - got, offset * 4 + got);
        if (n === 0) break;
        got += n;
      }
      return Math.floor(got / 4);
    } finally {
      closeSync(fd);
    }
  }

  remove(id: number): void {
    const file = this.files.get(id);
    if (file === undefined) return;
    rmSync(file.path, { force: true });
    this.files.delete(id);
    this.bytes -= file.bytes;
  }

  close(): void {
    rmSync(this.folder, { recursive: true, force: true });
    this.files.clear();
    this.bytes = 0;
  }
}

/** Words per write: 1 GiB (larger single writes are cut short on some systems). */
const WRITE_WORDS = 2 ** 28;

/**
 * Write `words` to `fd` in pieces of at most 1 GiB. A byte view of the whole array would fail
 * past 4 GiB (the longest typed array this Node makes), which a layer of 7×7 open passes.
 */
export function writeWords(fd: number, words: Uint32Array): void {
  for (let from = 0; from < words.length; from += WRITE_WORDS) {
    const part = words.subarray(from, Math.min(words.length, from + WRITE_WORDS));
    const bytes = new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
  }
}
