import type { Board } from "../../core/board.js";
import { formatCell } from "../../core/cells.js";
import { OptionError } from "../../core/errors.js";
import { geometryToJsonObject } from "../../core/format/json.js";
import { formatBytes } from "../../core/memory.js";
import type { CountProgress, CountResult } from "../../count/count.js";
import { countMethod } from "../../count/dispatch.js";
import { MAX_FRONTIER_SIDE } from "../../count/frontier-types.js";
import type { CountMethod } from "../../count/methods.js";
import { countRequest, describeRequest } from "../../count/request.js";
import { countParallel, type ParallelCountOptions } from "../../node/count-parallel.js";
import { checkFilePath, checkFolderPath } from "../../node/paths.js";
import { defaultWorkers } from "../../node/pool.js";
import type { QueuedCountResult } from "../../node/queue/count-queue.js";
import { tourExists } from "../../theory/exists.js";
import type { CommandContext } from "../context.js";
import {
  confirmLongWork,
  frontierInFreeOrder,
  frontierInWasm,
  frontierLanes,
  frontierSeconds,
  frontierWallSeconds,
  searchSeconds,
} from "../cost.js";
import { type CountEstimate, countPlaces } from "../count-places.js";
import { queryFromFlags } from "../count-query.js";
import { jsonEnvelope, statusOf } from "../envelope.js";
import { CliExit, ExitCode } from "../exit-codes.js";
import { isFersWazir } from "../fers-wazir-piece.js";
import { geometryBoard } from "../geometry-options.js";
import { interruptible } from "../interrupt.js";
import type { CliIO } from "../io.js";
import { printOut } from "../output.js";
import { checkWorkers, stateFileError } from "../parallel-options.js";
import { etaFromEstimate, formatCount, type ProgressView, progressDisplay } from "../progress.js";
import { queueDetached, queueError, queueRun, queueVerdict } from "../queue-options.js";
import { SweepEta } from "../sweep-eta.js";
import type { CountFlags } from "./count.js";

