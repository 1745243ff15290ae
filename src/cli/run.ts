import { CommanderError } from "commander";
import { InvalidTourError, isKnightError } from "../core/errors.js";
import { jsonEnvelope } from "./envelope.js";
import { CliExit, EXIT_CODE_NAMES, ExitCode, OutputClosed } from "./exit-codes.js";
import { InputTooLarge } from "./input-limit.js";
import type { CliIO } from "./io.js";
import { tidyMessage } from "./message.js";
import { commandNamed, commandsNeeded, createProgram } from "./program.js";

/**
 * Run the `knight` command line `argv` (without the node and script names) against `io` and
 * return the exit code. Never throws and never exits: main.ts does that.
 */
export async function run(argv: readonly string[], outside: CliIO): Promise<number> {
  // Whether the command printed anything on standard output: with --json, an error after its
  // own JSON answer (a verdict, a status object, a census summary) adds no second object.
  let printed = false;
  const io: CliIO = {
    ...outside,
    stdout: Object.create(outside.stdout, {
      write: {
        value: (chunk: string | Uint8Array) => {
          printed = true;
          return outside.stdout.write(chunk);
        },
      },
    }),
    openOutput: async (path) => {
      const sink = await outside.openOutput(path);
      if (path !== undefined && path !== "-") return sink;
      return {
        ...sink,
        write: (chunk) => {
          printed = true;
          return sink.write(chunk);
        },
      };
    },
  };
  // An interrupt that ends the command at once still owes a --json reader its envelope. Until
  // the program is built, `--json` among the arguments is taken at its word.
  let json = argv.includes("--json");
  outside.onAbruptInterrupt?.(() => {
    if (json && !printed)
      outside.stdout.write(`${jsonEnvelope("aborted", { error: interruptedError() })}\n`);
  });
  // Only the command named is loaded (and its code imported): the others cannot run.
  const commandName = commandNamed(argv) ?? "";
  const program = await createProgram(io, commandsNeeded(argv));
  const prefix = commandName ? `knight ${commandName}` : "knight";
  // With --json (on a command that has it), a script reads the error from standard output too.
  const command = program.commands.find((c) => c.name() === commandName);
  // A command with subcommands (knight puzzle solve): the subcommand's options count.
  const named = command?.commands.find((c) => argv.includes(c.name())) ?? command;
  json = named?.options.some((o) => o.long === "--json") === true && json;
  const fail: Fail = (code, message, more = {}) => {
    if (message && more.printed !== true) io.stderr.write(`${prefix}: ${tidyMessage(message)}\n`);
    if (json && code !== ExitCode.Ok && !printed) {
      const error = {
        code: more.errorCode ?? EXIT_CODE_NAMES[code],
        exit: code,
        message: message || EXIT_CODE_NAMES[code].toLowerCase().replace("_", " "),
        value: jsonValue(more.value),
      };
      // The envelope (envelope.ts): a limit or an interrupt before any answer is still that.
      const status =
        code === ExitCode.Limit ? "limit" : code === ExitCode.Interrupted ? "aborted" : "error";
      io.stdout.write(`${jsonEnvelope(status, { error })}\n`);
    }
    return code;
  };
  try {
    await program.parseAsync([...argv], { from: "user" });
    return ExitCode.Ok;
  } catch (error) {
    if (error instanceof OutputClosed) return ExitCode.Ok;
    if (error instanceof CliExit) {
      // A command that printed its own JSON answer (a verdict, a status object) ends without a
      // second object; the others get the error object.
      // A message-less exit, or one marked reported, follows an answer already printed.
      if (error.reported || error.message === "") {
        if (error.message) io.stderr.write(`${prefix}: ${tidyMessage(error.message)}\n`);
        return error.exitCode;
      }
      return fail(error.exitCode, error.message, { value: error.value });
    }
    if (error instanceof InputTooLarge) {
      return fail(ExitCode.BadInput, error.message, { value: error.source });
    }
    if (error instanceof CommanderError) return commanderExit(error, io, prefix, fail);
    if (isKnightError(error)) {
      return fail(
        error instanceof InvalidTourError ? ExitCode.NoTour : ExitCode.BadInput,
        error.message,
        { value: error.value, errorCode: error.code },
      );
    }
    // A bug, not bad input: say so plainly, with the stack for the report.
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    io.stderr.write(`${prefix}: internal error (please report it): ${detail}\n`);
    if (json) fail(ExitCode.Internal, "internal error (please report it)", { printed: true });
    return ExitCode.Internal;
  }
}

/** The error object of an interrupted run's envelope, as `fail` writes it. */
function interruptedError() {
  const code = ExitCode.Interrupted;
  return { code: EXIT_CODE_NAMES[code], exit: code, message: "interrupted", value: null };
}

type Fail = (
  code: ExitCode,
  message: string,
  more?: { value?: unknown; errorCode?: string; printed?: boolean },
) => number;

/** A value as JSON can hold it (a bigint as its digits, anything odd as its text). */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return value;
  try {
    JSON.stringify(value);
    return value;
  } catch {
    return String(value);
  }
}

function commanderExit(error: CommanderError, io: CliIO, prefix: string, fail: Fail): number {
  // commander has printed its own line on standard error: only the JSON object is left to say.
  const said = (message: string) =>
    fail(ExitCode.BadInput, message, { printed: true, errorCode: "BAD_OPTION" });
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
      said(error.message.replace(/^error: /, ""));
      return ExitCode.BadInput;
    }
    default:
      said(error.message.replace(/^error: /, ""));
      return ExitCode.BadInput;
  }
}
