import type { Board } from "../core/board.js";
import { createRandom } from "../core/random.js";
import type { FinderStats, SearchProgress, TourResult } from "../core/result.js";
import { Budget, type Limits, type RunStatus } from "../core/run.js";
import { constructHalfTurnSymmetric } from "../solve/construct.js";
import { checkRotation } from "./count.js";
import { rotationOnGeometry } from "./geometry.js";
import { liftReversingPath, QuotientHamiltonFinder } from "./hamilton-finder.js";
import { mapsOntoItself } from "./invariance.js";
import { forEachClosedTour } from "./listing.js";
import { buildQuotient, gcd, type Quotient, type Rotation } from "./quotient.js";
import { QuotientPathSearch } from "./search.js";
import { symmetricKinds, symmetricTourExists } from "./theory.js";

/**
 * Finding a closed tour that a half turn or a quarter turn maps onto itself.
 *
 * The search runs on the quotient board (see quotient.ts), which has 1/2 or 1/4 of the cells,
 * and lifts its answer:
 * - a Hamiltonian cycle of the quotient whose total voltage generates the group lifts to ONE
 *   symmetric tour (other voltages lift to 2 or 4 separate cycles, so the voltage is chosen
 *   with care: where two orbits are joined by moves of different voltages the cycle may use
 *   either, and a small dynamic programme over the cycle picks a combination that works);
 * - for the half turn on boards with an odd side, a Hamiltonian path between the two orbits
 *   that contain a cell and its opposite a knight's move apart lifts to a tour the half turn
 *   reverses.
 *
 * Small quotients (≤ 40 orbits) are searched exhaustively, so "impossible" there is proven.
 * When the heuristic below gives up, the exhaustive search gets a node budget too (thin boards
 * such as 3×28 defeat Warnsdorff's rule but not the search).
 * Larger ones use Warnsdorff's rule on the quotient with random tie-breaks, then Pósa
 * rotations (reverse the tail of the path after a neighbour of its end) to extend a stuck
 * path and to bring its end next to its start; restarts when that fails. Every step is O(1)
 * or a segment reversal; nothing is allocated per step.
 */

export interface SymmetricTourOptions extends Limits<SearchProgress> {
  readonly rotation: Rotation;
  /** Seed of the PRNG for tie-breaks and rotations (default 1). */
  readonly seed?: number | undefined;
  /** Restarts of the heuristic before giving up with "limit" (default 1000). */
  readonly maxAttempts?: number | undefined;
  /** Refuse boards whose construction would need more bytes than this. */
  readonly maxBytes?: number | undefined;
}

/** Boards over this many cells try the half-turn construction before the quotient search. */
export const CONSTRUCT_MIN_CELLS = 10_000;

const EXHAUSTIVE_MAX_ORBITS = 40;
const DEFAULT_MAX_ATTEMPTS = 1000;
const FALLBACK_NODE_BUDGET = 20_000_000;

/**
 * Find a closed tour of `board` invariant under the rotation. The result has the shape of
 * `solve`'s: status "found" with the tour, "impossible" with the reason, "limit" or "aborted".
 *
 * @example
 * ```ts
 * import { Board, findSymmetricTour, validateTour } from "knight-tours";
 *
 * const board = new Board(18, 18);
 * const result = findSymmetricTour(board, { rotation: 90, seed: 1 });
 * console.log(result.status, validateTour(board, result.tour!).valid); // → found true
 * console.log(findSymmetricTour(new Board(8, 8), { rotation: 90 }).status); // → impossible
 * ```
 */
