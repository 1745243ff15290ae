import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import {
  countToursByCover,
  findTourByCover,
  tourCoverEncoding,
  toursByCover,
} from "../../src/cover/knight.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";

/** Geometries of up to 16 cells: wrapped edges, other pieces, unions, holes, degenerate sizes. */
const CASES: Array<[string, BruteGeometry]> = [
  ["3×3 torus", { rows: 3, cols: 3, topology: "torus" }],
  ["4×4 torus", { rows: 4, cols: 4, topology: "torus" }],
  ["3×4 cylinder", { rows: 3, cols: 4, topology: "cylinder" }],
  ["3×5 torus fers", { rows: 3, cols: 5, topology: "torus", leaps: [[1, 1]] }],
  [
    "4×4 king minus a1, d4",
    {
      rows: 4,
      cols: 4,
      leaps: [
        [0, 1],
        [1, 1],
      ],
      holes: [12, 3],
    },
  ],
  ["5×5 wazir minus c3", { rows: 5, cols: 5, leaps: [[0, 1]], holes: [12] }],
  [
    "3×4 knight+camel",
    {
      rows: 3,
      cols: 4,
      leaps: [
        [1, 2],
        [1, 3],
      ],
    },
  ],
  [
    "4×5 giraffe+fers",
    {
      rows: 4,
      cols: 5,
      leaps: [
        [1, 4],
        [1, 1],
      ],
    },
  ],
  ["4×5 camel", { rows: 4, cols: 5, leaps: [[1, 3]] }],
  ["3×4 minus a3", { rows: 3, cols: 4, holes: [0] }],
  ["2×2 torus wazir", { rows: 2, cols: 2, topology: "torus", leaps: [[0, 1]] }],
  ["1×2 wazir", { rows: 1, cols: 2, leaps: [[0, 1]] }],
  ["1×3 cylinder wazir", { rows: 1, cols: 3, topology: "cylinder", leaps: [[0, 1]] }],
];

function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    piece: (g.leaps ?? [[1, 2]]).map((leap) => leap.join(",")).join("+"),
    topology: g.topology ?? "plane",
    holes: g.holes ?? [],
  });
}

describe("exact cover on any move graph: counts equal the brute force", () => {
  for (const [name, g] of CASES) {
    it(`${name}: closed (undirected) and open (directed) tours`, () => {
      const board = boardOf(g);
      const brute = bruteCount(g);
      const closed = countToursByCover(board, { closed: true });
      const open = countToursByCover(board, { closed: false });
      expect(closed.status).toBe("exhausted");
      expect(open.status).toBe("exhausted");
      // The cover search meets each closed tour once per direction.
      expect(closed.tours / 2).toBe(brute.closed);
      expect(open.tours).toBe(brute.open);
      // Filtering cycle covers instead of pruning gives the same tours.
      expect(countToursByCover(board, { closed: true, mode: "filter" }).tours).toBe(closed.tours);
    });
  }
});

describe("tours found by exact cover on other geometries are valid", () => {
  for (const [name, g] of CASES) {
    it(`${name}: every listed tour validates; find agrees with the count`, () => {
      const board = boardOf(g);
      const brute = bruteCount(g);
      let listed = 0;
      for (const tour of toursByCover(board, { closed: true })) {
        expect(validateTour(board, tour, { closed: true }).valid).toBe(true);
        expect(tour.path).toHaveLength(board.vertexCount);
        if (++listed >= 50) break;
      }
      for (const closed of [true, false]) {
        const found = findTourByCover(board, { closed, seed: 5 });
        const exists = (closed ? brute.closed : brute.open) > 0;
        expect(found.status).toBe(exists ? "found" : "impossible");
        if (exists) expect(validateTour(board, found.tour!, { closed }).valid).toBe(true);
      }
    });
  }

  it("a holed board's vertices are its cells that are not holes; starts and ends map to them", () => {
    const board = boardOf(CASES[4]![1]);
    const encoding = tourCoverEncoding(board, { closed: false, start: 1, end: 14 });
    expect(encoding.vertices).toBe(board.vertexCount + 1);
    expect(Array.from(encoding.cellOf)).not.toContain(12);
    expect(Array.from(encoding.cellOf)).not.toContain(3);
    const found = findTourByCover(board, { closed: false, start: 1, end: 14 });
    expect(found.status).toBe("found");
    expect(found.tour!.path[0]).toBe(1);
    expect(found.tour!.path[board.vertexCount - 1]).toBe(14);
    const closed = findTourByCover(board, { closed: true, start: 5 });
    expect(closed.tour!.path[0]).toBe(5);
    expect(validateTour(board, closed.tour!, { closed: true }).valid).toBe(true);
  });

  it("a hole as the start is refused", () => {
    const board = boardOf(CASES[4]![1]);
    expect(() => findTourByCover(board, { closed: false, start: 12 })).toThrow(/hole/);
  });
});
