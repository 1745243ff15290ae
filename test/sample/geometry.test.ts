import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { createRandom } from "../../src/core/random.js";
import type { Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { randomTour } from "../../src/sample/random-search.js";
import { type SampleEnd, type SampleOptions, sampleTours } from "../../src/sample/sample.js";
import { UniformSampler } from "../../src/sample/uniform.js";
import { GraphTourFinder } from "../../src/symmetry/graph-tour.js";
import { type BruteGeometry, bruteCount } from "../helpers/geometry-brute.js";

function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    piece: (g.leaps ?? [[1, 2]]).map((leap) => leap.join(",")).join("+"),
    topology: g.topology ?? "plane",
    holes: g.holes ?? [],
  });
}

function drain(board: Board, options: SampleOptions): { tours: Tour[]; end: SampleEnd } {
  const plan = sampleTours(board, options);
  if (plan.status !== "ready") throw new Error(`not ready: ${plan.status}: ${plan.reason}`);
  const tours: Tour[] = [];
  for (;;) {
    const next = plan.tours.next();
    if (next.done) return { tours, end: next.value };
    tours.push(next.value);
  }
}

const SMALL: Array<[string, BruteGeometry]> = [
  ["4×4 torus", { rows: 4, cols: 4, topology: "torus" }],
  ["3×4 cylinder", { rows: 3, cols: 4, topology: "cylinder" }],
  ["3×5 torus fers", { rows: 3, cols: 5, topology: "torus", leaps: [[1, 1]] }],
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
];

describe("sampling on other geometries: every tour validates", () => {
  for (const [name, g] of SMALL) {
    test(`${name}: uniform totals are the brute-force counts, or uniform is refused with the reason`, () => {
      const board = boardOf(g);
      const brute = bruteCount(g);
      for (const closed of [true, false]) {
        const expected = BigInt(closed ? brute.closed : brute.open);
        let sampler: UniformSampler;
        try {
          sampler = new UniformSampler(board, { closed, start: -1 });
        } catch (error) {
          // The counter's path search does not take holes yet: a clear refusal, then.
          expect(error).toBeInstanceOf(OptionError);
          expect(board.holes.length).toBeGreaterThan(0);
          expect((error as Error).message).toContain(String(board));
          continue;
        }
        expect(sampler.total).toBe(expected);
        if (expected === 0n) continue;
        for (const tour of sampler.tours(createRandom(9), 20)) {
          expect(validateTour(board, tour, { closed }).valid).toBe(true);
        }
      }
    });

    test(`${name}: auto and search give valid tours, closed ones from the first cell`, () => {
      const board = boardOf(g);
      const brute = bruteCount(g);
      for (const closed of [true, false]) {
        const exists = (closed ? brute.closed : brute.open) > 0;
        for (const method of ["auto", "search"] as const) {
          const plan = sampleTours(board, { closed, count: 6, seed: 4, method });
          if (!exists) {
            // No tour: said before the sampling, or when the stream ends.
            if (plan.status === "ready")
              expect(drain(board, { closed, method }).end.status).toBe("impossible");
            else expect(plan.status).toBe("impossible");
            continue;
          }
          const { tours, end } = drain(board, { closed, count: 6, seed: 4, method });
          expect(end.status).toBe("done");
          for (const tour of tours) {
            expect(validateTour(board, tour, { closed }).valid).toBe(true);
            if (closed) expect(tour.path[0]).toBe(firstCell(board));
          }
        }
      }
    });
  }

  test("uniform on another piece: the four closed tours of 3×4 knight+camel are drawn about equally", () => {
    const board = boardOf(SMALL[3]![1]);
    const sampler = new UniformSampler(board, { closed: true, start: -1 });
    expect(sampler.total).toBe(4n);
    const seen = new Map<string, number>();
    for (const tour of sampler.tours(createRandom(1), 800)) {
      const edges = Array.from(tour.path, (v, i) => {
        const w = tour.path[(i + 1) % tour.path.length]!;
        return v < w ? `${v}-${w}` : `${w}-${v}`;
      }).sort();
      const key = edges.join(" ");
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect(seen.size).toBe(4);
    for (const n of seen.values()) expect(n).toBeGreaterThan(140);
  });

  test("the open tours of a torus from a start all begin there; distinct ones differ", () => {
    const board = new Board(4, 4, { topology: "torus" });
    const { tours } = drain(board, { start: 5, count: 30, distinct: true, seed: 2 });
    expect(tours.length).toBe(30);
    expect(new Set(tours.map((t) => t.path.join(","))).size).toBe(30);
    for (const tour of tours) {
      expect(tour.path[0]).toBe(5);
      expect(validateTour(board, tour).valid).toBe(true);
    }
  });
});

describe("the randomised search on larger geometries", () => {
  const LARGE = [
    new Board(8, 8, { topology: "torus" }),
    new Board(9, 9, { topology: "torus" }),
    new Board(10, 10, { piece: "giraffe" }),
    new Board(8, 8, { holes: [0, 7] }),
    new Board(7, 9, { topology: "cylinder", piece: "zebra+wazir" }),
    new Board(16, 16, { topology: "torus", piece: "knight+camel" }),
  ];
  for (const board of LARGE) {
    test(`${board}: closed and open tours validate; the start is kept`, () => {
      const random = createRandom(11);
      for (const closed of [true, false]) {
        const start = board.isHole(board.cells - 1) ? 1 : board.cells - 1;
        const result = randomTour(board, { closed, start }, random);
        expect(result.status).toBe("found");
        if (result.status !== "found") continue;
        expect(validateTour(board, result.tour, { closed }).valid).toBe(true);
        expect(result.tour.path[0]).toBe(start);
      }
    });
  }

  test("impossible geometries are said to be so, with the reason", () => {
    const camel = sampleTours(new Board(8, 8, { piece: "camel" }), { closed: true });
    const end =
      camel.status === "ready"
        ? drain(new Board(8, 8, { piece: "camel" }), { closed: true }).end
        : camel;
    expect(end.status).toBe("impossible");
    expect(end.reason).toMatch(/do not connect/);
    const corners = new Board(8, 8, { holes: [0, 63] });
    const found = new GraphTourFinder(corners).find({ closed: false, start: -1 }, createRandom(1));
    expect(found.status).toBe("impossible");
    expect(found.reason).toMatch(/30:32/);
    const line = new GraphTourFinder(new Board(1, 3, { piece: "wazir" }));
    const closed = line.find({ closed: true, start: -1 }, createRandom(1));
    expect(closed.status).toBe("impossible");
    expect(closed.reason).toMatch(/two moves/);
  });

  test("--method uniform on a geometry the counter cannot take is refused; auto falls back", () => {
    const board = new Board(5, 5, { piece: "wazir", holes: [12] });
    let refused = false;
    try {
      sampleTours(board, { method: "uniform" });
    } catch (error) {
      refused = true;
      expect(error).toBeInstanceOf(OptionError);
    }
    const auto = sampleTours(board, {});
    expect(auto.status).toBe("ready");
    if (auto.status === "ready") expect(auto.method).toBe(refused ? "search" : "uniform");
  });
});

function firstCell(board: Board): number {
  let cell = 0;
  while (board.isHole(cell)) cell++;
  return cell;
}