export function findSymmetricTour(board: Board, options: SymmetricTourOptions): TourResult {
  const began = performance.now();
  const { rotation } = options;
  checkRotation(board, rotation);
  const stats: FinderStats = { nodes: 0, backtracks: 0, attempts: 0, ms: 0 };
  const budget = Budget.start<SearchProgress>(options, (nodes, ms) => ({
    nodes,
    attempts: stats.attempts,
    ms,
  }));
  const finish = (result: Omit<TourResult, "stats">): TourResult => {
    stats.ms = performance.now() - began;
    return { ...result, stats };
  };
  // The knight's theorems settle what they can on its plain rectangle; elsewhere only the
  // geometry's own facts (is the turn a symmetry, does it fix a cell) and then the search.
  let impossible: string | null;
  if (board.plain) {
    const theory = symmetricTourExists(board, rotation);
    impossible = theory.exists === false ? theory.reason : null;
  } else impossible = rotationOnGeometry(board, rotation);
  if (impossible !== null) return finish({ status: "impossible", tour: null, reason: impossible });
  // A zero limit or an aborted signal stops before any search (the theory's answer stands).
  const first = budget.check(stats.nodes);
  if (first !== null) return finish({ status: first, tour: null, reason: budget.reason });
  // Large boards: build half by the divide-and-conquer construction and turn it (linear time,
  // see src/construct/symmetric.ts). Where it cannot join the halves (a side along the cut is
  // odd, or the half has no construction) the quotient search below takes over.
  if (rotation === 180 && board.plain && board.cells > CONSTRUCT_MIN_CELLS) {
    const built = constructHalfTurnSymmetric(board, { maxBytes: options.maxBytes });
    if (built.status === "found") return built;
  }
  const quotient = buildQuotient(board, rotation);
  const kinds = board.plain
    ? symmetricKinds(board, rotation)
    : { rotating: true, reversing: rotation === 180 };
  // Folded to one or two orbits a quotient cycle is degenerate: look among all the tours.
  if (!board.plain && quotient.size < 3)
    return finish(findByListing(board, quotient, budget, stats));

  // The exhaustive search: definitive when it finishes. `allowance` caps its nodes (on top of
  // the budget) when it is only a fallback after the heuristic. Its node total continues the
  // heuristic's, so the budget sees one rising count.
  const searchAll = (allowance: number): TourResult | null => {
    const search = new QuotientPathSearch(quotient);
    search.nodes = stats.nodes;
    const outcome = exhaustive(quotient, search, kinds, budget, stats.nodes + allowance);
    stats.nodes = search.nodes;
    stats.attempts++;
    if (outcome.path) {
      return finish({ status: "found", tour: { board, path: outcome.path, closed: true } });
    }
    if (outcome.status === "done") {
      return finish({
        status: "impossible",
        tour: null,
        reason: `${board} has no closed tour with ${rotation}° symmetry: an exhaustive search of its ${quotient.size}-orbit quotient board found none`,
      });
    }
    if (outcome.status === "aborted") {
      return finish({ status: "aborted", tour: null, reason: "the search was aborted" });
    }
    return Number.isFinite(allowance)
      ? null
      : finish({
          status: "limit",
          tour: null,
          reason: "a node or time limit ended the exhaustive search undecided",
        });
  };
  if (quotient.size <= EXHAUSTIVE_MAX_ORBITS) return searchAll(Number.POSITIVE_INFINITY)!;

  const finder = new QuotientHamiltonFinder(quotient);
  const random = createRandom(options.seed ?? 1);
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const loopOrbits = [...new Set(quotient.loops.map(([orbit]) => orbit))].sort((a, b) => a - b);
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    const why = budget.check(stats.nodes);
    if (why !== null) return finish({ status: why, tour: null, reason: budget.reason });
    stats.attempts++;
    // Alternate the kinds where both can exist: turned along itself, or reversed.
    const canReverse = kinds.reversing && loopOrbits.length >= 2;
    const reversing = canReverse && (!kinds.rotating || attempt % 2 === 1);
    const path = reversing
      ? finder.attemptPath(random, loopOrbits[0]!, loopOrbits[1]!)
      : finder.attemptCycle(random);
    stats.nodes += finder.lastSteps;
    if (path) return finish({ status: "found", tour: { board, path, closed: true } });
  }
  // Thin boards (3×28, say) defeat the heuristic but are easy for the exhaustive search: try it,
  // within a node budget, before giving up.
  const fallback = searchAll(FALLBACK_NODE_BUDGET);
  if (fallback) return fallback;
  return finish({
    status: "limit",
    tour: null,
    reason: `no ${rotation}°-symmetric tour found in ${maxAttempts} randomised attempts on the quotient board, nor by an exhaustive search of ${FALLBACK_NODE_BUDGET} nodes`,
  });
}

export interface ExhaustiveOutcome {
  status: RunStatus;
  path: Int32Array | null;
}

