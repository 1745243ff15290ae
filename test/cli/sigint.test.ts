import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Ctrl-C on the real executable (npm test builds dist/ before vitest): long work must end at
// once with 130 and a one-line note, never a stack trace. Commands with asynchronous work
// (count, enumerate, sample, serve) catch the signal and stop cleanly; the synchronous searches
// (tour, exists) keep Node's default, which ends the process by the signal (the shell's 130).
const bin = fileURLToPath(new URL("../../bin/knight.js", import.meta.url));

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  /** Milliseconds from SIGINT to exit. */
  afterSignal: number;
}

/**
 * Start `knight args…`, wait until its output shows `ready` (it is at work, past start-up),
 * then `afterMs` more (or, for a number, that many ms from the start), send SIGINT, and wait for it to end: killed outright if it has
 * not ended 10 s after the signal.
 */
function interrupt(args: string[], ready: RegExp | number, afterMs = 300): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let sentAt = 0;
    let timer: NodeJS.Timeout | undefined;
    const send = () => {
      if (sentAt !== 0 || child.exitCode !== null) return;
      sentAt = performance.now();
      child.kill("SIGINT");
      timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    };
    let stdout = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr += chunk;
      if (ready instanceof RegExp && ready.test(stderr)) setTimeout(send, afterMs);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (stdout.length < 4096) stdout += chunk;
      if (ready instanceof RegExp && ready.test(stdout)) setTimeout(send, afterMs);
    });
    // A number: no output to wait for, interrupt after that long. Never ready: interrupt anyway.
    setTimeout(send, typeof ready === "number" ? ready : 15_000);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (sentAt === 0) {
        reject(
          new Error(`knight ${args.join(" ")} ended (${code}) before the interrupt:\n${stderr}`),
        );
        return;
      }
      resolve({ code, signal, stderr, afterSignal: performance.now() - sentAt });
    });
  });
}

/** Exit 130, or killed by SIGINT (what the shell reports as 130); no stack trace; not SIGKILL. */
function expectInterrupted(ended: Ended): void {
  expect(ended.signal, ended.stderr).not.toBe("SIGKILL");
  expect(ended.code === 130 || ended.signal === "SIGINT", ended.stderr).toBe(true);
  expect(ended.stderr).not.toMatch(/\n\s+at .+:\d+|TypeError|internal error/);
}

describe("Ctrl-C", () => {
  it("stops knight count (frontier, 7×7 open) with exit 130 and a note", async () => {
    const ended = await interrupt(["count", "7", "--open", "--progress"], /open tours of 7×7/);
    expectInterrupted(ended);
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/^knight count: interrupted/m);
  });

  it("stops knight count --method backtrack (6×6 open) with exit 130", async () => {
    const ended = await interrupt(
      ["count", "6", "--method", "backtrack", "--workers", "1", "--progress"],
      /open tours of 6×6/,
    );
    expectInterrupted(ended);
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/^knight count: interrupted after \d+ units/m);
  });

  it("stops knight tour --method backtrack on 8×8 from b1 while it searches", async () => {
    // --progress shows the search is under way before the interrupt.
    const ended = await interrupt(
      ["tour", "8", "--method", "backtrack", "--start", "b1", "--progress"],
      /tour: [\d,]+ nodes/,
    );
    expectInterrupted(ended);
  });

  it("stops knight enumerate (8×8 closed) with exit 130 while it lists", async () => {
    const ended = await interrupt(["enumerate", "8", "--closed"], /"path"/);
    expectInterrupted(ended);
    expect(ended.code).toBe(130);
    expect(ended.stderr).toMatch(/^knight enumerate: interrupted after \d+ tours/m);
  });

  // These counts run synchronously in the main thread: they used to ask for the interrupt
  // signal, which turned Ctrl-C off while they could never look at it (killed only by SIGKILL).
  it("stops knight count --method dlx (6×6 open), which runs in the main thread", async () => {
    expectInterrupted(await interrupt(["count", "6", "--method", "dlx"], 1500));
  });

  it("stops knight count --symmetry 180 (10×10), a synchronous quotient search", async () => {
    expectInterrupted(await interrupt(["count", "10", "--symmetry", "180"], 1500));
  });
});