/** `knight count BOARD`: what registerCount's action runs (loaded then, with the engines). */
export async function runCount(
  boardSpec: string,
  flags: CountFlags,
  context: CommandContext,
): Promise<void> {
  const { io } = context;
  const board = await geometryBoard(context, boardSpec, flags, { fersWazir: true });
  if (isFersWazir(flags.piece)) {
    // Each branch below that few counts take loads its own code, when taken.
    const { countFersWazirCommand } = await import("../fers-wazir.js");
    await countFersWazirCommand(board, flags, context);
    return;
  }
  checkWorkers(flags.workers);
  checkWorkers(flags.threads, "--threads");
  if (typeof flags.checkpoint === "string" && flags.checkpoint.trim() === "") {
    throw new OptionError("--checkpoint needs a file name, got ''", "--checkpoint");
  }
  if (flags.checkpoint === "-") {
    throw new OptionError(
      "--checkpoint -: a checkpoint is a file read back on the next run, not standard output; give a file name",
      "--checkpoint",
    );
  }
  const query = queryFromFlags(flags, board);
  if (flags.spillDir !== undefined) checkFolderPath(flags.spillDir, "--spill-dir");
  if (typeof flags.checkpoint === "string") checkFilePath(flags.checkpoint, "--checkpoint");
  if (flags.symmetry !== undefined || flags.upToSymmetry) checkSymmetricGeometry(board, flags);
  // A theorem that rules every tour out answers at once (7×7 closed: parity), with the
  // reason; no search starts, however long it would have taken to find nothing.
  const symmetric = flags.symmetry !== undefined || flags.upToSymmetry === true;
  const theory = tourExists(board, symmetric ? { ...query, closed: true } : query);
  if (theory.exists === false) {
    io.stderr.write(`knight count: note: ${theory.reason}, so the count is 0\n`);
    await printOut(flags.json ? theoremCountJson(board, flags, query, theory.reason) : "0", io);
    return;
  }
  const queued = queueRun(flags);
  if (queued && (flags.symmetry !== undefined || flags.upToSymmetry || flags.nodeLimit)) {
    throw new OptionError(
      `--queue runs plain counts (--method backtrack, mates or frontier); it takes no ${flags.nodeLimit ? "--node-limit" : flags.symmetry ? "--symmetry" : "--up-to-symmetry"}`,
      "--queue",
    );
  }
  // Symmetric counts (--symmetry, --up-to-symmetry) dispatch here to src/symmetry.
  if (flags.symmetry !== undefined || flags.upToSymmetry) {
    const { runSymmetricCount } = await import("./count-symmetry.js");
    await runSymmetricCount(board, flags, context);
    return;
  }
  // The frontier sweep refuses wide boards inside its worker, where the error used to come
  // back as an internal error (exit 70): say it here, before any thread starts, with what
  // else there is (auto takes the sweep on every knight's board this wide).
  const sweeping =
    flags.method === undefined || flags.method === "auto" || flags.method === "frontier";
  if (sweeping && board.plain && Math.min(board.rows, board.cols) > MAX_FRONTIER_SIDE) {
    throw new OptionError(
      `${board}: the frontier method counts boards whose smaller side is at most ${MAX_FRONTIER_SIDE}${flags.method === "auto" ? " (auto picks it for boards of more than 42 cells)" : ""}; --method backtrack counts any board, but exact counts this large are out of reach`,
      board.label,
    );
  }
  const request = countRequest(board, query);
  // On the queue, auto picks without the request, as count-queue.ts does (its jobs carry no
  // census subproblems).
  const method = countMethod(flags.method, board, queued ? undefined : request);
  if (flags.threads !== undefined && flags.method !== "auto" && flags.method !== "frontier") {
    throw new OptionError(
      `--threads ${flags.threads}: threads share a frontier sweep (--method frontier or auto); --method ${flags.method} spreads its subproblems over --workers`,
      "--threads",
    );
  }
  if (flags.threads !== undefined && method !== "frontier") {
    // Auto chose: the flag cannot apply, and the user should not think it did.
    io.stderr.write(
      `knight count: note: --threads ${flags.threads} is for the frontier sweep; auto picked ${method} for ${board}, whose subproblems run on --workers\n`,
    );
  }
  if (queued && method === "frontier" && flags.threads !== undefined) {
    throw new OptionError(
      `--threads ${flags.threads}: with --queue each lane of the sweep is one job on one thread of a \`knight worker\` (more machines or --workers there run more lanes at once); drop --threads`,
      "--threads",
    );
  }
  const threads =
    method === "frontier"
      ? (flags.threads ?? sweepThreads(board, query.closed))
      : method === "dlx"
        ? 1
        : (flags.workers ?? defaultWorkers());
  const limited = flags.timeLimit !== undefined || flags.nodeLimit !== undefined;
  // Knuth's estimate of a search takes time of its own on a huge board: not made for a
  // count with a limit (nor for one on the queue), which then gets no default checkpoint.
  const [what, cost] =
    queued || (limited && method !== "frontier")
      ? ["", 0]
      : await countCost(board, query, method, threads, context.maxBytes());
  if (!queued && !limited) await confirmLongWork(io, "count", what, cost, flags.yes === true);
  const places = await countPlaces(
    context,
    {
      board,
      query,
      method,
      options: { ...query, method: flags.method },
      seconds: cost,
      threads: method === "frontier" ? threads : 1,
      queued: queued !== undefined,
    },
    flags,
  );
  const bar = progressBar(
    io,
    flags.progress === true,
    `count ${describeRequest(request)}`,
    queued === undefined ? undefined : method === "frontier" ? "lanes" : "subproblems",
    cost,
    method === "frontier" && frontierLanes(board, query.closed === true) > 1,
  );
  const options: ParallelCountOptions = {
    ...query,
    method: flags.method,
    maxBytes: context.maxBytes(),
    // The exact-cover count runs in this thread: it could never see the signal, and asking
    // for it would turn Ctrl-C off. Counts in workers stop cleanly on it (exit 130).
    signal: method === "dlx" ? undefined : io.interruptSignal(),
    workers: flags.workers,
    threads: method === "frontier" ? threads : undefined,
    checkpoint: places.checkpoint,
    spillDir: places.spillDir,
    snapshotEveryMs: flags.checkpointEvery,
    timeLimitMs: flags.timeLimit,
    nodeLimit: flags.nodeLimit,
    onProgress: bar?.update,
    onNotice: (text) => io.stderr.write(`knight count: note: ${text}\n`),
  };
  // A second Ctrl-C ends at once: the line it prints says what the checkpoint holds.
  const checkpoint = places.checkpoint;
  if (checkpoint !== undefined) {
    io.keepOnInterrupt?.(
      () =>
        `checkpoint '${checkpoint}' kept (every finished unit is in it): rerun the same command to resume`,
    );
  }
  let result: CountResult;
  let queue: QueuedCountResult["queue"] | undefined;
  let lanes: QueuedCountResult["lanes"];
  try {
    if (queued) {
      const { countOnQueue } = await import("../../node/queue/count-queue.js");
      ({ queue, lanes, ...result } = await countOnQueue(board, options, queued));
    } else {
      // The exact-cover count runs synchronously in this thread: breakable by Ctrl-C only so.
      result = await (method === "dlx"
        ? interruptible(io, () => countParallel(board, options))
        : countParallel(board, options));
    }
  } catch (error) {
    bar?.stop();
    places.finish(false);
    throw queueError(stateFileError(error, "--checkpoint", places.checkpoint));
  }
  bar?.stop();
  // Removes a default checkpoint of a finished count before it lets the checkpoint go.
  places.finish(result.status === "done");
  // A default checkpoint is gone once the count is done: an interrupt now keeps nothing.
  if (result.status === "done" && checkpoint !== undefined) io.keepOnInterrupt?.(() => "");
  if (queue) {
    const { subproblems } = queue;
    const noun = lanes === undefined ? "subproblems" : "lanes";
    queueDetached(queue, `count ${board}`, subproblems - result.stats.units, noun);
    // A partial count is printed only when asked for (--status), with how far it is; a
    // frontier count's lanes give no partial count (a residue is not a lower bound).
    const counted = lanes === undefined || lanes.complete;
    if (counted && (queue.status === "done" || queue.status === "status")) {
      io.stdout.write(flags.json ? `${countJson(result, board)}\n` : `${result.count}\n`);
    }
    queueVerdict(queue, result.stats.units, subproblems, noun);
    return;
  }
  const resume = places.checkpoint
    ? `; resume with the same command (checkpoint ${places.checkpoint})`
    : "";
  if (result.status === "aborted" || result.status === "limit") {
    // Never the partial count as the answer: with --json, a status object labels it.
    if (flags.json) await printOut(countJson(result, board, places.estimate), io);
    throw new CliExit(
      result.status === "aborted" ? ExitCode.Interrupted : ExitCode.Limit,
      result.status === "aborted"
        ? `interrupted after ${result.stats.units} units (${result.count} tours counted so far, a lower bound)${resume}`
        : `the ${flags.nodeLimit !== undefined && result.stats.nodes >= flags.nodeLimit ? "node" : "time"} limit ended the count; ${result.count} tours counted in ${result.stats.units} finished units (a lower bound)${resume}`,
      undefined,
      flags.json === true,
    );
  }
  await printOut(flags.json ? countJson(result, board, places.estimate) : `${result.count}`, io);
}

