import type { Command } from "commander";
import { formatCell } from "../../core/cells.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import { solve } from "../../solve/solve.js";
import { type Existence, tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { addGeometryOptions, type GeometryFlags, geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import { cellOption, positiveInteger, seconds } from "../options.js";
import { formatCount, progressReporter } from "../progress.js";

interface ExistsFlags extends GeometryFlags {
  closed?: boolean;
  start?: string;
  end?: string;
  json?: boolean;
  search?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
}

const DEFAULT_SEARCH_MS = 10_000;

export function registerExists(program: Command, context: CommandContext): void {
  const { io } = context;
  const command = program
    .command("exists")
    .description("say whether a tour can exist, and why (theorems first, then a bounded search)")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-c, --closed", "ask about closed tours")
    .option("-s, --start <cell>", "required first cell")
    .option("-e, --end <cell>", "required last cell")
    .option("--json", "print the answer as JSON")
    .option("--no-search", "answer from the theorems only (may answer 'unknown')")
    .option(
      "--time-limit <seconds>",
      `how long a search may try when no theorem decides (default ${DEFAULT_SEARCH_MS / 1000})`,
      seconds("--time-limit"),
    )
    .option(
      "--node-limit <n>",
      "how many search nodes that search may spend (exit 3 when spent)",
      positiveInteger("--node-limit"),
    )
    .option(
      "--progress",
      "show the search's progress on standard error even when it is not a terminal",
    );
  addGeometryOptions(command)
    .addHelpText(
      "after",
      `
Exit 0 a tour exists; 1 none exists (the reason is printed); 3 undecided (no theorem
applies and the search ran out of time).

Examples:
  knight exists 5 --closed           no: a closed tour needs an even number of cells
  knight exists 4x5 --start b2       no: 4-row tours start in an outer row
  knight exists 3x10 --closed --json
  knight exists 8 --piece camel      no: a camel never changes the colour of its square
  knight exists 8 --holes a1,h8      no: 32 cells of one colour and 30 of the other
  knight exists 5x5 --topology torus --closed    yes: every torus has a closed tour`,
    )
    .action(async (boardSpec: string, flags: ExistsFlags) => {
      const board = await geometryBoard(context, boardSpec, flags);
      const start = cellOption(flags.start, board, "--start");
      const end = cellOption(flags.end, board, "--end");
      const closed = flags.closed === true;
      const query = { closed, start, end };
      let answer: Existence = tourExists(board, query);
      let decidedBy: "theory" | "search" = "theory";
      if (answer.exists === "unknown" && flags.search !== false) {
        const progress = progressReporter(io, flags.progress === true, "exists: searching");
        let result: ReturnType<typeof solve>;
        try {
          result = await interruptible(io, () =>
            solve(board, {
              ...query,
              timeLimitMs: flags.timeLimit ?? DEFAULT_SEARCH_MS,
              nodeLimit: flags.nodeLimit,
              onProgress: progress?.update,
            }),
          );
        } finally {
          progress?.done();
        }
        if (result.status === "found") {
          decidedBy = "search";
          answer = {
            exists: true,
            reason: `a search found one (${formatCount(result.stats.nodes)} nodes); no theorem settles this case`,
          };
        } else if (result.status === "impossible") {
          decidedBy = "search";
          answer = { exists: false, reason: result.reason ?? "an exhaustive search found none" };
        } else {
          // Still unknown: say that a search was tried, or the reason reads as if none had been.
          answer = {
            exists: "unknown",
            reason: `${answer.reason}; a search stopped at its limit after ${formatCount(result.stats.nodes)} nodes without finding one (--time-limit gives it longer)`,
          };
        }
      }
      if (flags.json) {
        io.stdout.write(
          `${jsonEnvelope(answer.exists === "unknown" ? "limit" : "done", {
            rows: board.rows,
            cols: board.cols,
            ...geometryToJsonObject(board),
            closed,
            start: start === undefined ? null : formatCell(board, start),
            end: end === undefined ? null : formatCell(board, end),
            exists: answer.exists,
            decidedBy,
            reason: answer.reason,
          })}\n`,
        );
      } else {
        const word = answer.exists === true ? "yes" : answer.exists === false ? "no" : "unknown";
        io.stdout.write(`${word}: ${answer.reason}\n`);
      }
      if (answer.exists === false) throw new CliExit(ExitCode.NoTour);
      if (answer.exists === "unknown") throw new CliExit(ExitCode.Limit);
    });
}
