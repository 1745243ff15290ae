import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { formatBytes } from "../core/memory.js";
import {
  formatDuration,
  frontierDisk,
  frontierFootprint,
  frontierResident,
} from "../count/cost.js";
import type { CountMethod } from "../count/methods.js";
import { CheckpointLock } from "../node/checkpoint-lock.js";
import {
  cacheFolder,
  defaultCheckpointPath,
  deviceOf,
  type PrivateFolder,
  privateSpillFolder,
} from "../node/count-defaults.js";
import type { CommandContext } from "./context.js";
import { CliExit, ExitCode } from "./exit-codes.js";

/**
 * Where a long count keeps its work unless told otherwise (issue 33: "the command a user
 * types"): a frontier sweep that may outgrow the memory ceiling spills its layers to a private
 * folder in the temporary folder; a count estimated at over a few minutes checkpoints to the
 * per-user cache folder, under a name the count alone decides, so the same command resumes it;
 * both are removed when the count finishes. Before the first cell the estimate is said: time,
 * memory, disk. `--spill-dir` and `--checkpoint` choose the places, `--no-spill` and
 * `--no-checkpoint` turn them off.
 */

/** Counts estimated above this checkpoint by default (a kill then loses minutes, not hours). */
export const AUTO_CHECKPOINT_SECONDS = 180;

export interface PlaceFlags {
  /** A file, or false for --no-checkpoint. */
  readonly checkpoint?: string | false | undefined;
  readonly spillDir?: string | undefined;
  /** False for --no-spill. */
  readonly spill?: boolean | undefined;
}

/** What was said before the first cell (also the --json envelope's `estimate`). */
export interface CountEstimate {
  readonly seconds: number;
  readonly memoryBytes?: number | undefined;
  readonly diskBytes?: number | undefined;
}

export interface CountPlaces {
  /** The checkpoint file the count writes (chosen or default), if any. */
  readonly checkpoint: string | undefined;
  /** The spill folder handed to the sweep (private, removed by `finish`). */
  readonly spillDir: string | undefined;
  readonly estimate: CountEstimate | undefined;
  /** After the count: the spill folder goes; a default checkpoint goes once the count is done. */
  finish(done: boolean): void;
}

export interface PlaceRequest {
  readonly board: Board;
  readonly query: { readonly closed: boolean };
  readonly method: Exclude<CountMethod, "auto">;
  /** The query as countParallel takes it (names the default checkpoint). */
  readonly options: Parameters<typeof defaultCheckpointPath>[1];
  /** Estimated seconds of the count (src/cli/cost.ts): wall time on `threads` threads. */
  readonly seconds: number;
  /** The threads a sweep shares (1 otherwise): what the estimate's seconds are on. */
  readonly threads: number;
  /** Whether the count runs on a job queue (which keeps its own state: no places here). */
  readonly queued: boolean;
}

/** Decide the places of a count, check the disk, and say the estimate (see above). */
export async function countPlaces(
  context: CommandContext,
  request: PlaceRequest,
  flags: PlaceFlags,
): Promise<CountPlaces> {
  if (flags.spill === false && flags.spillDir !== undefined) {
    throw new OptionError(
      "--no-spill and --spill-dir exclude each other; give one",
      `--spill-dir ${flags.spillDir}`,
    );
  }
  const maxBytes = context.maxBytes();
  const sweep = request.method === "frontier";
  const footprint = sweep ? frontierFootprint(request.board, request.query.closed) : undefined;
  // A sweep that will go to disk is a long one for this machine, whatever the clock says.
  const long =
    request.seconds > AUTO_CHECKPOINT_SECONDS ||
    (footprint !== undefined && flags.spill !== false && footprint.memoryBytes > maxBytes);
  const [checkpoint, chosen] = checkpointFile(context, request, flags, long);
  // Two runs of one command would share the default checkpoint: the second is refused.
  const lock = checkpoint === undefined ? undefined : CheckpointLock.take(checkpoint);
  // Every sweep gets its folder, not only those the estimate says outgrow the ceiling: the
  // estimate is an order of magnitude (other pieces, holes), and a folder never written to is
  // free.
  const wantsSpill = footprint !== undefined && flags.spill !== false && !request.queued;
  let spill: PrivateFolder | undefined;
  try {
    spill = wantsSpill ? privateSpillFolder(flags.spillDir ?? tmpdir()) : undefined;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const finish = (done: boolean): void => {
    spill?.remove();
    if (done && checkpoint !== undefined && !chosen) {
      rmSync(checkpoint, { force: true });
      rmSync(`${checkpoint}.frontier`, { force: true });
    }
    lock?.release();
  };
  let estimate: CountEstimate | undefined;
  try {
    if (footprint !== undefined) {
      const disk = frontierDisk(footprint, maxBytes);
      const spillBytes = spill ? disk.spillBytes : 0;
      const checkpointBytes = checkpoint ? disk.checkpointBytes : 0;
      await checkDisk(context, spill, spillBytes, checkpoint, checkpointBytes);
      const residentBytes = frontierResident(footprint, request.threads, maxBytes);
      estimate = {
        seconds: request.seconds,
        memoryBytes: residentBytes,
        diskBytes: spillBytes + checkpointBytes,
      };
      if (long) {
        say(
          context,
          sweepEstimate({
            memoryBytes: footprint.memoryBytes,
            residentBytes,
            maxBytes,
            seconds: request.seconds,
            threads: request.threads,
            spill,
            spillBytes,
            checkpoint,
            checkpointBytes,
            noSpill: flags.spill === false,
          }),
        );
      }
    } else if (request.seconds > AUTO_CHECKPOINT_SECONDS) {
      estimate = { seconds: request.seconds };
      say(
        context,
        `estimate: ${formatDuration(request.seconds)}${checkpoint ? `; checkpoint ${checkpoint}${chosen ? "" : " (removed when the count finishes)"}` : ""}`,
      );
    }
  } catch (error) {
    finish(false);
    throw error;
  }
  return {
    checkpoint,
    spillDir: spill?.path,
    estimate: long ? estimate : undefined,
    finish,
  };
}

function say(context: CommandContext, text: string): void {
  context.io.stderr.write(`knight count: ${text}\n`);
}

/**
 * The checkpoint file and whether the user chose it: --checkpoint FILE; none for --no-checkpoint,
 * the exact-cover count (one search) or a queued count; else the count's default file when it
 * exists (a rerun resumes) or the count is `long`: estimated at over a few minutes, or a sweep
 * expected to outgrow the memory ceiling.
 */
function checkpointFile(
  context: CommandContext,
  request: PlaceRequest,
  flags: PlaceFlags,
  long: boolean,
): [string | undefined, boolean] {
  if (typeof flags.checkpoint === "string") return [flags.checkpoint, true];
  if (flags.checkpoint === false || request.method === "dlx" || request.queued) {
    return [undefined, false];
  }
  const folder = cacheFolder(context.io.env);
  const path = defaultCheckpointPath(request.board, request.options, folder);
  if (existsSync(path) || existsSync(`${path}.frontier`)) return [path, false];
  if (!long) return [undefined, false];
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new OptionError(
      `the checkpoint folder '${folder}' cannot be made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give --checkpoint FILE, or --no-checkpoint`,
      folder,
    );
  }
  return [path, false];
}

