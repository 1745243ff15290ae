import type { Command } from "commander";
import { SAMPLE_METHODS, type SampleMethod } from "../../sample/methods.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { addGeometryOptions, type GeometryFlags } from "../geometry-options.js";
import { oneOf, positiveInteger, seconds, seedValue } from "../options.js";

export interface SampleFlags extends GeometryFlags {
  closed?: boolean;
  start?: string;
  limit: number;
  seed: number;
  distinct?: boolean;
  method: SampleMethod;
  json?: boolean;
  timeLimit?: number;
  progress?: boolean;
  yes?: boolean;
}

export function registerSample(program: Command, context: CommandContext): void {
  const { io } = context;
  const command = program
    .command("sample")
    .description(
      "random tours (NDJSON), uniform over all tours where they can be counted, else a randomised search",
    )
    .argument("<board>", "N (an N×N board) or RxC, e.g. 6 or 5x6")
    .option(
      "-c, --closed",
      "closed tours (sampled as figures, printed from --start or the top-left corner)",
    )
    .option(
      "-s, --start <cell>",
      "open tours: the first cell; closed tours: the cell printed first",
    )
    .option("-n, --limit <n>", "how many tours", positiveInteger("--limit"), 1)
    .option(
      "--seed <n>",
      "seed of the random choices (0..4294967295): same seed, same tours",
      seedValue,
      1,
    )
    .option("--distinct", "no two tours the same (closed: same cycle, any start or direction)")
    .option(
      "-m, --method <name>",
      `${SAMPLE_METHODS.join(", ")} (auto: uniform where counting is cheap)`,
      oneOf("--method", SAMPLE_METHODS),
      "auto",
    )
    .option(
      "--json",
      "after the tours, one JSON line on standard output: status, distribution, tours printed",
    )
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .option(
      "--progress",
      "show the count's progress on standard error even when it is not a terminal",
    )
    .option("-y, --yes", "start a uniform count estimated at over 10 minutes without asking");
  deprecatedAlias(
    command,
    io,
    "--count <n>",
    { flag: "--limit", attribute: "limit" },
    positiveInteger("--count"),
  );
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Each line of output is a tour, {"rows":R,"cols":C,"closed":…,"path":[[r,c],…]}, as enumerate
prints them. Standard error says what the sample is drawn from:

  distribution: uniform …           exactly uniform, by counting (boards of up to 48 cells
                                    whose tours count within 6·10^7 search nodes, or --method
                                    uniform): closed tours over the figures (undirected cycles),
                                    open tours over the directed tours (from --start if given)
  distribution: randomised search (not uniform) …
                                    larger boards, or --method search: Warnsdorff walks with
                                    random tie-breaks from a random start, then random rotations

--distinct: closed tours are equal when they are the same cycle (whatever the start and
direction); open tours when they are the same path in the same direction. Mirror images are
different tours. Uniform sampling draws without replacement; asking for more tours than exist
prints all of them and exits 1.

Other pieces and boards (--piece, --topology, --holes, --mask) are sampled the same way:
uniformly by counting where the counter takes the geometry, else by a randomised search on
the move graph; closed tours are printed from --start or the first cell that is not a hole.

Exit 1 also when --distinct asked for more tours than exist (all were printed); 3 also when
the randomised search found no further distinct tour (1000 repeats in a row).

Examples:
  knight sample 6 --closed --limit 329 --distinct --seed 7     329 of the 9862 closed 6×6 tours
  knight sample 5 --start a1 --limit 3                          uniform over the 304 from a1
  knight sample 8 --closed --limit 2                            randomised search (not uniform)
  knight sample 4 --topology torus --closed --limit 3           uniform over the 1344 on a torus`,
    )
    .action(async (boardSpec: string, flags: SampleFlags) => {
      const { runSample } = await import("./sample-run.js");
      await runSample(boardSpec, flags, context);
    });
}
