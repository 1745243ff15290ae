import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OptionError } from "../../src/core/errors.js";
import { createRandom } from "../../src/core/random.js";
import { checkInterval, DancingLinks } from "../../src/cover/dlx.js";
import { exactCover, indexProblem } from "../../src/cover/format.js";
import { knuthExample, pentominoProblem, queensProblem } from "../../src/cover/problems.js";
import type { ExactCoverProblem } from "../../src/cover/types.js";

/** Exact covers by brute force over every subset of options (tiny problems only). */
function bruteForceCount(problem: ExactCoverProblem): number {
  const items = problem.primary + (problem.secondary ?? 0);
  const masks = problem.options.map((option) => {
    let mask = 0;
    for (let t = 0; t < option.length; t++) mask |= 1 << option[t]!;
    return mask;
  });
  const primaryMask = (1 << problem.primary) - 1;
  let count = 0;
  const go = (k: number, used: number) => {
    if (k === masks.length) {
      if ((used & primaryMask) === primaryMask) count++;
      return;
    }
    go(k + 1, used);
    if ((used & masks[k]!) === 0) go(k + 1, used | masks[k]!);
  };
  if (items <= 30) go(0, 0);
  return count;
}

/** Every exact cover, as sorted option lists, by brute force (tiny problems only). */
function bruteForceSolutions(problem: ExactCoverProblem): number[][] {
  const masks = problem.options.map((option) =>
    Array.from(option).reduce((m, i) => m | (1 << i), 0),
  );
  const primaryMask = (1 << problem.primary) - 1;
  const found: number[][] = [];
  const chosen: number[] = [];
  const go = (k: number, used: number) => {
    if (k === masks.length) {
      if ((used & primaryMask) === primaryMask) found.push([...chosen]);
      return;
    }
    go(k + 1, used);
    if ((used & masks[k]!) === 0) {
      chosen.push(k);
      go(k + 1, used | masks[k]!);
      chosen.pop();
    }
  };
  go(0, 0);
  return found;
}

/** Random small problems: up to 8 items (some secondary), up to 14 options. */
const smallProblem = fc
  .record({
    primary: fc.integer({ min: 1, max: 6 }),
    secondary: fc.integer({ min: 0, max: 2 }),
  })
  .chain(({ primary, secondary }) =>
    fc.record({
      primary: fc.constant(primary),
      secondary: fc.constant(secondary),
      options: fc
        .array(
          fc.uniqueArray(fc.integer({ min: 0, max: primary + secondary - 1 }), {
            minLength: 1,
            maxLength: 4,
          }),
          { maxLength: 14 },
        )
        // Every option needs a primary item (as in DLX1).
        .map((options) => options.filter((option) => option.some((i) => i < primary))),
    }),
  );

/** Whether `solution` covers every primary item once and every secondary item at most once. */
function isExactCover(problem: ExactCoverProblem, solution: ArrayLike<number>): boolean {
  const items = problem.primary + (problem.secondary ?? 0);
  const seen = new Int32Array(items);
  for (let k = 0; k < solution.length; k++) {
    const option = problem.options[solution[k]!]!;
    for (let t = 0; t < option.length; t++) seen[option[t]!]!++;
  }
  for (let i = 0; i < items; i++) {
    if (seen[i]! > 1 || (i < problem.primary && seen[i] !== 1)) return false;
  }
  return true;
}

describe("DancingLinks on Knuth's worked example", () => {
  const named = knuthExample();
  const problem = indexProblem(named);

  it("count() finds the single solution {a d f, b g, c e}", () => {
    const result = exactCover(named, { debug: true }).count();
    expect(result.status).toBe("exhausted");
    expect(result.count).toBe(1);
  });

  it("first() returns its options and solutions() yields it once", () => {
    const links = new DancingLinks(problem, { debug: true });
    const first = links.first();
    expect(first.status).toBe("found");
    expect([...first.solution!].sort()).toEqual([0, 3, 4]);
    const all = [...links.solutions()];
    expect(all.map((s) => [...s].sort())).toEqual([[0, 3, 4]]);
    expect(links.checkInvariants()).toEqual([]);
  });

  it("records the search profile: nodes and solutions per level", () => {
    const result = new DancingLinks(problem).forEachSolution(() => true);
    expect(result.stats.solutionsPerLevel).toEqual([0, 0, 0, 1]);
    expect(result.stats.nodesPerLevel.reduce((a, b) => a + b, 0)).toBe(result.stats.nodes);
    expect(result.stats.updates).toBeGreaterThan(0);
  });
});

