import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { validateTour } from "../../src/core/validate.js";
import { canonicalKey } from "../../src/symmetry/canonical.js";
import {
  countClosedTourClasses,
  countMirrorSymmetricTours,
  countSymmetricTours,
} from "../../src/symmetry/count.js";
import { bruteClosedTours, closedTourSymmetry, edgeSetKey } from "./brute-tours.js";

const halfTurn = (rows: number, cols: number) => (r: number, c: number) =>
  [rows - 1 - r, cols - 1 - c] as [number, number];
const quarterTurn = (n: number) => (r: number, c: number) => [c, n - 1 - r] as [number, number];

/** Brute force: every closed tour, tested for invariance, sorted into the two kinds. */
function bruteSymmetric(rows: number, cols: number, rotation: 180 | 90) {
  const f = rotation === 180 ? halfTurn(rows, cols) : quarterTurn(rows);
  const rotating = new Set<string>();
  const reversing = new Set<string>();
  const classes = new Set<string>();
  const board = new Board(rows, cols);
  for (const path of bruteClosedTours(rows, cols)) {
    const kind = closedTourSymmetry(path, cols, f);
    if (kind === null) continue;
    (kind === "rotating" ? rotating : reversing).add(edgeSetKey(path, true));
    classes.add(canonicalKey({ board, path, closed: true }));
  }
  return { rotating, reversing, classes };
}

describe("countSymmetricTours(board, {rotation}) against brute force", () => {
  const cases: Array<[number, number, 180 | 90]> = [
    [6, 6, 180],
    [6, 6, 90],
    [5, 6, 180],
    [6, 5, 180],
    [3, 10, 180],
    [10, 3, 180],
    [3, 12, 180],
    [3, 14, 180],
    [3, 16, 180],
    [5, 8, 180],
  ];
  for (const [rows, cols, rotation] of cases) {
    test(`${rows}x${cols}, ${rotation}°: both kinds, every tour, and the classes`, () => {
      const board = new Board(rows, cols);
      const brute = bruteSymmetric(rows, cols, rotation);
      const seen = { rotating: new Set<string>(), reversing: new Set<string>() };
      const result = countSymmetricTours(board, {
        rotation,
        upToSymmetry: true,
        classMethod: "stabilisers",
        onTour: (path, reversing) => {
          expect(validateTour(board, path, { closed: true }).valid).toBe(true);
          (reversing ? seen.reversing : seen.rotating).add(edgeSetKey(path, true));
        },
      });
      expect(result.status).toBe("done");
      expect(result.rotating).toBe(brute.rotating.size);
      expect(result.reversing).toBe(brute.reversing.size);
      expect(result.count).toBe(brute.rotating.size + brute.reversing.size);
      expect(seen.rotating).toEqual(brute.rotating);
      expect(seen.reversing).toEqual(brute.reversing);
      expect(result.classes).toBe(brute.classes.size);
      // Burnside (the default) agrees with the stabiliser count, and without tours lifted.
      const fast = countSymmetricTours(board, { rotation, upToSymmetry: true });
      expect(fast.count).toBe(result.count);
      expect(fast.classes).toBe(brute.classes.size);
    });
  }

  test("the known values: 6×6 has 78 half-turn tours (22 classes) and 10 quarter-turn ones (5)", () => {
    const half = countSymmetricTours(new Board(6), { rotation: 180, upToSymmetry: true });
    const quarter = countSymmetricTours(new Board(6), { rotation: 90, upToSymmetry: true });
    expect([half.count, half.classes, quarter.count, quarter.classes]).toEqual([78, 22, 10, 5]);
  });

  test("both kinds occur on a board with an odd side (3×14 and 5×8 checked above; 6×7 here)", () => {
    const r = countSymmetricTours(new Board(6, 7), { rotation: 180 });
    expect(r.rotating).toBeGreaterThan(0);
    expect(r.reversing).toBeGreaterThan(0);
    const t = countSymmetricTours(new Board(7, 6), { rotation: 180 });
    expect([t.rotating, t.reversing]).toEqual([r.rotating, r.reversing]);
  });

  test("8×8, half turn: Knuth's 2,432,932 tours and 608,233 classes", () => {
    const seen: { nodes: number; ms: number }[] = [];
    const r = countSymmetricTours(new Board(8), {
      rotation: 180,
      upToSymmetry: true,
      onProgress: (progress) => seen.push(progress),
    });
    expect(r.status).toBe("done");
    expect(r.count).toBe(2_432_932);
    expect(r.rotating).toBe(2_432_932);
    expect(r.reversing).toBe(0);
    expect(r.classes).toBe(608_233);
    // Progress comes as { nodes, ms } (the names SolveProgress uses), both only rising, and
    // never past the final totals.
    expect(seen.length).toBeGreaterThan(0);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.nodes).toBeGreaterThan(seen[i - 1]!.nodes);
      expect(seen[i]!.ms).toBeGreaterThanOrEqual(seen[i - 1]!.ms);
    }
    expect(seen.at(-1)!.nodes).toBeLessThanOrEqual(r.stats.nodes);
    expect(seen.at(-1)!.ms).toBeLessThanOrEqual(r.stats.ms);
  });

  test("impossible and bad requests", () => {
    expect(countSymmetricTours(new Board(8), { rotation: 90 }).count).toBe(0);
    const odd = countSymmetricTours(new Board(5), { rotation: 180 });
    expect(odd.count).toBe(0);
    expect(odd.reason).toMatch(/even number of cells/);
    expect(() => countSymmetricTours(new Board(6, 8), { rotation: 90 })).toThrow(OptionError);
    expect(() => countSymmetricTours(new Board(6), { rotation: 45 as 90 })).toThrow(OptionError);
  });

  test("a node limit ends the count with status limit", () => {
    const nodes: number[] = [];
    const r = countSymmetricTours(new Board(8), {
      rotation: 180,
      nodeLimit: 200_000,
      // Every check reports (the default is one report per 250 ms).
      progressEveryMs: 0,
      onProgress: ({ nodes: n, ms }) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        nodes.push(n);
      },
    });
    expect(r.status).toBe("limit");
    expect(r.count).toBeLessThan(2_432_932);
    // Reported every 2^16 nodes, rising, and the limit is seen at a report.
    expect(nodes.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < nodes.length; i++) expect(nodes[i]!).toBeGreaterThan(nodes[i - 1]!);
    expect(nodes.at(-1)!).toBeGreaterThanOrEqual(200_000);
  });

  test("the options take timeLimitMs, not the internal absolute deadline", () => {
    // @ts-expect-error `deadline` is not a public option (tsc checks this line).
    const r = countSymmetricTours(new Board(6), { rotation: 180, deadline: 0 });
    // Ignored at run time too: a deadline long past does not stop the count.
    expect(r.status).toBe("done");
    expect(r.count).toBe(78);
  });

  test("an aborted signal ends the count with status aborted", () => {
    const controller = new AbortController();
    controller.abort();
    const r = countSymmetricTours(new Board(8), { rotation: 180, signal: controller.signal });
    expect(r.status).toBe("aborted");
  });
});

