import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// The guide pastes real transcripts (```console blocks). Every plain `$ npx knight …` command in
// them — no pipes or redirections — is run in-process here and must print what the page shows
// (stdout and stderr together; the time in --stats lines is not compared). `$ echo $?` after a
// command states its exit code. Files a command writes (--out) are kept in memory for the
// commands after it on the same page. Piped commands are left to the reader.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const GUIDE = join(ROOT, "docs", "guide");

interface Step {
  command: string;
  expected: string;
}

function transcripts(markdown: string): Step[][] {
  const blocks = [...markdown.matchAll(/```console\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.map((block) => {
    const steps: Step[] = [];
    for (const line of block.replace(/\n$/, "").split("\n")) {
      if (line.startsWith("$ ")) steps.push({ command: line.slice(2), expected: "" });
      else if (steps.length > 0) {
        const step = steps[steps.length - 1]!;
        step.expected += (step.expected ? "\n" : "") + line;
      }
    }
    return steps;
  });
}

const runnable = (command: string) =>
  command.startsWith("npx knight ") && !/[|<>&;$'"`]/.test(command);

const normalise = (text: string) =>
  text
    .replace(/time [\d.]+ ms/g, "time … ms")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .trim();

const pages = readdirSync(GUIDE).filter((name) => name.endsWith(".md"));

describe("transcripts in docs/guide are real", () => {
  it("the guide has runnable transcripts", () => {
    const commands = pages.flatMap((page) =>
      transcripts(readFileSync(join(GUIDE, page), "utf8")).flat(),
    );
    expect(commands.filter((step) => runnable(step.command)).length).toBeGreaterThan(20);
  });

  for (const page of pages) {
    const blocks = transcripts(readFileSync(join(GUIDE, page), "utf8"));
    if (!blocks.some((steps) => steps.some((step) => runnable(step.command)))) continue;
    it(`docs/guide/${page}`, async () => {
      const files: Record<string, Uint8Array> = {};
      for (const steps of blocks) {
        let lastCode: number | undefined;
        for (const { command, expected } of steps) {
          if (command === "echo $?") {
            expect(String(lastCode), `exit code before 'echo $?' in ${page}`).toBe(expected);
            continue;
          }
          lastCode = undefined;
          if (!runnable(command)) continue;
          const argv = command.slice("npx knight ".length).split(/\s+/);
          const result = await runCli(argv, { files });
          Object.assign(files, result.written);
          lastCode = result.code;
          expect(normalise(result.stdout + result.stderr), `${page}: $ ${command}`).toBe(
            normalise(expected),
          );
        }
      }
    });
  }
});
