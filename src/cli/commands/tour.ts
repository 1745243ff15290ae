import type { Command } from "commander";
import {
  type Board,
  DEFAULT_MAX_BYTES,
  formatCell,
  rotateClosedTour,
  type StreamFormat,
  tourChunks,
} from "../../core/index.js";
import {
  METHODS,
  type Method,
  type SolveOptions,
  type SolveResult,
  solve,
  TIE_BREAKS,
  type TieBreak,
} from "../../solve/index.js";
import { formatTourStats } from "../../stats/index.js";
import { findSymmetricTour } from "../../symmetry/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { interruptible } from "../interrupt.js";
import {
  boardArgument,
  cellOption,
  closedEndsProblem,
  nonNegativeInteger,
  oneOf,
  positiveInteger,
  seconds,
  seedValue,
} from "../options.js";
import { writeOutput } from "../output.js";
import { progressReporter } from "../progress.js";
import { streamTour } from "../stream-output.js";
import { TraceWriter } from "../trace.js";
import {
  addAnimateOptions,
  addPictureOptions,
  animateTour,
  checkPictureTarget,
  checkPngSize,
  isPictureFormat,
  PICTURE_FORMATS,
  type PictureFlags,
  writePicture,
} from "./render.js";

const FORMATS = [
  ...(["grid", "json", "algebraic", "bin"] as const satisfies readonly StreamFormat[]),
  ...PICTURE_FORMATS,
] as const;

interface TourFlags extends PictureFlags {
  animate?: boolean;
  fps?: number;
  start?: string;
  end?: string;
  closed?: boolean;
  method?: Method;
  tieBreak?: TieBreak;
  symmetry?: "180" | "90";
  seed?: number;
  format: (typeof FORMATS)[number];
  out?: string;
  stats?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
  trace?: string | true;
  traceLimit?: number;
}

export function registerTour(program: Command, context: CommandContext): void {
  const { io } = context;
  const command = program
    .command("tour")
    .description("find a knight's tour of a board and print it")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-s, --start <cell>", "first cell, a1-style or row,col (default: the top-left corner)")
    .option("-e, --end <cell>", "required last cell (open tours)")
    .option("-c, --closed", "find a closed tour (the last cell a knight's move from the first)")
    .option(
      "-m, --method <name>",
      `search method: ${METHODS.join(", ")} (see below)`,
      oneOf("--method", METHODS),
      "auto",
    )
    .option(
      "--tie-break <rule>",
      `Warnsdorff tie-break rule: ${TIE_BREAKS.join(", ")}`,
      oneOf("--tie-break", TIE_BREAKS),
    )
    .option(
      "--symmetry <angle>",
      "closed tour unchanged by a rotation of 180 or 90 degrees",
      oneOf("--symmetry", ["180", "90"] as const),
    )
    .option("--seed <n>", "seed for randomised choices (0..4294967295)", seedValue)
    .option(
      "-f, --format <format>",
      `output format: ${FORMATS.join(", ")}`,
      oneOf("--format", FORMATS),
      "grid",
    )
    .option("-o, --out <file>", "write the tour to FILE instead of standard output")
    .option("--stats", "print search and shape statistics (turns, crossings) to standard error")
    .option(
      "--time-limit <seconds>",
      "give up after this many seconds (exit 3)",
      seconds("--time-limit"),
    )
    .option(
      "--node-limit <n>",
      "give up after this many search nodes (exit 3)",
      positiveInteger("--node-limit"),
    )
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option(
      "--trace [file]",
      "write one line per search event (step, advance/backtrack/prune with the reason/stuck, cell, depth) to standard error, or to FILE",
    )
    .option(
      "--trace-limit <n>",
      "write at most N trace lines (implies --trace; the last line says it was capped)",
      nonNegativeInteger("--trace-limit"),
    );
  addPictureOptions(addAnimateOptions(command))
    .addHelpText(
      "after",
      `
Examples:
  knight tour 8                      an open tour of the 8×8 board from a8
  knight tour 8 --closed --stats     a closed tour, with search statistics
  knight tour 6x8 --start b1 --format algebraic
  knight tour 8 --closed --format json | knight verify
  knight tour 8 --closed --format svg --gradient --out tour.svg
  knight tour 8 --animate --fps 20
  knight tour 5 --start a1 --trace --trace-limit 40     the search's first 40 steps
  knight tour 6 --start a1 --end f1 --method bidirectional --trace trace.txt

Exit codes: 0 found; 1 no such tour exists (the reason is printed); 2 bad input;
3 a limit ended the search undecided; 130 interrupted.`,
    )
    .action(async (boardSpec: string, flags: TourFlags) => {
      // Large boards stream from the block-order construction in constant memory.
      if (await streamTour(boardSpec, flags, context)) return;
      const board = boardArgument(boardSpec, context.maxBytes());
      checkPictureTarget(flags.format, flags.out, io);
      if (flags.animate && flags.format === "png") {
        throw new CliExit(
          ExitCode.BadInput,
          "--animate with --format png: a PNG cannot move; use --format svg for an SVG whose path draws itself, or drop --format to play the tour on the terminal",
        );
      }
      // Refuse a picture too large to draw before the search, not after it.
      if (flags.format === "png") checkPngSize(board, flags.cellSize);
      const start = cellOption(flags.start, board, "--start");
      const end = cellOption(flags.end, board, "--end");
      if (flags.symmetry !== undefined && end !== undefined) {
        throw new CliExit(
          ExitCode.BadInput,
          "--symmetry finds closed tours, which have no end: drop --end",
        );
      }
      // Ends that cannot close are a verdict before any search (the default start: the corner).
      const endsProblem = flags.closed ? closedEndsProblem(board, start ?? 0, end) : undefined;
      if (endsProblem !== undefined) {
        throw new CliExit(
          ExitCode.NoTour,
          `no closed tour of ${board} from ${formatCell(board, start ?? 0)} ends at ${formatCell(board, end!)}: ${endsProblem}`,
        );
      }
      const progress = progressReporter(io, flags.progress === true, "tour");
      const trace =
        flags.trace === undefined && flags.traceLimit === undefined
          ? null
          : await TraceWriter.open(
              board,
              typeof flags.trace === "string" ? flags.trace : undefined,
              flags.traceLimit,
              io,
            );
      const options: SolveOptions = {
        closed: flags.closed === true,
        method: flags.method ?? "auto",
        maxBytes: context.maxBytes(),
        start,
        end,
        tieBreak: flags.tieBreak,
        seed: flags.seed,
        timeLimitMs: flags.timeLimit,
        nodeLimit: flags.nodeLimit,
        onProgress: progress?.update,
        onTrace: trace?.listener,
      };
      let result: SolveResult;
      try {
        result = await interruptible(io, () =>
          flags.symmetry === undefined
            ? solve(board, options)
            : symmetricTour(board, Number(flags.symmetry) as 180 | 90, options),
        );
      } finally {
        progress?.done();
      }
      await trace?.finish(result, flags.symmetry !== undefined);
      // Statistics after the tour, so they read as its footnote in a terminal.
      const printStats = () => {
        if (!flags.stats) return;
        io.stderr.write(statsLine(result));
        // The tour's shape too (turns, crossings, slopes, symmetry), where it is quick to compute.
        if (result.tour !== null && result.tour.board.cells <= SHAPE_STATS_MAX_CELLS) {
          io.stderr.write(`${formatTourStats(result.tour)}\n`);
        }
      };
      const kind =
        flags.symmetry !== undefined
          ? `closed tour with ${flags.symmetry}° symmetry`
          : flags.closed
            ? "closed tour"
            : "open tour";
      const from = start === undefined ? "" : ` from ${formatCell(board, start)}`;
      if (result.status !== "found") printStats();
      switch (result.status) {
        case "found":
          // --animate plays on the terminal, except with --format svg: an SVG that animates.
          if (flags.animate && flags.format !== "svg") {
            await animateTour(result.tour!, flags.fps ?? 10, io);
          } else if (isPictureFormat(flags.format)) {
            await writePicture(
              result.tour!,
              flags.format,
              { ...flags, animated: flags.animate === true },
              io,
            );
          } else await writeOutput(tourChunks(result.tour!, flags.format), flags.out, io);
          printStats();
          return;
        case "impossible":
          // An exhaustive search words its own verdict ("no open tour of 5×5 starts at b1 …").
          throw new CliExit(
            ExitCode.NoTour,
            result.reason?.startsWith(`no ${kind} of`)
              ? result.reason
              : `no ${kind} of ${board}${from}: ${result.reason}`,
          );
        case "aborted":
          throw new CliExit(ExitCode.Interrupted, "interrupted");
        default:
          throw new CliExit(
            ExitCode.Limit,
            `no ${kind} of ${board}${from} found, none ruled out: ${result.reason ?? result.status}`,
          );
      }
    });
}

