import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { moveGraph } from "../../src/core/graph.js";
import type { Topology } from "../../src/core/topology.js";
import { freeCycleLane, freePlan } from "../../src/count/free-frontier.js";
import { freeOrder, openAfter, orderWork } from "../../src/count/free-order.js";
import { improvedOrder } from "../../src/count/free-order-search.js";
import { pathPlan } from "../../src/count/free-plan.js";
import { sweepBoard } from "../../src/count/frontier-geometry.js";
import { sweepGraph } from "../../src/count/frontier-order.js";
import { bruteCount } from "../helpers/geometry-brute.js";

const greedy = (board: Board) => freeOrder(board, moveGraph(board))!.order;

describe("the free order's local search", () => {
  test("returns a permutation of the order, never worse by the proxy, the same every time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 3, max: 7 }),
        fc.constantFrom<Topology>("plane", "cylinder", "torus"),
        fc.integer({ min: 1, max: 1000 }),
        (rows, cols, topology, seed) => {
          const board = new Board(rows, cols, { topology });
          const graph = moveGraph(board);
          const order = greedy(board);
          const better = improvedOrder(graph, order, seed);
          expect([...better].sort((a, b) => a - b)).toEqual([...order].sort((a, b) => a - b));
          expect(orderWork(graph, better)).toBeLessThanOrEqual(orderWork(graph, order));
          expect(improvedOrder(graph, order, seed)).toEqual(better);
        },
      ),
      { numRuns: 25 },
    );
  });

  test("the searched orders count what brute force counts, closed and open", () => {
    for (const [rows, cols, topology] of [
      [3, 4, "torus"],
      [4, 4, "torus"],
      [3, 5, "cylinder"],
      [4, 4, "plane"],
    ] as const) {
      const board = new Board(rows, cols, { topology });
      const graph = moveGraph(board);
      const order = improvedOrder(graph, greedy(board));
      const brute = bruteCount({ rows, cols, topology });
      expect(freeCycleLane(freePlan(graph, order)!, 0, {}).residue).toBe(BigInt(brute.closed));
      // Open tours as cycles through the apex: undirected, so half the brute force's.
      expect(2n * freeCycleLane(pathPlan(graph, order)!, 0, {}).residue).toBe(BigInt(brute.open));
    }
  });

  test("wide tori: far fewer cells open than the greedy order, the same counts", () => {
    // The 5×7 torus: the greedy choice alone held 23 cells open at most; freeOrder searches
    // its order (the work is worth it there) down to 20 or fewer. From the rows' order, which
    // keeps 22, the search takes off more than half the work.
    const wide = sweepBoard(new Board(5, 7, { topology: "torus" }));
    const wideGraph = moveGraph(wide);
    expect(Math.max(...openAfter(wideGraph, greedy(wide)))).toBeLessThanOrEqual(20);
    const rows = sweepGraph(wideGraph).order;
    expect(orderWork(wideGraph, improvedOrder(wideGraph, rows)) * 2).toBeLessThan(
      orderWork(wideGraph, rows),
    );
    // The 4×6 torus (too little work for freeOrder to search it), closed, counted in its greedy
    // order and in a searched one (docs/results.md: 587,553,228).
    const torus = sweepBoard(new Board(4, 6, { topology: "torus" }));
    const graph = moveGraph(torus);
    const plain = greedy(torus);
    const other = improvedOrder(graph, plain);
    expect(other).not.toEqual(plain);
    for (const order of [plain, other]) {
      expect(freeCycleLane(freePlan(graph, order)!, 0, {}).residue).toBe(587_553_228n);
    }
  });
});
