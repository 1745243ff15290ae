import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { count } from "../../src/count/count.js";
import { enumerateTours, enumerateWithPauses } from "../../src/count/enumerate.js";
import type { CountQuery } from "../../src/count/request.js";

function keyOf(path: Int32Array): string {
  return Array.from(path).join(",");
}

/** Every enumerated tour is valid, meets the request, is listed once, and they number count(). */
function checkEnumeration(board: Board, query: CountQuery): void {
  const seen = new Set<string>();
  for (const tour of enumerateTours(board, query)) {
    const check = validateTour(board, tour, { closed: query.closed === true });
    expect(check.valid, `${board} ${JSON.stringify(query)} ${keyOf(tour.path)}`).toBe(true);
    if (query.start !== undefined) expect(tour.path[0]).toBe(query.start);
    if (query.end !== undefined) expect(tour.path[tour.path.length - 1]).toBe(query.end);
    if (query.nonClosable && check.valid) expect(check.closable).toBe(false);
    const key = keyOf(tour.path);
    expect(seen.has(key)).toBe(false);
    seen.add(key);
  }
  expect(BigInt(seen.size), `${board} ${JSON.stringify(query)}`).toBe(count(board, query).count);
}

describe("enumerateTours(board, options)", () => {
  test.each([
    [3, 4, {}],
    [3, 4, { directed: false }],
    [4, 5, { directed: false }],
    [4, 5, { start: 0 }],
    [4, 5, { end: 3 }],
    [5, 5, {}],
    [5, 5, { start: 12 }],
    [5, 5, { nonClosable: true, directed: false }],
    [3, 10, { closed: true }],
    [3, 10, { closed: true, directed: true }],
    [5, 6, { closed: true }],
    [5, 6, { closed: true, start: 7 }],
    [3, 12, { closed: true, start: 0, end: 14 }],
  ] as const)("%i x %i %j: valid, distinct, as many as count()", (rows, cols, query) => {
    checkEnumeration(new Board(rows, cols), query);
  });

  test("undirected closed tours are distinct as drawn figures", () => {
    const board = new Board(5, 6);
    const figures = new Set<string>();
    for (const tour of enumerateTours(board, { closed: true })) {
      const edges: string[] = [];
      const n = tour.path.length;
      for (let i = 0; i < n; i++) {
        const a = tour.path[i]!;
        const b = tour.path[(i + 1) % n]!;
        edges.push(a < b ? `${a}-${b}` : `${b}-${a}`);
      }
      figures.add(edges.sort().join(" "));
    }
    expect(BigInt(figures.size)).toBe(count(board, { closed: true }).count);
  });

  test("limit stops after N tours; the first N are the same as without a limit", () => {
    const board = new Board(5, 5);
    const all = Array.from(enumerateTours(board, { start: 0 }), (t) => keyOf(t.path));
    const some = Array.from(enumerateTours(board, { start: 0, limit: 7 }), (t) => keyOf(t.path));
    expect(some).toEqual(all.slice(0, 7));
    expect(Array.from(enumerateTours(board, { limit: 0 }))).toEqual([]);
  });

  test("pauses (undefined) do not change the sequence", () => {
    const board = new Board(5, 5);
    const plain = Array.from(enumerateTours(board, {}), (t) => keyOf(t.path));
    let pauses = 0;
    const paused: string[] = [];
    for (const tour of enumerateWithPauses(board, {}, 0)) {
      if (tour === undefined) pauses++;
      else paused.push(keyOf(tour.path));
    }
    expect(paused).toEqual(plain);
    expect(pauses).toBeGreaterThan(0);
  });

  test("an aborted signal stops the listing", () => {
    const controller = new AbortController();
    controller.abort();
    expect(Array.from(enumerateTours(new Board(5, 5), { signal: controller.signal }))).toEqual([]);
  });
});

/** Drains a listing: the tours and the generator's return value. */
function drain<T, R>(listing: Generator<T, R>): { items: T[]; end: R } {
  const items: T[] = [];
  for (;;) {
    const step = listing.next();
    if (step.done) return { items, end: step.value };
    items.push(step.value);
  }
}

describe("how a listing ends (the generator's return value)", () => {
  test('"done" after an exhaustive listing, "limit" when `limit` cuts it short', () => {
    const board = new Board(3, 4);
    const all = drain(enumerateTours(board, { directed: false }));
    expect(all.end).toBe("done");
    expect(all.items).toHaveLength(8);
    const some = drain(enumerateTours(board, { directed: false, limit: 3 }));
    expect(some.end).toBe("limit");
    expect(some.items.map((t) => keyOf(t.path))).toEqual(
      all.items.slice(0, 3).map((t) => keyOf(t.path)),
    );
    expect(drain(enumerateTours(board, { limit: 0 }))).toEqual({ items: [], end: "limit" });
  });

  test('"aborted" when the signal has fired', () => {
    const listing = enumerateTours(new Board(5, 5), { signal: AbortSignal.abort() });
    expect(drain(listing)).toEqual({ items: [], end: "aborted" });
  });

  test('timeLimitMs 0 lists nothing and ends with "limit"', () => {
    expect(drain(enumerateTours(new Board(5, 5), { timeLimitMs: 0 }))).toEqual({
      items: [],
      end: "limit",
    });
  });

  test('a time limit ends an endless listing with "limit", every tour before it valid', () => {
    // 8×8 open tours number in the quadrillions: only the time limit can end this listing.
    const board = new Board(8, 8);
    const { items, end } = drain(enumerateTours(board, { timeLimitMs: 50 }));
    expect(end).toBe("limit");
    for (const tour of items) expect(validateTour(board, tour).valid).toBe(true);
  });

  test("a negative or NaN time limit is refused with an OptionError naming it", () => {
    for (const value of [-5, Number.NaN]) {
      expect(() => enumerateTours(new Board(5, 5), { timeLimitMs: value }).next()).toThrow(
        new RegExp(`timeLimitMs must be zero or a positive number, got ${value}`),
      );
    }
  });

  test("a time limit that is not reached changes nothing", () => {
    const board = new Board(5, 5);
    const plain = drain(enumerateTours(board, { start: 0 }));
    const timed = drain(enumerateTours(board, { start: 0, timeLimitMs: 600_000 }));
    expect(timed.end).toBe("done");
    expect(timed.items.map((t) => keyOf(t.path))).toEqual(plain.items.map((t) => keyOf(t.path)));
  });

  test("the pausing listing returns the same end", () => {
    const board = new Board(5, 5);
    const paused = drain(enumerateWithPauses(board, { limit: 5 }, 0));
    expect(paused.end).toBe("limit");
    expect(paused.items.filter((t) => t !== undefined)).toHaveLength(5);
    expect(drain(enumerateWithPauses(board, { timeLimitMs: 0 }, 0)).end).toBe("limit");
  });
});
