import { Command, Help } from "commander";
import { DEFAULT_MAX_BYTES } from "../core/memory.js";
import type { CommandContext, RegisterCommand } from "./context.js";
import { exitCodesHelp } from "./exit-codes.js";
import type { CliIO } from "./io.js";
import { tidyMessage } from "./message.js";
import { byteSize } from "./options.js";
import { VERSION } from "./version.js";

// The help text's own paragraphs are wrapped by commander, at the width of the lines beside them.
const HELP = new Help();
const HELP_WIDTH = 90;

/**
 * Every subcommand, in the order `knight --help` lists them, with the module that registers it.
 * A module (and the layers it imports) loads only when its command is on the command line, or
 * for the whole program (`knight --help`, the reference docs): `knight tour` loads tour's code
 * and nothing of count, census, render or the job queue, which keeps a streamed tour's process
 * small. A registering module holds the command's options and help; the code that runs it (the
 * engines, the pool, the queue) sits in its `-run` module or behind an `import()` and loads only
 * when the command runs, so `knight --help` registers every command without loading an engine
 * (test/cli/lean-imports.test.ts).
 */
const COMMANDS: ReadonlyArray<{
  readonly name: string;
  readonly load: () => Promise<RegisterCommand>;
}> = [
  { name: "tour", load: async () => (await import("./commands/tour.js")).registerTour },
  { name: "verify", load: async () => (await import("./commands/verify.js")).registerVerify },
  { name: "stats", load: async () => (await import("./commands/stats.js")).registerStats },
  { name: "exists", load: async () => (await import("./commands/exists.js")).registerExists },
  { name: "count", load: async () => (await import("./commands/count.js")).registerCount },
  { name: "census", load: async () => (await import("./commands/census.js")).registerCensus },
  { name: "extreme", load: async () => (await import("./commands/extreme.js")).registerExtreme },
  { name: "worker", load: async () => (await import("./commands/worker.js")).registerWorker },
  {
    name: "enumerate",
    load: async () => (await import("./commands/enumerate.js")).registerEnumerate,
  },
  { name: "sample", load: async () => (await import("./commands/sample.js")).registerSample },
  { name: "cover", load: async () => (await import("./commands/cover.js")).registerCover },
  { name: "render", load: async () => (await import("./commands/render.js")).registerRender },
  { name: "puzzle", load: async () => (await import("./commands/puzzle.js")).registerPuzzle },
  { name: "play", load: async () => (await import("./commands/play.js")).registerPlay },
  { name: "serve", load: async () => (await import("./commands/serve.js")).registerServe },
];

/**
 * The command `argv` names: its first word that is a command's name (not a global option's
 * value like `--max-memory 2G`), or undefined.
 */
export function commandNamed(argv: readonly string[]): string | undefined {
  return argv.find((arg) => COMMANDS.some((command) => command.name === arg));
}

/**
 * The commands `argv` needs registered: the one it names; none for a bare `knight --version`
 * (commander prints the version before it looks at any command, so their code would load for
 * nothing); otherwise all of them (`knight --help` lists them).
 */
export function commandsNeeded(argv: readonly string[]): readonly string[] | undefined {
  const named = commandNamed(argv);
  if (named !== undefined) return [named];
  const versionOnly = argv.length > 0 && argv.every((arg) => arg === "--version" || arg === "-V");
  return versionOnly ? [] : undefined;
}

/**
 * The `knight` program, wired to `io`: every command, or only the commands `only` names (those
 * a command line needs: the others would never run, and their modules are not loaded). Pure:
 * nothing here touches `process`.
 */
export async function createProgram(io: CliIO, only?: readonly string[]): Promise<Command> {
  const program = new Command("knight");
  const defaultMaxBytes = io.totalMemory > 0 ? Math.floor(io.totalMemory / 2) : DEFAULT_MAX_BYTES;
  const context: CommandContext = {
    io,
    maxBytes: () => (program.opts().maxMemory as number | undefined) ?? defaultMaxBytes,
  };
  program
    .description("Find, count, check, study and show knight's tours on any rectangular board.")
    .version(VERSION, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .option(
      "--max-memory <size>",
      "refuse work that needs more memory than this (e.g. 512M, 8G; default: half the machine's)",
      byteSize("--max-memory"),
    );
  const commands = COMMANDS.filter((command) => only === undefined || only.includes(command.name));
  const registers = await Promise.all(commands.map((command) => command.load()));
  // The program's own help (only shown when no command is named) lists the methods.
  if (only === undefined) program.addHelpText("after", await methodsHelp());
  program
    .showHelpAfterError("(add --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`knight: ${tidyMessage(text.replace(/^error: /, ""))}`),
    });
  for (const register of registers) register(program, context);
  // Subcommands inherit the output settings and the exit override.
  for (const command of program.commands) {
    command
      // One table of exit codes for every command (src/cli/exit-codes.ts).
      .addHelpText("after", `\n${exitCodesHelp()}`)
      .exitOverride()
      .showHelpAfterError(`(run 'knight ${command.name()} --help' for usage)`)
      .configureOutput({
        ...program.configureOutput(),
        // "knight tour: option '--seed <n>' …", like every other message of the command.
        outputError: (text, write) =>
          write(`knight ${command.name()}: ${tidyMessage(text.replace(/^error: /, ""))}`),
      });
  }
  return program;
}

/** The text after `knight --help`'s list of commands: boards, cells, methods, exit codes. */
async function methodsHelp(): Promise<string> {
  // The lists' own modules (constants only), not the engines behind them.
  const [{ METHODS }, { TIE_BREAKS }, { COUNT_METHODS }] = await Promise.all([
    import("../core/result.js"),
    import("../solve/types.js"),
    import("../count/methods.js"),
  ]);
  return `
Boards are N (an N×N board) or RxC (R rows, C columns); cells are a1-style (rank 1 at the
bottom) or 0-based row,col (row 0 at the top).

${HELP.boxWrap(`Tour methods (knight tour --method): ${METHODS.join(", ")}. Warnsdorff tie-breaks (--tie-break): ${TIE_BREAKS.join(", ")}. knight tour --trace logs every step of a search.`, HELP_WIDTH)}
${HELP.boxWrap(`Count methods (knight count --method): ${COUNT_METHODS.join(", ")}.`, HELP_WIDTH)}

${exitCodesHelp()}
With --json, every result and error is one JSON object with a "status" (docs/cli.md).`;
}
