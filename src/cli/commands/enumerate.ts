import type { Command } from "commander";
import { formatTourJson } from "../../core/index.js";
import { enumerateWithPauses } from "../../count/index.js";
import { tourExists } from "../../theory/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { boardArgument, nonNegativeInteger, seconds } from "../options.js";
import { addQueryOptions, type CountFlags, queryFromFlags } from "./count.js";

interface EnumerateFlags
  extends Pick<
    CountFlags,
    "closed" | "open" | "start" | "end" | "directed" | "undirected" | "nonClosable"
  > {
  limit?: number;
  timeLimit?: number;
}

/** Tours per write: one write per line would dominate the time on small boards. */
const CHUNK = 200;

export function registerEnumerate(program: Command, context: CommandContext): void {
  const { io } = context;
  addQueryOptions(
    program
      .command("enumerate")
      .description("list every tour (NDJSON: one tour JSON per line), as count counts them"),
  )
    .option("-n, --limit <n>", "stop after N tours", nonNegativeInteger("--limit"))
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .addHelpText(
      "after",
      `
Each line is {"rows":R,"cols":C,"closed":…,"path":[[r,c],…]} (cells as 0-based [row, col]).
Closed tours are listed once (from the start cell, default the top-left corner) unless
--directed; open tours once per direction unless --undirected.

Exit codes: 0 all listed (or --limit reached); 1 there is no such tour (the reason is
printed); 2 bad input; 3 the time limit stopped the listing; 130 interrupted.

Examples:
  knight enumerate 3x4 --undirected          the 8 open tours of 3×4
  knight enumerate 6 --closed --limit 10`,
    )
    .action(async (boardSpec: string, flags: EnumerateFlags) => {
      const board = boardArgument(boardSpec, context.maxBytes());
      const query = queryFromFlags(flags as CountFlags, board);
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
      let chunk: string[] = [];
      let listed = 0;
      let lastBreak = performance.now();
      const flush = (): void => {
        if (chunk.length > 0) io.stdout.write(`${chunk.join("\n")}\n`);
        chunk = [];
      };
      let step = tours.next();
      for (; !step.done; step = tours.next()) {
        const tour = step.value;
        if (tour) {
          chunk.push(formatTourJson(tour));
          listed++;
        }
        if (tour === undefined || chunk.length >= CHUNK || performance.now() - lastBreak > 50) {
          flush();
          await new Promise<void>((resolve) => setImmediate(resolve));
          lastBreak = performance.now();
        }
      }
      flush();
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
        const theory = tourExists(board, query);
        throw new CliExit(
          ExitCode.NoTour,
          theory.exists === false
            ? `no tours to list: ${theory.reason}`
            : "no tours to list: the listing was exhaustive and found none",
        );
      }
    });
}
