import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import { runCli } from "../helpers/cli.js";

// One flag vocabulary: `-o` was --out in tour and render but --open in count and enumerate, `-n`
// was --limit in enumerate but --count in sample, and --count meant "how many" in sample and
// "count only" in cover. Now a short flag has one long flag everywhere; old spellings still
// work, hidden, with a deprecation line.
describe("flags", () => {
  it("no short flag stands for two long flags across the commands", async () => {
    const program = await createProgram({ totalMemory: 0 } as never);
    const meaning = new Map<string, Set<string>>();
    // Subcommands too (puzzle new, puzzle solve).
    const all = (list: readonly Command[]): Command[] =>
      list.flatMap((c) => [c, ...all(c.commands)]);
    for (const command of all(program.commands)) {
      for (const option of command.options) {
        if (option.hidden || option.short === undefined) continue;
        const longs = meaning.get(option.short) ?? new Set<string>();
        longs.add(option.long ?? "");
        meaning.set(option.short, longs);
      }
    }
    expect(meaning.size).toBeGreaterThan(5);
    for (const [short, longs] of meaning) expect([...longs], short).toHaveLength(1);
    expect([...(meaning.get("-o") ?? [])]).toEqual(["--out"]);
    expect([...(meaning.get("-n") ?? [])]).toEqual(["--limit"]);
  });

  it("old spellings still work, with one deprecation line on stderr", async () => {
    const open = await runCli(["count", "5", "-o"]);
    expect(open.stdout).toBe("1728\n");
    expect(open.stderr).toBe(
      "knight count: note: -o is deprecated and will be removed; use --open\n",
    );
    const listed = await runCli(["enumerate", "3x4", "-o", "--undirected"]);
    expect(listed.stdout.trimEnd().split("\n")).toHaveLength(8);
    const cover = await runCli(["cover", "-", "--max-solutions", "1"], {
      stdin: "a b\na\nb\na b\n",
      stdinIsTTY: false,
    });
    expect(cover.code).toBe(0);
    const limit = await runCli(["cover", "-", "--limit", "1"], {
      stdin: "a b\na\nb\na b\n",
      stdinIsTTY: false,
    });
    expect(cover.stdout).toBe(limit.stdout);
    expect(limit.stderr).not.toMatch(/deprecated/);
    expect(cover.stderr).toMatch(/--max-solutions is deprecated and will be removed; use --limit/);
  });

  it("the old spellings are not in the help", async () => {
    for (const [command, old] of [
      ["count", "-o,"],
      ["sample", "--count"],
      ["cover", "--max-solutions"],
    ] as const) {
      const help = await runCli([command, "--help"]);
      expect(help.stdout, command).not.toContain(old);
    }
  });
});
