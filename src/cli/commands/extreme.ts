import type { Command } from "commander";
import {
  type ExtremeGoal,
  extremeTours,
  optimistOf,
  STAT_NAMES,
  type StatName,
} from "../../census/index.js";
import { formatGrid, OptionError, tourToJsonObject } from "../../core/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { interruptible } from "../interrupt.js";
import { boardArgument, oneOf, seconds } from "../options.js";

interface ExtremeFlags {
  closed?: boolean;
  min?: StatName;
  max?: StatName;
  json?: boolean;
  progress?: boolean;
  timeLimit?: number;
}

export function registerExtreme(program: Command, context: CommandContext): void {
  const { io } = context;
  const stat = (flag: string) => oneOf(flag, STAT_NAMES);
  program
    .command("extreme")
    .description("the least or greatest value of a statistic over all closed tours, proved")
    .argument("<board>", "N (an N×N board) or RxC, e.g. 8 or 6x8")
    .option("-c, --closed", "closed tours (the only kind the census covers)")
    .option("--min <stat>", `least value of a statistic: ${STAT_NAMES.join(", ")}`, stat("--min"))
    .option("--max <stat>", "greatest value of a statistic", stat("--max"))
    .option("--json", "print the answer as JSON")
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .option("--time-limit <seconds>", "stop after this long (exit 3)", seconds("--time-limit"))
    .addHelpText(
      "after",
      `
Branch and bound over the census's subproblems (docs/census.md): each partial tour gets a bound
from what its cells can still contribute, and whole subproblems that cannot reach the best so
far are skipped. Bounded: the turn counts (acute, obtuse, orthogonal; --min and --max) and
--min crossings, tarnishSquares, maxSlope; any other is found by a full census.

Examples:
  knight extreme 6 --closed --min obtuse       9, in 16 tours
  knight extreme 8 --closed --min obtuse       4, in 4 tours (Knuth)`,
    )
    .action((boardSpec: string, flags: ExtremeFlags) => {
      const board = boardArgument(boardSpec, context.maxBytes());
      if (!flags.closed) {
        throw new OptionError(
          "knight extreme needs --closed: the census covers closed tours",
          "--closed",
        );
      }
      if ((flags.min === undefined) === (flags.max === undefined)) {
        throw new OptionError(
          `give one of --min STAT or --max STAT (STAT: ${STAT_NAMES.join(", ")})`,
          "--min",
        );
      }
      const goal: ExtremeGoal = flags.min !== undefined ? "min" : "max";
      const name = (flags.min ?? flags.max)!;
      const tty = io.stderr.isTTY === true;
      const showProgress = tty || flags.progress === true;
      let last = -1e9;
      const result = interruptible(io, () =>
        extremeTours(board, {
          stat: name,
          goal,
          timeLimitMs: flags.timeLimit,
          onProgress: showProgress
            ? (p) => {
                if (!tty && p.ms - last < 1000) return;
                last = p.ms;
                const line = `extreme ${board}: ${p.done}/${p.total} subproblems, best ${p.best ?? "none yet"}, ${p.nodes} nodes`;
                io.stderr.write(tty ? `\r${line}\u001b[K` : `${line}\n`);
              }
            : undefined,
        }),
      );
      if (showProgress && tty) io.stderr.write("\r\u001b[K");
      const proved = result.status === "done";
      if (flags.json) {
        io.stdout.write(
          `${JSON.stringify({
            rows: board.rows,
            cols: board.cols,
            stat: name,
            goal,
            value: result.value ?? null,
            tours: result.tours.toString(),
            proved,
            subproblems: result.subproblems,
            searched: result.searched,
            nodes: result.nodes,
            tour: result.tour === undefined ? null : tourToJsonObject(result.tour),
          })}\n`,
        );
      } else if (result.value === undefined) {
        io.stdout.write(`no closed tour of ${board}${proved ? "" : " found yet"}\n`);
      } else {
        io.stdout.write(
          `${goal === "min" ? "least" : "greatest"} ${name} over the closed tours of ${board}: ${result.value}${proved ? "" : " (best found so far, not proved)"}\n` +
            `tours reaching it: ${result.tours}${proved ? "" : " (so far)"}; subproblems searched: ${result.searched} of ${result.subproblems}${optimistOf(name, goal) ? "" : " (no bound for this statistic: a full census)"}\n` +
            `one of them:\n${formatGrid(result.tour!)}\n`,
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
