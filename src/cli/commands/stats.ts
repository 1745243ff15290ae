import type { Command } from "commander";
import { formatCell, type Tour, validateTour } from "../../core/index.js";
import {
  ANGLE_CLASSES,
  describeMove,
  formatTourStats,
  type TourStats,
  tourStats,
} from "../../stats/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { inputLabel, readTourInput } from "../input.js";

/** `knight stats [FILE|-] [--json]`: the shape statistics of a tour read in any format. */
export function registerStats(program: Command, { io, maxBytes }: CommandContext): void {
  program
    .command("stats")
    .description("print a tour's turn angles, crossings, move slopes, length and symmetry")
    .argument("[file]", "the tour (JSON, numbered grid, algebraic or binary); '-' or none: stdin")
    .option("--json", "print the statistics as JSON")
    .addHelpText(
      "after",
      `
Turn angles are measured at every cell between the move in and the move out (a closed tour's
start included) and classed as Knuth does: 36.87°, 53.13° (acute), 90° (right), 126.87°,
143.13° (obtuse), 180° (straight). Crossings are pairs of moves that cross inside both.
Slopes are drawn with rank 1 at the bottom. Colours: 0 when row + column is even.

Exit codes: 0 done; 1 the input is not a valid tour; 2 unreadable input.

Examples:
  knight tour 8 --closed --format json | knight stats
  knight tour 18 --closed --symmetry 90 --format json | knight stats --json`,
    )
    .action(async (file: string | undefined, options: { json?: boolean }) => {
      const tour = await readTourInput(file, io, maxBytes());
      // Statistics of a broken path would mislead: check it first, as `verify` does.
      const verdict = validateTour(tour.board, tour.path, { closed: tour.closed });
      if (!verdict.valid)
        throw new CliExit(ExitCode.NoTour, `${inputLabel(file)}invalid tour: ${verdict.message}`);
      const stats = tourStats(tour);
      io.stdout.write(options.json ? `${statsJson(tour, stats)}\n` : formatTourStats(tour, stats));
    });
}

/** The statistics as one line of JSON; cells in the move list are algebraic names. */
export function statsJson(tour: Tour, stats: TourStats): string {
  const c = stats.crossings;
  const board = tour.board;
  const last = tour.path[tour.path.length - 1]!;
  return JSON.stringify({
    rows: stats.rows,
    cols: stats.cols,
    closed: stats.closed,
    moves: stats.moves,
    length: stats.length,
    angles: {
      classes: ANGLE_CLASSES.map((k, i) => ({
        degrees: Number(k.degrees.toFixed(2)),
        kind: k.kind,
        count: stats.angles.byClass[i],
      })),
      acute: stats.angles.acute,
      right: stats.angles.right,
      obtuse: stats.angles.obtuse,
      straight: stats.angles.straight,
    },
    crossings: {
      total: c.total,
      mostCrossed:
        c.mostCrossed < 0
          ? null
          : {
              move: c.mostCrossed + 1,
              cells: describeMove(tour, c.mostCrossed),
              crossings: c.mostCrossings,
            },
    },
    slopes: stats.slopes,
    symmetries: stats.symmetries
      .filter((s) => s.transform !== "identity")
      .map((s) => ({ transform: s.transform, reverses: s.reverses })),
    ends: {
      start: formatCell(board, tour.path[0]!),
      end: formatCell(board, last),
      startColour: stats.ends.start,
      endColour: stats.ends.end,
      sameColour: stats.ends.sameColour,
    },
  });
}
