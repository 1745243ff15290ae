import type { FrontierSpill } from "../../src/count/frontier-layer.js";

/** Runs kept in memory, counting what the sweep does with them. */
export class MemorySpill implements FrontierSpill {
  /** Each run's words, in a buffer that doubles as appends fill it. */
  readonly runs = new Map<number, { words: Uint32Array; length: number }>();
  writes = 0;
  appends = 0;
  maxLive = 0;
  private next = 0;
  freeBytes(): number {
    return 2 ** 40;
  }
  write(words: Uint32Array): number {
    this.runs.set(this.next, { words: words.slice(), length: words.length });
    this.writes++;
    this.maxLive = Math.max(this.maxLive, this.runs.size);
    return this.next++;
  }
  append(id: number, words: Uint32Array): void {
    const run = this.runs.get(id)!;
    if (run.length + words.length > run.words.length) {
      const longer = new Uint32Array(Math.max(2 * run.words.length, run.length + words.length));
      longer.set(run.words.subarray(0, run.length));
      run.words = longer;
    }
    run.words.set(words, run.length);
    run.length += words.length;
    this.appends++;
  }
  read(id: number, offset: number, into: Uint32Array): number {
    const run = this.runs.get(id)!;
    const part = run.words.subarray(offset, Math.min(run.length, offset + into.length));
    into.set(part);
    return part.length;
  }
  remove(id: number): void {
    this.runs.delete(id);
  }
}
