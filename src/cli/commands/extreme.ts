import { type Command, InvalidArgumentError } from "commander";
import { type ExtremeStat, extremeStatTerms } from "../../census/extreme.js";
import { STAT_NAMES } from "../../census/stats.js";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import { positiveInteger, seconds } from "../options.js";
import { DEFAULT_KEPT } from "./defaults.js";

export interface ExtremeFlags extends GeometryFlags {
  closed?: boolean;
  min?: ExtremeStat;
  max?: ExtremeStat;
  json?: boolean;
  progress?: boolean;
  timeLimit?: number;
  classes?: number | true;
}

export function registerExtreme(program: Command, context: CommandContext): void {
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
      const { runExtreme } = await import("./extreme-run.js");
      await runExtreme(boardSpec, flags, context);
    });
}
