import { formatTourJson } from "../../core/format/json.js";
import { enumerateWithPauses } from "../../count/enumerate.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { queryFromFlags } from "../count-query.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import { breather } from "../interrupt.js";
import type { CliIO } from "../io.js";
import { openSink } from "../output.js";
import { progressDisplay } from "../progress.js";
import type { CountFlags } from "./count.js";
import type { EnumerateFlags } from "./enumerate.js";

/** Tours per write: one write per line would dominate the time on small boards. */
const CHUNK = 200;

/** `knight enumerate`: what registerEnumerate's action runs (loaded then, with the code it needs). */
export async function runEnumerate(
  boardSpec: string,
  flags: EnumerateFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
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
    throw new CliExit(ExitCode.Limit, `the time limit stopped the listing after ${listed} tours`);
  }
  if (listed === 0 && flags.limit !== 0) {
    // An empty listing is an answer: say why there is nothing, as `tour` and `exists` do.
    throw new CliExit(
      ExitCode.NoTour,
      "no tours to list: the listing was exhaustive and found none",
    );
  }
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
