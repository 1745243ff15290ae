import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import {
  confirmLongWork,
  formatDuration,
  frontierSeconds,
  frontierWallSeconds,
} from "../../src/cli/cost.js";
import type { CliIO } from "../../src/cli/io.js";
import { Board } from "../../src/core/index.js";
import {
  frontierDisk,
  frontierFootprint,
  frontierLanes,
  frontierResident,
} from "../../src/count/cost.js";
import { takesFreeOrder } from "../../src/count/frontier-geometry.js";
import { tourExists } from "../../src/theory/index.js";
import { runCli } from "../helpers/cli.js";

// Theorems before long work: what `exists` knows at once, count, enumerate, sample and census
// say at once too, instead of searching for minutes (or for ever) to find nothing. Each run has
// a time limit, so before this they ended with exit 3 (a limit) instead of the answer.
describe("a theorem answers before any search", () => {
  it("count 7 --closed and count 9 --closed: 0 at once, the parity theorem as the note", async () => {
    for (const n of ["7", "9"]) {
      const r = await runCli(["count", n, "--closed", "--time-limit", "20"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe("0\n");
      const reason = tourExists(new Board(Number(n), Number(n)), { closed: true }).reason;
      expect(r.stderr).toBe(`knight count: note: ${reason}, so the count is 0\n`);
    }
    const json = await runCli(["count", "7", "--closed", "--json", "--time-limit", "20"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: "done",
      closed: true,
      count: "0",
      reason: expect.stringMatching(/alternates colours/),
    });
  });

  it("count 5 --start a1 --end a1: 0 with the reason (an open tour cannot end where it began)", async () => {
    const r = await runCli(["count", "5", "--start", "a1", "--end", "a1"]);
    expect(r.stdout).toBe("0\n");
    expect(r.stderr).toMatch(/cannot start and end on the same cell a1, so the count is 0/);
  });

  it("count 3x4 --closed (Schwenk), count 4x4 (Cull–De Curtins): 0 with the theorem", async () => {
    const closed = await runCli(["count", "3x4", "--closed"]);
    expect(closed.stdout).toBe("0\n");
    expect(closed.stderr).toContain(tourExists(new Board(3, 4), { closed: true }).reason);
    const open = await runCli(["count", "4", "--time-limit", "20"]);
    expect(open.stdout).toBe("0\n");
    expect(open.stderr).toContain(tourExists(new Board(4, 4)).reason);
  });

  it("a board with tours is still counted (the theorem only answers 'none')", async () => {
    expect((await runCli(["count", "5"])).stdout).toBe("1728\n");
    expect((await runCli(["count", "6", "--closed"])).stdout).toBe("9862\n");
  });

  it("enumerate 7 --closed: exit 1 with the theorem, not a listing that never ends", async () => {
    const r = await runCli(["enumerate", "7", "--closed", "--time-limit", "5"]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^knight enumerate: no tours to list: a closed tour alternates/);
  });

  it("census 7: no subproblem searched, 0 tours, the reason", async () => {
    const r = await runCli(["census", "7", "--json", "--time-limit", "20"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      status: "done",
      tours: "0",
      reason: expect.stringMatching(/alternates colours/),
    });
  });

  it("sample 7 --closed: exit 1 with the theorem", async () => {
    const r = await runCli(["sample", "7", "--closed", "--method", "uniform"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a closed tour alternates colours/);
  });
});

describe("work estimated at hours says so and waits for --yes", () => {
  it("count 8 --closed (frontier, hours) is not started without --yes: exit 2 with the estimate", async () => {
    const r = await runCli(["count", "8", "--closed"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^knight count: counting the closed tours of 8×8 by the frontier sweep( on \d+ threads)? would take about \d+ (minutes|hours): not started without --yes/,
    );
  });

  it("a long sweep is shared between the machine's cores unless --threads says otherwise", async () => {
    const cores = availableParallelism();
    const byDefault = await runCli(["count", "8", "--closed"]);
    const oneThread = await runCli(["count", "8", "--closed", "--threads", "1"]);
    const twoThreads = await runCli(["count", "8", "--closed", "--threads", "2"]);
    const hours = (r: { stderr: string }) => {
      const [, amount, unit] = /about (\d+) (minutes|hours)/.exec(r.stderr) ?? [];
      return Number(amount) / (unit === "minutes" ? 60 : 1);
    };
    expect(byDefault.stderr).toContain(
      cores === 1
        ? "by the frontier sweep would take"
        : `by the frontier sweep on ${cores} threads`,
    );
    expect(oneThread.stderr).toContain("8×8 by the frontier sweep would take about");
    expect(twoThreads.stderr).toContain("8×8 by the frontier sweep on 2 threads would take about");
    // Two threads: a little over half the wall time of one (measured 0.56 on 6×7 open).
    expect(hours(twoThreads)).toBeLessThan(hours(oneThread) * 0.7);
    expect(hours(twoThreads)).toBeGreaterThan(hours(oneThread) * 0.4);
  });

  it("sample 9 --method uniform (a count of 10^22 nodes) likewise", async () => {
    const r = await runCli(["sample", "9", "--method", "uniform"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^knight sample: counting the open tours of 9×9 for uniform draws \(about \de\+\d+ search nodes by Knuth's estimate\) would take about 10\^\d+ years/,
    );
  });

  it("census 8 (Knuth's 66,771 bunches) is tried on three of them, and not started without --yes", async () => {
    const r = await runCli(["census", "8", "--workers", "2"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^knight census: the census of 8×8 \(66771 subproblems on 2 threads; at least \d{3,} ms a subproblem in a trial of 3\) would take about \d+ hours: not started without --yes/,
    );
    // A small census is tried and run at once.
    expect((await runCli(["census", "6", "--workers", "2"])).code).toBe(0);
  });

  it("census 10 --piece zebra (66,771 bunches, nearly all empty) is judged on many of them and runs at once", async () => {
    // Three pilots once said "29 ms a subproblem … about 16 minutes" for a census of seconds:
    // the first pilot pays for the compiler's warm-up.
    const r = await runCli(["census", "10", "--piece", "zebra", "--no-stats", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ status: "done", tours: "80320" });
  });

  it("a time limit bounds the work: no question then", async () => {
    const r = await runCli(["count", "8", "--closed", "--time-limit", "0.3"]);
    expect(r.code).toBe(3);
  });

  it("asks on a terminal: y starts the work, anything else does not", async () => {
    const io = (answer: string): CliIO & { said: string } => {
      const state = { said: "" };
      return Object.assign(state, {
        stdout: { write: () => undefined },
        stderr: {
          write: (text: string | Uint8Array) => {
            state.said += String(text);
          },
          isTTY: true,
        },
        stdinIsTTY: true,
        readStdinLines: async function* () {
          yield answer;
        },
      }) as unknown as CliIO & { said: string };
    };
    const yes = io("y");
    await expect(confirmLongWork(yes, "count", "this", 7200, false)).resolves.toBeUndefined();
    expect(yes.said).toBe("knight count: this would take about 2 hours. Start it? [y/N] ");
    await expect(confirmLongWork(io("n"), "count", "this", 7200, false)).rejects.toThrow(
      /not started/,
    );
    // Short work, or --yes: no question at all.
    const quiet = io("n");
    await confirmLongWork(quiet, "count", "this", 60, false);
    await confirmLongWork(quiet, "count", "this", 7200, true);
    expect(quiet.said).toBe("");
  });

  it("the frontier estimate is within a factor of 3 of the sweeps measured (6×8, 6×12, 6×40, 7×8 closed)", () => {
    const within = (estimate: number, measured: number) =>
      estimate > measured / 3 && estimate < measured * 3;
    // Up to 6 wide the sweep runs in WebAssembly (CPU of `knight count` as typed).
    expect(within(frontierSeconds(new Board(6, 8), true), 1.65)).toBe(true);
    // Long boards: the table stays at its peak for most lines; 6×40 (docs/results.md) also
    // sweeps once per prime lane.
    expect(within(frontierSeconds(new Board(6, 12), true), 3.5)).toBe(true);
    expect(within(frontierSeconds(new Board(6, 40), true), 162)).toBe(true);
    // Boards past the sweep's window still get an estimate (the page asks for any board).
    for (const n of [16, 40]) expect(frontierSeconds(new Board(n, n), true)).toBeGreaterThan(1e9);
    expect(within(frontierSeconds(new Board(7, 8), true), 143)).toBe(true);
    // Open (directed): 7×7 32–35 CPU minutes; 7×8 7,360 CPU s after its resume and at most
    // 3,720 before it, not timed (docs/counting.md).
    expect(within(frontierSeconds(new Board(7, 7), false), 2000)).toBe(true);
    expect(within(frontierSeconds(new Board(7, 8), false), 9_000)).toBe(true);
    // Tori (rows interleaved): 3×6 closed 7–12 CPU s, 3×8 29 s (docs/results.md).
    const torus = (rows: number, cols: number) => new Board(rows, cols, { topology: "torus" });
    expect(within(frontierSeconds(torus(3, 6), true), 9)).toBe(true);
    expect(within(frontierSeconds(torus(3, 8), true), 29)).toBe(true);
    expect(frontierSeconds(torus(6, 6), true)).toBeGreaterThan(frontierSeconds(torus(3, 6), true));
    // A torus 4 wide or more is no longer priced by the 3-wide fit, which said 13 minutes for the
    // 4×9 torus, whose row sweep was past 2,640 CPU s at cell 26 of 36. 4×11 now takes a free
    // order (its own pilot); the 5×9 torus is still swept by rows, priced by a pilot run in the
    // rows' order, far past the fit (9 rows × 4 s × 40², once per lane).
    expect(frontierSeconds(torus(4, 11), true)).toBeGreaterThan(3600);
    expect(takesFreeOrder(torus(5, 9))).toBe(false);
    const fit = 9 * 4 * 40 ** 2 * frontierLanes(torus(5, 9), true);
    expect(frontierSeconds(torus(5, 9), true)).toBeGreaterThan(100 * fit);
    expect(formatDuration(7200)).toBe("about 2 hours");
    expect(formatDuration(3e12)).toMatch(/^about 10\^\d+ years$/);
  });

  it("the frontier estimate counts the sweeps a count past 2^64 takes (one per prime lane)", () => {
    // Measured: 6×14 closed (62 bits) one sweep; 6×15 closed (68 bits) and 7×12 closed
    // (65 bits, A193054) two; 8×8 closed (44 bits) one; 6×40 closed (218 bits) several.
    const lanes = (rows: number, cols: number, closed = true, topology?: "torus" | "cylinder") =>
      frontierLanes(new Board(rows, cols, topology ? { topology } : {}), closed);
    expect(lanes(6, 14)).toBe(1);
    expect(lanes(6, 15)).toBe(2);
    expect(lanes(7, 12)).toBe(2);
    expect(lanes(8, 8)).toBe(1);
    expect(lanes(8, 8, false)).toBe(1);
    expect(lanes(6, 40)).toBeGreaterThanOrEqual(4);
    // Wrapped boards have more tours: the 9×6 cylinder's 3.4·10^19 closed tours passed 2^64.
    expect(lanes(9, 6, true, "cylinder")).toBe(2);
    expect(lanes(3, 8, true, "torus")).toBe(1);
    // 7×12 closed took 822 CPU s on two lanes (docs/results.md): priced as two sweeps now.
    const within = (estimate: number, measured: number) =>
      estimate > measured / 3 && estimate < measured * 3;
    expect(within(frontierSeconds(new Board(7, 12), true), 822)).toBe(true);
    expect(frontierSeconds(new Board(7, 12), true)).toBeGreaterThan(
      1.5 * frontierSeconds(new Board(7, 11), true),
    );
  });

  it("the wall time said before a sweep counts its threads and, past the ceiling, its waits for the disk", () => {
    const gib = 2 ** 30;
    // 8×8 closed as typed, two threads under the 11.8 GiB default: 84 minutes of wall time.
    const eight = frontierWallSeconds(new Board(8, 8), true, 2, 11.8 * gib);
    expect(eight / (84 * 60)).toBeGreaterThan(0.75);
    expect(eight / (84 * 60)).toBeLessThan(1.33);
    // A sweep that fits: its CPU time on one thread, a little more than half on two.
    const board = new Board(7, 8);
    expect(frontierWallSeconds(board, true, 1, 64 * gib)).toBe(frontierSeconds(board, true));
    expect(frontierWallSeconds(board, true, 2, 64 * gib)).toBeCloseTo(
      0.55 * frontierSeconds(board, true),
    );
  });

  it("the memory said before a sweep is what the process will show: the kept layer and each thread's own", () => {
    const gib = 2 ** 30;
    // 7×12 closed on two threads under the 11.8 GiB default: 2.2 GB resident at its peak.
    const twelve = frontierResident(frontierFootprint(new Board(7, 12), true), 2, 11.8 * gib);
    expect(twelve / 2.2e9).toBeGreaterThan(0.75);
    expect(twelve / 2.2e9).toBeLessThan(1.5);
    // Whole bytes: the --json envelope's estimate carries them.
    expect(Number.isInteger(twelve)).toBe(true);
    // One thread under a ceiling a layer's eight times over does not keep the old layer.
    const footprint = frontierFootprint(new Board(7, 8), true);
    const layer = footprint.peakStates * footprint.entryBytes;
    expect(frontierResident(footprint, 1, 6 * layer)).toBeLessThan(
      frontierResident(footprint, 1, 10 * layer),
    );
    // Past the ceiling the tables stop at it; the process shows little more.
    const eight = frontierFootprint(new Board(8, 8), true);
    expect(frontierResident(eight, 2, 11.8 * gib)).toBeLessThan(12.2 * gib);
  });

  it("the frontier footprint's peak layer is within a factor of 3 of the sweeps measured, and spills only past the ceiling", () => {
    const within = (estimate: number, measured: number) =>
      estimate > measured / 3 && estimate < measured * 3;
    // docs/counting.md: 6×8 closed 0.98 million folded, 7×8 closed 30.5 million, 7×7 open
    // 388 million folded, 8×8 closed 890 million (not folded).
    const peak = (rows: number, cols: number, closed: boolean) =>
      frontierFootprint(new Board(rows, cols), closed).peakStates;
    expect(within(peak(6, 8, true), 0.98e6)).toBe(true);
    expect(within(peak(7, 8, true), 30.5e6)).toBe(true);
    expect(within(peak(7, 7, false), 388e6)).toBe(true);
    expect(within(peak(7, 8, false), 1.22e9)).toBe(true);
    expect(within(peak(8, 8, true), 890e6)).toBe(true);
    // The 3×8 torus closed: 5.1 million states at its peak.
    expect(
      within(frontierFootprint(new Board(3, 8, { topology: "torus" }), true).peakStates, 5.1e6),
    ).toBe(true);
    const big = frontierFootprint(new Board(7, 7), false);
    expect(frontierDisk(big, big.memoryBytes).spillBytes).toBe(0);
    expect(frontierDisk(big, big.memoryBytes / 2).spillBytes).toBeGreaterThan(0);
    expect(frontierDisk(big, big.memoryBytes / 2).checkpointBytes).toBeGreaterThan(0);
  });
});
