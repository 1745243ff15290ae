import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import type { Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { tourReading } from "../../src/sample/key.js";
import { type SampleEnd, type SampleOptions, sampleTours } from "../../src/sample/sample.js";

function drain(
  board: Board,
  options: SampleOptions,
): { tours: Tour[]; end: SampleEnd; plan: ReturnType<typeof sampleTours> } {
  const plan = sampleTours(board, options);
  const tours: Tour[] = [];
  if (plan.status !== "ready") throw new Error(`not ready: ${plan.status}`);
  for (;;) {
    const next = plan.tours.next();
    if (next.done) return { tours, end: next.value, plan };
    tours.push(next.value);
  }
}

describe("sampleTours(board, options)", () => {
  test("auto: uniform on small boards, with the total; randomised search on large ones", () => {
    const small = sampleTours(new Board(6), { closed: true });
    expect(small).toMatchObject({
      status: "ready",
      method: "uniform",
      distribution: "uniform",
      total: 9862n,
    });
    const large = sampleTours(new Board(7), {});
    expect(large).toMatchObject({
      status: "ready",
      method: "search",
      distribution: "randomised search (not uniform)",
      total: null,
    });
    if (large.status === "ready") expect(large.description).toMatch(/not uniform/);
  });

  test("every tour valid; --distinct tours differ; the same seed repeats the output", () => {
    for (const method of ["uniform", "search"] as const) {
      const board = new Board(6, 6);
      const options = { closed: true, count: 25, distinct: true, seed: 77, method };
      const { tours, end } = drain(board, options);
      expect(end).toMatchObject({ status: "done", produced: 25 });
      for (const tour of tours)
        expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
      expect(new Set(tours.map((t) => Array.from(tourReading(t)).join(","))).size).toBe(25);
      const again = drain(board, options).tours;
      expect(again.map((t) => Array.from(t.path))).toEqual(tours.map((t) => Array.from(t.path)));
    }
  });

  test("distinct, more than exist: uniform gives them all and ends exhausted", () => {
    const { tours, end } = drain(new Board(3, 4), { count: 50, distinct: true, method: "uniform" });
    // 3x4 has 8 open tours as figures, 16 directed.
    expect(tours.length).toBe(16);
    expect(end.status).toBe("exhausted");
    expect(end.reason).toMatch(/only 16 distinct tours exist/);
  });

  test("distinct, more than exist: the randomised search gives up after repeats (limit)", () => {
    const { tours, end } = drain(new Board(3, 4), { count: 50, distinct: true, method: "search" });
    expect(tours.length).toBeLessThanOrEqual(16);
    expect(end.status).toBe("limit");
    expect(end.reason).toMatch(/found only \d+ distinct tours/);
  });

  test("impossible boards and starts say why", () => {
    expect(sampleTours(new Board(5), { closed: true })).toMatchObject({ status: "impossible" });
    const plan = sampleTours(new Board(4), {});
    expect(plan.status).toBe("impossible");
    if (plan.status === "impossible") expect(plan.reason.length).toBeGreaterThan(10);
  });

  test("the time limit stops a long count (status limit)", () => {
    const plan = sampleTours(new Board(6), { method: "uniform", timeLimitMs: 1 });
    expect(plan.status).toBe("limit");
  });

  test("bad options are OptionErrors naming the value", () => {
    const board = new Board(6);
    expect(() => sampleTours(board, { count: 0 })).toThrow(OptionError);
    expect(() => sampleTours(board, { count: 1.5 })).toThrow(/1\.5/);
    expect(() => sampleTours(board, { seed: -3 })).toThrow(/-3/);
    expect(() => sampleTours(board, { seed: 2 ** 32 })).toThrow(/4294967296/);
    expect(() => sampleTours(board, { start: 36 })).toThrow(/36/);
    expect(() => sampleTours(board, { method: "magic" as never })).toThrow(/magic/);
  });
});