describe("countMirrorSymmetricTours and countClosedTourClasses (Burnside) against brute force", () => {
  for (const [rows, cols] of [
    [6, 6],
    [5, 6],
    [6, 5],
    [3, 10],
    [3, 14],
    [5, 8],
  ] as const) {
    test(`${rows}x${cols}: mirror-symmetric tours and the classes of all closed tours`, () => {
      const board = new Board(rows, cols);
      const tours = bruteClosedTours(rows, cols);
      const keys = new Set(tours.map((path) => canonicalKey({ board, path, closed: true })));
      const mirrors = {
        "mirror-lr": (r: number, c: number) => [r, cols - 1 - c] as [number, number],
        "mirror-tb": (r: number, c: number) => [rows - 1 - r, c] as [number, number],
      };
      for (const [name, f] of Object.entries(mirrors)) {
        const brute = tours.filter((p) => closedTourSymmetry(p, cols, f) !== null).length;
        const counted = countMirrorSymmetricTours(board, name as "mirror-lr");
        expect(counted.count, name).toBe(brute);
      }
      const classes = countClosedTourClasses(board, BigInt(tours.length));
      expect(classes.status).toBe("done");
      expect(classes.classes).toBe(BigInt(keys.size));
    });
  }

  test("5×6 and 3×10 have mirror-symmetric closed tours (N ≡ 2 mod 4), squares never do", () => {
    expect(countMirrorSymmetricTours(new Board(5, 6), "mirror-lr").count).toBeGreaterThan(0);
    expect(countMirrorSymmetricTours(new Board(3, 10), "mirror-lr").count).toBeGreaterThan(0);
    expect(countClosedTourClasses(new Board(6), 9862n).classes).toBe(1245n);
  });
});

describe("the mirror and class counts' limits", () => {
  test("take the public names (timeLimitMs, nodeLimit, onProgress with { nodes, ms }) and stop on them", () => {
    const board = new Board(6, 6);
    const seen: { nodes: number; ms: number }[] = [];
    const whole = countClosedTourClasses(board, 9862n, {
      timeLimitMs: 60_000,
      onProgress: (p) => seen.push(p),
    });
    expect(whole.status).toBe("done");
    expect(whole.classes).toBe(1245n);
    for (const p of seen) expect(p.ms).toBeGreaterThanOrEqual(0);
    // Stopped at the first check: boards whose counts take more than one check interval.
    expect(countClosedTourClasses(new Board(8, 8), 0n, { timeLimitMs: 0 }).status).toBe("limit");
    expect(countMirrorSymmetricTours(new Board(6, 11), "mirror-tb", { nodeLimit: 0 }).status).toBe(
      "limit",
    );
    expect(() => countClosedTourClasses(board, 9862n, { nodeLimit: -1 })).toThrow(/nodeLimit/);
  });
});