/**
 * A sweep estimated at under this many seconds runs on one thread unless --threads says
 * otherwise: each extra thread costs about a third of a second of CPU to start, more than it
 * saves on a count of a few seconds (6×7 closed: two threads took a fifth longer than one).
 * Above it the threads pay: 6×7 open on a quiet two-core machine, 1.8× faster on two.
 */
const THREADED_SWEEP_SECONDS = 20;

/**
 * The threads of a frontier sweep by default: every core, for a sweep that is not short and
 * does not run in WebAssembly (one thread of it is as fast as two of JavaScript).
 */
function sweepThreads(board: Board, closed: boolean): number {
  if (frontierInWasm(board, closed)) return 1;
  return frontierSeconds(board, closed) >= THREADED_SWEEP_SECONDS ? defaultWorkers() : 1;
}

/** What a count is and its estimated seconds (frontier: from measured sweeps; else Knuth's). */
async function countCost(
  board: Board,
  query: ReturnType<typeof queryFromFlags>,
  method: CountMethod,
  threads: number,
  maxBytes: number,
): Promise<[string, number]> {
  const kind = `${query.closed ? "closed" : "open"} tours of ${board}`;
  if (method === "census") return censusCountCost(board, kind, threads);
  if (method === "frontier") {
    const seconds = frontierWallSeconds(board, query.closed, threads, maxBytes);
    return [
      `counting the ${kind} by the frontier sweep${frontierInFreeOrder(board, query.closed) ? " in a free order of the cells" : ""}${threads === 1 ? "" : ` on ${threads} threads`}`,
      seconds,
    ];
  }
  const { estimateCountNodes } = await import("../../sample/uniform.js");
  const nodes = estimateCountNodes(board, {
    closed: query.closed,
    start: query.start ?? -1,
  }).everyStart;
  return [
    `counting the ${kind} by ${method} (about ${nodes.toExponential(0)} search nodes by Knuth's estimate, on ${threads} thread${threads === 1 ? "" : "s"})`,
    searchSeconds(nodes, threads),
  ];
}

