import { type Command, Option } from "commander";
import { DIFFICULTIES, type Difficulty } from "../../puzzle/analyse.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import type { CliIO } from "../io.js";
import { tidyMessage } from "../message.js";
import { nonNegativeInteger, oneOf, positiveInteger, seedValue } from "../options.js";
import { MAX_SHEET } from "./defaults.js";

const SHEET_FORMATS = ["text", "svg", "pdf"] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

export interface SolveFlags {
  count?: boolean;
  json?: boolean;
}

export interface NewFlags extends GeometryFlags {
  closed?: boolean;
  clues?: number;
  difficulty?: Difficulty;
  seed: number;
  limit: number;
  json?: boolean;
  format: SheetFormat;
  out?: string;
}

/** Subcommands get what the program gives its commands: output, exit override, messages. */
function likeACommand(sub: Command, io: CliIO): Command {
  return sub
    .exitOverride()
    .showHelpAfterError(`(run 'knight puzzle ${sub.name()} --help' for usage)`)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) =>
        write(`knight puzzle ${sub.name()}: ${tidyMessage(text.replace(/^error: /, ""))}`),
    });
}

export function registerPuzzle(program: Command, context: CommandContext): void {
  const puzzle = program
    .command("puzzle")
    .description("knight's tour puzzles: solve one, or make new ones with one solution");
  registerSolve(likeACommand(puzzle.command("solve"), context.io), context);
  registerNew(likeACommand(puzzle.command("new"), context.io), context);
  // Without a subcommand, one short line (commander would print the whole help as the error).
  puzzle.action(() => {
    throw new CliExit(
      ExitCode.BadInput,
      "name what to do: 'knight puzzle solve FILE' or 'knight puzzle new BOARD' (see knight puzzle --help)",
    );
  });
}

function registerSolve(command: Command, { io }: CommandContext): void {
  command
    .description("fill in a puzzle: find a solution, say whether it is the only one")
    .argument("[file]", "the puzzle (text grid or JSON); '-' or none reads standard input")
    .option("--count", "count every solution (default: stop at 2, enough to tell unique)")
    .option("--json", 'print {"status","unique","solutions","tour"} as JSON')
    .addHelpText(
      "after",
      `
The text grid: rows of numbers, . (a blank cell) and # (a hole), optionally after header
lines 'closed', 'piece NAME' and 'topology NAME'. Exit 1 when no tour fits the clues (the
reason says which clue conflicts), 2 for a puzzle that cannot be read (line and column).

Examples:
  knight puzzle new 8 --difficulty hard --seed 7 > p.txt && knight puzzle solve p.txt
  knight puzzle solve p.txt --count --json`,
    )
    .action(async (file: string | undefined, flags: SolveFlags) => {
      const { runPuzzleSolve } = await import("./puzzle-run.js");
      await runPuzzleSolve(file, flags, io);
    });
}

function registerNew(command: Command, context: CommandContext): void {
  const { io } = context;
  command
    .description("make puzzles with exactly one solution, proved by the solver")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-c, --closed", "the answer is a closed tour")
    .option(
      "--clues <n>",
      "remove clues down to this many (if uniqueness allows)",
      nonNegativeInteger("--clues"),
    )
    .addOption(
      new Option("--difficulty <level>", `the grade: ${DIFFICULTIES.join(", ")}`).argParser(
        oneOf("--difficulty", DIFFICULTIES),
      ),
    )
    .option("--seed <n>", "seed (0..4294967295): same seed, same puzzles", seedValue, 1)
    .option(
      "-n, --limit <k>",
      `how many puzzles (a sheet holds up to ${MAX_SHEET})`,
      positiveInteger("--limit"),
      1,
    )
    .option("--json", "each puzzle as one line of puzzle JSON, with its difficulty")
    .option(
      "-f, --format <format>",
      `text (default), svg or pdf: a sheet of the puzzles, answers on a second page`,
      oneOf("--format", SHEET_FORMATS),
      "text",
    )
    .option(
      "-o, --out <file>",
      "write to FILE instead of standard output (pdf needs it on a terminal)",
    );
  // --count was this command's first spelling; -n/--limit means "how many" in every command.
  deprecatedAlias(
    command,
    io,
    "--count <k>",
    { flag: "--limit", attribute: "limit" },
    positiveInteger("--count"),
  );
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Each puzzle is a tour drawn at random (uniformly where the sampler counts the board's tours
in a moment: closed tours, open ones up to 30 cells), with numbers removed one at a time while
the solver proves one solution remains.

Examples:
  knight puzzle new 8 --difficulty medium --seed 3
  knight puzzle new 10 --difficulty hard --count 4 --format pdf --out puzzles.pdf
  knight puzzle new 8 --holes d4,e5 --json`,
    )
    .action(async (spec: string, flags: NewFlags) => {
      const { runPuzzleNew } = await import("./puzzle-run.js");
      await runPuzzleNew(spec, flags, context);
    });
}