describe("DancingLinks beyond knights", () => {
  it("n queens (primary rows/columns, secondary diagonals): 1, 0, 0, 2, 10, 4, 40, 92", () => {
    const counts = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => exactCover(queensProblem(n)).count().count);
    expect(counts).toEqual([1, 0, 0, 2, 10, 4, 40, 92]);
  });

  it("every 6-queens solution places non-attacking queens", () => {
    const named = queensProblem(6);
    const problem = indexProblem(named);
    const solutions = [...new DancingLinks(problem).solutions()];
    expect(solutions).toHaveLength(4);
    for (const solution of solutions) {
      expect(isExactCover(problem, solution)).toBe(true);
      const queens = [...solution].map((k) => [Math.floor(k / 6), k % 6] as const);
      for (const [r1, c1] of queens) {
        for (const [r2, c2] of queens) {
          if (r1 === r2 && c1 === c2) continue;
          expect(r1 !== r2 && c1 !== c2 && Math.abs(r1 - r2) !== Math.abs(c1 - c2)).toBe(true);
        }
      }
    }
  });

  it("tiles 3×20 with the pentominoes in 8 ways, each a valid tiling", () => {
    const problem = indexProblem(pentominoProblem(3, 20));
    const solutions = [...new DancingLinks(problem).solutions()];
    expect(solutions).toHaveLength(8);
    for (const solution of solutions) {
      expect(solution).toHaveLength(12);
      expect(isExactCover(problem, solution)).toBe(true);
    }
    expect(new DancingLinks(problem).count().count).toBe(8);
  });

  it("the first 20 tilings of the full 6×10 problem are valid and distinct", () => {
    const problem = indexProblem(pentominoProblem(6, 10));
    const seen = new Set<string>();
    for (const solution of new DancingLinks(problem).solutions({ maxSolutions: 20 })) {
      expect(isExactCover(problem, solution)).toBe(true);
      seen.add([...solution].sort((a, b) => a - b).join(","));
    }
    expect(seen.size).toBe(20);
  });
});