/**
 * A census count's estimate. Up to 42 cells (the boards auto gives it) the whole count takes
 * under a second of CPU (6×7 closed, the largest, about half a second): no trial is run, it
 * would cost a fifth of the count. On larger boards the census's own trial of subproblems.
 */
async function censusCountCost(
  board: Board,
  kind: string,
  threads: number,
): Promise<[string, number]> {
  if (board.cells <= 42) return [`counting the ${kind} by the census`, 1];
  const [{ Census }, { censusCost }] = await Promise.all([
    import("../../census/census.js"),
    import("./census-run.js"),
  ]);
  const census = new Census(board);
  const names = census.subproblems().map((e) => e.name);
  const [what, seconds] = censusCost(census, names, threads);
  return [`counting the ${kind} by ${what}`, seconds];
}

/** The fields of a count's `--json` envelope: the request, then `count` (a decimal string). */
export function countFields(
  board: Board,
  request: {
    readonly closed: boolean;
    readonly directed: boolean;
    readonly symmetry: number | null;
    readonly upToSymmetry: boolean;
    readonly start: number | null;
    readonly end: number | null;
    readonly nonClosable: boolean;
  },
  count: bigint,
): Record<string, unknown> {
  return {
    rows: board.rows,
    cols: board.cols,
    ...geometryToJsonObject(board),
    closed: request.closed,
    directed: request.directed,
    symmetry: request.symmetry,
    upToSymmetry: request.upToSymmetry,
    ...(request.start === null ? {} : { start: formatCell(board, request.start) }),
    ...(request.end === null ? {} : { end: formatCell(board, request.end) }),
    ...(request.nonClosable ? { nonClosable: true } : {}),
    count,
  };
}

/** A count's result as the envelope's fields. */
function resultFields(result: CountResult, board: Board): Record<string, unknown> {
  return countFields(board, { ...result, closed: result.kind === "closed" }, result.count);
}

/** The `--json` answer of a count a theorem settled at 0 (no search ran), with the reason. */
function theoremCountJson(
  board: Board,
  flags: CountFlags,
  query: ReturnType<typeof queryFromFlags>,
  reason: string,
): string {
  const fields = countFields(
    board,
    {
      closed: query.closed,
      directed: query.directed ?? !query.closed,
      symmetry: flags.symmetry === undefined ? null : Number(flags.symmetry),
      upToSymmetry: flags.upToSymmetry === true,
      start: query.start ?? null,
      end: query.end ?? null,
      nonClosable: query.nonClosable,
    },
    0n,
  );
  return jsonEnvelope("done", { ...fields, reason });
}

/**
 * The symmetric counts (src/symmetry) work on the quotient of the knight's plain rectangle
 * under its rotations and reflections; other geometries have other groups (a torus adds its
 * shifts), which those counts do not take yet: refused, naming the board.
 */
function checkSymmetricGeometry(board: Board, flags: CountFlags): void {
  if (board.plain) return;
  const flag = flags.symmetry !== undefined ? `--symmetry ${flags.symmetry}` : "--up-to-symmetry";
  throw new OptionError(
    `${flag} counts knight's tours of plain rectangles only, and ${board} is not one; count all its tours without it`,
    flag,
  );
}

/**
 * The `--json` envelope of a count: `"status":"done"` and the count, or for a limit or Ctrl-C
 * the tours counted so far as `"count"` with `"lowerBound": true` and how far it got.
 */
