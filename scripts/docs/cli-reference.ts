// Generates docs/cli.md, the `knight` command reference, from the CLI's own commander
// definitions: every command with its arguments, options (defaults, allowed values) and its own
// help text (examples, notes, exit codes), then the exit codes of src/cli/exit-codes.ts with
// their TSDoc.
//   npm run docs:cli                                   writes docs/cli.md (about 2 s)
//   npx tsx scripts/docs/cli-reference.ts --check      exit 1 if docs/cli.md is stale
// Quoted by: docs/cli.md is this script's output. test/docs/cli-reference.test.ts builds the same
// text and compares it with the committed file, so the reference cannot drift from the code.
// Imports the CLI from src/ (run by tsx, see scripts/README.md), as the test does.
import type { EventEmitter } from "node:events";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command, Help, Option } from "commander";
import type { CliIO } from "../../src/cli/io.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CLI_DOC_PATH = join(ROOT, "docs", "cli.md");
export const README_PATH = join(ROOT, "README.md");

/** The line above the README's table of exit codes, which this script rewrites. */
const README_EXIT_CODES =
  "<!-- exit codes: from src/cli/exit-codes.ts (npm run docs:cli writes this table) -->";

/** `readme` with its table of exit codes (after README_EXIT_CODES) made from `table`. */
export function withReadmeExitCodes(
  readme: string,
  table: ReadonlyArray<{ readonly code: number; readonly meaning: string }>,
): string {
  const at = readme.indexOf(README_EXIT_CODES);
  if (at < 0) throw new Error(`docs-cli: README.md has no line ${README_EXIT_CODES}`);
  const start = at + README_EXIT_CODES.length + 1;
  const end = readme.indexOf("\n\n", start);
  const rows = ["| Code | Meaning |", "|---|---|"];
  for (const { code, meaning } of table) rows.push(`| ${code} | ${cell(meaning)} |`);
  return `${readme.slice(0, start)}${rows.join("\n")}${readme.slice(end)}`;
}

export interface ExitCodeEntry {
  name: string;
  code: number;
  meaning: string;
}

/** What the reference is built from (the test passes the same from src/). */
export interface CliReferenceInput {
  createProgram: (io: CliIO) => Promise<Command>;
  ExitCode: Readonly<Record<string, number>>;
  exitCodeTable: ReadonlyArray<{ readonly code: number; readonly meaning: string }>;
}

/** A CliIO that only satisfies createProgram: registering commands touches nothing outside. */
function inertIO(): CliIO {
  const refuse = (): never => {
    throw new Error("docs-cli: the program must not run while its reference is generated");
  };
  const sink = { write: () => {}, isTTY: false };
  return {
    stdout: sink,
    stderr: sink,
    stdinIsTTY: true,
    readStdin: refuse,
    readFile: refuse,
    openOutput: refuse,
    env: {},
    interruptSignal: refuse,
    // 0: no machine-dependent default leaks into the reference.
    totalMemory: 0,
  };
}

/**
 * The exit codes of exit-codes.ts: each one's name (the `ExitCode` key) and its meaning from
 * EXIT_CODE_TABLE, the one table every command's help and the README print too. A code missing
 * from the table, or in it but not in `ExitCode`, is an error here.
 */
export function exitCodeEntries(
  ExitCode: Readonly<Record<string, number>>,
  table: ReadonlyArray<{ readonly code: number; readonly meaning: string }>,
): ExitCodeEntry[] {
  const names = Object.entries(ExitCode);
  const entries = table.map(({ code, meaning }) => {
    const name = names.find(([, value]) => value === code)?.[0];
    if (name === undefined) throw new Error(`docs-cli: exit code ${code} is not in ExitCode`);
    return { name, code, meaning };
  });
  if (entries.length !== names.length) {
    throw new Error(
      `docs-cli: EXIT_CODE_TABLE has ${entries.map((e) => e.code).join(", ")} but ExitCode has ${names.map(([, c]) => c).join(", ")}`,
    );
  }
  return entries;
}

/** Markdown table cell: no pipes or line breaks inside. */
function cell(text: unknown): string {
  return String(text)
    .replace(/\|/g, "\\|")
    .replace(/\s*\n\s*/g, " ");
}

function code(text: unknown): string {
  return `\`${String(text).replace(/\|/g, "\\|")}\``;
}

/** Text commander prints for `position` ("before" | "after") help, as lines. */
function helpText(command: Command, position: "before" | "after"): string {
  let text = "";
  // A Command is an EventEmitter (the help hooks are its listeners); its typings do not say so.
  (command as unknown as EventEmitter).emit(`${position}Help`, {
    error: false,
    command,
    write: (chunk: string) => {
      text += chunk;
    },
  });
  return text.replace(/^\n+/, "").replace(/\s+$/, "");
}

