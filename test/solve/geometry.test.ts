import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { ErrorCode, type KnightError } from "../../src/core/errors.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import type { Topology } from "../../src/core/topology.js";
import { validateTour } from "../../src/core/validate.js";
import { type Method, type SolveResult, solve, WarnsdorffWalker } from "../../src/solve/index.js";
import { GraphWalker } from "../../src/solve/warnsdorff-graph.js";
import { tourExists } from "../../src/theory/index.js";
import type { BruteGeometry } from "../helpers/geometry-brute.js";
import { bruteExists } from "../theory/brute-exists.js";

/**
 * Every solver on every geometry, against an independent brute force (test/helpers): complete
 * methods find a tour exactly when one exists and say "impossible" exactly when none does;
 * incomplete ones never claim a tour that is not there; every tour passes the validator.
 */

const PIECES: Record<string, Array<[number, number]>> = {
  knight: [[1, 2]],
  camel: [[1, 3]],
  zebra: [[2, 3]],
  giraffe: [[1, 4]],
  fers: [[1, 1]],
  wazir: [[0, 1]],
  "knight+camel": [
    [1, 2],
    [1, 3],
  ],
};

interface Case extends BruteGeometry {
  name: string;
}

/** Small geometries: every piece, topology and a few hole patterns, up to `maxCells` cells. */
function geometries(
  maxCells: number,
  topologies: readonly Topology[] = ["plane", "cylinder", "torus"],
  pieces: readonly string[] = Object.keys(PIECES),
): Case[] {
  const out: Case[] = [];
  const sizes: Array<[number, number]> = [];
  for (let r = 1; r <= 6; r++)
    for (let c = 1; c <= 6; c++) if (r * c <= maxCells) sizes.push([r, c]);
  for (const piece of pieces) {
    const leaps = PIECES[piece]!;
    for (const topology of topologies) {
      for (const [rows, cols] of sizes) {
        const holeSets: number[][] = [[]];
        if (rows * cols >= 4) holeSets.push([0], [rows * cols - 1, Math.floor((rows * cols) / 2)]);
        for (const holes of holeSets) {
          if (new Set(holes).size !== holes.length) continue;
          out.push({
            name: `${rows}x${cols} ${topology} ${piece} -${holes.join(",")}`,
            rows,
            cols,
            leaps,
            topology,
            holes,
          });
        }
      }
    }
  }
  return out;
}

function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    piece: Object.keys(PIECES).find((k) => PIECES[k] === g.leaps) ?? "knight",
    topology: g.topology as Topology,
    holes: g.holes ?? [],
  });
}

function expectValid(board: Board, result: SolveResult, closed: boolean, label: string): void {
  expect(result.status, `${label}: ${result.reason}`).toBe("found");
  const check = validateTour(board, result.tour!, { closed });
  expect(check.valid, `${label}: ${check.valid ? "" : check.message}`).toBe(true);
}

const CASES = geometries(12);

