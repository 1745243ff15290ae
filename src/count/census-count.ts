import { Census } from "../census/census.js";
import { censusRefusal } from "../census/leaper.js";
import type { CountRequest } from "./request.js";

/**
 * `count(board, { closed: true, method: "census" })`: the closed tours counted by the census
 * engine (src/census), statistics off. The census cuts the closed tours into subproblems by the
 * wedges at one or two central cells (Census, split "centre"), one per orbit of the board's
 * symmetries, weighted by the orbit's size; each is a search of Hamiltonian cycles with those
 * cells' moves forced. The subproblems are the count's units of work (ids by position in the
 * census's canonical list, the same in every run), so workers and checkpoints hand them out as
 * they do the mates counter's (the job queue does not carry them: count-queue.ts).
 *
 * It counts closed tours only, from no fixed cell (a fixed start or closing move is not a
 * wedge the split can force), undirected; directed is twice as many.
 */

/** Why the census cannot count `request`, or undefined when it can. */
export function censusCountRefusal(request: CountRequest): string | undefined {
  const geometry = censusRefusal(request.board);
  if (geometry !== undefined) return geometry;
  if (request.kind !== "closed") {
    return "the census counts closed tours only; count open tours with the frontier, mates or backtrack method";
  }
  if (request.start >= 0 || request.end >= 0) {
    return "the census counts every closed tour, from no fixed cell; with --start or --end count with the mates or backtrack method";
  }
  return undefined;
}

/** A census count's subproblems: names and weights by unit id. */
export interface CensusCountPlan {
  readonly names: readonly string[];
  readonly weights: readonly number[];
  /** 2 for directed tours (each cycle read both ways), else 1. */
  readonly scale: bigint;
}

/** The census subproblems of a request the census takes (see censusCountRefusal). */
export function censusCountPlan(request: CountRequest): CensusCountPlan {
  const entries = new Census(request.board).subproblems();
  return {
    names: entries.map((e) => e.name),
    weights: entries.map((e) => e.multiplicity),
    scale: request.directed ? 2n : 1n,
  };
}

/** The total of a census count from its units' counts (weights and scale applied). */
export function censusCountTotal(plan: CensusCountPlan, done: ReadonlyMap<number, bigint>): bigint {
  let sum = 0n;
  for (const [id, tours] of done) sum += tours * BigInt(plan.weights[id]!);
  return sum * plan.scale;
}

/** Counts census subproblems of one board, reusing one census engine (built on first use). */
export class CensusUnitCounter {
  private readonly census: Census;
  /** Nodes of the runs before the current one (the engine counts each run from 0). */
  private before = 0;
  /** Whether the engine has run (its `nodes` are then the current run's). */
  private engineBuilt = false;

  constructor(request: CountRequest) {
    this.census = new Census(request.board);
  }

  /** Search nodes since construction, the running subproblem's included. */
  get nodes(): number {
    return this.before + (this.engineBuilt ? this.census.searchEngine().nodes : 0);
  }

  /**
   * The undirected closed tours of subproblem `name` (without its weight); when `shouldStop`
   * ended the search first, -1 − (the tours counted before the stop).
   */
  count(name: string, shouldStop: (() => boolean) | null): number {
    const engine = this.census.searchEngine();
    if (this.engineBuilt) this.before += engine.nodes;
    this.engineBuilt = true;
    engine.stats = false;
    engine.onNewValue = null;
    const finished = engine.run(
      this.census.split.forcedMoves(name),
      shouldStop === null ? null : () => shouldStop(),
    );
    return finished ? engine.tours : -1 - engine.tours;
  }
}