function countJson(result: CountResult, board: Board, estimate?: CountEstimate): string {
  const status = statusOf(result.status);
  // The estimate said before a long count's first cell (count-places.ts), beside the answer.
  const fields = { ...resultFields(result, board), ...(estimate ? { estimate } : {}) };
  if (status === "done") return jsonEnvelope(status, fields);
  return jsonEnvelope(status, {
    ...fields,
    lowerBound: true,
    units: result.stats.units,
    nodes: result.stats.nodes,
  });
}

/** The running lanes of a queued frontier count: "running s0l0 at cell 61, s0l1 at cell 58". */
function lanesDetail(running: ReadonlyArray<{ readonly name: string; readonly cells: number }>) {
  if (running.length === 0) return [];
  const shown = running
    .slice(0, 3)
    .map(({ name, cells }) => (cells > 0 ? `${name} at cell ${cells}` : name));
  return [
    `running ${shown.join(", ")}${running.length > 3 ? ` and ${running.length - 3} more` : ""}`,
  ];
}

interface Bar {
  update(progress: CountProgress): void;
  stop(): void;
}

/**
 * The figures beside the units: tours so far, or for a frontier sweep (units = cells) the last
 * layer's states and the bytes it holds in memory and on disk.
 */
export function progressDetail(progress: CountProgress): string[] {
  const layer = progress.layer;
  if (!layer) return [`${formatCount(progress.count)} tours`];
  const disk = layer.bytesOnDisk > 0 ? [`${formatBytes(layer.bytesOnDisk)} on disk`] : [];
  // A count past 2^64 sweeps the board again modulo primes: say so, or the cells seem to restart.
  const pass = layer.lane ? [`pass ${layer.lane + 1}, modulo a prime (the count passed 2^64)`] : [];
  return [
    ...pass,
    `${formatCount(layer.states)} states`,
    `${formatBytes(layer.bytesInMemory)} in memory`,
    ...disk,
  ];
}

/**
 * A sweep's cells are not alike. Once its frontier is full, the states still to read at the
 * pace of the last cells (sweep-eta.ts); before, the estimate made at the start, which knows
 * the dear cells are still to come. A count of several lanes sweeps again after this one, which
 * only the estimate knows of.
 */
function sweepEtaMs(
  sweep: SweepEta,
  view: ProgressView,
  layer: NonNullable<CountProgress["layer"]>,
  estimateSeconds: number,
  manyLanes: boolean,
): number | undefined {
  const measured = sweep.update(view.ms, layer.read ?? 0, layer.lane ?? 0, layer.ahead);
  const estimated = etaFromEstimate(view, estimateSeconds);
  if (measured === undefined || (manyLanes && (layer.lane ?? 0) === 0)) return estimated;
  return measured;
}

/**
 * The count's progress (src/cli/progress.ts): units done of the total, tours or the frontier
 * layer, rate and ETA. A queued count (`queued`: its unit) with nothing done after a while is
 * waiting for a worker; a frontier count's lanes show no tours (the count comes at the end).
 */
function progressBar(
  io: CliIO,
  forced: boolean,
  label: string,
  queued: "subproblems" | "lanes" | undefined,
  estimateSeconds: number,
  manyLanes: boolean,
): Bar | undefined {
  const display = progressDisplay(io, forced, label);
  if (display === undefined) return undefined;
  const began = performance.now();
  const sweep = new SweepEta();
  // A queued count resumes with what is stored: "waiting" while nothing came after that.
  let first: number | undefined;
  return {
    update(progress) {
      first ??= progress.done;
      // A frontier sweep reports cells; the others, subproblems (or lanes, on the queue).
      const unit = progress.layer ? "cells" : (queued ?? "subproblems");
      const ms = performance.now() - began;
      const view = { ms, done: progress.done, total: progress.total };
      display.show({
        ...view,
        unit,
        etaMs: progress.layer
          ? sweepEtaMs(sweep, view, progress.layer, estimateSeconds, manyLanes)
          : undefined,
        detail: progress.lanes ? lanesDetail(progress.lanes.running) : progressDetail(progress),
        // A lane runs for long with nothing done: waiting only while none runs.
        waiting:
          queued !== undefined &&
          progress.done === first &&
          ms > 5000 &&
          (progress.lanes?.running.length ?? 0) === 0,
      });
    },
    stop: () => display.done(),
  };
}