describe("solve() on every geometry, against brute force", () => {
  it("complete methods find a tour exactly when one exists", () => {
    let found = 0;
    let impossible = 0;
    for (const g of CASES) {
      const board = boardOf(g);
      for (const closed of [false, true]) {
        const truth = bruteExists(g, { closed });
        const methods: Method[] = ["search", "backtrack", "stack"];
        if (closed) methods.push("bidirectional");
        if (board.holes.length === 0) methods.push("dlx");
        for (const method of methods) {
          for (const useTheory of method === "search" ? [true, false] : [true]) {
            const label = `${g.name} ${closed ? "closed" : "open"} ${method}${useTheory ? "" : " (no theory)"}`;
            const result = solve(board, { method, closed, useTheory });
            if (truth) expectValid(board, result, closed, label);
            else expect(result.status, `${label}: ${result.reason}`).toBe("impossible");
          }
        }
        if (truth) found++;
        else impossible++;
      }
    }
    // The set holds both answers in numbers, so neither half is vacuous.
    expect(found).toBeGreaterThan(100);
    expect(impossible).toBeGreaterThan(100);
  });

  it("complete methods honour a required start and end", () => {
    const random = createRandom(7);
    for (const g of CASES) {
      const board = boardOf(g);
      if (board.vertexCount < 2) continue;
      const cells = [...Array(board.cells).keys()].filter((v) => !board.isHole(v));
      const start = cells[random.int(cells.length)]!;
      let end = cells[random.int(cells.length)]!;
      if (end === start) end = cells[(cells.indexOf(start) + 1) % cells.length]!;
      for (const request of [{ start }, { start, end }, { end }]) {
        const truth = bruteExists(g, { closed: false, ...request });
        for (const method of [
          "search",
          "stack",
          ...(request.end === undefined ? [] : ["bidirectional"]),
        ] as Method[]) {
          const label = `${g.name} open ${JSON.stringify(request)} ${method}`;
          const result = solve(board, { method, ...request });
          if (truth) {
            expectValid(board, result, false, label);
            if (request.start !== undefined) expect(result.tour!.path[0]).toBe(request.start);
            if (request.end !== undefined) expect(result.tour!.path.at(-1)).toBe(request.end);
          } else expect(result.status, `${label}: ${result.reason}`).toBe("impossible");
        }
      }
      // A closed tour from a start exists exactly when one exists at all.
      const closedTruth = bruteExists(g, { closed: true });
      const label = `${g.name} closed from ${start}`;
      const result = solve(board, { method: "search", closed: true, start });
      if (closedTruth) {
        expectValid(board, result, true, label);
        expect(result.tour!.path[0]).toBe(start);
      } else expect(result.status, label).toBe("impossible");
    }
  });

  it("incomplete methods never claim a tour that is not there", () => {
    for (const g of CASES) {
      const board = boardOf(g);
      for (const closed of [false, true]) {
        const truth = bruteExists(g, { closed });
        const runs: Array<[string, SolveResult]> = [
          ["warnsdorff", solve(board, { method: "warnsdorff", closed, maxAttempts: 4 })],
          ["auto", solve(board, { closed })],
        ];
        if (closed) {
          runs.push(["neural", solve(board, { method: "neural", closed, maxAttempts: 20 })]);
        }
        for (const [method, result] of runs) {
          const label = `${g.name} ${closed ? "closed" : "open"} ${method}`;
          if (result.status === "found") {
            expect(truth, label).toBe(true);
            expectValid(board, result, closed, label);
          } else if (result.status === "impossible") expect(truth, label).toBe(false);
          // `auto` is complete on boards this small.
          if (method === "auto") expect(result.status, label).toBe(truth ? "found" : "impossible");
        }
      }
    }
  });
});

describe("tourExists() on every geometry", () => {
  it("never contradicts brute force, and decides the bulk of the cases", () => {
    let decided = 0;
    let total = 0;
    const random = createRandom(3);
    // Every geometry up to 12 cells, and sparse ones (single leapers on a plane) up to 20.
    const sparse = ["knight", "camel", "zebra", "giraffe", "fers", "wazir"];
    const cases = [
      ...CASES,
      ...geometries(20, ["plane"], sparse).filter((g) => g.rows * g.cols > 12),
    ];
    for (const g of cases) {
      const board = boardOf(g);
      const cells = [...Array(board.cells).keys()].filter((v) => !board.isHole(v));
      for (const closed of [false, true]) {
        const queries: Array<{ start?: number; end?: number }> = [{}];
        queries.push({ start: cells[random.int(cells.length)]! });
        if (!closed) queries.push({ start: cells[0]!, end: cells[random.int(cells.length)]! });
        for (const query of queries) {
          const answer = tourExists(board, { closed, ...query });
          total++;
          if (answer.exists === "unknown") continue;
          decided++;
          const truth = bruteExists(g, { closed, ...query });
          expect(
            answer.exists,
            `${g.name} ${closed} ${JSON.stringify(query)}: ${answer.reason}`,
          ).toBe(truth);
        }
      }
    }
    expect(decided).toBeGreaterThan(total / 2);
  });
});

