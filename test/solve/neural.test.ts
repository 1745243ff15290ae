import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { ErrorCode, KnightError } from "../../src/core/errors.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { knightGraph } from "../../src/core/graph.js";
import { createRandom } from "../../src/core/random.js";
import { validateTour } from "../../src/core/validate.js";
import { KnightNetwork, NEURAL_UPDATES, solve } from "../../src/solve/index.js";
import { summariseNeural } from "../../src/solve/run-neural.js";
import { runCli } from "../helpers/cli.js";
import { expectTour } from "./expect-tour.js";

describe("KnightNetwork: Takefuji and Lee's network", () => {
  it("indexes every knight move once, as from < to", () => {
    const board = new Board(6, 7);
    const graph = knightGraph(board);
    const network = new KnightNetwork(graph);
    expect(network.edges).toBe(graph.edgeCount);
    const seen = new Set<number>();
    for (let e = 0; e < network.edges; e++) {
      const a = network.from[e]!;
      const b = network.to[e]!;
      expect(a).toBeLessThan(b);
      expect(board.isKnightMove(a, b)).toBe(true);
      seen.add(a * board.cells + b);
    }
    expect(seen.size).toBe(network.edges);
  });

  it("keeps each cell's degree equal to its active moves through every sweep", () => {
    const board = new Board(6, 6);
    const network = new KnightNetwork(knightGraph(board));
    for (const update of NEURAL_UPDATES) {
      network.randomise(createRandom(7));
      for (let sweep = 0; sweep < 30; sweep++) {
        network.sweep(update);
        const degree = new Uint8Array(board.cells);
        for (let e = 0; e < network.edges; e++) {
          if (network.output[e] === 1) {
            degree[network.from[e]!]!++;
            degree[network.to[e]!]!++;
          }
        }
        expect(Array.from(network.degree)).toEqual(Array.from(degree));
      }
    }
  });

  it("settles on a 2-regular cover whose cycle lengths sum to the cell count", () => {
    // Property: whatever the seed and board, a settled run is a cycle cover of the board, and
    // its cycles (walked from the active moves) are consistent with the report.
    const boards = [new Board(6, 6), new Board(6, 8), new Board(8, 8), new Board(5, 6)];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: boards.length - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(...NEURAL_UPDATES),
        (which, seed, update) => {
          const board = boards[which]!;
          const network = new KnightNetwork(knightGraph(board));
          const outcome = network.run(createRandom(seed), update, 2_000);
          if (outcome === "unsettled") return;
          // Equal colour classes and a connected graph: a stable state is 2-regular.
          expect(outcome === "tour" || outcome === "cover").toBe(true);
          const lengths = network.cycleLengths;
          expect(lengths.reduce((sum, n) => sum + n, 0)).toBe(board.cells);
          expect(lengths.length === 1).toBe(outcome === "tour");
          for (const n of lengths) {
            // Knight cycles alternate colours: even, and at least 4 long.
            expect(n % 2).toBe(0);
            expect(n).toBeGreaterThanOrEqual(4);
          }
          for (let v = 0; v < board.cells; v++) expect(network.degree[v]).toBe(2);
          if (outcome === "tour") {
            const check = validateTour(board, { path: network.cycleFrom(0) }, { closed: true });
            expect(check.valid, check.valid ? "" : check.message).toBe(true);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("solve(board, { method: 'neural' })", () => {
  it("finds valid closed 6×6 and 8×8 tours with fixed seeds within the run limit", () => {
    for (const n of [6, 8]) {
      const board = new Board(n, n);
      for (const seed of [1, 2, 3, 42]) {
        const result = solve(board, { method: "neural", closed: true, seed, maxAttempts: 200 });
        expectTour(board, result, { closed: true, start: 0 });
        expect(result.stats.method).toBe("neural");
        const neural = result.stats.neural!;
        expect(neural.tours).toBe(1);
        expect(neural.runs).toBe(neural.covers + neural.unsettled + neural.irregular + 1);
        expect(result.stats.attempts).toBe(neural.runs);
        expect(neural.iterations).toBeGreaterThan(0);
      }
    }
  });

  it("finds closed tours of oblong and thin boards", () => {
    for (const [rows, cols] of [
      [3, 10],
      [5, 6],
      [6, 7],
      [10, 3],
    ] as const) {
      const board = new Board(rows, cols);
      expectTour(board, solve(board, { method: "neural", closed: true, seed: 11 }), {
        closed: true,
      });
    }
  });

  it("returns the tour from the requested start, also with synchronous updates", () => {
    const board = new Board(6, 6);
    for (const start of [0, 7, 20, 35]) {
      const result = solve(board, {
        method: "neural",
        closed: true,
        start,
        seed: start + 1,
        neural: { update: "synchronous" },
      });
      expectTour(board, result, { closed: true, start });
    }
  });

  it("is reproducible from its seed", () => {
    const board = new Board(8, 8);
    const a = solve(board, { method: "neural", closed: true, seed: 9 });
    const b = solve(board, { method: "neural", closed: true, seed: 9 });
    expect(Array.from(a.tour!.path)).toEqual(Array.from(b.tour!.path));
    expect(a.stats.neural!.runs).toBe(b.stats.neural!.runs);
  });

  it("reports the cycle covers it saw when no run gives a tour", () => {
    // 12×12 rarely settles on one cycle: three runs leave covers (and perhaps unsettled runs).
    const board = new Board(12, 12);
    const result = solve(board, { method: "neural", closed: true, seed: 5, maxAttempts: 3 });
    if (result.status === "found") {
      expectTour(board, result, { closed: true });
      return;
    }
    expect(result.status).toBe("limit");
    const neural = result.stats.neural!;
    expect(neural.runs).toBe(3);
    expect(neural.tours).toBe(0);
    expect(neural.covers + neural.unsettled + neural.irregular).toBe(3);
    const counted = Object.values(neural.cycleCounts).reduce((sum, n) => sum + n, 0);
    expect(counted).toBe(neural.covers);
    if (neural.lastCover !== null) {
      expect(neural.lastCover.reduce((sum, n) => sum + n, 0)).toBe(board.cells);
      expect(neural.lastCover.length).toBeGreaterThanOrEqual(2);
    }
    expect(result.reason).toContain("3 runs");
    expect(result.reason).toContain("no single cycle");
  });

  it("stops at the node limit and the AbortSignal", () => {
    const board = new Board(20, 20);
    const limited = solve(board, { method: "neural", closed: true, nodeLimit: 5_000 });
    expect(limited.status).toBe("limit");
    expect(limited.reason).toContain("node limit");
    const controller = new AbortController();
    controller.abort();
    const aborted = solve(board, { method: "neural", closed: true, signal: controller.signal });
    expect(aborted.status).toBe("aborted");
  });

  it("refuses open tours and a required end with an OptionError", () => {
    const board = new Board(8, 8);
    for (const options of [{}, { closed: false }, { closed: true, end: 10 }] as const) {
      let error: unknown;
      try {
        solve(board, { method: "neural", ...options });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(KnightError);
      expect((error as KnightError).code).toBe(ErrorCode.BadOption);
    }
    expect(() => solve(board, { method: "neural" })).toThrow(/closed tours only/);
    expect(() =>
      solve(board, { method: "neural", closed: true, neural: { maxIterations: 0 } }),
    ).toThrow(/maxIterations/);
  });

  it("leaves boards without closed tours to the theory", () => {
    for (const [rows, cols] of [
      [5, 5],
      [4, 8],
      [3, 8],
    ] as const) {
      const result = solve(new Board(rows, cols), { method: "neural", closed: true });
      expect(result.status).toBe("impossible");
      expect(result.stats.neural).toBeUndefined();
    }
  });

  it("summarises runs in words", () => {
    expect(
      summariseNeural(
        {
          runs: 5,
          iterations: 300,
          tours: 0,
          covers: 4,
          unsettled: 1,
          irregular: 0,
          cycleCounts: { 2: 1, 3: 2, 5: 1 },
          lastCover: [20, 10, 6],
        },
        1000,
      ),
    ).toBe("5 runs: 4 covers of 2–5 cycles (most often 3), 1 did not settle within 1000 sweeps");
  });
});

describe("knight tour --method neural", () => {
  it("prints a valid closed tour, refuses open tours (exit 2), and exits 3 at a limit", async () => {
    const found = await runCli(["tour", "6", "--closed", "--method", "neural", "--format", "json"]);
    expect(found.code).toBe(0);
    const tour = parseTourJson(found.stdout);
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);

    const open = await runCli(["tour", "6", "--method", "neural"]);
    expect(open.code).toBe(2);
    expect(open.stderr).toContain("the neural method finds closed tours only");

    const limited = await runCli([
      "tour",
      "16",
      "--closed",
      "--method",
      "neural",
      "--node-limit",
      "2000",
    ]);
    expect(limited.code).toBe(3);
    expect(limited.stderr).toMatch(/node limit of 2000 was reached \(neural: 1 run, cut short\)/);
  });

  it("--stats adds the network's tallies, consistent with its runs", async () => {
    const result = await runCli([
      "tour",
      "8",
      "--closed",
      "--method",
      "neural",
      "--stats",
      "--seed",
      "3",
    ]);
    expect(result.code).toBe(0);
    const line =
      /neural: (\d+) runs, \d+ sweeps; (\d+) tours, (\d+) cycle covers.*, (\d+) unsettled/.exec(
        result.stderr,
      );
    expect(line, result.stderr).not.toBeNull();
    const [runs, tours, covers, unsettled] = line!.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
    ];
    expect(tours).toBe(1);
    expect(runs).toBe(tours + covers + unsettled);
  });
});
