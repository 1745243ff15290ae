import { Census } from "../../census/census.js";
import { turnAngleDegrees } from "../../census/geometry.js";
import { censusJson } from "../../census/json.js";
import type { CensusTotals } from "../../census/result.js";
import { SPLITS, type SplitName } from "../../census/split.js";
import { formatStatValue, STAT_NAMES, TARNISH_KNIGHT_ONLY } from "../../census/stats.js";
import type { Board } from "../../core/board.js";
import { OptionError } from "../../core/errors.js";
import { isKnight } from "../../core/piece.js";
import {
  censusParallel,
  type ParallelCensusOptions,
  type ParallelCensusProgress,
} from "../../node/census-parallel.js";
import { checkFilePath } from "../../node/paths.js";
import { defaultWorkers } from "../../node/pool.js";
import type { QueuedCensusResult } from "../../node/queue/census-queue.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import { confirmLongWork, LONG_WORK_SECONDS } from "../cost.js";
import { jsonEnvelope, statusOf, withCount } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { geometryBoard } from "../geometry-options.js";
import type { CliIO } from "../io.js";
import { checkWorkers, stateFileError } from "../parallel-options.js";
import { formatCount, progressDisplay } from "../progress.js";
import { queueDetached, queueError, queueRun, queueVerdict } from "../queue-options.js";
import type { CensusFlags } from "./census.js";

/** `knight census`: what registerCensus's action runs (loaded then, with the code it needs). */
export async function runCensus(
  boardSpec: string,
  flags: CensusFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  const board = await geometryBoard(context, boardSpec, flags);
  checkWorkers(flags.workers);
  if (flags.journal !== undefined && flags.journal.trim() === "") {
    throw new OptionError("--journal needs a file name, got ''", "--journal");
  }
  if (flags.journal === "-") {
    throw new OptionError(
      "--journal -: a journal is a file read back on the next run, not standard output; give a file name",
      "--journal",
    );
  }
  if (flags.journal !== undefined) checkFilePath(flags.journal, "--journal");
  const queued = queueRun(flags);
  const split = splitOf(flags.split);
  const census = new Census(board, split);
  const names = selection(census, flags, io);
  if (flags.list) {
    const list = names?.map((name) => census.entry(name)) ?? census.subproblems();
    io.stdout.write(list.map((e) => `${e.name} ${e.multiplicity}\n`).join(""));
    return;
  }
  // A board with no closed tour (by a theorem: 7×7, parity) has nothing to visit: answered
  // at once, with the reason, not after searching every subproblem to find nothing.
  const theory = tourExists(board, { closed: true });
  if (theory.exists === false) {
    io.stderr.write(`knight census: note: ${theory.reason}, so there is no tour to visit\n`);
    const total = (names ?? census.subproblems()).length;
    io.stdout.write(
      flags.json
        ? `${jsonEnvelope("done", withCount({ rows: board.rows, cols: board.cols, subproblems: total, done: total, tours: "0", visited: "0", reason: theory.reason }))}\n`
        : `${board} census: no subproblem searched (${theory.reason})\ntours: 0 (undirected closed tours, weighted by multiplicity); visited: 0\n`,
    );
    return;
  }
  const workers = flags.workers ?? defaultWorkers();
  const count = names?.length ?? census.subproblems().length;
  if (
    !queued &&
    flags.timeLimit === undefined &&
    flags.yes !== true &&
    trialMayRefuse(count, workers)
  ) {
    const [what, cost] = censusCost(
      census,
      names ?? census.subproblems().map((e) => e.name),
      workers,
    );
    await confirmLongWork(io, "census", what, cost, false);
  }
  const reporter = progressLine(io, flags.progress === true, board);
  const options: ParallelCensusOptions = {
    names,
    split,
    workers: flags.workers,
    journal: flags.journal,
    stats: flags.stats,
    timeLimitMs: flags.timeLimit,
    signal: io.interruptSignal(),
    onProgress: reporter?.update,
  };
  const journal = flags.journal;
  if (journal !== undefined) {
    io.keepOnInterrupt?.(
      () =>
        `journal '${journal}' kept (every finished subproblem is in it): rerun the same command to continue`,
    );
  }
  let run: Awaited<ReturnType<typeof censusParallel>>;
  let queue: QueuedCensusResult["queue"] | undefined;
  try {
    if (queued) {
      // The job queue's code loads only for a census sent to it.
      const { censusOnQueue } = await import("../../node/queue/census-queue.js");
      ({ queue, ...run } = await censusOnQueue(board, options, queued));
    } else run = await censusParallel(board, options);
  } catch (error) {
    throw queueError(stateFileError(error, "--journal", flags.journal));
  } finally {
    reporter?.done();
  }
  if (queue) queueDetached(queue, `census ${board}`, run.names.length - run.totals.done);
  const json = censusJson(board, run.names.length, run.totals, split);
  io.stdout.write(
    flags.json
      ? `${jsonEnvelope(statusOf(run.status), withCount(json))}\n`
      : summary(board, census, run.names.length, run.totals),
  );
  if (queue) queueVerdict(queue, run.totals.done, run.names.length);
  const resume = flags.journal
    ? `; rerun the same command to continue (journal ${flags.journal})`
    : "";
  if (run.status === "aborted") {
    throw new CliExit(
      ExitCode.Interrupted,
      `interrupted after ${run.totals.done} of ${run.names.length} subproblems${resume}`,
      undefined,
      flags.json === true,
    );
  }
  if (run.status === "limit") {
    throw new CliExit(
      ExitCode.Limit,
      `${run.reason || "a limit ended the census"}: ${run.totals.done} of ${run.names.length} subproblems done${resume}`,
      undefined,
      flags.json === true,
    );
  }
}

