import type { Command } from "commander";
import { formatCell } from "../../core/cells.js";
import { tourToJsonObject } from "../../core/format/json.js";
import type { Tour } from "../../core/tour.js";
import { validateTour } from "../../core/validate.js";
import {
  describeMove,
  formatTourStats,
  type TourStats,
  tourStats,
  type WrappedTourStats,
  wrappedTourStats,
} from "../../stats/tour-stats.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { inputLabel, readTourInputs, worstExit } from "../input.js";
import { tidyMessage } from "../message.js";
import { printOut } from "../output.js";

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
start included): 36.87°, 53.13°, 90° (right), 126.87°, 143.13°, 180° (straight). They are
grouped as Knuth does: acute (under 90°), obtuse (over 90°, 180° included) and orthogonal (90°
or 180°), so a straight pass counts as obtuse and as orthogonal. Crossings are pairs of moves
that cross inside both; unintersected moves are those no other move crosses.
Slopes are drawn with rank 1 at the bottom. Colours: 0 when row + column is even.

Tours of other geometries (tour JSON with "piece", "topology", "holes") get the same report
with the piece's own angles and slopes (the giraffe's 28.07°…, ±4, ±1/4), and its moves by
leap for a union. On a cylinder or torus a move across an edge is no straight segment on the
page: turn angles, slopes and crossings are left out (said so), and the moves by leap and how
many cross an edge are reported instead.

Exit 1 means the input is not a valid tour.

Examples:
  knight tour 8 --closed --format json | knight stats
  knight tour 18 --closed --symmetry 90 --format json | knight stats --json`,
    )
    .action(async (file: string | undefined, options: { json?: boolean }) => {
      const entries = await readTourInputs(file, io, maxBytes());
      const many = entries.length > 1;
      const out: string[] = [];
      for (const { line, tour, error } of entries) {
        const at = line === undefined ? "" : `line ${line}: `;
        // Statistics of a broken path would mislead: check it first, as `verify` does.
        const verdict = tour && validateTour(tour.board, tour.path, { closed: tour.closed });
        const fault =
          error ??
          (verdict && !verdict.valid
            ? new CliExit(
                ExitCode.NoTour,
                `${inputLabel(file)}${at}invalid tour: ${verdict.message}`,
              )
            : undefined);
        if (fault !== undefined || tour === undefined) {
          if (!many) throw fault;
          io.stderr.write(`knight stats: ${tidyMessage(fault?.message ?? "no tour")}\n`);
          continue;
        }
        const stats = tour.board.topology === "plane" ? tourStats(tour) : wrappedTourStats(tour);
        if (options.json) {
          const json = statsJson(tour, stats);
          out.push(`${line === undefined ? json : `{"line":${line},${json.slice(1)}`}\n`);
        } else out.push(`${many ? `line ${line}:\n` : ""}${formatTourStats(tour, stats)}`);
      }
      await printOut(out.join(options.json || !many ? "" : "\n"), io);
      const code = worstExit(entries);
      if (code !== ExitCode.Ok) throw new CliExit(code);
      if (out.length < entries.length) throw new CliExit(ExitCode.NoTour);
    });
}

/**
 * The statistics as one line of JSON; cells in the move list are algebraic names. A tour of
 * another geometry also has its `piece`, `topology`, `holes` (as tour JSON writes them) and
 * `moveKinds`; on a wrapped board `wrappedMoves` and `omitted` take the place of the angles,
 * crossings and slopes.
 */
export function statsJson(tour: Tour, stats: TourStats | WrappedTourStats): string {
  const board = tour.board;
  const last = tour.path[tour.path.length - 1]!;
  const ends = {
    start: formatCell(board, tour.path[0]!),
    end: formatCell(board, last),
    startColour: stats.ends.start,
    endColour: stats.ends.end,
    sameColour: stats.ends.sameColour,
  };
  const symmetries = stats.symmetries
    .filter((s) => s.transform !== "identity")
    .map((s) => ({ transform: s.transform, reverses: s.reverses }));
  // The geometry as tour JSON writes it (no keys for the knight on a plain board).
  const { piece, topology, holes } = board.plain ? {} : tourToJsonObject(tour);
  const head = { rows: stats.rows, cols: stats.cols, piece, topology, holes };
  const kinds = board.plain
    ? {}
    : { moveKinds: stats.moveKinds.map((k) => ({ leap: k.leap, moves: k.moves })) };
  if ("omitted" in stats) {
    return jsonEnvelope("done", {
      ...head,
      closed: stats.closed,
      moves: stats.moves,
      length: stats.length,
      ...kinds,
      wrappedMoves: stats.wrappedMoves,
      omitted: Object.fromEntries(stats.omitted.map((o) => [o.stat, o.reason])),
      symmetries,
      ends,
    });
  }
  const c = stats.crossings;
  return jsonEnvelope("done", {
    ...head,
    closed: stats.closed,
    moves: stats.moves,
    length: stats.length,
    ...kinds,
    angles: {
      classes: stats.angles.classes.map((k, i) => ({
        degrees: Number(k.degrees.toFixed(2)),
        kind: k.kind,
        count: stats.angles.byClass[i],
      })),
      acute: stats.angles.acute,
      obtuse: stats.angles.obtuse,
      orthogonal: stats.angles.orthogonal,
      right: stats.angles.right,
      straight: stats.angles.straight,
    },
    crossings: {
      total: c.total,
      unintersected: c.unintersected,
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
    symmetries,
    ends,
  });
}
