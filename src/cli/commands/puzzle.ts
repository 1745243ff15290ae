import { type Command, Option } from "commander";
import type { Board } from "../../core/board.js";
import { tourToJsonObject } from "../../core/format/json.js";
import { DIFFICULTIES, type Difficulty } from "../../puzzle/analyse.js";
import { formatPuzzleGrid, formatPuzzleJson, parsePuzzle } from "../../puzzle/format.js";
import { type GeneratedPuzzle, generatePuzzles } from "../../puzzle/generate.js";
import { solvePuzzle } from "../../puzzle/solve.js";
import { renderGrid } from "../../render/grid.js";
import { renderPuzzleSheetSvg, type SheetEntry } from "../../render/puzzle.js";
import { tourExists } from "../../theory/exists.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags, geometryBoard } from "../geometry-options.js";
import { decodeText, readInput } from "../input.js";
import type { CliIO } from "../io.js";
import { tidyMessage } from "../message.js";
import { nonNegativeInteger, oneOf, positiveInteger, seedValue } from "../options.js";
import { writeOutput } from "../output.js";

const SHEET_FORMATS = ["text", "svg", "pdf"] as const;
type SheetFormat = (typeof SHEET_FORMATS)[number];

/** The most puzzles on one sheet (three columns of four still leave room to write). */
const MAX_SHEET = 12;

interface SolveFlags {
  count?: boolean;
  json?: boolean;
}

interface NewFlags extends GeometryFlags {
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
      const { bytes, source } = await readInput(file, io);
      const text = decodeText(bytes, source, "expected a puzzle as a text grid or JSON");
      const puzzle = parsePuzzle(text);
      const result = solvePuzzle(
        puzzle,
        flags.count ? { maxSolutions: Number.MAX_SAFE_INTEGER } : {},
      );
      if (flags.json) {
        // The one envelope: "done" whether solved or proved impossible (then tour is null and
        // the reason says why), "limit" when the search gave up undecided.
        const answer = {
          unique: result.unique,
          solutions: result.solutions,
          tour: result.tour === null ? null : tourToJsonObject(result.tour),
          ...(result.reason === "" ? {} : { reason: result.reason }),
        };
        io.stdout.write(`${jsonEnvelope(statusOf(result.status), answer)}\n`);
        if (result.status === "limit")
          throw new CliExit(ExitCode.Limit, result.reason, undefined, true);
        if (result.tour === null)
          throw new CliExit(ExitCode.NoTour, result.reason, undefined, true);
        return;
      }
      if (result.status === "limit") {
        throw new CliExit(ExitCode.Limit, result.reason);
      }
      if (result.tour === null) throw new CliExit(ExitCode.NoTour, `no solution: ${result.reason}`);
      const verdict = result.unique
        ? "one solution"
        : flags.count
          ? `${result.solutions} solutions; the first`
          : "more than one solution; one of them";
      await writeOutput(`${verdict}:\n${renderGrid(result.tour)}`, undefined, io);
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
      if (flags.clues !== undefined && flags.difficulty !== undefined) {
        throw new CliExit(ExitCode.BadInput, "give --clues or --difficulty, not both", "--clues");
      }
      if (flags.format !== "text" && flags.json) {
        throw new CliExit(
          ExitCode.BadInput,
          `--json prints puzzle JSON; it cannot be combined with --format ${flags.format}`,
          flags.format,
        );
      }
      if (flags.format !== "text" && flags.limit > MAX_SHEET) {
        throw new CliExit(
          ExitCode.BadInput,
          `--limit ${flags.limit}: a sheet holds at most ${MAX_SHEET} puzzles`,
          flags.limit,
        );
      }
      if (
        flags.format === "pdf" &&
        (flags.out === undefined || flags.out === "-") &&
        io.stdout.isTTY === true
      ) {
        throw new CliExit(
          ExitCode.BadInput,
          "--format pdf: standard output is a terminal; give --out FILE.pdf or redirect the output",
          "pdf",
        );
      }
      const board = await geometryBoard(context, spec, flags);
      // A board without such a tour has no puzzle: "no such tour" (exit 1, as tour and
      // enumerate say it), with the theorem, not a bad-input refusal.
      const theory = tourExists(board, { closed: flags.closed === true });
      if (theory.exists === false) {
        throw new CliExit(ExitCode.NoTour, `no puzzle on the ${board} board: ${theory.reason}`);
      }
      const made = [
        ...generatePuzzles(board, {
          closed: flags.closed === true,
          seed: flags.seed,
          count: flags.limit,
          ...(flags.clues === undefined ? {} : { clues: flags.clues }),
          ...(flags.difficulty === undefined ? {} : { difficulty: flags.difficulty }),
        }),
      ];
      for (const [k, one] of made.entries()) {
        if (flags.difficulty !== undefined && one.difficulty !== flags.difficulty) {
          io.stderr.write(
            `knight puzzle new: puzzle ${k + 1} is ${one.difficulty}: no ${flags.difficulty} puzzle came from ${one.attempts} tours\n`,
          );
        }
      }
      await writeSheet(made, board, flags, io);
    });
}

async function writeSheet(
  made: GeneratedPuzzle[],
  board: Board,
  flags: NewFlags,
  io: CliIO,
): Promise<void> {
  if (flags.json) {
    const lines = made.map(
      (one) => `${formatPuzzleJson(one.puzzle).slice(0, -1)},"difficulty":"${one.difficulty}"}`,
    );
    await writeOutput(lines.join("\n"), flags.out, io);
    return;
  }
  const entries: SheetEntry[] = made.map((one, k) => ({
    puzzle: one.puzzle,
    answer: one.solution,
    caption: `${k + 1}. ${one.difficulty}, ${one.clues} clues${one.puzzle.closed ? ", closed" : ""}`,
  }));
  const title = `Knight's tour puzzles: ${board}, seed ${flags.seed}`;
  switch (flags.format) {
    case "text":
      await writeOutput(textSheet(entries, title), flags.out, io);
      return;
    case "svg":
      await writeOutput(renderPuzzleSheetSvg(entries, title), flags.out, io);
      return;
    case "pdf": {
      // pdf-lib is loaded only to print: every command's --help loads this module.
      const { puzzleSheetPdf } = await import("../puzzle-pdf.js");
      await writeOutput([await puzzleSheetPdf(entries, title)], flags.out, io);
      return;
    }
  }
}

/**
 * The text sheet: each puzzle's caption (a `//` comment) and grid, a form feed, then the
 * answers. The puzzle reader stops at the form feed, so one puzzle's sheet reads back as it is.
 */
function textSheet(entries: readonly SheetEntry[], title: string): string {
  const puzzles = entries.map((e) => `// ${e.caption}\n${formatPuzzleGrid(e.puzzle)}`);
  const answers = entries.map(
    (e) =>
      `// ${e.caption}\n${renderGrid({ board: e.puzzle.board, path: Int32Array.from(e.answer.path) })}`,
  );
  return `// ${title}\n${puzzles.join("\n\n")}\n\f\n// answers\n${answers.join("\n\n")}`;
}
