import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { validateTour } from "../../src/core/validate.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { isInvariant, symmetriesOf } from "../../src/symmetry/invariance.js";

function expectSymmetric(rows: number, cols: number, rotation: 180 | 90, seed = 1) {
  const board = new Board(rows, cols);
  const result = findSymmetricTour(board, { rotation, seed });
  expect(result.status, result.reason).toBe("found");
  const tour = result.tour!;
  const check = validateTour(board, tour, { closed: true });
  expect(check.valid, check.valid ? "" : check.message).toBe(true);
  expect(tour.closed).toBe(true);
  expect(isInvariant(tour, "rotate180")).toBe(true);
  if (rotation === 90) expect(isInvariant(tour, "rotate90")).toBe(true);
  return result;
}

describe("findSymmetricTour(board, {rotation, seed})", () => {
  test("half turn on even squares n = 6..16 and on rectangles", () => {
    for (let n = 6; n <= 16; n += 2) expectSymmetric(n, n, 180);
    for (const [r, c] of [
      [6, 8],
      [8, 6],
      [5, 6 + 4],
      [3, 10],
      [10, 3],
      [6, 7],
      [7, 6],
      [5, 8],
      [3, 14],
      [7, 12],
      [9, 20],
      [12, 30],
    ]) {
      expectSymmetric(r!, c!, 180);
    }
  });

  test("thin boards, where the heuristic gives way to the exhaustive search: 3×28, 3×36", () => {
    expectSymmetric(3, 28, 180);
    expectSymmetric(3, 36, 180);
  });

  test("quarter turn on n×n, n ≡ 2 (mod 4): 6, 10, 14, Knuth's 18, 22, 26, 30", () => {
    for (const n of [6, 10, 14, 18, 22, 26, 30]) expectSymmetric(n, n, 90);
  });

  test("large boards: 50×50 and 201×200 half turn, 102×102 and 302×302 quarter turn", () => {
    expectSymmetric(50, 50, 180);
    expectSymmetric(102, 102, 90);
    expectSymmetric(302, 302, 90);
    expectSymmetric(201, 200, 180);
  });

  test("different seeds give different tours, each valid", () => {
    const a = expectSymmetric(30, 30, 180, 1).tour!;
    const b = expectSymmetric(30, 30, 180, 2).tour!;
    expect(a.path.join()).not.toBe(b.path.join());
  });

  test("the reversing kind is found where it is the only kind (5×8: 22 of them, none turned)", () => {
    const r = expectSymmetric(5, 8, 180);
    expect(symmetriesOf(r.tour!)[1]).toEqual({ transform: "rotate180", reverses: true });
  });

  test("property: any board and seed gives a valid symmetric tour or a reasoned impossible", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.boolean(),
        (rows, cols, seed, quarter) => {
          const board = new Board(rows, quarter ? rows : cols);
          const rotation = quarter ? 90 : 180;
          const r = findSymmetricTour(board, { rotation, seed });
          expect(["found", "impossible"]).toContain(r.status);
          if (r.status === "impossible") {
            expect(r.reason).toBeTruthy();
            return;
          }
          expect(validateTour(board, r.tour!, { closed: true }).valid).toBe(true);
          expect(isInvariant(r.tour!, quarter ? "rotate90" : "rotate180")).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("impossible requests say why", () => {
    const q8 = findSymmetricTour(new Board(8), { rotation: 90 });
    expect(q8.status).toBe("impossible");
    expect(q8.reason).toMatch(/n ≡ 2 \(mod 4\)/);
    expect(findSymmetricTour(new Board(12), { rotation: 90 }).status).toBe("impossible");
    const odd = findSymmetricTour(new Board(7), { rotation: 180 });
    expect(odd.status).toBe("impossible");
    expect(odd.reason).toMatch(/no closed tour/);
    expect(findSymmetricTour(new Board(4, 8), { rotation: 180 }).status).toBe("impossible");
    // Exhaustive on the quotient: 5×6 and 3×12 have closed tours, but no symmetric one.
    const r = findSymmetricTour(new Board(5, 6), { rotation: 180 });
    expect(r.status).toBe("impossible");
    expect(r.reason).toMatch(/exhaustive search/);
    expect(findSymmetricTour(new Board(3, 12), { rotation: 180 }).status).toBe("impossible");
  });

  test("bad requests throw OptionError: a quarter turn of a rectangle, an angle not 90/180", () => {
    expect(() => findSymmetricTour(new Board(6, 10), { rotation: 90 })).toThrow(OptionError);
    expect(() => findSymmetricTour(new Board(6), { rotation: 270 as 90 })).toThrow(OptionError);
  });

  test("limits: an aborted signal, a tiny node limit", () => {
    const controller = new AbortController();
    controller.abort();
    expect(
      findSymmetricTour(new Board(40), { rotation: 180, signal: controller.signal }).status,
    ).toBe("aborted");
    const limited = findSymmetricTour(new Board(40), {
      rotation: 180,
      nodeLimit: 1,
      maxAttempts: 5,
    });
    expect(["found", "limit"]).toContain(limited.status);
    expect(
      findSymmetricTour(new Board(6), { rotation: 180, maxAttempts: 0 }).stats.attempts,
    ).toBeGreaterThanOrEqual(0);
  });
});
