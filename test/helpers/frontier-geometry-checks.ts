import { expect } from "vitest";
import { Board } from "../../src/core/board.js";
import { createPiece } from "../../src/core/piece.js";
import { type CountOptions, count } from "../../src/count/count.js";
import { frontierCountBoard } from "../../src/count/frontier.js";
import { frontierCountExactBoard } from "../../src/count/frontier-exact.js";
import { frontierGeometryRefusal } from "../../src/count/frontier-geometry.js";
import { type BruteGeometry, bruteCount, brutePathEnds } from "./geometry-brute.js";

/**
 * The frontier sweep's checks on other geometries, shared by test/count/frontier-geometry.test.ts
 * and its long variant: every request against the independent brute force, and the modular
 * sweep against its exact oracle.
 */

export function boardOf(g: BruteGeometry): Board {
  return new Board(g.rows, g.cols, {
    ...(g.leaps ? { piece: createPiece(g.leaps) } : {}),
    ...(g.topology ? { topology: g.topology } : {}),
    ...(g.holes ? { holes: g.holes } : {}),
  });
}

export const sweep = (board: Board, options: CountOptions): bigint => {
  const result = count(board, { ...options, method: "frontier" });
  expect(result.status).toBe("done");
  expect(result.method).toBe("frontier");
  return result.count;
};

/** Every kind of request (closed, open, directed, ends, non-closable) equals the brute force. */
export function expectSweepEqualsBrute(g: BruteGeometry): void {
  const board = boardOf(g);
  expect(frontierGeometryRefusal(board)).toBeUndefined();
  const brute = bruteCount(g);
  const { ends, adj } = brutePathEnds(g);
  const sum = (f: (s: number, e: number) => boolean): bigint => {
    let total = 0;
    for (let s = 0; s < board.cells; s++) {
      for (let e = 0; e < board.cells; e++) if (f(s, e)) total += ends[s]![e]!;
    }
    return BigInt(total);
  };
  const open = sum(() => true);
  expect(open, "the two brute forces agree").toBe(BigInt(brute.open));
  expect(sweep(board, { closed: true })).toBe(BigInt(brute.closed));
  expect(sweep(board, { closed: true, directed: true })).toBe(2n * BigInt(brute.closed));
  expect(sweep(board, {})).toBe(open);
  expect(sweep(board, { directed: false })).toBe(open / 2n);
  const closable = sum((s, e) => adj[s]!.includes(e));
  expect(sweep(board, { nonClosable: true })).toBe(open - closable);

  const cells = [...Array(board.cells).keys()].filter((c) => !board.isHole(c));
  const picks = [cells[0]!, cells[Math.floor(cells.length / 2)]!, cells[cells.length - 1]!];
  for (const s of picks) {
    expect(sweep(board, { start: s })).toBe(sum((a) => a === s));
    expect(sweep(board, { end: s })).toBe(sum((_, b) => b === s));
    expect(sweep(board, { start: s, nonClosable: true })).toBe(
      sum((a, b) => a === s && !adj[a]!.includes(b)),
    );
    for (const e of picks) {
      if (e === s) continue;
      expect(sweep(board, { start: s, end: e })).toBe(BigInt(ends[s]![e]!));
      const closedSE = adj[s]!.includes(e) ? BigInt(ends[s]![e]!) : 0n;
      expect(sweep(board, { closed: true, start: s, end: e })).toBe(closedSE);
    }
  }
}

/** Folded and unfolded sweeps equal the exact oracle, holding no more states than it. */
export function expectSweepEqualsOracle(board: Board): void {
  for (const mode of ["cycle", "path"] as const) {
    for (const ends of mode === "path" ? [[], [board.firstCell]] : [[]]) {
      const exact = frontierCountExactBoard(board, { mode, ends });
      const plain = frontierCountBoard(board, { mode, ends, fold: false });
      const folded = frontierCountBoard(board, { mode, ends });
      expect([mode, ends, plain.count]).toEqual([mode, ends, exact.count]);
      expect([mode, ends, folded.count]).toEqual([mode, ends, exact.count]);
      // Unfolded and without the colour rule's cut, the sweep holds exactly the oracle's states.
      if (mode === "cycle") expect(plain.peakStates).toBe(exact.peakStates);
      expect(plain.peakStates).toBeLessThanOrEqual(exact.peakStates);
    }
  }
}
