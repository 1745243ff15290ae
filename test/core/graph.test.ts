import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { MemoryLimitError } from "../../src/core/errors.js";
import { KnightGraph, knightEdgeCount, knightGraph } from "../../src/core/graph.js";

describe("KnightGraph", () => {
  it("has 4mn − 6(m + n) + 8 edges (168 on 8×8)", () => {
    expect(new KnightGraph(new Board(8, 8)).edgeCount).toBe(168);
    for (let r = 1; r <= 12; r++) {
      for (let c = 1; c <= 12; c++) {
        const graph = new KnightGraph(new Board(r, c));
        expect(graph.edgeCount).toBe(knightEdgeCount(r, c));
        let degreeSum = 0;
        for (let v = 0; v < r * c; v++) degreeSum += graph.degree[v]!;
        expect(degreeSum).toBe(2 * graph.edgeCount);
      }
    }
  });

  it("lists exactly the knight moves of each cell, symmetrically", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), (r, c) => {
        const board = new Board(r, c);
        const graph = new KnightGraph(board);
        for (let a = 0; a < board.cells; a++) {
          const listed = new Set(graph.neighbours(a));
          for (let b = 0; b < board.cells; b++) {
            if (listed.has(b) !== board.isKnightMove(a, b)) return false;
            if (listed.has(b) && !graph.adjacent(b, a)) return false;
          }
        }
        return true;
      }),
      { numRuns: 30 },
    );
  });

  it("colours cells so that every move changes colour", () => {
    const graph = new KnightGraph(new Board(7, 9));
    expect(graph.colour(0)).toBe(0);
    for (let v = 0; v < 63; v++) {
      for (const w of graph.neighbours(v)) expect(graph.colour(w)).not.toBe(graph.colour(v));
    }
  });

  it("gives corners degree 2 and the centre of 8×8 degree 8", () => {
    const graph = new KnightGraph(new Board(8, 8));
    expect(graph.degree[0]).toBe(2);
    expect(graph.degree[27]).toBe(8);
  });

  it("is cached per board shape", () => {
    expect(knightGraph(new Board(7, 9))).toBe(knightGraph(new Board(7, 9)));
  });

  it("refuses a graph over the memory limit", () => {
    expect(() => new KnightGraph(new Board(1000, 1000), { maxBytes: 1_000_000 })).toThrow(
      MemoryLimitError,
    );
  });
});
