import { describe, expect, test } from "vitest";
import { Census } from "../../src/census/index.js";
import { Board } from "../../src/core/board.js";
import { OptionError } from "../../src/core/errors.js";
import { tourToJsonObject } from "../../src/core/format/index.js";
import { createTour, type Tour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { turnAngles } from "../../src/stats/angles.js";
import { crossings } from "../../src/stats/crossings.js";
import { slopeHistogram } from "../../src/stats/slopes.js";
import { formatTourStats, tourStats, wrappedTourStats } from "../../src/stats/tour-stats.js";
import { boardTransforms, transformTour } from "../../src/symmetry/transforms.js";
import { runCli } from "../helpers/cli.js";
import { bruteNeighbours } from "../helpers/geometry-brute.js";

/**
 * A closed tour of a leaper board: the census's first tour (its acute witness) of a bunch, or
 * of the first non-empty bunch.
 */
function censusTour(board: Board, bunch?: string): Tour {
  const census = new Census(board);
  let name = bunch;
  for (const entry of bunch === undefined ? census.subproblems() : []) {
    const tours = census.runSubproblem(entry.name, { stats: false });
    if (tours.status === "done" && tours.result.tours !== "0") {
      name = entry.name;
      break;
    }
  }
  const run = census.runSubproblem(name!);
  if (run.status !== "done" || run.result.extremes === undefined) throw new Error("no tour");
  return createTour(board, Int32Array.from(run.result.extremes.acute.minTour.path), true);
}

/** The moves of a tour as row/column displacements and endpoints. */
function segments(tour: Tour): [number, number, number, number][] {
  const { path, board } = tour;
  const n = path.length;
  const m = tour.closed ? n : n - 1;
  return Array.from({ length: m }, (_, i) => {
    const a = path[i]!;
    const b = path[(i + 1) % n]!;
    return [board.row(a), board.col(a), board.row(b), board.col(b)];
  });
}

/** Independent figures: angle degrees (2 decimals) at every turn, slopes, O(M²) crossings. */
function brute(tour: Tour) {
  const segs = segments(tour);
  const m = segs.length;
  const angles = new Map<number, number>();
  const first = tour.closed ? 0 : 1;
  for (let i = first; i < m; i++) {
    const [ar, ac, br, bc] = segs[(i + m - 1) % m]!;
    const [, , cr, cc] = segs[i]!;
    // At b = (br, bc): back to a, on to c.
    const u = [ar - br, ac - bc];
    const v = [cr - br, cc - bc];
    const cos =
      (u[0]! * v[0]! + u[1]! * v[1]!) / Math.hypot(u[0]!, u[1]!) / Math.hypot(v[0]!, v[1]!);
    const deg = Number(((Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI).toFixed(2));
    angles.set(deg, (angles.get(deg) ?? 0) + 1);
  }
  const slopes = new Map<number, number>();
  for (const [ar, ac, br, bc] of segs) {
    const slope = (ar - br) / (bc - ac); // rank 1 at the bottom
    slopes.set(slope, (slopes.get(slope) ?? 0) + 1);
  }
  let crossed = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) {
      const [p0, p1, p2, p3] = segs[i]!;
      const [q0, q1, q2, q3] = segs[j]!;
      const d1r = p2 - p0;
      const d1c = p3 - p1;
      const d2r = q2 - q0;
      const d2c = q3 - q1;
      const det = d1r * -d2c - d1c * -d2r;
      if (det === 0) continue;
      const er = q0 - p0;
      const ec = q1 - p1;
      const t = er * -d2c - ec * -d2r;
      const s = d1r * ec - d1c * er;
      const inside = (x: number) => (det > 0 ? x > 0 && x < det : x < 0 && x > det);
      if (inside(t) && inside(s)) crossed++;
    }
  }
  return { angles, slopes, crossings: crossed };
}

