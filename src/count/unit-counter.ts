// The counter of search units, apart from the dispatcher (dispatch.ts), which also plans
// counts and so imports every engine: a count worker loads only the searches its units need.
import { knightGraph } from "../core/graph.js";
import { countSubproblem } from "./backtrack.js";
import { CensusUnitCounter } from "./census-count.js";
import type { CountUnit } from "./dispatch.js";
import { MatesSearch } from "./mates.js";
import { PathSearch } from "./path-search.js";
import type { CountRequest } from "./request.js";

/**
 * Counts the searching units (backtrack, mates, census) of one request, reusing one search of
 * each kind (built on first use). The engine is named by the unit's shape; a frontier unit, or anything
 * else, is refused: the sweep runs through its own entry (it has snapshots and progress).
 */
export class UnitCounter {
  readonly request: CountRequest;
  private paths: PathSearch | undefined;
  private mates: MatesSearch | undefined;
  private census: CensusUnitCounter | undefined;

  constructor(request: CountRequest) {
    this.request = request;
  }

  /** Search nodes of the searches since construction. */
  get nodes(): number {
    return (this.paths?.nodes ?? 0) + (this.mates?.nodes ?? 0) + (this.census?.nodes ?? 0);
  }

  /**
   * The tours of one unit (without its weight); when `shouldStop` ended the search first,
   * -1 − (the tours counted before the stop).
   */
  count(unit: CountUnit, shouldStop: (() => boolean) | null = null): number {
    const { request } = this;
    if ("prefix" in unit) {
      this.paths ??= new PathSearch(knightGraph(request.board));
      return countSubproblem(this.paths, unit, request.nonClosable, shouldStop);
    }
    if ("mates" in unit) {
      this.mates ??= new MatesSearch(knightGraph(request.board), {
        virtual: request.kind === "open",
      });
      const constraints = { required: unit.mates.required, nonClosable: request.nonClosable };
      return this.mates.countPath(constraints, unit.mates.path, shouldStop);
    }
    if ("census" in unit) {
      this.census ??= new CensusUnitCounter(request);
      return this.census.count(unit.census, shouldStop);
    }
    throw new Error(`internal: count unit ${JSON.stringify(unit)} is not a search subproblem`);
  }
}
