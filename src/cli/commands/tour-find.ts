import type { Board } from "../../core/board.js";
import { formatCell } from "../../core/cells.js";
import { tourChunks } from "../../core/format/chunks.js";
import { DEFAULT_MAX_BYTES } from "../../core/memory.js";
import { rotateClosedTour } from "../../core/tour.js";
import { solve } from "../../solve/solve.js";
import type { SolveOptions, SolveResult } from "../../solve/types.js";
import type { findSymmetricTour } from "../../symmetry/find.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { isFersWazir } from "../fers-wazir-piece.js";
import { geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import { cellOption, closedEndsProblem } from "../options.js";
import { writeOutput } from "../output.js";
import { progressReporter } from "../progress.js";
import { TraceWriter } from "../trace.js";
import { isPictureFormat } from "./picture-options.js";
import { animateTour, checkPictureTarget, checkPngSize, writePicture } from "./render.js";
import type { TourFlags } from "./tour.js";

/**
 * `knight tour` for the tours held whole (every board below the streamed size, and any request
 * the stream does not serve): the search or construction, then the tour as text or a picture.
 * Loaded by tour.ts only when such a tour is asked for.
 */
export async function findTour(
  boardSpec: string,
  flags: TourFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  const board = await geometryBoard(context, boardSpec, flags, { fersWazir: true });
  checkPictureTarget(flags.format, flags.out, io);
  if (flags.animate && flags.format === "png") {
    throw new CliExit(
      ExitCode.BadInput,
      "--animate with --format png: a PNG cannot move; use --format svg for an SVG whose path draws itself, or drop --format to play the tour on the terminal",
    );
  }
  // Refuse a picture too large to draw before the search, not after it.
  if (flags.format === "png") checkPngSize(board, flags.cellSize);
  if (isFersWazir(flags.piece)) {
    const { findFersWazirTour } = await import("../fers-wazir.js");
    const tour = findFersWazirTour(board, flags, context.maxBytes());
    if (isPictureFormat(flags.format)) await writePicture(tour, flags.format, flags, io);
    else await writeOutput(tourChunks(tour, flags.format), flags.out, io);
    return;
  }
  const start = cellOption(flags.start, board, "--start");
  const end = cellOption(flags.end, board, "--end");
  if (flags.symmetry !== undefined && !board.plain) {
    throw new CliExit(
      ExitCode.BadInput,
      `--symmetry: the symmetric-tour search turns knight's tours of a plain rectangle, and ${board} is not one; drop --symmetry`,
    );
  }
  if (flags.symmetry !== undefined && end !== undefined) {
    throw new CliExit(
      ExitCode.BadInput,
      "--symmetry finds closed tours, which have no end: drop --end",
    );
  }
  // Ends that cannot close are a verdict before any search (the default start: the corner).
  const first = start ?? board.firstCell;
  const endsProblem = flags.closed ? closedEndsProblem(board, first, end) : undefined;
  if (endsProblem !== undefined) {
    throw new CliExit(
      ExitCode.NoTour,
      `no closed tour of ${board} from ${formatCell(board, first)} ends at ${formatCell(board, end!)}: ${endsProblem}`,
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
  // The symmetric search and the shape statistics load only when asked for.
  const symmetry =
    flags.symmetry === undefined ? undefined : await import("../../symmetry/find.js");
  const shape = flags.stats ? await import("../../stats/tour-stats.js") : undefined;
  let result: SolveResult;
  try {
    result = await interruptible(io, () =>
      symmetry === undefined
        ? solve(board, options)
        : symmetricTour(
            symmetry.findSymmetricTour,
            board,
            Number(flags.symmetry) as 180 | 90,
            options,
          ),
    );
  } finally {
    progress?.done();
  }
  await trace?.finish(result, flags.symmetry !== undefined);
  // Statistics after the tour, so they read as its footnote in a terminal.
  const printStats = () => {
    if (!flags.stats) return;
    io.stderr.write(statsLine(result));
    // The tour's shape too (turns, crossings, slopes, symmetry), where it is quick to compute
    // (src/stats measures the knight's moves on a plain board: other geometries skip it).
    const tour = result.tour;
    if (shape && tour?.board.plain && tour.board.cells <= SHAPE_STATS_MAX_CELLS) {
      io.stderr.write(`${shape.formatTourStats(tour)}\n`);
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
}

/**
 * `--symmetry 180|90`: a closed tour the rotation maps onto itself (src/symmetry), started at
 * `--start` when given (a closed tour passes every cell, so it is turned to begin there).
 */
function symmetricTour(
  find: typeof findSymmetricTour,
  board: Board,
  rotation: 180 | 90,
  options: SolveOptions,
): SolveResult {
  const result = find(board, {
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
      : tour.closed || tour.board.isMove(tour.path[0]!, tour.path[tour.path.length - 1]!)
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
