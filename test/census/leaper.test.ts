import { describe, expect, it } from "vitest";
import {
  Census,
  CensusTotals,
  censusJson,
  censusStatsOfTour,
  extremeTours,
  STAT_NAMES,
  type StatName,
} from "../../src/census/index.js";
import { WEDGE_LETTERS } from "../../src/census/wedges.js";
import { Board } from "../../src/core/board.js";
import { ErrorCode, KnightError } from "../../src/core/errors.js";
import { createTour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { count } from "../../src/count/index.js";

/** The letters `excluded` leaves out at every position (as one-letter names repeated). */
function leftOut(census: Census): string {
  return [...WEDGE_LETTERS].filter((l) => census.split.excluded(l.repeat(4))).join("");
}

/** Every tour of one subproblem, as found by the search (its paths). */
function toursOf(census: Census, name: string): { paths: Int32Array[]; result: unknown } {
  const engine = census.searchEngine();
  const paths: Int32Array[] = [];
  engine.onTour = (e) => {
    paths.push(e.tourPath());
  };
  try {
    const run = census.runSubproblem(name);
    if (run.status !== "done") throw new Error(`${name} stopped`);
    return { paths, result: run.result };
  } finally {
    engine.onTour = null;
  }
}

/** The histograms of `censusStatsOfTour` over some tours, in the census's text form. */
function referenceHistograms(board: Board, paths: readonly Int32Array[], names: StatName[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const name of names) {
    const counts = new Map<string, number>();
    for (const path of paths) {
      const value = String(censusStatsOfTour(createTour(board, path, true))[name]);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    const sorted = [...counts].sort((a, b) => Number(a[0]) - Number(b[0]));
    out[name] = Object.fromEntries(sorted.map(([v, n]) => [v, String(n)]));
  }
  return out;
}

const KEPT = STAT_NAMES.filter((n) => n !== "tarnishSquares");

describe("Census of an {a,b}-leaper: Knuth's giraffe census on 10×10", () => {
  const board = new Board(10, 10, { piece: "giraffe" });
  const census = new Census(board);

  it("lists 66,771 canonical bunches (names with A left out, as Knuth), multiplicities summing to 27⁴", () => {
    const list = census.subproblems();
    expect(list.length).toBe(66771);
    expect(list.reduce((s, e) => s + e.multiplicity, 0)).toBe(27 ** 4);
    expect(leftOut(census)).toBe("A");
    expect(census.split.id).toBe("knuth-10x10-giraffe-v1");
    expect(census.statNames).toEqual(KEPT);
  });

  it("counts 110 tours in CdCd, the smallest non-empty bunch, each valid and in CdCd", () => {
    const { paths } = toursOf(census, "CdCd");
    expect(paths.length).toBe(110);
    expect(census.entry("CdCd").multiplicity).toBe(2);
    for (const path of paths) {
      const tour = createTour(board, path, true);
      expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
      expect(census.split.canonical(census.split.nameOfTour(tour))).toBe("CdCd");
    }
  });

  it("has CdCd's running tallies equal to censusStatsOfTour over its 110 tours, and no tarnish", () => {
    const { paths, result } = toursOf(census, "CdCd");
    const stats = (result as { stats: Record<string, unknown> }).stats;
    expect(Object.keys(stats)).toEqual(KEPT);
    expect(stats).toEqual(referenceHistograms(board, paths, KEPT));
    expect(censusStatsOfTour(createTour(board, paths[0]!, true)).tarnishSquares).toBeUndefined();
  });
});

describe("Census of the zebra on 10×10: the whole census against the mates counter", () => {
  const board = new Board(10, 10, { piece: "zebra" });
  const census = new Census(board);
  const totals = census.run();

  it("visits 80,320 closed tours, weighted, as many as the mates counter counts", () => {
    expect(leftOut(census)).toBe("A");
    expect(census.subproblems().length).toBe(66771);
    expect(totals.done).toBe(66771);
    const mates = count(board, { closed: true, method: "mates" });
    expect(mates.count).toBe(80320n);
    expect(totals.tours).toBe(80320n);
  });

  it("returns witnesses that are valid zebra tours with the values claimed; no tarnish", () => {
    const json = censusJson(board, census.subproblems().length, totals);
    expect(json.omitted).toEqual({ tarnishSquares: expect.stringMatching(/knight's statistic/) });
    expect(json.stats.tarnishSquares).toEqual({});
    expect(json.extremes.tarnishSquares).toBeUndefined();
    for (const name of KEPT) {
      const histogram = json.stats[name];
      expect(Object.values(histogram).reduce((s, n) => s + BigInt(n), 0n)).toBe(80320n);
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
  });

  it("has every running tally equal to censusStatsOfTour on the tours of a hundred bunches", () => {
    // The first non-empty bunches in list order (their tours found once more, with paths).
    const engine = census.searchEngine();
    engine.stats = false;
    const chosen: string[] = [];
    for (const { name } of census.subproblems()) {
      engine.run(census.split.forcedMoves(name));
      if (engine.tours > 0) chosen.push(name);
      if (chosen.length === 100) break;
    }
    const merged = new CensusTotals();
    const paths: Int32Array[] = [];
    for (const name of chosen) {
      const found = toursOf(census, name);
      paths.push(...found.paths);
      // Unweighted: the reference sees each tour once.
      merged.add({
        ...(found.result as { name: string; tours: string; nodes: number }),
        multiplicity: 1,
      });
    }
    expect(paths.length).toBeGreaterThan(100);
    const got = merged.histogramsJson();
    const want = referenceHistograms(board, paths, KEPT);
    for (const name of KEPT) expect([name, got[name]]).toEqual([name, want[name]]);
  });

  it("refuses the extreme tarnish of the zebra: tarnish is the knight's", () => {
    // (The turn bounds hold for any leaper, but a pass over 66,771 bunches takes minutes:
    // scripts/sweeps/census-giraffe.ts measures one.)
    expect(() => extremeTours(board, { stat: "tarnishSquares", goal: "min" })).toThrow(
      /no tarnishSquares for the 10×10 zebra: tarnish is a knight's statistic/,
    );
  });
});

describe("Census refusals and other boards", () => {
  it("keeps the knight's 8×8 split: exactly the names with a are left out", () => {
    const census = new Census(new Board(8, 8));
    expect(leftOut(census)).toBe("a");
    expect(census.split.id).toBe("knuth-8x8-v1");
    expect(census.statNames).toEqual(STAT_NAMES);
  });

  it("takes a leaper on a rectangle with even sides: four symmetries, every name counted once", () => {
    const census = new Census(new Board(10, 12, { piece: "giraffe" }));
    expect(census.split.kind).toBe("knuth");
    expect(census.split.cells.length).toBe(4);
    // Every listed name is canonical, and the orbits of the canonical names cover each
    // allowed name once: Σ multiplicities = the allowed names.
    const list = census.subproblems();
    for (const e of list.slice(0, 200)) expect(census.split.canonical(e.name)).toBe(e.name);
    const sum = list.reduce((s, e) => s + e.multiplicity, 0);
    const allowed = census.split.cells.map(
      (_, p) =>
        [...WEDGE_LETTERS].filter((l) => {
          const name = "CCCC".slice(0, p) + l + "CCCC".slice(p + 1);
          try {
            census.split.checkName(name);
          } catch {
            return false;
          }
          return !census.split.excluded(name);
        }).length,
    );
    expect(sum).toBe(allowed.reduce((p, n) => p * n, 1));
  });

  it.each([
    ["torus", new Board(6, 6, { topology: "torus" }), /no census of 6×6 torus: a torus wraps/],
    ["cylinder", new Board(8, 8, { topology: "cylinder" }), /a cylinder wraps/],
    ["holes", new Board(8, 8, { holes: [0] }), /no census of 8×8 minus a8: it has holes/],
    ["a 4-move piece", new Board(8, 8, { piece: "fers" }), /the fers has 4 moves, not 8/],
    ["a wazir", new Board(8, 8, { piece: "wazir" }), /the wazir has 4 moves, not 8/],
    ["a union", new Board(8, 8, { piece: "knight+camel" }), /knight\+camel joins several leaps/],
    ["an odd side", new Board(9, 10, { piece: "zebra" }), /an odd side has no four central cells/],
  ])("refuses %s with an OptionError naming the board and what it needs", (_, board, message) => {
    let error: unknown;
    try {
      new Census(board);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KnightError);
    expect((error as KnightError).code).toBe(ErrorCode.BadOption);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toMatch(/the census needs a plane board without holes/);
  });
});
