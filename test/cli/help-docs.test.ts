import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// Help and docs that disagreed with the program (issue 31): each is checked against the
// program's own output, so they cannot drift apart again.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

describe("help and docs say what the program does", () => {
  it("docs/census.md's --list example is the program's first lines", async () => {
    const doc = read("docs/census.md");
    const shown = /\$ npx knight census 8 --list \| head -3\n((?:\S+ \d+\n){3})/.exec(doc)?.[1];
    const listed = await runCli(["census", "8", "--list"]);
    expect(shown).toBe(`${listed.stdout.split("\n").slice(0, 3).join("\n")}\n`);
  });

  it("the README's --max-memory example quotes the message as it is", async () => {
    const readme = read("README.md");
    const quoted = /\$ npx knight --max-memory 100M tour 5000 --closed\n(.+)\n/.exec(readme)?.[1];
    const run = await runCli(["--max-memory", "100M", "tour", "5000", "--closed"]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd()).toBe(quoted);
  });

  it("worker --help gives the --lock default in seconds, the unit the flag takes", async () => {
    const help = (await runCli(["worker", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help).toContain("(default: 30 s)");
    expect(help).not.toContain("30000");
  });

  it("serve --help says each default once", async () => {
    const help = (await runCli(["serve", "--help"])).stdout.replace(/\s+/g, " ");
    expect(help.match(/5178/g)).toHaveLength(1);
    expect(help.match(/127\.0\.0\.1/g)).toHaveLength(1);
  });

  it("cover with no input on a terminal asks for an exact cover problem, not a tour", async () => {
    const run = await runCli(["cover"], { stdinIsTTY: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/pipe an exact cover problem/);
    expect(run.stderr).not.toMatch(/tour/);
  });

  it("--bunches names another spelling's canonical subproblem instead of running it silently", async () => {
    const run = await runCli(["census", "8", "--bunches", "cfgd", "--list"]);
    expect(run.stdout).toBe("CFGD 8\n");
    expect(run.stderr).toBe(
      "knight census: cfgd is the same subproblem as CFGD up to the board's symmetries: running CFGD\n",
    );
  });
});
