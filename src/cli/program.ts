import { Command, Help } from "commander";
import { DEFAULT_MAX_BYTES } from "../core/index.js";
import { COUNT_METHODS } from "../count/index.js";
import { METHODS, TIE_BREAKS } from "../solve/index.js";
import { registerCensus } from "./commands/census.js";
import { registerCount } from "./commands/count.js";
import { registerCover } from "./commands/cover.js";
import { registerEnumerate } from "./commands/enumerate.js";
import { registerExists } from "./commands/exists.js";
import { registerExtreme } from "./commands/extreme.js";
import { registerPlay } from "./commands/play.js";
import { registerRender } from "./commands/render.js";
import { registerSample } from "./commands/sample.js";
import { registerServe } from "./commands/serve.js";
import { registerStats } from "./commands/stats.js";
import { registerTour } from "./commands/tour.js";
import { registerVerify } from "./commands/verify.js";
import { registerWorker } from "./commands/worker.js";
import type { CommandContext, RegisterCommand } from "./context.js";
import type { CliIO } from "./io.js";
import { tidyMessage } from "./message.js";
import { byteSize } from "./options.js";
import { VERSION } from "./version.js";

// The help text's own paragraphs are wrapped by commander, at the width of the lines beside them.
const HELP = new Help();
const HELP_WIDTH = 90;

/** Every subcommand, in the order `knight --help` lists them. */
const COMMANDS: readonly RegisterCommand[] = [
  registerTour,
  registerVerify,
  registerStats,
  registerExists,
  registerCount,
  registerCensus,
  registerExtreme,
  registerWorker,
  registerEnumerate,
  registerSample,
  registerCover,
  registerRender,
  registerPlay,
  registerServe,
];

/** The `knight` program, wired to `io`. Pure: nothing here touches `process`. */
export function createProgram(io: CliIO): Command {
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
    )
    .addHelpText(
      "after",
      `
Boards are N (an N×N board) or RxC (R rows, C columns); cells are a1-style (rank 1 at the
bottom) or 0-based row,col (row 0 at the top).

${HELP.boxWrap(`Tour methods (knight tour --method): ${METHODS.join(", ")}. Warnsdorff tie-breaks (--tie-break): ${TIE_BREAKS.join(", ")}. knight tour --trace logs every step of a search.`, HELP_WIDTH)}
${HELP.boxWrap(`Count methods (knight count --method): ${COUNT_METHODS.join(", ")}.`, HELP_WIDTH)}

Exit codes: 0 done; 1 no such tour exists, or the tour checked is invalid; 2 bad input;
3 a time/node limit ended the search undecided; 70 an internal error (a bug: please
report it); 69 the job queue is unreachable; 74 the output could not be written; 75 queued
subproblems failed; 130 interrupted (Ctrl-C, SIGTERM).
With --json, errors are JSON on standard output too: {"error":{"code","message","value"}}.`,
    )
    .showHelpAfterError("(add --help for usage)")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`knight: ${tidyMessage(text.replace(/^error: /, ""))}`),
    });
  for (const register of COMMANDS) register(program, context);
  // Subcommands inherit the output settings and the exit override.
  for (const command of program.commands) {
    command
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
