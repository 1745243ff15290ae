import type { Command } from "commander";
import { formatCell } from "../../core/cells.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import { SampleThread } from "../../node/sample-thread.js";
import { SAMPLE_METHODS, type SampleMethod, type SampleProgress } from "../../sample/sample.js";
import { estimateCountNodes } from "../../sample/uniform.js";
import { tourExists } from "../../theory/exists.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { confirmLongWork, searchSeconds } from "../cost.js";
import { type JsonStatus, jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags, geometryBoard } from "../geometry-options.js";
import type { CliIO } from "../io.js";
import { cellOption, oneOf, positiveInteger, seconds, seedValue } from "../options.js";
import { openSink } from "../output.js";
import { formatCount, progressDisplay } from "../progress.js";

interface SampleFlags extends GeometryFlags {
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

/**
 * The count behind uniform sampling can take seconds (6×6 open): its pieces, once it knows how
 * many there are, and its search nodes (src/cli/progress.ts).
 */
function countProgress(io: CliIO, forced: boolean, label: string) {
  const display = progressDisplay(io, forced, label);
  if (display === undefined) return undefined;
  return {
    update(progress: SampleProgress): void {
      const known = progress.total > 0;
      display.show({
        ms: progress.ms,
        done: known ? progress.done : undefined,
        total: known ? progress.total : undefined,
        unit: known ? "pieces" : undefined,
        detail: [`${formatCount(progress.nodes)} nodes`],
        rate: {
          perSecond: progress.ms > 0 ? (progress.nodes * 1000) / progress.ms : 0,
          unit: "nodes",
        },
      });
    },
    done: () => display.done(),
  };
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
      const board = await geometryBoard(context, boardSpec, flags);
      const start = cellOption(flags.start, board, "--start");
      const closed = flags.closed === true;
      // A theorem first (no tour: exit 1 with it), then the cost of counting for uniform draws.
      const theory = tourExists(board, { closed, start });
      if (theory.exists === false) throw new CliExit(ExitCode.NoTour, theory.reason);
      if (flags.method === "uniform" && flags.timeLimit === undefined) {
        const nodes = estimateCountNodes(board, { closed, start: start ?? -1 }).sampler;
        await confirmLongWork(
          io,
          "sample",
          `counting the ${closed ? "closed" : "open"} tours of ${board} for uniform draws (about ${nodes.toExponential(0)} search nodes by Knuth's estimate)`,
          searchSeconds(nodes, 1),
          flags.yes === true,
        );
      }
      const progress = countProgress(io, flags.progress === true, `counting the tours of ${board}`);
      // The sampling runs on a worker thread: this thread only writes, so Ctrl-C is always seen.
      const thread = new SampleThread(board, {
        onProgress: progress?.update,
        closed,
        count: flags.limit,
        seed: flags.seed,
        distinct: flags.distinct === true,
        method: flags.method,
        start,
        timeLimitMs: flags.timeLimit,
        signal: io.interruptSignal(),
      });
      let printed = 0;
      try {
        const first = await thread.next();
        progress?.done();
        if (first.kind === "aborted") {
          throw new CliExit(ExitCode.Interrupted, "interrupted while counting the tours");
        }
        if (first.kind !== "plan") throw new Error(`the sampling thread sent ${first.kind} first`);
        const plan = first.plan;
        if (plan.status === "impossible") throw new CliExit(ExitCode.NoTour, plan.reason);
        if (plan.status !== "ready") {
          throw new CliExit(
            plan.status === "limit" ? ExitCode.Limit : ExitCode.Interrupted,
            plan.reason,
          );
        }
        // With --json the description is in the closing status line (standard output carries
        // the data); without it, standard error says what the tours are drawn from.
        if (!flags.json) io.stderr.write(`${plan.description}\n`);
        const summary = (status: JsonStatus, reason?: string) =>
          jsonEnvelope(status, {
            rows: board.rows,
            cols: board.cols,
            ...geometryToJsonObject(board),
            closed,
            start: start === undefined ? null : formatCell(board, start),
            method: plan.method,
            distribution: plan.distribution,
            // The tours drawn from (a decimal string), when counted; the tours printed.
            count: plan.total,
            limit: flags.limit,
            printed,
            seed: flags.seed,
            distinct: flags.distinct === true,
            ...(reason === undefined ? {} : { reason }),
          });

        const sink = await openSink(undefined, io);
        for (;;) {
          const step = await thread.next();
          if (step.kind === "aborted") {
            if (flags.json) await sink.write(`${summary("aborted")}\n`);
            throw new CliExit(
              ExitCode.Interrupted,
              `interrupted after ${printed} tours`,
              undefined,
              flags.json === true,
            );
          }
          if (step.kind !== "tours" && step.kind !== "end") {
            throw new Error(`the sampling thread sent ${step.kind} after the plan`);
          }
          // Each chunk is written before the next is asked for: a slow reader holds the
          // sampling back, and a closed pipe ends it quietly.
          if (step.tours > 0) await sink.write(step.lines);
          printed += step.tours;
          if (step.kind === "tours") continue;
          const end = step.end;
          if (flags.json) {
            const status = statusOf(end.status);
            await sink.write(
              `${summary(status, end.status === "done" ? undefined : end.reason)}\n`,
            );
          }
          await sink.close();
          if (end.status === "done") return;
          const code =
            end.status === "exhausted" || end.status === "impossible"
              ? ExitCode.NoTour
              : end.status === "limit"
                ? ExitCode.Limit
                : ExitCode.Interrupted;
          throw new CliExit(code, end.reason, undefined, flags.json === true);
        }
      } finally {
        await thread.close();
      }
    });
}
