import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { createTour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { canonicalKey } from "../../src/symmetry/canonical.js";
import { classifyTours } from "../../src/symmetry/classes.js";
import { countClosedTourClasses, countSymmetricTours } from "../../src/symmetry/count.js";
import { findSymmetricTour } from "../../src/symmetry/find.js";
import { mapTour, symmetryGroup } from "../../src/symmetry/group.js";
import { isInvariant, symmetriesOf } from "../../src/symmetry/invariance.js";
import { countTourClasses } from "../../src/symmetry/listing.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";
import {
  bruteClosedTourList,
  bruteGroup,
  bruteOrbits,
  cycleKey,
  fixesCycle,
} from "./geometry-brute.js";

/** Small geometries with closed tours, and what the brute force makes of them. */
const GEOMETRIES: Array<{ name: string; g: BruteGeometry }> = [
  { name: "4×4 torus", g: { rows: 4, cols: 4, topology: "torus" } },
  { name: "3×6 cylinder", g: { rows: 3, cols: 6, topology: "cylinder" } },
  { name: "3×4 cylinder", g: { rows: 3, cols: 4, topology: "cylinder" } },
  { name: "3×3 torus", g: { rows: 3, cols: 3, topology: "torus" } },
  { name: "3×5 torus fers", g: { rows: 3, cols: 5, topology: "torus", leaps: [[1, 1]] } },
  { name: "2×4 torus wazir", g: { rows: 2, cols: 4, topology: "torus", leaps: [[0, 1]] } },
  {
    name: "4×4 king minus a1, d4 (fers+wazir)",
    g: {
      rows: 4,
      cols: 4,
      leaps: [
        [0, 1],
        [1, 1],
      ],
      holes: [12, 3],
    },
  },
  {
    name: "4×4 king minus a4, d4 (fers+wazir)",
    g: {
      rows: 4,
      cols: 4,
      leaps: [
        [0, 1],
        [1, 1],
      ],
      holes: [0, 3],
    },
  },
  { name: "5×5 wazir minus c3", g: { rows: 5, cols: 5, leaps: [[0, 1]], holes: [12] } },
  {
    name: "3×4 knight+camel",
    g: {
      rows: 3,
      cols: 4,
      leaps: [
        [1, 2],
        [1, 3],
      ],
    },
  },
];

function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    piece: (g.leaps ?? [[1, 2]]).map((leap) => leap.join(",")).join("+"),
    topology: g.topology ?? "plane",
    holes: g.holes ?? [],
  });
}

interface Brute {
  tours: Int32Array[];
  group: Int32Array[];
  orbits: number;
}
const brute = new Map<string, Brute>();
function bruteOf(name: string, g: BruteGeometry): Brute {
  let hit = brute.get(name);
  if (!hit) {
    const tours = bruteClosedTourList(g);
    const group = bruteGroup(g);
    hit = { tours, group, orbits: bruteOrbits(tours, group) };
    brute.set(name, hit);
  }
  return hit;
}

/** The half turn and quarter turn as cell permutations, by arithmetic. */
function turn(g: BruteGeometry, rotation: 180 | 90): Int32Array {
  const { rows: R, cols: C } = g;
  const perm = new Int32Array(R * C);
  for (let v = 0; v < R * C; v++) {
    const r = Math.floor(v / C);
    const c = v % C;
    perm[v] = rotation === 180 ? (R - 1 - r) * C + (C - 1 - c) : c * C + (R - 1 - r);
  }
  return perm;
}

describe("the geometry's group: classes of closed tours against an independent orbit count", () => {
  for (const { name, g } of GEOMETRIES) {
    test(`${name}: tours, group size and classes`, () => {
      const board = boardOf(g);
      const { tours, group, orbits } = bruteOf(name, g);
      const listed = countTourClasses(board);
      expect(listed.status).toBe("done");
      expect(listed.group).toBe(group.length);
      expect(symmetryGroup(board).length).toBe(group.length);
      expect(Number(listed.tours)).toBe(tours.length);
      expect(Number(listed.classes)).toBe(orbits);
      if (tours.length > 0) {
        expect(countClosedTourClasses(board, listed.tours).classes).toBe(listed.classes);
      }
    });
  }

  test("the listing's tour counts equal test/helpers' bruteCount", () => {
    for (const { g } of GEOMETRIES.slice(1, 6)) {
      expect(Number(countTourClasses(boardOf(g)).tours)).toBe(bruteCount(g).closed);
    }
  });

  test("countClosedTourClasses checks the total it is given against the listing", () => {
    const board = boardOf(GEOMETRIES[2]!.g);
    expect(() => countClosedTourClasses(board, 3n)).toThrow(/listing/);
  });
});

