import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// Bad input to `knight count` that once cost gigabytes or ended in a stack trace.
const dir = mkdtempSync(join(tmpdir(), "knight-count-input-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("knight count input", () => {
  it("refuses more workers than a few per core, naming the value and the most allowed", async () => {
    const most = 4 * availableParallelism();
    const result = await runCli(["count", "5", "--workers", String(most + 1)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `knight count: --workers ${most + 1}: at most ${most} on this machine (4 per core); more threads only add start-up time and memory\n`,
    );
    const fine = await runCli(["count", "3x4", "--workers", String(most)]);
    expect(fine.code).toBe(0);
  });

  it("refuses a --checkpoint that is a directory or in a missing folder (exit 2, naming it)", async () => {
    const asDir = await runCli(["count", "1x5", "--workers", "1", "--checkpoint", dir]);
    expect(asDir.code).toBe(2);
    expect(asDir.stderr).toBe(`knight count: --checkpoint '${dir}': it is a directory\n`);
    const missing = join(dir, "no", "such", "x.ckpt");
    const inMissing = await runCli(["count", "1x5", "--workers", "1", "--checkpoint", missing]);
    expect(inMissing.code).toBe(2);
    expect(inMissing.stderr).toBe(
      `knight count: --checkpoint '${missing}': its folder does not exist\n`,
    );
  });
});
