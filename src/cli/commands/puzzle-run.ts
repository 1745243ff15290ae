import type { Board } from "../../core/board.js";
import { tourToJsonObject } from "../../core/format/json.js";
import { formatPuzzleGrid, formatPuzzleJson, parsePuzzle } from "../../puzzle/format.js";
import { type GeneratedPuzzle, generatePuzzles } from "../../puzzle/generate.js";
import { solvePuzzle } from "../../puzzle/solve.js";
import { renderGrid } from "../../render/grid.js";
import { renderPuzzleSheetSvg, type SheetEntry } from "../../render/puzzle.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { decodeText, readInput } from "../input.js";
import type { CliIO } from "../io.js";
import { writeOutput } from "../output.js";
import { MAX_SHEET } from "./defaults.js";
import type { NewFlags, SolveFlags } from "./puzzle.js";

/** `knight puzzle solve`: what its action runs (loaded then, with the solver). */
export async function runPuzzleSolve(
  file: string | undefined,
  flags: SolveFlags,
  io: CliIO,
): Promise<void> {
  const { bytes, source } = await readInput(file, io);
  const text = decodeText(bytes, source, "expected a puzzle as a text grid or JSON");
  const puzzle = parsePuzzle(text);
  const result = solvePuzzle(puzzle, flags.count ? { maxSolutions: Number.MAX_SAFE_INTEGER } : {});
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
    if (result.tour === null) throw new CliExit(ExitCode.NoTour, result.reason, undefined, true);
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
}

/** `knight puzzle new`: what its action runs (loaded then, with the generator and the sheets). */
export async function runPuzzleNew(
  spec: string,
  flags: NewFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
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
