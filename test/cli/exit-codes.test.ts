import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EXIT_CODE_TABLE, ExitCode, exitCodesHelp } from "../../src/cli/exit-codes.js";
import { createProgram } from "../../src/cli/program.js";
import { run } from "../../src/cli/run.js";
import { runCli } from "../helpers/cli.js";

// One table of exit codes (docs/cli.md, generated from src/cli/exit-codes.ts): every code the
// program can return is in it, and every code in it is returned by some command line here.
const doc = readFileSync(new URL("../../docs/cli.md", import.meta.url), "utf8");
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("exit codes", () => {
  it("are all in the table of docs/cli.md and in knight --help", async () => {
    const table = [...doc.matchAll(/^\| (\d+) \| `(\w+)` \|/gm)].map((m) => [m[2], Number(m[1])]);
    expect(Object.fromEntries(table)).toEqual(ExitCode);
    const help = await runCli(["--help"]);
    for (const code of Object.values(ExitCode)) {
      expect(help.stdout).toMatch(new RegExp(`(^|\\s)${code} `, "m"));
    }
  });

  it("are one table: every code once, in the README and at the end of every command's help", async () => {
    expect(EXIT_CODE_TABLE.map((row) => row.code)).toEqual(Object.values(ExitCode));
    for (const { code, meaning } of EXIT_CODE_TABLE) {
      expect(readme).toContain(`| ${code} | ${meaning} |`);
    }
    const names = (await createProgram({ totalMemory: 0 } as never)).commands.map((c) => c.name());
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) {
      const help = await runCli([name, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout.trimEnd().endsWith(exitCodesHelp()), name).toBe(true);
      // No second, command-local list of codes that could disagree with the table.
      expect(help.stdout.match(/Exit codes/g), name).toHaveLength(1);
    }
  });

  it("are each returned by some command line", async () => {
    const interrupted = new AbortController();
    interrupted.abort();
    const reached: Record<number, number> = {
      [ExitCode.Ok]: (await runCli(["tour", "5"])).code,
      [ExitCode.NoTour]: (await runCli(["tour", "5", "--closed"])).code,
      [ExitCode.BadInput]: (await runCli(["tour", "0"])).code,
      [ExitCode.Limit]: (
        await runCli(["tour", "8", "--method", "backtrack", "--start", "b1", "--node-limit", "10"])
      ).code,
      [ExitCode.WriteFailed]: (
        await runCli(["tour", "5", "--out", "t"], { failWrites: { t: "ENOSPC" } })
      ).code,
      [ExitCode.Interrupted]: (
        await runCli(["enumerate", "6", "--closed"], { interrupt: interrupted.signal })
      ).code,
    };
    // 69, 75 need a queue (test/node/queue), 143 a real process (sigint.test.ts).
    for (const [code, got] of Object.entries(reached)) expect(got).toBe(Number(code));
    // A bug (here: standard output that throws) is an internal error, 70, that asks for a report.
    let stderr = "";
    const code = await run(["count", "5"], {
      stdout: {
        write: () => {
          throw new TypeError("boom");
        },
      },
      stderr: {
        write: (text) => {
          stderr += String(text);
        },
      },
      stdinIsTTY: true,
      readStdin: async () => new Uint8Array(0),
      readFile: async () => new Uint8Array(0),
      openOutput: async () => ({
        write: async () => {
          throw new TypeError("boom");
        },
        close: async () => undefined,
      }),
      env: {},
      interruptSignal: () => new AbortController().signal,
      totalMemory: 2 ** 30,
    });
    expect(code).toBe(ExitCode.Internal);
    expect(stderr).toMatch(/^knight count: internal error \(please report it\): TypeError: boom/);
  });
});
