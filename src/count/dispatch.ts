import { censusRefusal } from "../census/leaper.js";
import type { Board } from "../core/board.js";
import { OptionError } from "../core/errors.js";
import { backtrackPlan, planTotal } from "./backtrack.js";
import { censusCountPlan, censusCountRefusal, censusCountTotal } from "./census-count.js";
import { frontierGeometryRefusal, frontierWindow, takesFreeOrder } from "./frontier-geometry.js";
import { matesPlan, matesTotal } from "./mates-count.js";
import { COUNT_METHODS, type CountEngine } from "./methods.js";
import type { CountRequest } from "./request.js";

/**
 * The one count dispatcher. `count` (this thread), `countParallel` (worker threads), the count
 * worker and the job queue all ask here which engine runs a count, how it is cut into units
 * of work, and how one unit is counted — so a method name, a geometry an engine cannot take,
 * or a unit of an unknown kind is refused in one place, the same way everywhere.
 */

/**
 * Why the exact-cover encoding (src/cover) cannot count this geometry, or undefined. It builds
 * on the move graph, so any piece and topology are fine; a hole would be an item no option
 * covers (no tour at all), so holed boards are refused.
 */
function coverGeometryRefusal(board: Board): string | undefined {
  if (board.holes.length === 0) return undefined;
  return `the exact-cover count (method dlx) takes boards without holes, and ${board} has some; count it with the mates or backtrack method`;
}

/**
 * Check a method name against the board and resolve "auto". Unknown names, and an engine that
 * cannot take the board's geometry, are OptionErrors naming the value and what is allowed.
 *
 * "auto" on the knight's plain rectangle: on boards of up to 42 cells with both sides ≥ 5, the
 * census engine for closed tours from no fixed cell (`request` given; cold, in one process:
 * 6×7 0.38–0.41 s of CPU against 1.06–1.13 s by mates, 5×8 0.14–0.17 s against 0.16–0.19 s,
 * 6×6 and 5×6 the same), else the mates counter (6×6, 6×7: several times faster there than the
 * frontier sweep, and 1.5–3 times faster than the path counter); the frontier sweep elsewhere
 * (narrow boards, where its frontier is small — 5×10 closed swept in a fourteenth of the
 * census's time — and large ones, which backtracking cannot finish; 6×8 closed swept in an
 * eighth of the census's time). On a geometry the sweep
 * refuses (`frontierGeometryRefusal`: windows past its limit, as on tori over 6 wide), the mates
 * counter. On the other geometries the sweep takes, see `matesBeforeSweep`. Without `request`
 * (what is counted), auto never picks the census, and `census` is checked on the board alone.
 */
export function countMethod(
  method: string | undefined,
  board: Board,
  request?: CountRequest,
): CountEngine {
  if (method !== undefined && !(COUNT_METHODS as readonly string[]).includes(method)) {
    throw new OptionError(
      `method must be one of ${COUNT_METHODS.join(", ")}; got '${method}'`,
      method,
    );
  }
  // The row sweep's window limit does not bind a count the free order takes whole.
  const sweepRefusal = freeTakesRequest(board, request)
    ? undefined
    : frontierGeometryRefusal(board);
  if (method === undefined || method === "auto") {
    if (sweepRefusal !== undefined) {
      // The knight's plain board past the sweep's side: no other method finishes it either
      // (as before the other geometries, auto says why rather than start the mates counter).
      if (board.plain) throw new OptionError(sweepRefusal, board.label);
      return "mates";
    }
    if (!board.plain) return matesBeforeSweep(board) ? "mates" : "frontier";
    const narrow = Math.min(board.rows, board.cols) <= 4;
    if (narrow || board.cells > 42) return "frontier";
    return request !== undefined && censusCountRefusal(request) === undefined ? "census" : "mates";
  }
  if (method === "frontier" && sweepRefusal !== undefined) {
    throw new OptionError(sweepRefusal, method);
  }
  if (method === "census") {
    const refusal = request === undefined ? censusRefusal(board) : censusCountRefusal(request);
    if (refusal !== undefined) throw new OptionError(refusal, method);
  }
  if (method === "dlx") {
    const refusal = coverGeometryRefusal(board);
    if (refusal !== undefined) throw new OptionError(refusal, method);
  }
  return method as CountEngine;
}

/**
 * Whether `auto` takes the mates counter on a geometry the sweep also takes (not the knight's
 * plain board): only on small planes — at most 36 cells toured, both sides ≥ 5 — whose window is
 * wider than 9 cells. Measured (CPU time, closed unless said): 6×6 minus the corners 0.5 s by
 * mates against 1.1 s swept, 6×6 minus c4 open 0.4 s against 2.6 s; but 7×6 minus the corners
 * 22.6 s against 2.2 s, 5×5 cylinder 2.1 s against 1.5 s, 7×4 cylinder open 11.3 s against
 * 0.7 s, and the 6×6 king (window 7) and 8×3 cylinder over 100 s against 0.06 s: wrapped
 * columns, short windows and larger boards go to the sweep.
 */