/** The split --split names (default `centre`), or an OptionError naming the choices. */
function splitOf(text: string | undefined): SplitName {
  if (text === undefined) return "centre";
  if ((SPLITS as readonly string[]).includes(text)) return text as SplitName;
  throw new OptionError(`--split must be one of ${SPLITS.join(", ")}, got '${text}'`, text);
}

/**
 * The trial before a census: each subproblem tried runs for at most PILOT_MS, and subproblems
 * are tried (at least PILOTS) until PILOT_BUDGET_MS have passed, or the estimate is clearly
 * short (under a tenth of LONG_WORK_SECONDS after SETTLED_PILOTS), or every one has run.
 * Subproblem times span orders of magnitude (10×10 zebra: most bunches are empty and take
 * microseconds, the first one tried pays for the compiler's warm-up), so three alone misjudge.
 */
const PILOT_MS = 1000;
const PILOT_BUDGET_MS = 2000;
const PILOTS = 3;
const SETTLED_PILOTS = 50;

/**
 * Whether the trial can find `subproblems` too long to start unasked. Each pilot is cut at
 * PILOT_MS, so the trial's estimate is at most about subproblems × PILOT_MS / workers (twice
 * that here, for a pilot stopped late on a loaded machine): when that is within
 * LONG_WORK_SECONDS the trial can only say "start", and is skipped. A run of a few bunches then
 * starts at once: on 8×8 the trial searched a bunch for up to a second, which the run searched
 * again.
 */
function trialMayRefuse(subproblems: number, workers: number): boolean {
  return (subproblems * 2 * PILOT_MS) / Math.max(1, workers) / 1000 > LONG_WORK_SECONDS;
}

/**
 * What a census is and its estimated seconds: subproblems are tried in a spread order (first,
 * middle, last, then a stride through the whole list), as long as the trial allows, and their
 * mean time stands for all of them, spread over the workers. A pilot that does not finish
 * counts as the time it ran: the estimate is then a floor ("at least"). The pilots' time is
 * the CPU time they took, not the clock's: on a busy machine the clock ran ten times the CPU
 * time, and a census of seconds was said to take 19 minutes and not started without --yes.
 */
export function censusCost(
  census: Census,
  names: readonly string[],
  workers: number,
): [string, number] {
  const began = performance.now();
  const perSubproblem = names.length / Math.max(1, workers) / 1000;
  let ms = 0;
  let tried = 0;
  let unfinished = 0;
  for (const index of spreadOrder(names.length)) {
    const elapsed = performance.now() - began;
    if (tried >= PILOTS && elapsed >= PILOT_BUDGET_MS) break;
    if (tried >= SETTLED_PILOTS && (ms / tried) * perSubproblem < LONG_WORK_SECONDS / 10) break;
    const start = process.cpuUsage();
    const run = census.runSubproblem(names[index]!, { timeLimitMs: PILOT_MS, stats: false });
    const used = process.cpuUsage(start);
    ms += (used.user + used.system) / 1000;
    tried++;
    if (run.status !== "done") unfinished++;
  }
  const mean = ms / Math.max(1, tried);
  const seconds = tried === 0 ? 0 : mean * perSubproblem;
  const shown = mean >= 1 ? `${Math.round(mean)} ms` : `${Math.round(mean * 1000)} µs`;
  const how = `${unfinished > 0 ? "at least " : ""}${shown} a subproblem in a trial of ${tried}`;
  return [
    `the census of ${census.board} (${names.length} subproblems on ${workers} thread${workers === 1 ? "" : "s"}; ${how})`,
    seconds,
  ];
}

/**
 * Indices 0..n-1, each once: the first, the middle and the last, then the rest by a stride
 * coprime to n near n/φ, so any prefix is spread over the whole list.
 */
