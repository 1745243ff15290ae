import type { Command } from "commander";
import { createRandom } from "../../core/random.js";
import { DancingLinks } from "../../cover/dlx.js";
import { formatSolution, type NamedCoverProblem, parseDlx } from "../../cover/format.js";
import type { CoverCountResult, CoverOptions } from "../../cover/types.js";
import { deprecatedAlias } from "../aliases.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { decodeText, readInput } from "../input.js";
import { breather, interruptible } from "../interrupt.js";
import type { CliIO } from "../io.js";
import { positiveInteger, seconds, seedValue } from "../options.js";
import { openSink, printOut } from "../output.js";
import { progressReporter } from "../progress.js";

interface CoverFlags {
  count?: boolean;
  first?: boolean;
  limit?: number;
  seed?: number;
  json?: boolean;
  stats?: boolean;
  timeLimit?: number;
  nodeLimit?: number;
  progress?: boolean;
}

export function registerCover(program: Command, context: CommandContext): void {
  const { io } = context;
  const command = program.command("cover");
  deprecatedAlias(
    command,
    io,
    "--max-solutions <n>",
    { flag: "--limit", attribute: "limit" },
    positiveInteger("--max-solutions"),
  );
  command
    .description("solve an exact cover problem in Knuth's DLX format with Dancing Links")
    .argument("[file]", "the problem; '-' or none reads standard input")
    .option("--count", "print only the number of solutions")
    .option("--first", "print only the first solution (exit 1 if there is none)")
    .option("-n, --limit <n>", "stop after N solutions", positiveInteger("--limit"))
    .option(
      "--seed <n>",
      "break ties between items at random with this seed (0..4294967295)",
      seedValue,
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
  cat problem.dlx | knight cover - --limit 10

1 means no solution (with --first).`,
    )
    .action(async (file: string | undefined, flags: CoverFlags) => {
      if (flags.count && flags.first) {
        throw new CliExit(ExitCode.BadInput, "--count and --first: choose one of them");
      }
      const { bytes, source } = await readInput(file, io, "an exact cover problem (DLX format)");
      const text = decodeText(
        bytes,
        source,
        "expected an exact cover problem in Knuth's DLX format (text: an item line, then one option per line)",
      );
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
      let last: Parameters<NonNullable<CoverOptions["onProgress"]>>[0] | undefined;
      const limits: CoverOptions = {
        maxSolutions: flags.first ? 1 : flags.limit,
        timeLimitMs: flags.timeLimit,
        nodeLimit: flags.nodeLimit,
        // A listing stops cleanly on Ctrl-C between chunks; a count is broken off (interruptible).
        signal: flags.count ? undefined : io.interruptSignal(),
        // A cover search has no restarts: the line shows nodes and time. The last report is
        // kept: a count broken off by Ctrl-C still says how far it got.
        onProgress: (p) => {
          last = p;
          progress?.update({ nodes: p.nodes, attempts: 0, ms: p.ms });
        },
      };
      const head = { items: problem.itemNames.length, options: problem.options.length };
      let end: CoverCountResult;
      try {
        end = flags.count
          ? await interruptible(io, () => links.count(limits))
          : await listSolutions(links, limits, problem, flags.json === true, io);
      } catch (error) {
        if (!(flags.count && error instanceof CliExit && error.exitCode === ExitCode.Interrupted)) {
          throw error;
        }
        end = {
          status: "aborted",
          count: last?.solutions ?? 0,
          reason: "interrupted",
          stats: { nodes: last?.nodes ?? 0, updates: 0, solutions: 0, countedInBulk: 0 },
        } as CoverCountResult;
      } finally {
        progress?.done();
      }
      const { status, count, stats, reason } = end;
      // A limit or Ctrl-C leaves the count unfinished: a lower bound, never printed as the answer.
      const stopped = status === "limit" || status === "aborted";
      if (flags.count) {
        if (flags.json) {
          await printOut(
            jsonEnvelope(statusOf(status), {
              ...head,
              count: String(count),
              lowerBound: stopped,
              nodes: stats.nodes,
            }),
            io,
          );
        } else if (!stopped) await printOut(`${count}`, io);
      }
      if (flags.stats) {
        io.stderr.write(
          `status ${status}; solutions ${count}; nodes ${stats.nodes}; updates ${stats.updates}; time ${stats.ms.toFixed(2)} ms\n`,
        );
      }
      if (!flags.count && !flags.json && !flags.first && !stopped) {
        io.stderr.write(`${count} solution${count === 1 ? "" : "s"}\n`);
      }
      const so = `${flags.count ? "counted" : "listed"} ${count} solution${count === 1 ? "" : "s"} so far (a lower bound)`;
      if (status === "limit") {
        throw new CliExit(
          ExitCode.Limit,
          `${reason ?? "a limit was reached"}: ${so}`,
          undefined,
          flags.json === true,
        );
      }
      if (status === "aborted") {
        throw new CliExit(
          ExitCode.Interrupted,
          `interrupted: ${so}`,
          undefined,
          flags.json === true,
        );
      }
      if (flags.first && count === 0) throw new CliExit(ExitCode.NoTour, "no solution");
    });
}

/** Solutions gathered per chunk of synchronous search, and the longest such chunk. */
const CHUNK = 200;
const CHUNK_MS = 50;

/**
 * Print the solutions as the search finds them, in chunks of at most CHUNK_MS of search: the
 * search pauses by itself (solutionsWithPauses) however long the gap between two solutions,
 * so between chunks the event loop runs — Ctrl-C aborts the signal the search checks — and
 * each chunk of output waits for standard output to take it (a pipe to a slow reader holds the
 * search, not memory); the time limit counts the writing too. With --json the object is
 * streamed: `{"items":…,"options":…,"solutions":[[…],…],"status":…,"count":…}`.
 *
 * No chunk runs under breakOnSigint (interruptible): its watchdog drops a Ctrl-C that comes as
 * a short chunk ends, so a listing made of many chunks would miss one now and then.
 */
async function listSolutions(
  links: DancingLinks,
  limits: CoverOptions,
  problem: NamedCoverProblem,
  json: boolean,
  io: CliIO,
): Promise<CoverCountResult> {
  const solutions = links.solutionsWithPauses(limits, CHUNK_MS);
  const sink = await openSink(undefined, io);
  let listed = 0;
  io.keepOnInterrupt?.(() => `${listed} solutions printed`);
  if (json) {
    await sink.write(
      `{"items":${problem.itemNames.length},"options":${problem.options.length},"solutions":[`,
    );
  }
  for (;;) {
    const began = performance.now();
    const texts: string[] = [];
    let end: CoverCountResult | undefined;
    while (texts.length < CHUNK && performance.now() - began < CHUNK_MS) {
      const step = solutions.next();
      if (step.done) {
        end = step.value;
        break;
      }
      // A pause: the search ran CHUNK_MS without a solution.
      if (step.value === undefined) break;
      const first = listed + texts.length === 0;
      texts.push(
        json
          ? `${first ? "" : ","}[${Array.from(step.value).join(",")}]`
          : `${first ? "" : "\n"}${formatSolution(problem, step.value)}\n`,
      );
    }
    if (texts.length > 0) await sink.write(texts.join(""));
    listed += texts.length;
    if (end !== undefined) {
      if (json) {
        const stopped = end.status === "limit" || end.status === "aborted";
        await sink.write(
          `],"status":"${statusOf(end.status)}","count":"${end.count}","lowerBound":${stopped},"nodes":${end.stats.nodes}}\n`,
        );
      }
      await sink.close();
      return end;
    }
    // Ctrl-C is seen here; the search's next step then ends with "aborted".
    await breather();
  }
}
