import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { createTour, reverseTour, rotateClosedTour, type Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { canonical, canonicalForm, canonicalKey } from "../../src/symmetry/canonical.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { boardTransforms, transformTour } from "../../src/symmetry/transforms.js";
import { bruteClosedTours, bruteOpenTours, edgeSetKey } from "./brute-tours.js";

function randomVariant(tour: Tour, pick: number, shift: number, flip: boolean): Tour {
  const names = boardTransforms(tour.board);
  let t = transformTour(tour, names[pick % names.length]!);
  if (tour.closed) t = rotateClosedTour(t, shift % t.path.length);
  if (flip) t = reverseTour(t);
  return t;
}

describe("canonical(tour) and canonicalKey(tour)", () => {
  test("6×6 closed tours: 9,862 tours fall into 1,245 classes (REFERENCE.md)", () => {
    const board = new Board(6);
    const keys = new Set<string>();
    for (const path of bruteClosedTours(6, 6))
      keys.add(canonicalKey(createTour(board, path, true)));
    expect(keys.size).toBe(1245);
  });

  test("5×5 open tours: 1,728 directed, 864 undirected; class sizes divide 2·|G| = 16", () => {
    const board = new Board(5);
    const sizes = new Map<string, number>();
    const undirected = new Set<string>();
    for (const path of bruteOpenTours(5, 5)) {
      const k = canonicalKey(createTour(board, path, false));
      sizes.set(k, (sizes.get(k) ?? 0) + 1);
      undirected.add(edgeSetKey(path, false));
    }
    expect(undirected.size).toBe(864);
    expect([...sizes.values()].reduce((a, b) => a + b, 0)).toBe(1728);
    // A class holds 16 / |stabiliser| directed tours (8 transforms × 2 directions).
    for (const size of sizes.values()) expect(16 % size).toBe(0);
  });

  test("the canonical tour is valid, equivalent, and a fixed point", () => {
    const board = new Board(8);
    const tour = solve(board, { closed: true, seed: 9 }).tour!;
    const form = canonicalForm(tour);
    expect(validateTour(board, form.tour, { closed: true }).valid).toBe(true);
    expect(canonicalKey(form.tour)).toBe(canonicalKey(tour));
    expect(canonical(form.tour).path).toEqual(form.tour.path);
    expect(form.tour.path[0]).toBe(0); // a closed tour's least reading starts at a8 (cell 0)
  });

  test("property: random transforms, starts and reversals leave the key unchanged", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 10 }),
        fc.integer({ min: 5, max: 10 }),
        fc.integer({ min: 1, max: 500 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { minLength: 1, maxLength: 4 }),
        (rows, cols, seed, wantClosed, variants) => {
          const board = new Board(rows, cols);
          const closed = wantClosed && board.cells % 2 === 0;
          const found = closed
            ? (findSymmetricTour(board, { rotation: 180, seed }).tour ??
              solve(board, { closed: true, seed, maxAttempts: 300 }).tour)
            : solve(board, { seed, maxAttempts: 300 }).tour;
          if (found === null) return;
          const key = canonicalKey(found);
          for (const [pick, shift, flip] of variants) {
            const v = randomVariant(found, pick, shift, flip);
            expect(validateTour(board, v).valid).toBe(true);
            expect(canonicalKey(v)).toBe(key);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test("different classes get different keys; closed and open differ", () => {
    const board = new Board(6);
    const a = solve(board, { closed: true, seed: 1 }).tour!;
    const b = solve(board, { closed: true, seed: 2 }).tour!;
    const sameClass = boardTransforms(board).some(
      (name) => canonical(transformTour(a, name)).path.join() === canonical(b).path.join(),
    );
    expect(canonicalKey(a) === canonicalKey(b)).toBe(sameClass);
    expect(canonicalKey({ ...a, closed: false })).not.toBe(canonicalKey(a));
    expect(canonicalKey(a)).toMatch(/^6x6:c:0\./);
  });
});
