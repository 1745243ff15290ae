import { describe, expect, it } from "vitest";
import { progressDetail } from "../../src/cli/commands/count-run.js";
import type { CliIO } from "../../src/cli/io.js";
import {
  etaFromEstimate,
  formatCount,
  formatDuration,
  progressDisplay,
  progressLine,
} from "../../src/cli/progress.js";

// One progress display for every long command (src/cli/progress.ts). It replaced five styles:
// a bar without thousands separators, a unitless "25.1/s" and "ETA 0s" at the start (count),
// "ETA 13 s ± 18 s" (census), "1 attempts" (tour), "0/0 pieces" (sample), and
// "0.0/s | ETA NFs" with no hint while a queue had no worker.
describe("progressLine", () => {
  it("counts with thousands separators and units, the rate with its unit per second", () => {
    const line = progressLine("count 7×8", {
      ms: 20_000,
      done: 12_345,
      total: 100_000,
      unit: "subproblems",
      detail: ["1,234,567 tours"],
    });
    expect(line).toBe(
      "count 7×8: 12,345/100,000 subproblems (12 %) | 1,234,567 tours | 617 subproblems/s | ETA 2.4 min | 20 s",
    );
  });

  it("gives no ETA at the start (too little done, or too soon) nor when all is done", () => {
    expect(progressLine("c", { ms: 60_000, done: 1, total: 1000, unit: "cells" })).not.toMatch(
      /ETA/,
    );
    expect(progressLine("c", { ms: 500, done: 500, total: 1000, unit: "cells" })).not.toMatch(
      /ETA/,
    );
    expect(progressLine("c", { ms: 9000, done: 10, total: 10, unit: "cells" })).not.toMatch(/ETA/);
    expect(progressLine("c", { ms: 9000, done: 5, total: 10, unit: "cells" })).toMatch(/ETA 9 s/);
    // No rate in the first second either (it would be noise, or 0.0/s).
    expect(progressLine("c", { ms: 200, done: 0, total: 10, unit: "cells" })).toBe(
      "c: 0/10 cells (0 %) | 0 s",
    );
  });

  it("an ETA the caller knows comes with its margin; a queue nobody takes from says so", () => {
    expect(
      progressLine("census", { ms: 4000, done: 2, total: 10, etaMs: 60_000, etaMarginMs: 9000 }),
    ).toMatch(/ETA 1\.0 min ± 9 s/);
    const waiting = progressLine("count", {
      ms: 30_000,
      done: 0,
      total: 341,
      unit: "subproblems",
      waiting: true,
    });
    expect(waiting).toMatch(/waiting for a worker/);
    expect(waiting).not.toMatch(/\/s|ETA|NF/);
    expect(formatDuration(150_000)).toBe("2.5 min");
  });

  it("a sweep's ETA is what its estimate leaves while the linear one says less", () => {
    // 8×8 closed on two threads: 37 of 64 cells in 78 s, estimated at 56 minutes. The linear
    // ETA said 58 s; the dear cells were all to come.
    const early = { ms: 78_000, done: 37, total: 64 };
    expect(etaFromEstimate(early, 56 * 60)).toBe(56 * 60_000 - 78_000);
    expect(progressLine("count", { ...early, etaMs: etaFromEstimate(early, 56 * 60) })).toMatch(
      /ETA 55 min/,
    );
    // Past the estimate, or where the linear ETA is the larger, the linear one stands.
    expect(etaFromEstimate({ ms: 4_000_000, done: 60, total: 64 }, 56 * 60)).toBeUndefined();
    expect(etaFromEstimate({ ms: 60_000, done: 10, total: 64 }, 60)).toBeUndefined();
    // Not before the linear ETA would show, nor once all is done.
    expect(etaFromEstimate({ ms: 1000, done: 37, total: 64 }, 3000)).toBeUndefined();
    expect(etaFromEstimate({ ms: 9000, done: 64, total: 64 }, 3000)).toBeUndefined();
  });

  it("writes a log line every two seconds and the last view at the end", () => {
    let text = "";
    const io = {
      stderr: { write: (t: string) => (text += t), isTTY: false },
    } as unknown as CliIO;
    const display = progressDisplay(io, true, "x")!;
    for (let ms = 0; ms <= 3000; ms += 500) display.show({ ms, done: ms, unit: "nodes" });
    display.done();
    expect(text.trimEnd().split("\n")).toEqual([
      "x: 0 nodes | 0 s",
      "x: 2,000 nodes | 1,000 nodes/s | 2 s",
      "x: 3,000 nodes | 1,000 nodes/s | 3 s",
    ]);
    expect(progressDisplay({ stderr: { write: () => 0, isTTY: false } } as never, false, "x")).toBe(
      undefined,
    );
  });
});

describe("formatCount", () => {
  it("prints a count past 2^53 whole, grouped (7×12 closed ended its progress '…670,000 tours')", () => {
    expect(formatCount(38_350_427_205_194_670_084n)).toBe("38,350,427,205,194,670,084");
    expect(formatCount(1_067_638)).toBe("1,067,638");
    expect(formatCount(2.54)).toBe("2.5");
  });
});

describe("a frontier count's progress detail", () => {
  const layer = { states: 14_736, bytesInMemory: 401_715, bytesOnDisk: 0 };
  const at = (lane: number) =>
    progressDetail({
      done: 89,
      total: 200,
      count: 0n,
      nodes: 0,
      ms: 4000,
      layer: { ...layer, lane },
    });

  it("says which pass a count past 2^64 is on: the cells start again for each prime", () => {
    expect(at(3)).toEqual([
      "pass 4, modulo a prime (the count passed 2^64)",
      "14,736 states",
      "392.3 KiB in memory",
    ]);
    expect(at(0)).toEqual(["14,736 states", "392.3 KiB in memory"]);
  });
});