/** Depth-first search of the whole quotient, stopping at the first tour of either kind. */
export function exhaustive(
  quotient: Quotient,
  search: QuotientPathSearch,
  kinds: { rotating: boolean; reversing: boolean },
  budget: Budget,
  maxNodes: number,
): ExhaustiveOutcome {
  const { arcOffsets, arcTo, arcVolt, nbrOffsets, nbrTo, order, size, powers, rep } = quotient;
  const cells = quotient.size * order;
  const counts = new Float64Array(order);
  let found: Int32Array | null = null;
  if (size < 3) return { status: "done", path: null };
  let s = 0;
  for (let v = 1; v < size; v++) {
    if (nbrOffsets[v + 1]! - nbrOffsets[v]! < nbrOffsets[s + 1]! - nbrOffsets[s]!) s = v;
  }
  const sNbrs = Array.from(nbrTo.subarray(nbrOffsets[s]!, nbrOffsets[s + 1]!));
  const volts = (from: number, to: number) => {
    const out: number[] = [];
    for (let i = arcOffsets[from]!; i < arcOffsets[from + 1]!; i++)
      if (arcTo[i] === to) out.push(arcVolt[i]!);
    return out;
  };
  for (let i = 0; kinds.rotating && i < sNbrs.length && !found; i++) {
    for (let j = i + 1; j < sNbrs.length && !found; j++) {
      const u = sNbrs[i]!;
      const w = sNbrs[j]!;
      const into = volts(s, u);
      const outOf = volts(w, s);
      const visit = (orbits: Int32Array, cum: Int32Array, length: number): boolean => {
        for (const v1 of into) {
          for (const v2 of outOf) {
            const turn = (v1 + cum[length - 1]! + v2) % order;
            if (gcd(turn, order) !== 1) continue;
            const path = new Int32Array(cells);
            let k = 0;
            for (let copy = 0, shift = 0; copy < order; copy++, shift = (shift + turn) % order) {
              path[k++] = powers[shift]![rep[s]!]!;
              for (let t = 0; t < length; t++) {
                path[k++] = powers[(v1 + cum[t]! + shift) % order]![rep[orbits[t]!]!]!;
              }
            }
            found = path;
            return true;
          }
        }
        return false;
      };
      const outcome = search.run(u, w, s, counts, budget, visit, undefined, maxNodes);
      if (outcome === "limit" || outcome === "aborted") return { status: outcome, path: null };
    }
  }
  if (!found && kinds.reversing) {
    const loopOrbits = [...new Set(quotient.loops.map(([orbit]) => orbit))];
    for (let i = 0; i < loopOrbits.length && !found; i++) {
      for (let j = i + 1; j < loopOrbits.length && !found; j++) {
        const visit = (orbits: Int32Array, cum: Int32Array, length: number): boolean => {
          found = liftReversingPath(quotient, orbits, cum, length);
          return true;
        };
        const outcome = search.run(
          loopOrbits[i]!,
          loopOrbits[j]!,
          -1,
          counts,
          budget,
          visit,
          undefined,
          maxNodes,
        );
        if (outcome === "limit" || outcome === "aborted") return { status: outcome, path: null };
      }
    }
  }
  return { status: "done", path: found };
}

/** The first closed tour the rotation maps onto itself, among all of a tiny geometry's. */
function findByListing(
  board: Board,
  quotient: Quotient,
  budget: Budget,
  stats: FinderStats,
): Omit<TourResult, "stats"> {
  const sigma = quotient.powers[1]!;
  const next = new Int32Array(board.cells);
  const prev = new Int32Array(board.cells);
  let found: Int32Array | null = null;
  const { status, nodes } = forEachClosedTour(board, budget, stats.nodes, (path) => {
    if (found !== null) return;
    const n = path.length;
    for (let i = 0; i < n; i++) {
      next[path[i]!] = path[(i + 1) % n]!;
      prev[path[(i + 1) % n]!] = path[i]!;
    }
    if (mapsOntoItself(path, next, prev, sigma) !== 0) found = path.slice();
  });
  stats.nodes += nodes;
  stats.attempts++;
  if (found !== null) return { status: "found", tour: { board, path: found, closed: true } };
  if (status === "done") {
    return {
      status: "impossible",
      tour: null,
      reason: `${board} has no closed tour with ${quotient.rotation}° symmetry: none of its closed tours is symmetric`,
    };
  }
  return { status, tour: null, reason: budget.reason };
}
