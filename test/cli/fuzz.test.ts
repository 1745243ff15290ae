import { tmpdir } from "node:os";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { type Case, caseArbitrary, check, removeFuzzFiles, SPECS } from "./fuzz-cases.js";

afterAll(removeFuzzFiles);

describe("knight CLI fuzz", () => {
  it("sees every command and its flags", () => {
    const names = SPECS.map((s) => s.name);
    for (const name of ["tour", "verify", "count", "exists", "render", "stats", "cover"]) {
      expect(names).toContain(name);
    }
    expect(SPECS.find((s) => s.name === "tour")!.options.length).toBeGreaterThan(10);
  });

  // 400 in-process runs here; `npm run test:long` runs 4000 more from another seed.
  it("ends every random command line with a documented exit code and a clean message", {
    timeout: 600_000,
  }, async () => {
    await fc.assert(fc.asyncProperty(caseArbitrary, check), {
      numRuns: 400,
      seed: Number(process.env.FUZZ_SEED ?? 20261129),
    });
  });

  it("keeps the cases it once failed on", async () => {
    const regressions: Case[] = [
      // A 5000-character value was echoed whole by commander's message.
      { argv: ["tour", "1", "--method", "q".repeat(5000)], stdin: undefined },
      // ... and by the board parser and the tour reader.
      { argv: ["tour", "q".repeat(5000), "--time-limit", "0.3"], stdin: undefined },
      { argv: ["verify", "huge-line.txt"], stdin: undefined },
      // --checkpoint naming a directory ended in an internal error with a stack trace.
      { argv: ["count", "--checkpoint", tmpdir(), "1x5", "--workers", "1"], stdin: undefined },
      // Random bytes to a reader of text: one line naming what was expected.
      { argv: ["cover", "-"], stdin: Uint8Array.from([0xc3, 0x28, 0xa0, 0xa1]) },
      // A failed write: one line and exit 74, no file; a closed pipe: a quiet 0.
      {
        argv: ["tour", "5", "--out", "out.txt"],
        stdin: undefined,
        failWrites: { "out.txt": "ENOSPC" },
      },
      { argv: ["enumerate", "5", "--start", "a1"], stdin: undefined, failWrites: { "-": "EPIPE" } },
      // --json on a bad board: the error object on standard output.
      { argv: ["count", "0", "--json"], stdin: undefined },
    ];
    for (const c of regressions) await check(c);
  });
});