/**
 * Whether every sweep of `request` runs in a free order of the cells (frontier.ts
 * `freeCyclePlan`): the board is one the free order takes, and no sweep fixes an end — closed
 * tours, or open ones with no start or end (frontier-request.ts sweeps with ends otherwise, and
 * those are the row sweep's). Such a count needs no row window.
 */
function freeTakesRequest(board: Board, request: CountRequest | undefined): boolean {
  if (request === undefined || board.plain) return false;
  const { kind, start, end } = request;
  const ends = (start >= 0 ? 1 : 0) + (end >= 0 ? 1 : 0);
  const noEnds = kind === "closed" ? ends < 2 || start === end : ends === 0;
  return noEnds && takesFreeOrder(board);
}

function matesBeforeSweep(board: Board): boolean {
  // Tori of up to 20 cells at least 4 wide: every row is within two of every other, so the row
  // sweep's window holds nearly the whole board (4×5 closed: 5 s by mates, 33 s swept); from
  // 3×5 and 3×6 on the sweep wins (3×5 closed 2 s against 10 s; 3×6 9 s, mates over 4 minutes).
  // Where the sweep takes a free order of the cells (free-order.ts) it wins there too: the 4×5
  // torus open in 1.4 CPU s as a command, against 19 s by mates.
  if (board.topology === "torus") {
    const small = board.vertexCount <= 20 && Math.min(board.rows, board.cols) >= 4;
    return small && !takesFreeOrder(board);
  }
  const small = board.vertexCount <= 36 && Math.min(board.rows, board.cols) >= 5;
  return board.topology === "plane" && small && frontierWindow(board) > 9;
}

/**
 * One unit of a count's work, as plain data (it crosses threads and machines): a backtracking
 * subproblem (a path prefix and a required end), a mates subproblem (required edges and the
 * branches below them), a census subproblem (its name), or a whole frontier sweep.
 */
export type CountUnit =
  | { readonly id: number; readonly prefix: readonly number[]; readonly end: number }
  | {
      readonly id: number;
      /** A subproblem of the mates counter (MatesSubproblem without its weight). */
      readonly mates: {
        readonly required: ReadonlyArray<readonly [number, number]>;
        readonly path: readonly number[];
      };
    }
  | { readonly id: number; readonly census: string }
  | { readonly id: number; readonly frontier: true };

/**
 * A count cut into units. Deterministic in the request, method and target, so unit ids are
 * stable: a checkpoint, a worker and a queue job name a unit by its id.
 */
export interface CountPlan {
  readonly request: CountRequest;
  readonly method: CountEngine;
  /** How deep the backtracking cut went (0 for the other engines): part of a checkpoint's key. */
  readonly splitDepth: number;
  /** The units (none when the answer is known without searching). */
  readonly units: readonly CountUnit[];
  /** The exact total from the units' counts (weights and scale applied). */
  total(done: ReadonlyMap<number, bigint>): bigint;
}

/** Units a count is cut into by default: the in-thread mates count keeps its coarser cut. */
const DEFAULT_TARGET = { backtrack: 128, mates: 64 } as const;

/**
 * Cut a count into units for `method` (backtrack and mates: subproblems, at least `target`
 * where the tree allows; frontier: one sweep). The exact-cover count is one search in one
 * thread, with no units to hand out: refused here.
 */
export function planCount(request: CountRequest, method: CountEngine, target?: number): CountPlan {
  const header = { request, method };
  if (method === "backtrack") {
    const plan = backtrackPlan(request, { target: target ?? DEFAULT_TARGET.backtrack });
    return {
      ...header,
      splitDepth: plan.splitDepth,
      units: plan.subproblems.map((sub) => ({ id: sub.id, prefix: sub.prefix, end: sub.end })),
      total: (done) => planTotal(plan, done),
    };
  }
  if (method === "mates") {
    const plan = matesPlan(request, target ?? DEFAULT_TARGET.mates);
    const units =
      plan.fixed !== null
        ? []
        : plan.subproblems.map((sub) => ({
            id: sub.id,
            mates: { required: sub.required, path: sub.path },
          }));
    return { ...header, splitDepth: 0, units, total: (done) => matesTotal(plan, done) };
  }
  if (method === "census") {
    const plan = censusCountPlan(request);
    const units = plan.names.map((name, id) => ({ id, census: name }));
    return { ...header, splitDepth: 0, units, total: (done) => censusCountTotal(plan, done) };
  }
  if (method === "frontier") {
    const units = [{ id: 0, frontier: true as const }];
    return { ...header, splitDepth: 0, units, total: (done) => done.get(0) ?? 0n };
  }
  throw new OptionError(
    `method ${method} is one search in one thread: it is not cut into units`,
    method,
  );
}