function allowedValues(option: Option): string {
  // src/cli/options.ts's oneOf() parsers carry their choices as `.allowed`.
  const parser = option.parseArg as { allowed?: readonly string[] } | undefined;
  const allowed = option.argChoices ?? parser?.allowed;
  return allowed ? allowed.map(code).join(", ") : "";
}

function defaultValue(option: Option): string {
  if (option.defaultValueDescription !== undefined) return option.defaultValueDescription;
  if (option.defaultValue === undefined) return "";
  return code(JSON.stringify(option.defaultValue));
}

function optionsTable(command: Command, help: Help): string[] {
  const options = help.visibleOptions(command);
  if (options.length === 0) return [];
  const lines = ["| Option | Meaning | Default | Allowed values |", "|---|---|---|---|"];
  for (const option of options) {
    lines.push(
      `| ${code(option.flags)} | ${cell(option.description)} | ${cell(defaultValue(option))} | ${allowedValues(option)} |`,
    );
  }
  return lines;
}

function argumentsTable(command: Command): string[] {
  const args = command.registeredArguments;
  if (args.length === 0) return [];
  const lines = ["| Argument | Meaning | Required |", "|---|---|---|"];
  for (const arg of args) {
    const name = arg.required ? `<${arg.name()}>` : `[${arg.name()}]`;
    lines.push(
      `| ${code(`${name}${arg.variadic ? "..." : ""}`)} | ${cell(arg.description)} | ${arg.required ? "yes" : "no"} |`,
    );
  }
  return lines;
}

function commandSection(command: Command, help: Help): string[] {
  const name = `knight ${command.name()}`;
  const out = [`## ${name}`, "", `${command.description()}`, "", "```"];
  out.push(`${name} ${command.usage()}`, "```", "");
  const args = argumentsTable(command);
  if (args.length > 0) out.push("**Arguments**", "", ...args, "");
  const options = optionsTable(command, help);
  if (options.length > 0) out.push("**Options**", "", ...options, "");
  const after = helpText(command, "after");
  if (after)
    out.push("**Notes, examples and exit codes** (from `--help`)", "", "```text", after, "```", "");
  return out;
}

/** The one JSON envelope (src/cli/envelope.ts), the flags' one vocabulary and the old spellings. */
const JSON_SECTION = [
  "## JSON output",
  "",
  "With `--json`, every command prints one JSON object on standard output, whose `status` is",
  "",
  "| `status` | Exit | Meaning |",
  "|---|---|---|",
  "| `done` | 0 (1: no such tour) | the work finished: the other fields are the answer |",
  "| `limit` | 3 | a time or node limit ended it: the fields are what was done so far (`lowerBound: true` on counts) |",
  "| `aborted` | 130 | Ctrl-C or SIGTERM ended it: likewise |",
  "| `error` | 2, 69, 70, 74, … | it could not run: `error` is `{code, exit, message, value}` (the usual line is on standard error too) |",
  "",
  '`status` is the first key, except in `cover`\'s streamed listing (`{"items","options","solutions":[…],"status",…}`),',
  "where it is known only at the end. One key means one idea everywhere: `rows`, `cols` and the",
  "geometry's keys (`piece`, `topology`, `holes`) for the board; `closed` (a boolean, never `kind`);",
  "`count` for a number of tours or solutions, a decimal string (counts pass 2^53): `count`,",
  "`cover`, `sample` (the tours drawn from; `limit` is how many were asked for, `printed` how many",
  "came), `census` and `extreme` (a weighted census total; they keep `tours`, the same string); `reason` says why when a",
  "theorem answered without a search; `estimate` (`count`) is what a long count said before it",
  "started: `seconds`, and for a frontier sweep `memoryBytes` and `diskBytes`. Data goes to standard output, messages to standard error:",
  "`sample --json` prints its tours (NDJSON) and then its status line, `knight play --json` prints",
  "the tour played (tour JSON, which `verify` reads).",
  "",
  "An error's `code` names what was wrong, for programs to test instead of the wording: the",
  "library's own code where it has one (`BAD_SIZE`, `BAD_CELL`, `BAD_OPTION` — also for an option",
  "the command does not know —, `BAD_TOUR`, `INVALID_TOUR`, `BAD_COVER`, `TOO_LARGE`), else the",
  "exit code's name from the table above (`BAD_INPUT`, `WRITE_FAILED`, `QUEUE_UNAVAILABLE`, …).",
  "",
  "## One flag vocabulary",
  "",
  "A short flag means one thing in every command: `-c` `--closed`, `-s` `--start`, `-e` `--end`,",
  "`-m` `--method`, `-w` `--workers`, `-n` `--limit` (how many tours or solutions), `-o` `--out`,",
  "`-y` `--yes` (start work estimated at over 10 minutes without asking). Old spellings still work",
  "for a release, hidden from the help, each printing a deprecation line: `count`/`enumerate -o`",
  "(now `--open`), `sample --count N` (now `--limit N`), `cover --max-solutions N` (now `--limit N`).",
  "`extreme` takes closed tours without `--closed`. `enumerate`, `sample` and `cover` refuse",
  "`--limit 0`. `--no-…` turns a default off: `--no-numbers`, `exists --no-search`,",
  "`census --no-stats`, `count --no-spill` and `count --no-checkpoint`.",
];

