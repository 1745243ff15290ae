import { formatCell } from "../../core/cells.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import type { solve } from "../../solve/solve.js";
import { type Existence, tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { jsonEnvelope } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import { cellOption } from "../options.js";
import { formatCount, progressReporter } from "../progress.js";
import { DEFAULT_SEARCH_MS } from "./defaults.js";
import type { ExistsFlags } from "./exists.js";

/** `knight exists`: what registerExists's action runs (loaded then, with the code it needs). */
export async function runExists(
  boardSpec: string,
  flags: ExistsFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  const board = await geometryBoard(context, boardSpec, flags);
  const start = cellOption(flags.start, board, "--start");
  const end = cellOption(flags.end, board, "--end");
  const closed = flags.closed === true;
  const query = { closed, start, end };
  let answer: Existence = tourExists(board, query);
  let decidedBy: "theory" | "search" = "theory";
  if (answer.exists === "unknown" && flags.search !== false) {
    // The search loads only when no theorem settles the question (most boards need none).
    const { solve } = await import("../../solve/solve.js");
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
}
