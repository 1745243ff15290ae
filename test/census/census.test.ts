import { describe, expect, it } from "vitest";
import type { SubproblemResult } from "../../src/census/index.js";
import {
  Census,
  CensusTotals,
  censusJson,
  censusStatsOfTour,
  STAT_NAMES,
} from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { createTour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { count, enumerateTours } from "../../src/count/index.js";

/** Every finished result of a census, in list order. */
function results(census: Census): SubproblemResult[] {
  return census.subproblems().map((entry) => {
    const run = census.runSubproblem(entry.name);
    if (run.status !== "done") throw new Error(`${entry.name} stopped: ${run.status}`);
    return run.result;
  });
}

/** Every witness of a total is a valid closed tour whose statistic has the value claimed. */
function expectWitnessesHold(board: Board, totals: CensusTotals): void {
  const json = censusJson(board, 0, totals);
  for (const name of STAT_NAMES) {
    const e = json.extremes[name]!;
    for (const [value, witness] of [
      [e.min, e.minTour],
      [e.max, e.maxTour],
    ] as const) {
      const path = Int32Array.from(witness.path, ([r, c]) => r! * board.cols + c!);
      const tour = createTour(board, path, true);
      expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
      expect(censusStatsOfTour(tour)[name]).toBe(value);
    }
  }
}

describe("Census of 6×6", () => {
  const board = new Board(6, 6);
  const census = new Census(board);
  const all = results(census);
  const totals = all.reduce((t, r) => t.add(r), new CensusTotals());

  it("visits every closed tour: 9,862 weighted, and the split's multiplicities cover all 784 wedge pairs", () => {
    expect(totals.tours).toBe(9862n);
    expect(census.subproblems().length).toBe(214);
    expect(census.subproblems().reduce((s, e) => s + e.multiplicity, 0)).toBe(28 * 28);
  });

  it("has every histogram equal to tourStats (and direct sums) over the 9,862 enumerated tours", () => {
    const reference = STAT_NAMES.map(() => new Map<string, number>());
    let tours = 0;
    for (const tour of enumerateTours(board, { closed: true })) {
      tours++;
      const values = censusStatsOfTour(tour);
      STAT_NAMES.forEach((name, k) => {
        const key = String(values[name]);
        reference[k]!.set(key, (reference[k]!.get(key) ?? 0) + 1);
      });
    }
    expect(tours).toBe(9862);
    const got = totals.histogramsJson();
    STAT_NAMES.forEach((name, k) => {
      const want = Object.fromEntries([...reference[k]!].map(([v, n]) => [v, String(n)]));
      expect([name, got[name]]).toEqual([name, want]);
    });
  });

  it("returns witnesses that are valid tours with the extreme values", () => {
    expectWitnessesHold(board, totals);
  });

  it("merges results exactly, in any order and grouping", () => {
    const once = JSON.stringify(censusJson(board, all.length, totals));
    const reversed = [...all].reverse().reduce((t, r) => t.add(r), new CensusTotals());
    const odd = new CensusTotals();
    const even = new CensusTotals();
    for (const [i, r] of all.entries()) (i % 2 === 0 ? even : odd).add(r);
    const grouped = odd.merge(even);
    expect(JSON.stringify(censusJson(board, all.length, reversed))).toBe(once);
    expect(JSON.stringify(censusJson(board, all.length, grouped))).toBe(once);
  });

  it("runs a subproblem deterministically, by any of its equivalent names", () => {
    const busiest = all.reduce((a, b) => (Number(b.tours) > Number(a.tours) ? b : a));
    const other = census.split.equivalents(busiest.name).at(-1)!;
    const again = census.runSubproblem(other);
    expect(again).toEqual({ status: "done", result: busiest });
  });

  it("counts without statistics to the same total", () => {
    const counted = census.run(undefined, { stats: false });
    expect(counted.tours).toBe(9862n);
    expect(counted.stats[0]!.size).toBe(0);
  });

  it("stops at a node limit and says so", () => {
    const stopped = census.run(undefined, { nodeLimit: 100 });
    expect(stopped.status).toBe("limit");
    expect(stopped.done).toBeLessThan(all.length);
  });
});

describe("Knuth's three splits of 6×6 count the same tours", () => {
  const board = new Board(6, 6);
  const centre = new Census(board).run();

  it.each(["edge", "ring"] as const)(
    "%s: 9,862 tours weighted, every histogram equal to the central split's",
    (split) => {
      const census = new Census(board, split);
      const totals = census.run();
      expect(totals.status).toBe("done");
      expect(census.split.width).toBe(8);
      expect(totals.tours).toBe(9862n);
      expect(totals.histogramsJson()).toEqual(centre.histogramsJson());
      // Each split visits its own share: fewer canonical tours than the weighted total.
      expect(totals.visited).toBeLessThan(totals.tours);
      expectWitnessesHold(board, totals);
    },
  );

  it("puts each enumerated tour in the ring subproblem that finds it", () => {
    const census = new Census(board, "ring");
    const found = new Map<string, number>();
    for (const tour of enumerateTours(board, { closed: true })) {
      const name = census.split.canonical(census.split.nameOfTour(tour));
      found.set(name, (found.get(name) ?? 0) + 1);
    }
    for (const [name, tours] of found) {
      const run = census.runSubproblem(name, { stats: false });
      if (run.status !== "done") throw new Error(`${name} stopped`);
      expect([name, Number(run.result.tours) * run.result.multiplicity]).toEqual([name, tours]);
    }
  });
});

describe("Census totals equal count() on small boards", () => {
  it.each(["3x10", "3x12", "5x6", "6x5", "5x8", "4x6", "3x8", "6x6"])("%s", (spec) => {
    const [rows, cols] = spec.split("x").map(Number) as [number, number];
    const board = new Board(rows, cols);
    const totals = new Census(board).run(undefined, { stats: false });
    expect(totals.status).toBe("done");
    expect(totals.tours).toBe(count(board, { closed: true }).count);
  });
});

describe("Census of 8×8 (Knuth's bunches)", () => {
  const census = new Census(new Board(8, 8));

  it("finds no tour in the 198 bunches αlβl and lαlβ (a 4-cycle through the centre)", () => {
    const empty = census.subproblems().filter((e) => /^(.l.l|l.l.)$/.test(e.name));
    expect(empty.length).toBe(198);
    for (const { name } of empty) {
      const run = census.runSubproblem(name, { stats: false });
      expect(run.status === "done" && run.result.tours).toBe("0");
    }
  });

  it("counts 165,504 tours in CFgd, the smallest non-empty bunch, with valid witnesses", () => {
    const run = census.runSubproblem("CFgd");
    if (run.status !== "done") throw new Error(run.status);
    expect(run.result.tours).toBe("165504");
    expect(run.result.multiplicity).toBe(census.split.equivalents("CFgd").length);
    const totals = new CensusTotals().add(run.result);
    expect(totals.tours).toBe(BigInt(run.result.multiplicity) * 165504n);
    expectWitnessesHold(census.board, totals);
  });

  it("refuses a bunch with 'a' as structurally empty, and a bad name by its letter", () => {
    expect(() => census.runSubproblem("aBcD")).toThrow(/left out/);
    expect(() => census.runSubproblem("ByD?")).toThrow(/'\?' is not one of the letters/);
    expect(() => census.runSubproblem("ByD")).toThrow(/4 wedge letters/);
  });
});
