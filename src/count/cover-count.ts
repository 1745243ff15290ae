import { OptionError } from "../core/errors.js";
import type { Budget } from "../core/run.js";
import { countToursByCover } from "../cover/knight.js";
import type { CountOptions, CountResult } from "./count.js";
import type { CountRequest } from "./request.js";

/**
 * `count(board, { method: "dlx" })`: the same counts through Knuth's exact-cover encoding with
 * mate pruning (src/cover), for comparison with the counting engines. The cover search finds
 * directed tours (closed: each cycle once per direction, from cell 0; open: each path once per
 * direction through the virtual vertex), so undirected counts are halved. A closed tour passes
 * every cell, so fixing its start or end says nothing the cover encoding can use: refused.
 */
export function countByCover(
  request: CountRequest,
  options: CountOptions,
  budget: Budget,
  header: Omit<CountResult, "count" | "status" | "method" | "stats">,
): CountResult {
  const { board, kind, start, end, nonClosable } = request;
  const closed = kind === "closed";
  if (closed && (start >= 0 || end >= 0)) {
    throw new OptionError(
      "method dlx counts closed tours without a start or end (every closed tour passes every cell)",
      "dlx",
    );
  }
  if (!request.directed && (start >= 0 || end >= 0)) {
    throw new OptionError("method dlx counts open tours with a fixed end directed only", "dlx");
  }
  const began = performance.now();
  let closable = 0;
  // The cover search runs inside the count's budget: one clock, one node allowance.
  const result = countToursByCover(board, {
    closed,
    mode: "prune",
    start: start >= 0 ? start : undefined,
    end: end >= 0 ? end : undefined,
    budget,
    maxBytes: options.maxBytes,
    onTour: nonClosable
      ? (tour) => {
          const path = tour.path;
          if (board.isKnightMove(path[0]!, path[path.length - 1]!)) closable++;
        }
      : undefined,
  });
  const directed = BigInt(result.tours - closable);
  const status = result.status === "limit" || result.status === "aborted" ? result.status : "done";
  return {
    ...header,
    count: request.directed ? directed : directed / 2n,
    status,
    method: "dlx",
    stats: {
      ms: performance.now() - began,
      units: 1,
      nodes: result.stats.nodes,
      peakStates: 0,
    },
  };
}
