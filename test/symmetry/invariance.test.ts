import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { createTour, reverseTour, rotateClosedTour } from "../../src/core/tour.js";
import { solve } from "../../src/solve/index.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { isInvariant, symmetriesOf } from "../../src/symmetry/invariance.js";
import { TRANSFORM_NAMES, transformRowCol, transformTour } from "../../src/symmetry/transforms.js";
import { bruteClosedTours, bruteOpenTours, edgeSetKey, mapCell } from "./brute-tours.js";

/** Independent invariance test: compare move sets (paths: the reversal counts). */
function bruteInvariant(
  path: Int32Array,
  rows: number,
  cols: number,
  name: (typeof TRANSFORM_NAMES)[number],
  closed: boolean,
) {
  const image = Array.from(path, (v) =>
    mapCell(cols, (r, c) => transformRowCol(rows, cols, name, r, c), v),
  );
  return edgeSetKey(image, closed) === edgeSetKey(path, closed);
}

describe("symmetriesOf(tour)", () => {
  test("every directed open 5×5 tour: agrees with an edge-set check for all 8 transforms", () => {
    const board = new Board(5);
    const tours = bruteOpenTours(5, 5);
    expect(tours).toHaveLength(1728);
    let symmetric = 0;
    for (const path of tours) {
      const tour = createTour(board, path, false);
      const found = new Set(symmetriesOf(tour).map((s) => s.transform));
      for (const name of TRANSFORM_NAMES) {
        expect(found.has(name)).toBe(bruteInvariant(path, 5, 5, name, false));
      }
      if (found.size > 1) symmetric++;
      // An open tour mapped onto itself by a non-identity transform must be reversed by it
      // (the ends swap), since a transform fixing both ends fixes the whole path.
      for (const s of symmetriesOf(tour))
        if (s.transform !== "identity") expect(s.reverses).toBe(true);
    }
    expect(symmetric).toBeGreaterThan(0);
  });

  test("every closed 6×6 tour: agrees with an edge-set check, and none has a mirror symmetry", () => {
    const board = new Board(6);
    const tours = bruteClosedTours(6, 6);
    let half = 0;
    let quarter = 0;
    for (const path of tours) {
      const tour = createTour(board, path, true);
      const found = symmetriesOf(tour);
      const names = new Set(found.map((s) => s.transform));
      for (const name of TRANSFORM_NAMES) {
        expect(names.has(name)).toBe(bruteInvariant(path, 6, 6, name, true));
      }
      expect(
        found.some((s) => s.transform.startsWith("mirror") || s.transform.includes("transpose")),
      ).toBe(false);
      if (names.has("rotate180")) half++;
      if (names.has("rotate90")) quarter++;
    }
    expect([half, quarter]).toEqual([78, 10]);
  });

  test("start and direction do not matter for closed tours; the kind (reverses) is reported", () => {
    const board = new Board(3, 10);
    const found = findSymmetricTour(board, { rotation: 180 });
    const tour = found.tour!;
    const base = symmetriesOf(tour);
    expect(base.map((s) => s.transform)).toEqual(["identity", "rotate180"]);
    expect(base[1]!.reverses).toBe(true);
    expect(symmetriesOf(rotateClosedTour(tour, 7))).toEqual(base);
    expect(symmetriesOf(reverseTour(tour))).toEqual(base);
    const square = findSymmetricTour(new Board(10), { rotation: 90 }).tour!;
    expect(symmetriesOf(square).map((s) => [s.transform, s.reverses])).toEqual([
      ["identity", false],
      ["rotate90", false],
      ["rotate180", false],
      ["rotate270", false],
    ]);
  });

  test("the symmetries of a transformed tour are conjugate: same number, rotations kept", () => {
    const board = new Board(8);
    const tour = findSymmetricTour(board, { rotation: 180, seed: 3 }).tour!;
    for (const name of TRANSFORM_NAMES) {
      expect(isInvariant(transformTour(tour, name), "rotate180")).toBe(true);
      expect(symmetriesOf(transformTour(tour, name))).toHaveLength(2);
    }
    const plain = solve(board, { seed: 5 }).tour!;
    expect(symmetriesOf(plain).map((s) => s.transform)).toEqual(["identity"]);
  });
});
