import { type ExtremeGoal, extremeTours } from "../../census/extreme.js";
import { STAT_NAMES } from "../../census/stats.js";
import { OptionError } from "../../core/errors.js";
import { formatGrid } from "../../core/format/grid.js";
import { tourToJsonObject } from "../../core/format/json.js";
import type { TourClass } from "../../symmetry/classes.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope, statusOf, withCount } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import { formatCount, progressDisplay } from "../progress.js";
import { DEFAULT_KEPT } from "./defaults.js";
import type { ExtremeFlags } from "./extreme.js";

/** `knight extreme`: what registerExtreme's action runs (loaded then, with the code it needs). */
export async function runExtreme(
  boardSpec: string,
  flags: ExtremeFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
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
            detail: [`best ${p.best ?? "none yet"}`, ...trying, `${formatCount(p.nodes)} nodes`],
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