describe("tourStats on other leapers", () => {
  const giraffe = new Board(10, 10, { piece: "giraffe" });
  const tour = censusTour(giraffe, "CdCd");

  test("a closed giraffe tour of 10×10: the giraffe's angles, slopes and crossings, checked by brute force", () => {
    expect(validateTour(giraffe, tour, { closed: true }).valid).toBe(true);
    const s = tourStats(tour);
    const b = brute(tour);
    expect(s.moves).toBe(100);
    expect(s.length).toBeCloseTo(100 * Math.sqrt(17), 9);
    expect(s.moveKinds).toEqual([{ leap: [1, 4], moves: 100 }]);
    expect(s.angles.classes.map((k) => Number(k.degrees.toFixed(2)))).toEqual([
      28.07, 61.93, 90, 118.07, 151.93, 180,
    ]);
    expect(s.angles.classes.map((k) => k.kind)).toEqual([
      "acute",
      "acute",
      "right",
      "obtuse",
      "obtuse",
      "straight",
    ]);
    expect(s.angles.turns).toBe(100);
    const byDegrees = new Map(
      s.angles.classes.map((k, i) => [Number(k.degrees.toFixed(2)), s.angles.byClass[i]!]),
    );
    for (const [deg, n] of b.angles) expect([deg, byDegrees.get(deg)]).toEqual([deg, n]);
    expect(s.angles.acute).toBe((byDegrees.get(28.07) ?? 0) + (byDegrees.get(61.93) ?? 0));
    expect(Object.keys(s.slopes)).toEqual(["4", "-4", "1/4", "-1/4"]);
    for (const [key, n] of Object.entries(s.slopes)) {
      const [p, q] = key.split("/").map(Number);
      expect([key, b.slopes.get(p! / (q ?? 1)) ?? 0]).toEqual([key, n]);
    }
    expect(s.crossings.total).toBe(b.crossings);
  });

  test("is invariant under the board's transforms", () => {
    const base = tourStats(tour);
    for (const name of boardTransforms(giraffe)) {
      const s = tourStats(transformTour(tour, name));
      expect(s.angles).toEqual(base.angles);
      expect(s.crossings.total).toBe(base.crossings.total);
      expect(Object.values(s.slopes).sort()).toEqual(Object.values(base.slopes).sort());
    }
  });

  test("formatTourStats names the board and the piece's own angles and slopes", () => {
    const text = formatTourStats(tour);
    expect(text).toMatch(/^board: 10×10 giraffe, closed tour, 100 moves$/m);
    expect(text).toMatch(/^length: 412\.311 \(100 × √17\)$/m);
    expect(text).toMatch(/^angles: 28\.07°: \d+, 61\.93°: \d+, 90°: \d+, 118\.07°: \d+, 151\.93°/m);
    expect(text).toMatch(/^slopes: 4: \d+, -4: \d+, 1\/4: \d+, -1\/4: \d+$/m);
  });

  test("a zebra tour, a union's path and a board with holes: no throw, brute-force agreement", () => {
    const zebra = censusTour(new Board(10, 10, { piece: "zebra" }));
    const union = new Board(4, 5, { piece: "knight+camel" });
    // By hand: camel, knight, camel, knight, camel, knight, camel.
    const unionPath = createTour(union, [0, 8, 1, 17, 6, 14, 3, 19], false);
    const holed = new Board(5, 5, { holes: [12] });
    const holedPath = createTour(holed, [0, 7, 14, 17, 6, 13, 2], false);
    for (const t of [zebra, unionPath, holedPath]) {
      const s = tourStats(t);
      const b = brute(t);
      expect(s.crossings.total).toBe(b.crossings);
      expect(s.angles.turns).toBe([...b.angles.values()].reduce((x, y) => x + y, 0));
      expect(Object.values(s.slopes).reduce((x, y) => x + y, 0)).toBe(s.moves);
    }
    const u = tourStats(unionPath);
    expect(u.moveKinds).toEqual([
      { leap: [1, 2], moves: 3 },
      { leap: [1, 3], moves: 4 },
    ]);
    expect(u.length).toBeCloseTo(3 * Math.sqrt(5) + 4 * Math.sqrt(10), 12);
    expect(formatTourStats(unionPath)).toMatch(/^moves by leap: 1,2: 3, 1,3: 4$/m);
    expect(formatTourStats(unionPath)).toMatch(/\(3 × √5 \+ 4 × √10\)/);
    // Numeric-looking keys come first in a JS object; the report keeps the piece's order.
    expect(Object.keys(u.slopes).sort()).toEqual([
      "-1/2",
      "-1/3",
      "-2",
      "-3",
      "1/2",
      "1/3",
      "2",
      "3",
    ]);
    expect(formatTourStats(unionPath)).toMatch(
      /^slopes: 2: \d+, -2: \d+, 1\/2: \d+, -1\/2: \d+, 3: \d+, -3: \d+, 1\/3: \d+, -1\/3: \d+$/m,
    );
  });
});