describe("refusals that name the geometry", () => {
  const torus = new Board(6, 6, { topology: "torus" });
  const holed = new Board(5, 5, { holes: [12] });
  const giraffe = new Board(8, 8, { piece: "giraffe" });

  it("construct and divide need a knight on a plain rectangle", () => {
    for (const board of [torus, holed, giraffe]) {
      for (const method of ["construct", "divide"] as const) {
        expect(() => solve(board, { method })).toThrowError(/plain rectangle/);
        try {
          solve(board, { method });
        } catch (error) {
          expect((error as KnightError).code).toBe(ErrorCode.BadOption);
          expect((error as Error).message).toContain(String(board));
        }
      }
    }
  });

  it("the squirrel tie-break is the knight's on a plain square board", () => {
    expect(() => solve(torus, { tieBreak: "squirrel", start: 0 })).toThrowError(
      /6×6 torus is not one/,
    );
  });

  it("dlx refuses holes, and takes other pieces and wrapped boards", () => {
    expect(() => solve(holed, { method: "dlx" })).toThrowError(/cannot take holes/);
    const result = solve(new Board(4, 4, { topology: "torus" }), { method: "dlx", closed: true });
    expectValid(new Board(4, 4, { topology: "torus" }), result, true, "dlx 4x4 torus");
  });

  it("a start on a hole is an OptionError naming the cell", () => {
    expect(() => solve(holed, { start: 12 })).toThrowError(/c3 is a hole/);
  });
});

describe("auto and warnsdorff on larger geometries", () => {
  it("auto finds tours on a torus, a cylinder, other pieces and holed boards", () => {
    const boards = [
      new Board(6, 6, { topology: "torus" }),
      new Board(7, 7, { topology: "torus" }),
      new Board(6, 8, { topology: "cylinder" }),
      new Board(8, 8, { holes: [0, 63] }),
      new Board(10, 10, { piece: "giraffe" }),
      new Board(9, 9, { piece: "zebra", topology: "torus" }),
      new Board(7, 7, { piece: "knight+camel" }),
      new Board(8, 8, { piece: "wazir", topology: "torus", holes: [9, 18] }),
    ];
    for (const board of boards) {
      for (const closed of [false, true]) {
        const existence = tourExists(board, { closed });
        const result = solve(board, { closed, timeLimitMs: 20_000 });
        if (existence.exists === false) {
          expect(result.status, String(board)).toBe("impossible");
          continue;
        }
        expectValid(board, result, closed, `${board} ${closed ? "closed" : "open"}`);
      }
    }
  });

  it("auto on a board over the search size walks the move graph", () => {
    const board = new Board(70, 70, { topology: "torus" });
    const result = solve(board, { timeLimitMs: 30_000 });
    expectValid(board, result, false, String(board));
  });

  it("the graph walker walks as the padded walker on plain boards", () => {
    for (const [rows, cols] of [
      [5, 5],
      [6, 7],
      [8, 8],
      [3, 10],
      [12, 9],
    ] as const) {
      const board = new Board(rows, cols);
      const padded = new WarnsdorffWalker(board);
      const general = new GraphWalker(knightGraph(board));
      for (const tieBreak of ["first", "random", "center", "roth", "pohl"] as const) {
        for (const start of [0, cols + 1, board.cells - 1]) {
          const a = padded.walk(start, tieBreak, createRandom(start + 1));
          const b = general.walk(start, tieBreak, createRandom(start + 1));
          expect(b, `${board} ${tieBreak} ${start}`).toBe(a);
          expect([...general.path.subarray(0, b)]).toEqual([...padded.path.subarray(0, a)]);
        }
      }
    }
  });

  it("the padded walker refuses other geometries", () => {
    expect(() => new WarnsdorffWalker(new Board(6, 6, { topology: "torus" }))).toThrowError(
      /GraphWalker/,
    );
  });
});