/**
 * `--symmetry 180|90`: a closed tour the rotation maps onto itself (src/symmetry), started at
 * `--start` when given (a closed tour passes every cell, so it is turned to begin there).
 */
function symmetricTour(board: Board, rotation: 180 | 90, options: SolveOptions): SolveResult {
  const result = findSymmetricTour(board, {
    rotation,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    timeLimitMs: options.timeLimitMs,
    nodeLimit: options.nodeLimit,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  return rotateToStart(result, options.start);
}

/** A closed tour passes every cell: turn it to begin at `start` when one is asked for. */
function rotateToStart(result: SolveResult, start: number | undefined): SolveResult {
  if (result.tour === null || start === undefined) return result;
  return { ...result, tour: rotateClosedTour(result.tour, result.tour.path.indexOf(start)) };
}

/** `--stats` adds the shape statistics up to this many cells (they are near-linear, but verbose). */
const SHAPE_STATS_MAX_CELLS = 1_000_000;

function statsLine(result: SolveResult): string {
  const { nodes, backtracks, attempts, ms, method } = result.stats;
  const tour = result.tour;
  const closes =
    tour === null
      ? "-"
      : tour.closed || tour.board.isKnightMove(tour.path[0]!, tour.path[tour.path.length - 1]!)
        ? "yes"
        : "no";
  const line = `status ${result.status}; method ${method ?? "-"}; nodes ${nodes}; backtracks ${backtracks}; attempts ${attempts}; time ${ms.toFixed(2)} ms; closed: ${closes}\n`;
  const neural = result.stats.neural;
  if (neural === undefined) return line;
  // The network's own tallies: how the runs that gave no tour ended.
  const covers = Object.entries(neural.cycleCounts)
    .map(([cycles, times]) => `${times}×${cycles}`)
    .join(", ");
  return `${line}neural: ${neural.runs} runs, ${neural.iterations} sweeps; ${neural.tours} tours, ${neural.covers} cycle covers${covers ? ` (${covers})` : ""}, ${neural.unsettled} unsettled\n`;
}