/** A Hamiltonian cycle of the knight on the 5×5 torus, by plain depth-first search. */
function torusTour(): Tour {
  const adj = bruteNeighbours({ rows: 5, cols: 5, topology: "torus" });
  const path = [0];
  const seen = new Set([0]);
  const dfs = (): boolean => {
    const v = path[path.length - 1]!;
    if (path.length === 25) return adj[v]!.includes(0);
    for (const w of adj[v]!) {
      if (seen.has(w)) continue;
      seen.add(w);
      path.push(w);
      if (dfs()) return true;
      seen.delete(w);
      path.pop();
    }
    return false;
  };
  if (!dfs()) throw new Error("no torus tour");
  return createTour(new Board(5, 5, { topology: "torus" }), path, true);
}

describe("wrappedTourStats on a torus", () => {
  const tour = torusTour();

  test("keeps moves, length, moves across an edge and symmetry; leaves out the geometric figures", () => {
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    const s = wrappedTourStats(tour);
    const across = segments(tour).filter(([ar, ac, br, bc]) => {
      const dr = Math.abs(br - ar);
      const dc = Math.abs(bc - ac);
      return !((dr === 1 && dc === 2) || (dr === 2 && dc === 1));
    }).length;
    expect(across).toBeGreaterThan(0);
    expect(s.moves).toBe(25);
    expect(s.wrappedMoves).toBe(across);
    expect(s.moveKinds).toEqual([{ leap: [1, 2], moves: 25 }]);
    expect(s.length).toBe(25 * Math.sqrt(5));
    expect(s.omitted.map((o) => o.stat)).toEqual(["angles", "slopes", "crossings"]);
    expect(s.symmetries[0]!.transform).toBe("identity");
    const text = formatTourStats(tour);
    expect(text).toMatch(/^board: 5×5 torus, closed tour, 25 moves$/m);
    expect(text).toMatch(new RegExp(`^moves by leap: 1,2: 25; across an edge: ${across}$`, "m"));
    expect(text).toMatch(/^not measured: angles, slopes, crossings \(a move across an edge/m);
  });

  test("tourStats, turnAngles, slopeHistogram and crossings refuse a wrapped board", () => {
    for (const f of [tourStats, turnAngles, slopeHistogram, crossings]) {
      expect(() => f(tour)).toThrow(OptionError);
      expect(() => f(tour)).toThrow(/5×5 torus wraps/);
    }
  });

  test("knight stats reads the geometry from tour JSON (torus and giraffe)", async () => {
    const torus = await runCli(["stats"], { stdin: JSON.stringify(tourToJsonObject(tour)) });
    expect(torus.code).toBe(0);
    expect(torus.stdout).toMatch(/not measured: angles, slopes, crossings/);
    const json = await runCli(["stats", "--json"], {
      stdin: JSON.stringify(tourToJsonObject(tour)),
    });
    const data = JSON.parse(json.stdout);
    expect(data).toMatchObject({ rows: 5, cols: 5, topology: "torus", moves: 25 });
    expect(data.angles).toBeUndefined();
    expect(Object.keys(data.omitted)).toEqual(["angles", "slopes", "crossings"]);
    const giraffe = censusTour(new Board(10, 10, { piece: "giraffe" }), "CdCd");
    const g = await runCli(["stats", "--json"], {
      stdin: JSON.stringify(tourToJsonObject(giraffe)),
    });
    expect(g.code).toBe(0);
    const gd = JSON.parse(g.stdout);
    expect(gd.piece).toEqual([[1, 4]]);
    expect(gd.moveKinds).toEqual([{ leap: [1, 4], moves: 100 }]);
    expect(gd.angles.classes.map((c: { degrees: number }) => c.degrees)).toEqual([
      28.07, 61.93, 90, 118.07, 151.93, 180,
    ]);
    expect(Object.keys(gd.slopes)).toEqual(["4", "-4", "1/4", "-1/4"]);
  });
});
