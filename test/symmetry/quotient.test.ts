import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { buildQuotient, buildQuotientBy } from "../../src/symmetry/quotient.js";

describe("buildQuotient(board, rotation)", () => {
  test("8×8 half turn: 32 orbits of 2, 84 edge orbits, no loops; a parallel pair at c6–e5", () => {
    const q = buildQuotient(new Board(8), 180);
    expect(q.size).toBe(32);
    expect(q.order).toBe(2);
    expect(q.arcTo.length).toBe(168); // each of the 84 quotient edges seen from both ends
    expect(q.loops).toEqual([]);
    // (2,2)–(3,4) directly (voltage 0) and (2,2)–(4,3) = σ(3,4) (voltage 1).
    const a = q.orbitOf[2 * 8 + 2]!;
    const b = q.orbitOf[3 * 8 + 4]!;
    const volts = [];
    for (let i = q.arcOffsets[a]!; i < q.arcOffsets[a + 1]!; i++)
      if (q.arcTo[i] === b) volts.push(q.arcVolt[i]);
    expect(volts.sort()).toEqual([0, 1]);
  });

  test("every arc has its reverse with the opposite voltage; orbits partition the board", () => {
    for (const [board, rotation] of [
      [new Board(6), 90],
      [new Board(10), 90],
      [new Board(6, 7), 180],
      [new Board(5, 8), 180],
    ] as const) {
      const q = buildQuotient(board, rotation);
      expect(q.size * q.order).toBe(board.cells);
      const seen = new Set<number>();
      for (let o = 0; o < q.size; o++) {
        for (let t = 0; t < q.order; t++) {
          const cell = q.powers[t]![q.rep[o]!]!;
          expect(q.orbitOf[cell]).toBe(o);
          expect(q.powerOf[cell]).toBe(t);
          seen.add(cell);
        }
        for (let i = q.arcOffsets[o]!; i < q.arcOffsets[o + 1]!; i++) {
          const to = q.arcTo[i]!;
          const back = (q.order - q.arcVolt[i]!) % q.order;
          let found = false;
          for (let k = q.arcOffsets[to]!; k < q.arcOffsets[to + 1]!; k++)
            if (q.arcTo[k] === o && q.arcVolt[k] === back) found = true;
          expect(found).toBe(true);
        }
      }
      expect(seen.size).toBe(board.cells);
    }
  });

  test("an odd side gives exactly two loop orbits (a cell a knight's move from its opposite)", () => {
    for (const board of [new Board(5, 8), new Board(3, 10), new Board(8, 7)]) {
      const q = buildQuotient(board, 180);
      expect(new Set(q.loops.map(([orbit]) => orbit)).size).toBe(2);
    }
  });

  test("the quotient by a mirror between columns: orbits of 2, no loops", () => {
    const q = buildQuotientBy(new Board(5, 6), "mirror-lr");
    expect(q.size).toBe(15);
    expect(q.loops).toEqual([]);
  });
});