function* spreadOrder(n: number): Generator<number> {
  const first = [...new Set([0, Math.floor(n / 2), n - 1])].filter((i) => i >= 0 && i < n);
  yield* first;
  let stride = Math.max(1, Math.round(n * 0.618));
  while (gcd(stride, n) !== 1) stride++;
  for (let k = 0, i = 0; k < n; k++, i = (i + stride) % n) {
    if (!first.includes(i)) yield i;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * The names --bunches or --range select (canonical, in list order), or undefined for all. A
 * name that is not canonical is run as its canonical one, and said so on standard error.
 */
function selection(census: Census, flags: CensusFlags, io: CliIO): string[] | undefined {
  if (flags.bunches !== undefined && flags.range !== undefined) {
    throw new OptionError("--bunches and --range exclude each other; give one", "--range");
  }
  if (flags.range !== undefined) {
    const list = census.subproblems();
    const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(flags.range);
    const i = m ? Number(m[1]) : Number.NaN;
    const j = m ? Number(m[2]) : Number.NaN;
    if (!m || i >= j || j > list.length) {
      throw new OptionError(
        `--range must be I:J with 0 ≤ I < J ≤ ${list.length} (entries I..J-1 of the canonical list of ${census.board}), got '${flags.range}'`,
        flags.range,
      );
    }
    return list.slice(i, j).map((e) => e.name);
  }
  if (flags.bunches !== undefined) {
    const wanted = flags.bunches
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    if (wanted.length === 0) {
      const first = census.subproblems()[0]?.name ?? "ByDy";
      throw new OptionError(`--bunches needs names, e.g. ${first}; got ''`, "");
    }
    const canonical = new Set(
      wanted.map((name) => {
        try {
          const found = census.entry(name).name;
          if (found !== name) {
            io.stderr.write(
              `knight census: ${name} is the same subproblem as ${found} up to the board's symmetries: running ${found}\n`,
            );
          }
          return found;
        } catch (error) {
          if (error instanceof OptionError) {
            throw new OptionError(`--bunches: ${error.message}`, name);
          }
          throw error;
        }
      }),
    );
    // In list order (ASCII order of names), without building the list.
    return [...canonical].sort();
  }
  return undefined;
}

/** What each kind of split is, for the summary's first line. */
const SPLIT_WORDS = {
  knuth: "Knuth's bunches",
  centre: "central wedges",
  edge: "Knuth's edge split",
  ring: "Knuth's ring split",
} as const;

/** The text summary: totals, then each statistic's range and how many tours reach its ends. */
function summary(board: Board, census: Census, selected: number, totals: CensusTotals): string {
  const lines = [
    `${board} census (${SPLIT_WORDS[census.split.kind]}, split ${census.split.id}): ${totals.done} of ${selected} subproblems done`,
    `tours: ${totals.tours} (undirected closed tours, weighted by multiplicity); visited: ${totals.visited}`,
  ];
  const width = Math.max(...STAT_NAMES.map((n) => n.length));
  STAT_NAMES.forEach((name, k) => {
    const e = totals.extremes[k];
    if (e === undefined) return;
    lines.push(
      `${name.padEnd(width)}  min ${formatStatValue(k, e.min)} (${totals.toursAt(k, e.min)} tours)  max ${formatStatValue(k, e.max)} (${totals.toursAt(k, e.max)} tours)`,
    );
  });
  for (const name of STAT_NAMES) {
    if (!census.statNames.includes(name))
      lines.push(`${name.padEnd(width)}  not kept: ${TARNISH_KNIGHT_ONLY}`);
  }
  if (!isKnight(board.piece)) {
    const degrees = turnAngleDegrees(board).map((d) => `${d}°`);
    lines.push(`angle37 … angle180 count the ${board.piece.name}'s angles ${degrees.join(", ")}`);
  }
  return `${lines.join("\n")}\n`;
}

/** One progress line on stderr (rewritten in place on a terminal), at most every 250 ms. */
function progressLine(io: CliIO, forced: boolean, board: Board) {
  const display = progressDisplay(io, forced, `census ${board}`);
  if (display === undefined) return undefined;
  return {
    update(p: ParallelCensusProgress) {
      display.show({
        ms: p.ms,
        done: p.done,
        total: p.total,
        unit: "subproblems",
        detail: [`${formatCount(p.visited)} tours visited`],
        rate: { perSecond: p.toursPerSecond, unit: "tours" },
        // The ETA from the subproblems' own times (a mean and its 95 % margin), once two ended.
        etaMs: p.etaMs,
        etaMarginMs: p.etaMarginMs,
      });
    },
    done: () => display.done(),
  };
}
