import { formatCell } from "../../core/cells.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import { SampleThread } from "../../node/sample-thread.js";
import type { SampleProgress } from "../../sample/sample.js";
import { estimateCountNodes } from "../../sample/uniform.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { confirmLongWork, searchSeconds } from "../cost.js";
import { type JsonStatus, jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import type { CliIO } from "../io.js";
import { cellOption } from "../options.js";
import { openSink } from "../output.js";
import { formatCount, progressDisplay } from "../progress.js";
import type { SampleFlags } from "./sample.js";

/** `knight sample`: what registerSample's action runs (loaded then, with the code it needs). */
export async function runSample(
  boardSpec: string,
  flags: SampleFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
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
        await sink.write(`${summary(status, end.status === "done" ? undefined : end.reason)}\n`);
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