describe("canonical forms, invariance and classes under the geometry's group", () => {
  test("4×4 torus: one canonical key per orbit, kept by every symmetry; stabilisers match", () => {
    const { g } = GEOMETRIES[0]!;
    const board = boardOf(g);
    const { tours, group, orbits } = bruteOf(GEOMETRIES[0]!.name, g);
    const keys = new Set<string>();
    tours.forEach((path, i) => {
      const tour = createTour(board, path, true);
      const key = canonicalKey(tour);
      keys.add(key);
      // A sample of the tours against the brute force (each test costs |G| edge sets).
      if (i % 61 === 0) {
        for (const symmetry of symmetryGroup(board)) {
          expect(canonicalKey(mapTour(tour, symmetry))).toBe(key);
        }
        const fixedBy = group.filter((perm) => fixesCycle(path, perm)).length;
        expect(symmetriesOf(tour).length).toBe(fixedBy);
      }
    });
    expect(keys.size).toBe(orbits);
    expect(keys.values().next().value!.startsWith("4x4 torus:c:")).toBe(true);
  });

  test("classifyTours: orbits add up to the tours; shifts are named", () => {
    for (const { name, g } of GEOMETRIES.slice(0, 6)) {
      const board = boardOf(g);
      const { tours, orbits } = bruteOf(name, g);
      const classes = classifyTours(board, tours);
      expect(classes.length).toBe(orbits);
      expect(classes.reduce((sum, c) => sum + c.orbit, 0)).toBe(tours.length);
      for (const c of classes) expect(c.symmetries[0]).toBe("identity");
    }
    const torus = classifyTours(
      boardOf(GEOMETRIES[0]!.g),
      bruteOf("4×4 torus", GEOMETRIES[0]!.g).tours,
    );
    expect(torus.some((c) => c.symmetries.some((s) => s.startsWith("shift ")))).toBe(true);
  });

  test("symmetriesOf on a torus lists shifts with their rows and columns", () => {
    const board = boardOf(GEOMETRIES[0]!.g);
    const path = bruteOf("4×4 torus", GEOMETRIES[0]!.g).tours[0]!;
    const found = symmetriesOf(createTour(board, path, true));
    expect(found[0]).toEqual({ transform: "identity", reverses: false });
    for (const s of found.slice(1)) {
      expect(
        isInvariant(createTour(board, path, true), {
          transform: s.transform,
          shiftRows: s.shiftRows ?? 0,
          shiftCols: s.shiftCols ?? 0,
        }),
      ).toBe(true);
    }
  });
});

describe("tours a turn maps onto themselves, on other geometries", () => {
  for (const { name, g } of GEOMETRIES) {
    for (const rotation of [180, 90] as const) {
      if (rotation === 90 && (g.rows !== g.cols || g.topology === "cylinder")) continue;
      const sigma = turn(g, rotation);
      const holes = new Set(g.holes ?? []);
      if (![...holes].every((h) => holes.has(sigma[h]!))) continue;
      test(`${name}, ${rotation}°: the count, its kinds and a tour found`, () => {
        const board = boardOf(g);
        const { tours, group } = bruteOf(name, g);
        const symmetric = tours.filter((path) => fixesCycle(path, sigma));
        const centre = g.rows % 2 === 1 && g.cols % 2 === 1;
        const fixed = centre && !holes.has((g.rows * g.cols - 1) / 2);
        let counted: ReturnType<typeof countSymmetricTours>;
        try {
          counted = countSymmetricTours(board, { rotation });
        } catch (error) {
          // Refused only where the turn fixes a cell of odd-cycle graphs: say so.
          expect(error).toBeInstanceOf(OptionError);
          expect(fixed && rotation === 180).toBe(true);
          expect((error as Error).message).toContain(String(board));
          return;
        }
        expect(counted.status).toBe("done");
        expect(counted.count).toBe(symmetric.length);
        // Rotating: the image runs the same way round; reversing: the other way.
        const rotating = symmetric.filter((path) => {
          const image = Array.from(path, (v) => sigma[v]!);
          const at = path.indexOf(image[0]!);
          return path[(at + 1) % path.length] === image[1];
        }).length;
        expect(counted.rotating).toBe(rotating);
        expect(counted.reversing).toBe(symmetric.length - rotating);
        const found = findSymmetricTour(board, { rotation, seed: 3 });
        if (symmetric.length === 0) {
          expect(found.status).toBe("impossible");
        } else {
          expect(found.status).toBe("found");
          expect(validateTour(board, found.tour!).valid).toBe(true);
          expect(fixesCycle(found.tour!.path, sigma)).toBe(true);
        }
        // Classes where the group keeps the symmetric tours together (planes), else refused.
        try {
          const withClasses = countSymmetricTours(board, { rotation, upToSymmetry: true });
          expect(withClasses.classes).toBe(bruteOrbits(symmetric, group));
        } catch (error) {
          expect(error).toBeInstanceOf(OptionError);
          expect(g.topology).not.toBe(undefined);
        }
      });
    }
  }

  test("refusals name the geometry: a quarter turn of a cylinder, asymmetric holes", () => {
    const cylinder = new Board(4, 4, { topology: "cylinder" });
    expect(() => countSymmetricTours(cylinder, { rotation: 90 })).toThrow(OptionError);
    expect(() => countSymmetricTours(cylinder, { rotation: 90 })).toThrow(/4×4 cylinder/);
    const holed = new Board(6, 6, { holes: [0] });
    expect(() => findSymmetricTour(holed, { rotation: 180 })).toThrow(/holes/);
    const torus = new Board(5, 5, { topology: "torus" });
    expect(() => countSymmetricTours(torus, { rotation: 180 })).toThrow(/centre c3 of 5×5 torus/);
    const quarter = countSymmetricTours(torus, { rotation: 90 });
    expect(quarter.count).toBe(0);
    expect(quarter.reason).toMatch(/reflection/);
  });

  test("cycleKey sanity: a tour and its reverse share a key", () => {
    const path = Int32Array.of(0, 1, 2, 3);
    expect(cycleKey(path)).toBe(cycleKey(Int32Array.of(0, 3, 2, 1)));
  });
});
