import type { Command } from "commander";
import { formatTourJson } from "../../core/format/json.js";
import { enumerateWithPauses } from "../../count/enumerate.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { breather } from "../interrupt.js";
import type { CliIO } from "../io.js";
import { positiveInteger, seconds } from "../options.js";
import { openSink } from "../output.js";
import { progressDisplay } from "../progress.js";
import { addQueryOptions, type CountFlags, queryFromFlags } from "./count.js";

interface EnumerateFlags
  extends Pick<
    CountFlags,
    | "closed"
    | "open"
    | "start"
    | "end"
    | "directed"
    | "undirected"
    | "nonClosable"
    | "piece"
    | "topology"
    | "holes"
    | "mask"
  > {
  limit?: number;
  timeLimit?: number;
  progress?: boolean;
}

/** Tours per write: one write per line would dominate the time on small boards. */
const CHUNK = 200;

export function registerEnumerate(program: Command, context: CommandContext): void {
  const { io } = context;
  addQueryOptions(
    program
      .command("enumerate")
      .description("list every tour (NDJSON: one tour JSON per line), as count counts them"),
    io,
  )
    // At least 1, as sample's: `--limit 0` once listed nothing and exited 0.
    .option("-n, --limit <n>", "stop after N tours", positiveInteger("--limit"))
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .option(
      "--progress",
      "show how many tours are listed on standard error even when it is not a terminal",
    )
    .addHelpText(
      "after",
      `
Each line is {"rows":R,"cols":C,"closed":…,"path":[[r,c],…]} (cells as 0-based [row, col]),
with "piece", "topology" and "holes" after "closed" on other boards.
Closed tours are listed once (from the start cell, default the top-left corner) unless
--directed; open tours once per direction unless --undirected.

Exit 0 also when --limit ended the listing; 1 when there is no such tour (the reason is
printed).

Examples:
  knight enumerate 3x4 --undirected          the 8 open tours of 3×4
  knight enumerate 6 --closed --limit 10
  knight enumerate 4 --piece wazir --closed  the 6 closed wazir tours of 4×4`,
    )
    .action(async (boardSpec: string, flags: EnumerateFlags) => {
      const board = await geometryBoard(context, boardSpec, flags);
      const query = queryFromFlags(flags as CountFlags, board);
      // A theorem that rules every tour out answers before the search (7×7 closed would search
      // for ever to list nothing).
      const theory = tourExists(board, query);
      if (theory.exists === false) {
        throw new CliExit(ExitCode.NoTour, `no tours to list: ${theory.reason}`);
      }
      // The search pauses every 50 ms without a tour, so Ctrl-C and the clock are seen; the
      // listing's own limits end it (the run contract: "limit" or "aborted").
      const tours = enumerateWithPauses(
        board,
        {
          ...query,
          limit: flags.limit,
          timeLimitMs: flags.timeLimit,
          signal: io.interruptSignal(),
        },
        50,
      );
      // Through the output layer: a slow reader holds the listing back instead of piling it up in
      // memory, and a reader that stops (`| head`) ends it quietly.
      const sink = await openSink(undefined, io);
      const began = performance.now();
      const progress = listingProgress(io, flags.progress === true, `enumerate ${board}`);
      let chunk: string[] = [];
      let listed = 0;
      let lastBreak = performance.now();
      const flush = async (): Promise<void> => {
        if (chunk.length > 0) await sink.write(`${chunk.join("\n")}\n`);
        chunk = [];
        progress?.update(listed, performance.now() - began);
      };
      let step = tours.next();
      try {
        for (; !step.done; step = tours.next()) {
          const tour = step.value;
          if (tour) {
            chunk.push(formatTourJson(tour));
            listed++;
          }
          if (tour === undefined || chunk.length >= CHUNK || performance.now() - lastBreak > 50) {
            await flush();
            await breather();
            lastBreak = performance.now();
          }
        }
        await flush();
        await sink.close();
      } finally {
        progress?.done(listed, performance.now() - began);
      }
      if (step.value === "aborted") {
        throw new CliExit(ExitCode.Interrupted, `interrupted after ${listed} tours`);
      }
      if (step.value === "limit" && listed !== flags.limit) {
        throw new CliExit(
          ExitCode.Limit,
          `the time limit stopped the listing after ${listed} tours`,
        );
      }
      if (listed === 0 && flags.limit !== 0) {
        // An empty listing is an answer: say why there is nothing, as `tour` and `exists` do.
        throw new CliExit(
          ExitCode.NoTour,
          "no tours to list: the listing was exhaustive and found none",
        );
      }
    });
}

/** The tours listed so far, their rate and the time (src/cli/progress.ts). */
function listingProgress(io: CliIO, forced: boolean, label: string) {
  const display = progressDisplay(io, forced, label);
  if (display === undefined) return undefined;
  return {
    update(listed: number, ms: number): void {
      display.show({ ms, done: listed, unit: "tours" });
    },
    done(listed: number, ms: number): void {
      // The last count, even of a listing too quick for an update (a log gets it at the end).
      display.show({ ms, done: listed, unit: "tours" });
      display.done();
    },
  };
}
