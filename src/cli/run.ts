import { CommanderError } from "commander";
import { InvalidTourError, isKnightError } from "../core/index.js";
import { CliExit, ExitCode } from "./exit-codes.js";
import type { CliIO } from "./io.js";
import { tidyMessage } from "./message.js";
import { createProgram } from "./program.js";

/**
 * Run the `knight` command line `argv` (without the node and script names) against `io` and
 * return the exit code. Never throws and never exits: main.ts does that.
 */
export async function run(argv: readonly string[], io: CliIO): Promise<number> {
  const program = createProgram(io);
  // The first word that names a command (not a global option's value like `--max-memory 2G`).
  const names = new Set(program.commands.map((command) => command.name()));
  const commandName = argv.find((arg) => names.has(arg)) ?? "";
  const prefix = commandName ? `knight ${commandName}` : "knight";
  try {
    await program.parseAsync([...argv], { from: "user" });
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof CliExit) {
      if (error.message) io.stderr.write(`${prefix}: ${tidyMessage(error.message)}\n`);
      return error.exitCode;
    }
    if (error instanceof CommanderError) return commanderExit(error, io, prefix);
    if (isKnightError(error)) {
      io.stderr.write(`${prefix}: ${tidyMessage(error.message)}\n`);
      return error instanceof InvalidTourError ? ExitCode.NoTour : ExitCode.BadInput;
    }
    // A bug, not bad input: say so plainly, with the stack for the report.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`${prefix}: internal error (please report it): ${detail}\n`);
    return ExitCode.Internal;
  }
}

function commanderExit(error: CommanderError, io: CliIO, prefix: string): number {
  switch (error.code) {
    case "commander.helpDisplayed":
    case "commander.version":
      return ExitCode.Ok;
    case "commander.help":
    case "commander.executeSubCommandAsync":
      return ExitCode.BadInput;
    case "commander.unknownOption": {
      // `knight tour -3`: commander sees an option; the user meant a (negative) size.
      const value = /'(-\d[^']*)'/.exec(error.message)?.[1];
      if (value !== undefined) {
        io.stderr.write(
          `${prefix}: '${value}' is not allowed: board sizes, cells and counts are positive (a board is N or RxC, e.g. 8 or 6x8)\n`,
        );
      }
      return ExitCode.BadInput;
    }
    default:
      return ExitCode.BadInput;
  }
}
