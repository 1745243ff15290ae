import type { Command } from "commander";
import { SPLITS } from "../../census/split.js";
import { STAT_NAMES } from "../../census/stats.js";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import { positiveInteger, seconds } from "../options.js";
import { addQueueOptions, type QueueFlags } from "../queue-options.js";

export interface CensusFlags extends QueueFlags, GeometryFlags {
  split?: string;
  bunches?: string;
  range?: string;
  list?: boolean;
  journal?: string;
  workers?: number;
  progress?: boolean;
  timeLimit?: number;
  json?: boolean;
  stats: boolean;
  yes?: boolean;
}

export function registerCensus(program: Command, context: CommandContext): void {
  addGeometryOptions(addQueueOptions(program.command("census")))
    .description("visit every closed tour through independent subproblems, with statistics")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("--split <name>", `how the tours are cut into subproblems: ${SPLITS.join(", ")}`)
    .option("--bunches <names>", "run these subproblems only (comma list, any equivalent name)")
    .option("--range <i:j>", "run entries i..j-1 of the canonical list (0-based)")
    .option("--list", "print the canonical subproblems, one per line: NAME MULTIPLICITY")
    .option("--journal <file>", "append each finished subproblem to FILE; rerun to continue")
    .option(
      "-w, --workers <n>",
      "worker threads (default: the machine's cores)",
      positiveInteger("--workers"),
    )
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .option("--json", "print the census as JSON")
    .option("--no-stats", "count the tours only (no statistics)")
    .option("-y, --yes", "start a census estimated at over 10 minutes without asking")
    .addHelpText(
      "after",
      `
On 8×8 the subproblems are Knuth's 66,771 bunches (the wedges at the four central cells,
canonical under the board's symmetries, each weighted by its multiplicity); on other boards
the wedges at two central cells (docs/census.md). "tours" is the weighted total of undirected
closed tours, "visited" the tours actually searched.

--split edge|ring: Knuth's two other splits, names of 8 letters read at two cells and their
quarter turns: edge at the middle of the top edge (03 and 04 on 8×8: 210,771 names), ring at
the top-right corner's two moves (15 and 26: 41,790 names). Any n×n board (edge: n even); they
count the same tours, so every split's totals and histograms agree.

--piece: any {a,b}-leaper with 8 moves (giraffe, zebra, 1,6…) on a board with even sides, by
Knuth's bunches at the four central cells, the wedge letters stretched from the knight's (his
10×10 giraffe census). No tori, cylinders, holes, 4-move pieces or unions.

Statistics per tour: ${STAT_NAMES.join(", ")} (tarnishSquares for the knight only).
Turns as Knuth groups them: acute (36.87°, 53.13°), obtuse (126.87°, 143.13°, 180°),
orthogonal (90°, 180°), and one count per angle (angle37 … angle180; another leaper's own six
angles, ascending). unintersected: moves that no other move crosses.

On a limit or Ctrl-C the summary covers the subproblems finished, and the journal, if any,
is intact: rerun to continue. docs/cluster.md: many machines.

Examples:
  knight census 6                         9862 tours, in seconds
  knight census 8 --bunches ByDy          31905973 tours visited (×8)
  knight census 8 --split ring --bunches wxwxwxwx   2112 tours, the fewest of a ring name
  knight census 8 --list | head
  knight census 10 --piece giraffe --bunches CdCd   110 tours (×2), as Knuth
  knight census 8 --range 0:100 --journal part0.ndjson --progress
  knight census 8 --queue redis://HOST:6379 --progress   with knight worker redis://HOST:6379`,
    )
    .action(async (boardSpec: string, flags: CensusFlags) => {
      const { runCensus } = await import("./census-run.js");
      await runCensus(boardSpec, flags, context);
    });
}
