import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { count } from "../../src/count/count.js";
import { PathSearch } from "../../src/count/path-search.js";
import { UniformSampler } from "../../src/sample/uniform.js";

/** The tour as a figure: a closed tour read from its least cell towards its lesser neighbour. */
function figure(path: Int32Array, closed: boolean): string {
  if (!closed) return Array.from(path).join(",");
  const n = path.length;
  const at = path.indexOf(Math.min(...path));
  const step = path[(at + 1) % n]! < path[(at + n - 1) % n]! ? 1 : n - 1;
  const out: number[] = [];
  for (let i = 0, j = at; i < n; i++, j = (j + step) % n) out.push(path[j]!);
  return out.join(",");
}

/** Pearson's chi-square statistic of observed counts against equal expectation. */
function chiSquare(observed: readonly number[]): number {
  const total = observed.reduce((a, b) => a + b, 0);
  const expected = total / observed.length;
  return observed.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
}

describe("UniformSampler", () => {
  test.each([
    [3, 4, false, -1],
    [3, 10, true, -1],
    [3, 10, true, 7],
    [5, 5, false, 0],
    [5, 5, false, 12],
    [5, 5, false, -1],
    [5, 6, true, -1],
    [4, 5, false, -1],
  ])(
    "%ix%i closed=%s start=%i: tourAt is a bijection from 0..total-1 onto count() tours",
    (rows, cols, closed, start) => {
      const board = new Board(rows, cols);
      const sampler = new UniformSampler(board, { closed, start }, { enumerateNodes: 50 });
      const expected = count(board, { closed, ...(start >= 0 ? { start } : {}) }).count;
      expect(sampler.total).toBe(expected);
      const seen = new Set<string>();
      for (let r = 0n; r < sampler.total; r++) {
        // Alternate directions: a closed tour is the same figure either way.
        const tour = sampler.tourAt(r, r % 2n === 1n);
        expect(validateTour(board, tour).valid).toBe(true);
        expect(tour.closed).toBe(closed);
        if (closed) expect(tour.path[0]).toBe(Math.max(start, 0));
        else if (start >= 0) expect(tour.path[0]).toBe(start);
        seen.add(figure(tour.path, closed));
      }
      expect(BigInt(seen.size)).toBe(expected);
    },
  );

  test("ranks are found the same whether the cache splits prefixes or walks them", () => {
    const board = new Board(5, 5);
    const walking = new UniformSampler(
      board,
      { closed: false, start: 0 },
      { maxCachedNodes: 0, splitTarget: 1 },
    );
    const splitting = new UniformSampler(board, { closed: false, start: 0 }, { enumerateNodes: 0 });
    for (let r = 0n; r < walking.total; r += 7n) {
      // Twice on the splitting one: the second visit goes through the split cache.
      expect(Array.from(splitting.tourAt(r).path)).toEqual(Array.from(walking.tourAt(r).path));
      expect(Array.from(splitting.tourAt(r).path)).toEqual(Array.from(walking.tourAt(r).path));
    }
  });

  test("6x6 closed: 9862 figures, samples valid closed tours from a8", () => {
    const board = new Board(6);
    const sampler = new UniformSampler(board, { closed: true, start: -1 });
    expect(sampler.total).toBe(9862n);
    const random = createRandom(7);
    for (let i = 0; i < 20; i++) {
      const tour = sampler.sample(random);
      expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
      expect(tour.path[0]).toBe(0);
    }
  });

  test("the same seed gives the same tours", () => {
    const board = new Board(5, 5);
    const a = new UniformSampler(board, { closed: false, start: -1 });
    const b = new UniformSampler(board, { closed: false, start: -1 }, { enumerateNodes: 0 });
    const ra = createRandom(99);
    const rb = createRandom(99);
    for (let i = 0; i < 30; i++) {
      expect(Array.from(a.sample(ra).path)).toEqual(Array.from(b.sample(rb).path));
    }
  });

  test("tours(random, n): the output does not depend on the batch size or the cache", () => {
    const board = new Board(5, 6);
    const a = new UniformSampler(board, { closed: true, start: -1 });
    const b = new UniformSampler(board, { closed: true, start: -1 }, { enumerateNodes: 0 });
    for (const distinct of [false, true]) {
      const one = [...a.tours(createRandom(8), 40, distinct, 1)].map((t) => Array.from(t.path));
      const many = [...b.tours(createRandom(8), 40, distinct, 16)].map((t) => Array.from(t.path));
      expect(many).toEqual(one);
      for (const path of one) expect(validateTour(board, path, { closed: true }).valid).toBe(true);
    }
  });

  test("tours(random, n, true): n different tours; all of them, once each, when n ≥ total", () => {
    const board = new Board(3, 10);
    const sampler = new UniformSampler(board, { closed: true, start: -1 });
    const some = [...sampler.tours(createRandom(3), 10, true)].map((t) => figure(t.path, true));
    expect(new Set(some).size).toBe(10);
    const all = [...sampler.tours(createRandom(3), 100, true)];
    for (const tour of all) expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
    expect(new Set(all.map((t) => figure(t.path, true))).size).toBe(16);
    expect(all.length).toBe(16);
  });

  // Rough uniformity with a fixed seed (deterministic, not flaky). With k equally likely
  // outcomes the chi-square statistic has mean k−1 and standard deviation √(2(k−1)); the
  // thresholds are about mean + 4 sd — generous, yet a sampler that favoured some tours even
  // by a third would fail them.
  test("3x10 closed: 3200 samples spread evenly over the 16 figures (chi-square)", () => {
    const board = new Board(3, 10);
    const sampler = new UniformSampler(board, { closed: true, start: -1 });
    const tally = new Map<string, number>();
    let reversed = 0;
    const random = createRandom(2024);
    for (let i = 0; i < 3200; i++) {
      const tour = sampler.sample(random);
      const key = figure(tour.path, true);
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (tour.path[1]! > tour.path[tour.path.length - 1]!) reversed++;
    }
    expect(tally.size).toBe(16);
    expect(chiSquare([...tally.values()])).toBeLessThan(15 + 4 * Math.sqrt(30));
    // The direction is a fair coin: 1600 ± 4 sd (sd = √800 ≈ 28).
    expect(Math.abs(reversed - 1600)).toBeLessThan(4 * 28.3);
  });

  test("the chi-square check has teeth: a uniform choice of the next cell fails it", () => {
    // The tempting shortcut — at each step pick uniformly among the next cells that still have
    // a completion — is not uniform over tours; the same check as below must reject it. The
    // 304 tours are listed once, and "has a completion" read from their prefixes.
    const board = new Board(5, 5);
    const graph = knightGraph(board);
    const completes = new Set<string>();
    new PathSearch(graph).run([0], -1, (search) => {
      const path = Array.from(search.path.subarray(0, search.depth));
      for (let length = 1; length <= path.length; length++) {
        completes.add(path.slice(0, length).join(","));
      }
      return true;
    });
    const random = createRandom(5);
    const tally = new Map<string, number>();
    for (let i = 0; i < 6080; i++) {
      const prefix = [0];
      while (prefix.length < board.cells) {
        const options = Array.from(graph.neighbours(prefix[prefix.length - 1]!)).filter(
          (c) => !prefix.includes(c) && completes.has([...prefix, c].join(",")),
        );
        prefix.push(options[random.int(options.length)]!);
      }
      const key = prefix.join(",");
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const observed = [...tally.values()];
    while (observed.length < 304) observed.push(0);
    expect(tally.size).toBeLessThanOrEqual(304);
    expect(chiSquare(observed)).toBeGreaterThan(303 + 4 * Math.sqrt(606));
  });

  test("5x5 open from a corner: 6080 samples spread evenly over the 304 tours (chi-square)", () => {
    const board = new Board(5, 5);
    const sampler = new UniformSampler(board, { closed: false, start: 0 });
    expect(sampler.total).toBe(304n);
    const tally = new Map<string, number>();
    const random = createRandom(5);
    for (let i = 0; i < 6080; i++) {
      const key = Array.from(sampler.sample(random).path).join(",");
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    const observed = [...tally.values()];
    while (observed.length < 304) observed.push(0);
    expect(tally.size).toBeLessThanOrEqual(304);
    expect(chiSquare(observed)).toBeLessThan(303 + 4 * Math.sqrt(606));
  });

  test("5x5 open, any start: start cells appear in proportion to their tour counts", () => {
    const board = new Board(5, 5);
    const sampler = new UniformSampler(board, { closed: false, start: -1 });
    expect(sampler.total).toBe(1728n);
    // 5x5 corner 304, edge-centre 56, (1,1) 56, centre 64 (REFERENCE.md); by symmetry classes:
    const random = createRandom(11);
    const starts = new Map<number, number>();
    const n = 3456;
    for (let i = 0; i < n; i++) {
      const s = sampler.sample(random).path[0]!;
      starts.set(s, (starts.get(s) ?? 0) + 1);
    }
    const corners = [0, 4, 20, 24].reduce((sum, c) => sum + (starts.get(c) ?? 0), 0);
    // Expected 4·304/1728 = 70.4% of samples; sd ≈ √(n·p·(1−p)) ≈ 26.8.
    expect(Math.abs(corners - (n * 4 * 304) / 1728)).toBeLessThan(4 * 26.8);
    expect(starts.get(12) ?? 0).toBeGreaterThan(0);
    // Minority-colour cells start no open tour of 5x5.
    expect(starts.get(1) ?? 0).toBe(0);
  });
});