/**
 * Refuse a sweep whose spilled layers may not fit on their disk (naming the need and the space),
 * before the first cell; a checkpoint that may not fit beside them is only said (a checkpoint
 * the disk has no room for is skipped, not fatal).
 */
async function checkDisk(
  context: CommandContext,
  spill: PrivateFolder | undefined,
  spillBytes: number,
  checkpoint: string | undefined,
  checkpointBytes: number,
): Promise<void> {
  const freeBytes = context.io.freeBytes;
  if (freeBytes === undefined) return;
  if (spill && spillBytes > 0) {
    const free = await freeBytes(spill.path);
    if (spillBytes > free) {
      throw new CliExit(
        ExitCode.BadInput,
        `not enough disk space for the layers this sweep may spill: about ${formatBytes(spillBytes)} in '${spill.path}', whose disk has ${formatBytes(free)} free; give --spill-dir DIR on a larger disk, raise --max-memory, or free some space`,
      );
    }
  }
  if (checkpoint && checkpointBytes > 0) {
    const free = await freeBytes(dirnameOf(checkpoint));
    const shared = spill !== undefined && deviceOf(spill.path) === deviceOf(checkpoint);
    const need = checkpointBytes + (shared ? spillBytes : 0);
    if (need > free) {
      say(
        context,
        `note: the checkpoint '${checkpoint}' may need about ${formatBytes(checkpointBytes)}${shared ? " beside the spilled layers" : ""} and its disk has ${formatBytes(free)} free: a checkpoint that does not fit is skipped (the count goes on)`,
      );
    }
  }
}

function dirnameOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at > 0 ? path.slice(0, at) : at === 0 ? "/" : ".";
}

/** The line said before a long sweep's first cell: time, memory, disk and where. */
function sweepEstimate(figures: {
  /** What the sweep's tables want; `residentBytes`, what the process will show (cost.ts). */
  readonly memoryBytes: number;
  readonly residentBytes: number;
  readonly maxBytes: number;
  readonly seconds: number;
  readonly threads: number;
  readonly spill: PrivateFolder | undefined;
  readonly spillBytes: number;
  readonly checkpoint: string | undefined;
  readonly checkpointBytes: number;
  readonly noSpill: boolean;
}): string {
  const { memoryBytes, residentBytes, maxBytes, seconds, spill, spillBytes } = figures;
  const { checkpoint, checkpointBytes } = figures;
  const over = memoryBytes > maxBytes;
  const memory = over
    ? `memory up to the ceiling, ${formatBytes(maxBytes)} (--max-memory; the sweep would want about ${formatBytes(memoryBytes)})`
    : `memory about ${formatBytes(residentBytes)}`;
  // The seconds are wall time on the sweep's threads (count.ts's countCost), not one core's.
  const where = figures.threads > 1 ? `on ${figures.threads} threads` : "of one core";
  const parts = [`estimate: ${formatDuration(seconds)} ${where}`, memory];
  if (spill && spillBytes > 0) {
    parts.push(
      `disk up to ${formatBytes(spillBytes)} for layers spilled to '${spill.path}' (removed after)`,
    );
  } else if (over && figures.noSpill) {
    parts.push("no spill folder (--no-spill): the sweep stops if its table outgrows the ceiling");
  }
  if (checkpoint) {
    parts.push(`up to ${formatBytes(checkpointBytes)} for the checkpoint '${checkpoint}.frontier'`);
  }
  return parts.join("; ");
}