describe("DancingLinks against brute force", () => {
  it("count(), forEachSolution() and solutions() agree with brute force on random problems", () => {
    fc.assert(
      fc.property(smallProblem, fc.integer(), (problem, seed) => {
        const expected = bruteForceCount(problem);
        const links = new DancingLinks(problem, { debug: true });
        expect(links.count().count).toBe(expected);
        let visited = 0;
        links.forEachSolution((chosen, size) => {
          expect(isExactCover(problem, chosen.subarray(0, size))).toBe(true);
          visited++;
        });
        expect(visited).toBe(expected);
        expect([...links.solutions()]).toHaveLength(expected);
        expect(links.checkInvariants()).toEqual([]);
        // Random tie-breaks and the bulk count of the last items change the search, not the answer.
        expect(new DancingLinks(problem, { random: createRandom(seed) }).count().count).toBe(
          expected,
        );
        for (const bulkItems of [0, 2, 12]) {
          expect(new DancingLinks(problem, { bulkItems }).count().count).toBe(expected);
        }
        // So do the count cache, off, tiny (slots overwritten all the time) or on every node.
        for (const memo of [{ memoItems: 0 }, { memoBits: 4 }, { memoItems: 3, bulkItems: 0 }]) {
          const cached = new DancingLinks(problem, memo);
          expect(cached.count().count).toBe(expected);
          expect(cached.count().count).toBe(expected); // the cache survives between counts
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("DancingLinks limits and state", () => {
  const pentominoes = () => indexProblem(pentominoProblem(6, 10));

  it("first() on a problem without solutions is exhausted with a null solution", () => {
    const none = new DancingLinks({ primary: 2, options: [[0]] }).first();
    expect(none).toMatchObject({ status: "exhausted", solution: null });
    const limited = new DancingLinks(pentominoes()).first({ nodeLimit: 3 });
    expect(limited).toMatchObject({ status: "limit", solution: null });
  });

  it("stops at maxSolutions with status solution-limit", () => {
    const result = new DancingLinks(pentominoes()).count({ maxSolutions: 5 });
    expect(result.status).toBe("solution-limit");
    expect(result.count).toBe(5);
    expect(result.reason).toMatch(/solution limit/);
  });

  it("stops at the node limit with status limit, and the links are restored", () => {
    const links = new DancingLinks(pentominoes());
    const result = links.count({ nodeLimit: 1000 });
    expect(result.status).toBe("limit");
    expect(result.stats.nodes).toBe(1000);
    expect(result.reason).toMatch(/node limit of 1000/);
    expect(links.checkInvariants()).toEqual([]);
    expect(links.first().solution).not.toBeNull();
  });

  it("stops on the time limit and on an aborted signal", () => {
    const timed = new DancingLinks(pentominoes()).count({ timeLimitMs: 1 });
    expect(timed.status).toBe("limit");
    expect(timed.reason).toMatch(/time limit/);
    const controller = new AbortController();
    controller.abort();
    expect(new DancingLinks(pentominoes()).count({ signal: controller.signal }).status).toBe(
      "aborted",
    );
  });

  it("reports progress with Knuth's estimate of the fraction done", () => {
    const fractions: number[] = [];
    new DancingLinks(pentominoes()).count({
      nodeLimit: 300_000,
      // Every check of the hot loop reports (the default is one report per 250 ms).
      progressEveryMs: 0,
      onProgress: (p) => {
        expect(p.nodes).toBeGreaterThan(0);
        fractions.push(p.fraction);
      },
    });
    expect(fractions.length).toBeGreaterThan(2);
    for (const f of fractions) expect(f >= 0 && f <= 1).toBe(true);
    // The estimate only grows as the search moves on through its first choices.
    expect(fractions.at(-1)!).toBeGreaterThanOrEqual(fractions[0]!);
  });

  it("an abandoned generator leaves the links intact for the next search", () => {
    const problem = indexProblem(queensProblem(8));
    const links = new DancingLinks(problem, { debug: true });
    const generator = links.solutions();
    generator.next();
    generator.next();
    expect(links.count().count).toBe(92);
    expect(() => generator.next()).toThrow(/another search/);
    expect(links.checkInvariants()).toEqual([]);
  });

  it("solutionsWithPauses gives the same solutions in order, pausing between them", () => {
    const problem = indexProblem(queensProblem(8));
    const expected = [...new DancingLinks(problem).solutions()].map((s) => [...s].join(","));
    const links = new DancingLinks(problem, { debug: true });
    // pauseMs 0: every run hands control back at its first check, i.e. after one node.
    const steps = links.solutionsWithPauses({}, 0);
    const got: string[] = [];
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      if (step.value === undefined) pauses++;
      else {
        expect(isExactCover(problem, step.value)).toBe(true);
        got.push([...step.value].join(","));
      }
    }
    expect(got).toEqual(expected);
    expect(step.value.status).toBe("exhausted");
    expect(step.value.count).toBe(92);
    // Every step of the search is a pause of its own, so there are more pauses than solutions.
    expect(pauses).toBeGreaterThan(step.value.stats.nodes);
    expect(links.checkInvariants()).toEqual([]);
  });

  it("a signal aborted during a pause ends solutionsWithPauses with the solutions so far", () => {
    const problem = indexProblem(queensProblem(8));
    const links = new DancingLinks(problem);
    const controller = new AbortController();
    const steps = links.solutionsWithPauses({ signal: controller.signal }, 0);
    let found = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) {
      if (step.value !== undefined) found++;
      // As a CLI does between chunks: the signal fires while the search waits at a pause.
      else if (found === 3) controller.abort();
    }
    expect(step.value.status).toBe("aborted");
    expect(step.value.count).toBe(3);
    expect(links.count().count).toBe(92); // the links are intact for the next search
  });

  it("breaking out of solutions() restores the links", () => {
    const problem = indexProblem(queensProblem(8));
    const links = new DancingLinks(problem, { debug: true });
    let seen = 0;
    for (const solution of links.solutions()) {
      expect(isExactCover(problem, solution)).toBe(true);
      if (++seen === 5) break;
    }
    expect(links.checkInvariants()).toEqual([]);
    expect(links.count().count).toBe(92);
  });

  it("the invariant checker notices broken links", () => {
    const links = new DancingLinks(indexProblem(knuthExample()));
    expect(links.checkInvariants()).toEqual([]);
    const top = (links as unknown as { top: Int32Array }).top;
    top[1]!++;
    expect(links.checkInvariants().join("\n")).toMatch(/LEN is/);
  });

  it("rejects options that name unknown or repeated items, and empty options", () => {
    expect(() => new DancingLinks({ primary: 2, options: [[0, 2]] })).toThrow(OptionError);
    expect(() => new DancingLinks({ primary: 2, options: [[1, 1]] })).toThrow(/twice/);
    expect(() => new DancingLinks({ primary: 2, options: [[]] })).toThrow(/covers no item/);
    expect(() => new DancingLinks({ primary: 1, secondary: 1, options: [[1]] })).toThrow(
      /no primary item/,
    );
    expect(() => new DancingLinks({ primary: -1, options: [] })).toThrow(OptionError);
    expect(() => new DancingLinks({ primary: 1, options: [] }, { bulkItems: 40 })).toThrow(
      /bulkItems/,
    );
  });
});

describe("CoverHook", () => {
  it("rejecting an option in choose() equals leaving it out of the problem", () => {
    fc.assert(
      fc.property(smallProblem, fc.integer({ min: 0, max: 13 }), (problem, banned) => {
        const kept = problem.options.filter((_, k) => k !== banned);
        const expected = bruteForceCount({ ...problem, options: kept });
        const links = new DancingLinks(problem, { debug: true });
        links.hook = {
          choose: (option) => option !== banned,
          unchoose: () => {},
        };
        expect(links.count().count).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });

  it("options deleted by a hook come back on backtracking", () => {
    fc.assert(
      fc.property(smallProblem, fc.integer({ min: 1, max: 13 }), (problem, victim) => {
        // Whenever option 0 is chosen, the hook deletes `victim` if its items are all still
        // uncovered. Solutions holding both 0 and victim may be lost (when 0 is chosen first);
        // no other solution is, and nothing stays deleted after the search.
        const links = new DancingLinks(problem, { debug: true });
        const rlink = (links as unknown as { rlink: Int32Array }).rlink;
        const llink = (links as unknown as { llink: Int32Array }).llink;
        const isFree = (i: number) => rlink[llink[i + 1]!] === i + 1;
        let depth = 0;
        links.hook = {
          choose(option) {
            depth++;
            if (option === 0 && victim < problem.options.length) {
              if (Array.from(problem.options[victim]!).every(isFree)) links.removeOption(victim);
            }
            return true;
          },
          unchoose() {
            depth--;
          },
        };
        const withHook = links.count().count;
        expect(depth).toBe(0);
        expect(links.checkInvariants()).toEqual([]);
        const solutions = bruteForceSolutions(problem);
        const both = solutions.filter((s) => s.includes(0) && s.includes(victim)).length;
        expect(withHook).toBeLessThanOrEqual(solutions.length);
        expect(withHook).toBeGreaterThanOrEqual(solutions.length - both);
        links.hook = null;
        expect(links.count().count).toBe(solutions.length);
      }),
      { numRuns: 200 },
    );
  });
});

describe("checkInterval", () => {
  // Each node scans every active primary item (MRV): with 180 000 items (300×300) a clock read
  // every 2^16 nodes came 15 s after a 1 s limit. The interval shrinks with the item count.
  it("checks every 2^16 nodes on small problems and about every 2^24/items on large ones", () => {
    expect(checkInterval(130)).toBe(1 << 16);
    expect(checkInterval(256)).toBe(1 << 16);
    expect(checkInterval(180_000)).toBe(Math.floor(2 ** 24 / 180_000));
    expect(checkInterval(1e9)).toBe(16);
  });
});
