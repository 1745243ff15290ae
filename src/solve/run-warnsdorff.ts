import { DEFAULT_TIE_BREAK, type SolveContext } from "./context.js";
import { SquirrelWalker } from "./squirrel.js";
import type { SolveResult, TieBreak } from "./types.js";
import { traceWalk, WarnsdorffWalker } from "./warnsdorff.js";
import { GraphWalker } from "./warnsdorff-graph.js";

/**
 * `warnsdorff`: greedy walks. The first uses the chosen tie-break (default roth); further
 * attempts (options.maxAttempts, default 1 — or, under `auto`, pohl then seeded random walks)
 * use other tie-breaks. A walk that covers the board but misses a required closing or end
 * counts as stuck too. Plain knight's boards walk on the padded layout (WarnsdorffWalker); any
 * other geometry walks the move graph (GraphWalker), with the same rule and tie-breaks.
 */
export function runWarnsdorff(context: SolveContext, asAuto: boolean): Omit<SolveResult, "stats"> {
  const { board, options, stats, budget, random, closed } = context;
  // One branch per request, outside the walks: the padded layout is the knight's on a plane.
  const walker = board.plain ? new WarnsdorffWalker(board) : new GraphWalker(context.graph());
  const squirrel = options.tieBreak === "squirrel" ? new SquirrelWalker(board) : null;
  const cells = board.vertexCount;
  const start = options.start ?? board.firstCell;
  const maxAttempts = options.maxAttempts ?? (asAuto ? 8 : 1);
  const first = options.tieBreak ?? DEFAULT_TIE_BREAK;
  let longest: Int32Array | undefined;
  let complete = false;
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (attempt > 0) {
      const stop = budget.check(stats.nodes);
      if (stop !== null) {
        return { status: stop, tour: null, reason: budget.reason };
      }
    }
    const tieBreak: TieBreak =
      attempt === 0 ? first : asAuto && attempt === 1 && first !== "pohl" ? "pohl" : "random";
    const length =
      tieBreak === "squirrel" ? squirrel!.walk(start) : walker.walk(start, tieBreak, random);
    stats.attempts++;
    stats.nodes += length;
    const path = tieBreak === "squirrel" ? squirrel!.path : walker.path;
    if (context.tracer !== null) {
      if (attempt > 0) context.tracer.restart(start, `walk ${attempt + 1}, ${tieBreak} tie-break`);
      traceWalk(context.tracer, board, path, length, closed, options.end);
    }
    if (length === cells) {
      const last = path[cells - 1]!;
      const meets = closed
        ? cells > 2 && board.isMove(last, start)
        : options.end === undefined || last === options.end;
      if (meets) return { status: "found", tour: { board, path: path.slice(), closed } };
      complete = true;
      if (longest === undefined || longest.length < length) longest = path.slice();
    } else if (longest === undefined || length > longest.length) {
      longest = path.slice(0, length);
    }
  }
  const walks = maxAttempts === 1 ? "Warnsdorff's rule" : `${maxAttempts} Warnsdorff walks`;
  const reason =
    complete && longest!.length === cells
      ? `${walks} covered the board but not as requested (${closed ? "the ends do not meet" : "it ends elsewhere"})`
      : `${walks} got stuck; the longest walk covered ${longest!.length} of ${cells} cells`;
  return { status: "stuck", tour: null, partial: longest!, reason };
}