/** Commander keeps `hidden` in a field its typings do not declare. */
const isHidden = (command: Command): boolean =>
  (command as Command & { _hidden?: boolean })._hidden === true;

/** The whole reference as Markdown. */
export async function cliReference({
  createProgram,
  ExitCode,
  exitCodeTable,
}: CliReferenceInput): Promise<string> {
  const program = await createProgram(inertIO());
  const help = program.createHelp();
  const commands = program.commands.filter((command) => !isHidden(command));
  const out = [
    "# The `knight` command: reference",
    "",
    "<!-- Generated by scripts/docs/cli-reference.ts from the commander definitions in src/cli/. Do not edit:",
    "     run `npm run docs:cli` (test/docs/cli-reference.test.ts fails when this file is stale). -->",
    "",
    `${program.description()} Conventions for boards, cells and tours: [README › Conventions](../README.md#conventions);`,
    "how the methods work: the [algorithms guide](guide/README.md).",
    "",
    "```",
    `knight ${program.usage()}`,
    "```",
    "",
    "| Command | What it does |",
    "|---|---|",
  ];
  for (const command of commands) {
    const anchor = `knight-${command.name()}`;
    out.push(`| [${code(command.name())}](#${anchor}) | ${cell(command.description())} |`);
  }
  out.push("", "## Global options", "", ...optionsTable(program, help), "");
  const after = helpText(program, "after");
  if (after) out.push("```text", after, "```", "");
  out.push(
    "## Exit codes",
    "",
    "Every command ends with one of these (the contract in `src/cli/exit-codes.ts`). Data goes to",
    "standard output; messages and progress go to standard error.",
    "",
    "| Code | Name | Meaning |",
    "|---|---|---|",
  );
  for (const { name, code: value, meaning } of exitCodeEntries(ExitCode, exitCodeTable)) {
    out.push(`| ${value} | ${code(name)} | ${cell(meaning)} |`);
  }
  out.push(
    "",
    "Ctrl-C (SIGINT) and SIGTERM take one path: one line on standard error saying what was",
    "interrupted and what was kept, no partial file under the name asked for, exit 130 (a second",
    "Ctrl-C ends at once, with the same line). Listings (`enumerate`, `cover`) stop between pieces",
    "of work of about 50 ms; `sample` and the parallel counts search on worker threads, so the main",
    "thread always sees the signal. A search that runs in one go on the main thread (`tour`,",
    "`exists`, `extreme`, `count --method dlx`, `count --symmetry`, `cover --count`) is broken off by",
    "Node's SIGINT watchdog (`breakOnSigint`); there a Ctrl-C that lands in the last moments of the",
    "search can be missed (the search then finishes and prints its answer). SIGTERM reaches that",
    "watchdog too: a small thread passes it on as SIGINT while such a search runs, so it ends with",
    "the same line and 130 (on a Node without the signal binding the thread uses, it says so and",
    "SIGTERM keeps its default action, 143).",
    "",
  );
  out.push(...JSON_SECTION, "");
  for (const command of commands) out.push(...commandSection(command, help));
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}

async function main(): Promise<void> {
  // Imported here, not at the top: the test imports this module and passes its own program.
  const [{ createProgram }, { ExitCode, EXIT_CODE_TABLE }] = await Promise.all([
    import("../../src/cli/program.js"),
    import("../../src/cli/exit-codes.js"),
  ]);
  const text = await cliReference({
    createProgram,
    ExitCode,
    exitCodeTable: EXIT_CODE_TABLE,
  });
  const readme = readFileSync(README_PATH, "utf8");
  const newReadme = withReadmeExitCodes(readme, EXIT_CODE_TABLE);
  if (process.argv.includes("--check")) {
    const committed = readFileSync(CLI_DOC_PATH, "utf8");
    if (committed !== text || readme !== newReadme) {
      console.error("docs/cli.md or the README's exit codes are out of date: run npm run docs:cli");
      process.exitCode = 1;
    }
    return;
  }
  writeFileSync(CLI_DOC_PATH, text);
  writeFileSync(README_PATH, newReadme);
  console.error(`wrote ${CLI_DOC_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
