import type { Command } from "commander";
import { createRandom } from "../../core/index.js";
import {
  type CoverOptions,
  type CoverStats,
  type CoverStatus,
  DancingLinks,
  formatSolution,
  type NamedCoverProblem,
  parseDlx,
} from "../../cover/index.js";
import type { CommandContext } from "../context.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { decodeText, readInput } from "../input.js";
import { positiveInteger, seconds } from "../options.js";
import { progressReporter } from "../progress.js";

interface CoverFlags {
  count?: boolean;
  first?: boolean;
  maxSolutions?: number;
  seed?: number;
  json?: boolean;
  stats?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
}

export function registerCover(program: Command, context: CommandContext): void {
  const { io } = context;
  program
    .command("cover")
    .description("solve an exact cover problem in Knuth's DLX format with Dancing Links")
    .argument("[file]", "the problem; '-' or none reads standard input")
    .option("--count", "print only the number of solutions")
    .option("--first", "print only the first solution (exit 1 if there is none)")
    .option(
      "--max-solutions <n>",
      "stop after this many solutions",
      positiveInteger("--max-solutions"),
    )
    .option(
      "--seed <n>",
      "break ties between items at random with this seed",
      positiveInteger("--seed"),
    )
    .option("--json", "print the result as JSON (solutions as lists of option numbers)")
    .option("--stats", "print search statistics to standard error")
    .option(
      "--time-limit <seconds>",
      "give up after this many seconds (exit 3)",
      seconds("--time-limit"),
    )
    .option(
      "--node-limit <n>",
      "give up after this many search nodes (exit 3)",
      positiveInteger("--node-limit"),
    )
    .option("--progress", "show progress on standard error even when it is not a terminal")
    .addHelpText(
      "after",
      `
The DLX format: the first line names the items (secondary ones after a '|'); every further
line is an option, the names of its items. Lines starting with '|' are comments.

  | Knuth's example
  a b c d e f g
  c e
  a d g
  b c f
  a d f
  b g
  d e g

Solutions print one option per line (as in the input), with a blank line between solutions.

Examples:
  knight cover problem.dlx --count
  knight cover problem.dlx --first
  cat problem.dlx | knight cover - --max-solutions 10

Exit codes: 0 done; 1 no solution (with --first); 2 bad input; 3 a limit ended the search.`,
    )
    .action(async (file: string | undefined, flags: CoverFlags) => {
      if (flags.count && flags.first) {
        throw new CliExit(ExitCode.BadInput, "--count and --first: choose one of them");
      }
      const { bytes, source } = await readInput(file, io);
      const text = decodeText(bytes, source);
      let problem: NamedCoverProblem;
      try {
        problem = parseDlx(text);
      } catch (error) {
        if (error instanceof Error)
          throw new CliExit(ExitCode.BadInput, `${source}: ${error.message}`);
        throw error;
      }
      const links = new DancingLinks(problem, {
        random: flags.seed === undefined ? undefined : createRandom(flags.seed),
      });
      const progress = progressReporter(io, flags.progress === true, "cover");
      const limits: CoverOptions = {
        maxSolutions: flags.first ? 1 : flags.maxSolutions,
        timeLimitMs: flags.timeLimit,
        nodeLimit: flags.nodeLimit,
        // A cover search has no restarts: the line shows nodes and time.
        onProgress: progress && ((p) => progress.update({ nodes: p.nodes, attempts: 0, ms: p.ms })),
      };

      let status: CoverStatus;
      let count: number;
      let stats: CoverStats;
      let reason: string | undefined;
      const listed: Int32Array[] = [];
      try {
        if (flags.count) {
          const result = links.count(limits);
          ({ status, count, stats, reason } = result);
        } else {
          const generator = links.solutions(limits);
          let step = generator.next();
          let n = 0;
          while (!step.done) {
            if (flags.json) listed.push(step.value);
            else io.stdout.write(`${n > 0 ? "\n" : ""}${formatSolution(problem, step.value)}\n`);
            n++;
            step = generator.next();
          }
          ({ status, count, stats, reason } = step.value);
        }
      } finally {
        progress?.done();
      }

      if (flags.json) {
        io.stdout.write(
          `${JSON.stringify({
            items: problem.itemNames.length,
            options: problem.options.length,
            status,
            count: String(count),
            // JSON.stringify leaves out a key whose value is undefined.
            solutions: flags.count ? undefined : listed.map((s) => Array.from(s)),
            nodes: stats.nodes,
          })}\n`,
        );
      } else if (flags.count) {
        io.stdout.write(`${count}\n`);
      }
      if (flags.stats) {
        io.stderr.write(
          `status ${status}; solutions ${count}; nodes ${stats.nodes}; updates ${stats.updates}; time ${stats.ms.toFixed(2)} ms\n`,
        );
      }
      if (!flags.count && !flags.json && !flags.first) {
        io.stderr.write(`${count} solution${count === 1 ? "" : "s"}\n`);
      }
      if (status === "limit") throw new CliExit(ExitCode.Limit, reason ?? "a limit was reached");
      if (status === "aborted") throw new CliExit(ExitCode.Interrupted, "interrupted");
      if (flags.first && count === 0) throw new CliExit(ExitCode.NoTour, "no solution");
    });
}
