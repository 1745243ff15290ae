import { type Command, InvalidArgumentError } from "commander";
import {
  type ExtremeGoal,
  type ExtremeStat,
  extremeStatTerms,
  extremeTours,
} from "../../census/extreme.js";
import { STAT_NAMES } from "../../census/stats.js";
import { OptionError } from "../../core/errors.js";
import { formatGrid } from "../../core/format/grid.js";
import { tourToJsonObject } from "../../core/format/json.js";
import type { TourClass } from "../../symmetry/classes.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope, statusOf, withCount } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags, geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import { positiveInteger, seconds } from "../options.js";
import { formatCount, progressDisplay } from "../progress.js";

interface ExtremeFlags extends GeometryFlags {
  closed?: boolean;
  min?: ExtremeStat;
  max?: ExtremeStat;
  json?: boolean;
  progress?: boolean;
  timeLimit?: number;
  classes?: number | true;
}

/** Tours kept for --classes without a number. */
const DEFAULT_KEPT = 1000;

export function registerExtreme(program: Command, context: CommandContext): void {
  const { io } = context;
  /** A census statistic or a sum of angle counts, refused naming what is allowed. */
  const stat = (flag: string) =>
    Object.assign(
      (value: string): ExtremeStat => {
        try {
          extremeStatTerms(value);
        } catch (error) {
          throw new InvalidArgumentError(`${flag}: ${(error as Error).message}`);
        }
        return value as ExtremeStat;
      },
      { allowed: STAT_NAMES },
    );
  addGeometryOptions(program.command("extreme"))
    .description("the least or greatest value of a statistic over all closed tours, proved")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option(
      "-c, --closed",
      "closed tours: the only kind the census covers, so implied (may be left out)",
    )
    .option(
      "--min <stat>",
      `least value of a statistic (or a sum of angle counts: angle127+angle143): ${STAT_NAMES.join(", ")}`,
      stat("--min"),
    )
    .option("--max <stat>", "greatest value of a statistic", stat("--max"))
    .option(
      "--classes [tours]",
      `also list the tours reaching the value, up to symmetry (keeps at most this many tours; default ${DEFAULT_KEPT})`,
      positiveInteger("--classes"),
    )
    .option("--json", "print the answer as JSON")
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .addHelpText(
      "after",
      `
Branch and bound over the census's subproblems (docs/census.md): each partial tour gets a bound
from what its cells can still contribute, and whole subproblems that cannot reach the best so
far are skipped. STAT is a census statistic or a sum of angle counts (angle127+angle143). Every
statistic has a bound, --min and --max, but --min sweptArea (a full census). A bound is not
always enough: where very many tours reach the extreme the search must visit them all (on 8×8,
16 moves of each slope: 103,361,177,080 tours; all 28 wedges: 278,078,503,988), and a loose
bound prunes little; docs/census.md lists what each statistic costs on 8×8. Any board the
census takes (--piece: an 8-move leaper on a board with even sides; no tarnishSquares then).

Examples:
  knight extreme 6 --min obtuse                9, in 8 tours
  knight extreme 8 --min obtuse --classes
                                               4, in 4 tours: 1 class, invariant under a
                                               half turn (about 1 CPU minute)
  knight extreme 8 --min acute                 4, in 28,068 tours (a few CPU seconds)
  knight extreme 8 --max maxSlope              34, in 4,116 tours (15 CPU seconds)`,
    )
    .action(async (boardSpec: string, flags: ExtremeFlags) => {
      const board = await geometryBoard(context, boardSpec, flags);
      if ((flags.min === undefined) === (flags.max === undefined)) {
        throw new OptionError(
          `give one of --min STAT or --max STAT (STAT: ${STAT_NAMES.join(", ")})`,
          "--min",
        );
      }
      const goal: ExtremeGoal = flags.min !== undefined ? "min" : "max";
      const name = (flags.min ?? flags.max)!;
      // Closed tours are the only kind the census covers: --closed is implied (and accepted).
      const theory = tourExists(board, { closed: true });
      if (theory.exists === false) {
        if (flags.json) {
          io.stdout.write(
            `${jsonEnvelope("done", withCount({ rows: board.rows, cols: board.cols, stat: name, goal, value: null, tours: "0", proved: true, reason: theory.reason }))}\n`,
          );
        }
        throw new CliExit(
          ExitCode.NoTour,
          `no closed tour of ${board}: ${theory.reason}`,
          undefined,
          flags.json === true,
        );
      }
      const display = progressDisplay(io, flags.progress === true, `extreme ${board}`);
      const keepTours = flags.classes === true ? DEFAULT_KEPT : flags.classes;
      const result = await interruptible(io, () =>
        extremeTours(board, {
          stat: name,
          goal,
          keepTours,
          timeLimitMs: flags.timeLimit,
          onProgress:
            display &&
            ((p) => {
              const trying =
                p.cutoff === undefined || p.best !== undefined ? [] : [`trying ${p.cutoff}`];
              display.show({
                ms: p.ms,
                done: p.done,
                total: p.total,
                unit: "subproblems",
                detail: [
                  `best ${p.best ?? "none yet"}`,
                  ...trying,
                  `${formatCount(p.nodes)} nodes`,
                ],
              });
            }),
        }),
      );
      display?.done();
      const proved = result.status === "done";
      if (flags.json) {
        io.stdout.write(
          `${jsonEnvelope(statusOf(result.status), {
            rows: board.rows,
            cols: board.cols,
            stat: name,
            goal,
            value: result.value ?? null,
            tours: result.tours.toString(),
            count: result.tours.toString(),
            proved,
            subproblems: result.subproblems,
            searched: result.searched,
            nodes: result.nodes,
            tour: result.tour === undefined ? null : tourToJsonObject(result.tour),
            ...(keepTours === undefined
              ? {}
              : {
                  classes: (result.classes ?? []).map((c) => ({
                    orbit: c.orbit,
                    symmetries: c.symmetries,
                    tour: tourToJsonObject(c.tour),
                  })),
                  classesComplete: result.classesComplete,
                }),
          })}\n`,
        );
      } else if (result.value === undefined) {
        io.stdout.write(`no closed tour of ${board}${proved ? "" : " found yet"}\n`);
      } else {
        io.stdout.write(
          `${goal === "min" ? "least" : "greatest"} ${name} over the closed tours of ${board}: ${result.value}${proved ? "" : " (best found so far, not proved)"}\n` +
            `tours reaching it: ${result.tours}${proved ? "" : " (so far)"}; subproblems searched: ${result.searched} of ${result.subproblems}${result.bounded ? "" : " (no bound for this statistic: a full census)"}\n` +
            (keepTours === undefined
              ? `one of them:\n${formatGrid(result.tour!)}\n`
              : formatClasses(result.classes ?? [], result.classesComplete, keepTours)),
        );
      }
      // With --json the object above is the status ("proved": false); no error object after it.
      if (result.status === "aborted") {
        throw new CliExit(ExitCode.Interrupted, "interrupted", undefined, flags.json === true);
      }
      if (result.status === "limit") {
        throw new CliExit(
          ExitCode.Limit,
          "the time limit ended the search before a proof",
          undefined,
          flags.json === true,
        );
      }
      if (result.value === undefined) throw new CliExit(ExitCode.NoTour);
    });
}

/** The classes of --classes: a summary line, then each canonical tour with its orbit. */
function formatClasses(classes: readonly TourClass[], complete: boolean, kept: number): string {
  const sizes = new Map<number, number>();
  let sum = 0;
  for (const c of classes) {
    sizes.set(c.orbit, (sizes.get(c.orbit) ?? 0) + 1);
    sum += c.orbit;
  }
  const parts = [...sizes.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([orbit, k]) => `${k} of ${orbit} tour${orbit === 1 ? "" : "s"}`);
  const head = complete
    ? `up to symmetry: ${classes.length} classes (${parts.join(", ")}), ${sum} tours in all`
    : `up to symmetry, among the first ${kept} tours kept (more reach it; raise --classes): ${classes.length} classes (${parts.join(", ")})`;
  const blocks = classes.map((c, i) => {
    const own = c.symmetries.filter((t) => t !== "identity");
    const how = own.length === 0 ? "no symmetry" : `invariant under ${own.join(", ")}`;
    return `class ${i + 1}: ${c.orbit} tour${c.orbit === 1 ? "" : "s"} (${how})\n${formatGrid(c.tour)}`;
  });
  return `${head}\n\n${blocks.join("\n\n")}\n`;
}
