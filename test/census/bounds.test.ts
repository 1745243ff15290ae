import { describe, expect, it } from "vitest";
import { statBound } from "../../src/census/bounds.js";
import type { CensusEngine } from "../../src/census/engine.js";
import { Census, hasBound, STAT_NAMES } from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";

/**
 * Admissibility on every closed 6×6 tour: each bound, at every search node on the way to a
 * tour (its ancestors in the census search, the bunch's forced moves included), is no better
 * than the tour's own value. The census's per-tour values are `tourStats`'s on every 6×6 tour
 * (test/census/census.test.ts), so this is the bound against the brute statistics.
 */
describe("the extreme bounds are admissible on every closed 6×6 tour", () => {
  const board = new Board(6, 6);
  const census = new Census(board);
  const entries = census.subproblems();
  /** Chosen moves: one more at each node down a path, equal at siblings. */
  const taken = (e: CensusEngine): number => {
    let sum = 0;
    for (let x = 0; x < e.n; x++) sum += e.deg[x]!;
    return sum / 2;
  };

  for (const stat of STAT_NAMES) {
    for (const least of [true, false]) {
      const goal = least ? "min" : "max";
      if (!hasBound(stat, least)) continue;
      it(`${goal} ${stat}`, () => {
        const engine = census.searchEngine();
        engine.stats = true;
        const bound = statBound(engine, stat, least)!;
        const k = STAT_NAMES.indexOf(stat);
        const depth: number[] = [];
        const value: number[] = [];
        let tours = 0n;
        let weight = 0n;
        let nodes = 0;
        let bad = "";
        const seen = new Set<number>();
        engine.bound = (e) => {
          const t = taken(e);
          while (depth.length > 0 && depth[depth.length - 1]! >= t) {
            depth.pop();
            value.pop();
          }
          depth.push(t);
          value.push(bound.value(e));
          nodes++;
          return true;
        };
        engine.onTour = (e) => {
          const v = e.values[k]!;
          tours += weight;
          for (const b of value) {
            if (least ? b > v : b < v) bad ||= `bound ${b} for a tour of value ${v}`;
          }
          seen.add(value[value.length - 1]!);
        };
        for (const entry of entries) {
          weight = BigInt(entry.multiplicity);
          depth.length = 0;
          value.length = 0;
          engine.run(census.split.forcedMoves(entry.name));
        }
        engine.bound = null;
        engine.onTour = null;
        expect(bad).toBe("");
        expect(tours).toBe(9862n);
        expect(nodes).toBeGreaterThan(0);
        // Not a constant: the bound follows the partial tour.
        expect(seen.size).toBeGreaterThan(1);
      });
    }
  }
});
