import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { FrontierSnapshot } from "../../src/count/index.js";
import { loadSnapshot, saveSnapshot } from "../../src/node/frontier-snapshot.js";

const dir = mkdtempSync(join(tmpdir(), "knight-snapshot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A snapshot of `states` entries of stride 4 (the words are only carried, not interpreted). */
function snapshot(states: number, chunks?: () => Iterable<Uint32Array>): FrontierSnapshot {
  const words = Uint32Array.from({ length: states * 4 }, (_, i) => i * 7 + 1);
  return {
    sweep: "test",
    step: 9,
    stride: 4,
    lane: 0,
    residues: [],
    states,
    wrappedAt: -1,
    exactTotal: 0,
    chunks: chunks ?? (() => [words.subarray(0, 40), words.subarray(40)]),
  };
}

function words(file: string): Uint32Array[] {
  const saved = loadSnapshot(file, "k");
  // Each chunk copied as it comes: the reader reuses its buffer.
  return Array.from(saved?.snapshot?.chunks() ?? [], (c) => c.slice());
}

describe("saveSnapshot on a full disk", () => {
  test("a snapshot written and read back", () => {
    const file = join(dir, "ok.frontier");
    expect(saveSnapshot(file, { key: "k", finished: {}, snapshot: snapshot(30) })).toEqual({
      saved: true,
    });
    const back = words(file);
    expect(back.reduce((n, c) => n + c.length, 0)).toBe(120);
    expect(back[0]![5]).toBe(36);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  test("read back, the states are the entries written (a spilled layer counts a state per run)", () => {
    const file = join(dir, "merged.frontier");
    // The layer's runs hold 30 entries, 20 distinct states: its chunks are merged.
    const merged = snapshot(20);
    const saved = saveSnapshot(file, {
      key: "k",
      finished: {},
      snapshot: { ...merged, states: 30 },
    });
    expect(saved).toEqual({ saved: true });
    expect(loadSnapshot(file, "k")?.snapshot?.states).toBe(20);
    expect(words(file).reduce((n, c) => n + c.length, 0)).toBe(80);
  });

  test("the growth ratios measured so far come back (they size the first table of a resume)", () => {
    const file = join(dir, "growth.frontier");
    const growth = [0, 1, 4, 1.75, 0.5];
    expect(
      saveSnapshot(file, { key: "k", finished: {}, snapshot: { ...snapshot(3), growth } }),
    ).toEqual({
      saved: true,
    });
    expect(loadSnapshot(file, "k")?.snapshot?.growth).toEqual(growth);
  });

  test("ENOSPC while writing (a real /dev/full): skipped, previous snapshot kept, no temporary", () => {
    const file = join(dir, "full.frontier");
    saveSnapshot(file, { key: "k", finished: {}, snapshot: snapshot(10) });
    const before = readFileSync(file);
    symlinkSync("/dev/full", `${file}.tmp`);
    const done = saveSnapshot(file, { key: "k", finished: {}, snapshot: snapshot(30) });
    expect(done).toEqual({ saved: false, why: "the disk filled up while writing it (ENOSPC)" });
    expect(readFileSync(file)).toEqual(before);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  test("not enough free space for it: skipped before writing, naming the bytes", () => {
    const file = join(dir, "small.frontier");
    const done = saveSnapshot(
      file,
      { key: "k", finished: {}, snapshot: snapshot(1000) },
      { freeBytes: () => 2 ** 30 + 1000 },
    );
    expect(done.saved).toBe(false);
    expect(!done.saved && done.why).toMatch(
      /^the snapshot needs 16\d{3} bytes and 1073742824 are free \(keeping 1073741824 spare\)$/,
    );
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });

  test("any other failure is thrown, and still leaves no temporary and the previous snapshot", () => {
    const file = join(dir, "broken.frontier");
    writeFileSync(file, "previous");
    const failing = snapshot(30, function* () {
      yield new Uint32Array(8);
      throw new Error("layer unreadable");
    });
    expect(() => saveSnapshot(file, { key: "k", finished: {}, snapshot: failing })).toThrow(
      "layer unreadable",
    );
    expect(readFileSync(file, "utf8")).toBe("previous");
    expect(existsSync(`${file}.tmp`)).toBe(false);
  });
});
