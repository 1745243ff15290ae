import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { frontierLane } from "../../src/count/frontier.js";
import { frontierCountExact } from "../../src/count/frontier-exact.js";
import { lanePrime } from "../../src/count/frontier-lanes.js";
import {
  combineLaneAnswers,
  FIRST_LANES,
  type LaneAnswer,
  LaneMismatch,
  laneModulus,
  laneSweeps,
  lanesWanted,
  laneTotal,
  storedBound,
} from "../../src/count/frontier-split.js";
import { countRequest } from "../../src/count/request.js";
import { allDirectedPaths, type BruteQuery, bruteCount } from "./brute.js";

/**
 * A frontier count run lane by lane, as the queue's jobs run it: each lane alone, lane 0's bound
 * deciding the rest, then the CRT and the checks. Against the exact three-limb sweep past 2^64
 * and against brute force on small boards.
 */
function laneAnswers(sweep: ReturnType<typeof laneSweeps>[number]): LaneAnswer[] {
  const run = (lane: number): LaneAnswer => {
    const { residue, bound } = frontierLane(
      sweep.board,
      { mode: sweep.mode, ends: sweep.ends },
      lane,
    );
    // As a lane job stores it (the bound rounded up to a power of two).
    return { lane, residue, bound: storedBound(bound) };
  };
  const answers = [run(0), run(1)];
  for (let lane = FIRST_LANES; lane < lanesWanted(answers[0]!.bound); lane++)
    answers.push(run(lane));
  return answers;
}

function countByLaneJobs(board: Board, query: BruteQuery): bigint {
  const request = countRequest(board, query);
  const counts = new Map<string, bigint>();
  for (const sweep of laneSweeps(request))
    counts.set(sweep.id, combineLaneAnswers(sweep.id, laneAnswers(sweep)));
  return laneTotal(request, counts);
}

describe("a frontier count lane by lane", () => {
  test("past 2^64: 4×30 open paths need lane 0 and two primes, and equal the exact sweep", () => {
    const request = countRequest(new Board(4, 30), { closed: false, directed: false });
    const [sweep, ...others] = laneSweeps(request);
    expect(others).toHaveLength(0);
    // The request turns the wide board: the sweep runs on 30×4.
    expect([sweep!.board.rows, sweep!.board.cols, sweep!.mode]).toEqual([30, 4, "path"]);
    const answers = laneAnswers(sweep!);
    expect(answers.map((a) => a.lane)).toEqual([0, 1, 2]);
    expect(answers[0]!.bound).toBeGreaterThan(2n ** 64n);
    const exact = frontierCountExact(30, 4, { mode: "path" }).count;
    expect(exact).toBeGreaterThan(2n ** 64n);
    expect(combineLaneAnswers(sweep!.id, answers)).toBe(exact);
    expect(laneTotal(request, new Map([[sweep!.id, exact]]))).toBe(exact);
    // A wrong residue in any lane is caught, never combined into a count.
    for (const wrong of [0, 1, 2]) {
      const bad = answers.map((a) =>
        a.lane === wrong ? { ...a, residue: (a.residue + 1n) % laneModulus(a.lane) } : a,
      );
      expect(() => combineLaneAnswers(sweep!.id, bad)).toThrow(LaneMismatch);
    }
    expect(() => combineLaneAnswers(sweep!.id, answers.slice(0, 2))).toThrow(
      /lane 2 has no answer/,
    );
  });

  test("below 2^64 lane 0 is exact and lane 1 checks it modulo a prime", () => {
    const answers: LaneAnswer[] = [
      { lane: 0, residue: 1728n, bound: 0n },
      { lane: 1, residue: 1728n, bound: 0n },
    ];
    expect(lanesWanted(0n)).toBe(2);
    expect(lanesWanted(undefined)).toBe(2);
    expect(combineLaneAnswers("s", answers)).toBe(1728n);
    expect(() =>
      combineLaneAnswers("s", [answers[0]!, { ...answers[1]!, residue: 1729n }]),
    ).toThrow(LaneMismatch);
    expect(laneModulus(1)).toBe(BigInt(lanePrime(0)));
    // The stored bound is a power of two at or above the sweep's, never below it.
    for (const bound of [1n, 2n, 3n, 2n ** 70n - 1n, 2n ** 70n, 12345678901234567890123n]) {
      const stored = storedBound(bound);
      expect(stored >= bound && (stored & (stored - 1n)) === 0n && stored <= 4n * bound).toBe(true);
    }
    expect(storedBound(0n)).toBe(0n);
  });

  test("every kind of request on small boards equals brute force (one or two sweeps)", () => {
    const queries: BruteQuery[] = [
      { closed: true },
      { closed: false },
      { closed: false, directed: false },
      { closed: false, nonClosable: true },
      { closed: false, start: 0 },
      { closed: false, start: 0, end: 11, nonClosable: true },
      { closed: true, start: 0, end: 5 },
    ];
    for (const [rows, cols] of [
      [3, 4],
      [4, 3],
      [3, 7],
    ] as const) {
      const paths = allDirectedPaths(rows, cols);
      for (const query of queries) {
        const expected = bruteCount(rows, cols, paths, query);
        expect([rows, cols, query, countByLaneJobs(new Board(rows, cols), query)]).toEqual([
          rows,
          cols,
          query,
          expected,
        ]);
      }
    }
    // Non-closable open tours subtract the cycles: two sweeps, each its own lanes.
    const request = countRequest(new Board(3, 4), { closed: false, nonClosable: true });
    expect(laneSweeps(request).map((s) => s.mode)).toEqual(["path", "cycle"]);
  });
});
