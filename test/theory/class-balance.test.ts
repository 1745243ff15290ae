import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { type ColumnWord, columnsTour } from "../../src/construct/column-words.js";
import { Board } from "../../src/core/board.js";
import { moveGraph } from "../../src/core/graph.js";
import { validateTour } from "../../src/core/validate.js";
import { classBalance } from "../../src/theory/class-balance.js";
import { giraffeClasses } from "../../src/theory/giraffe-5xn.js";
import { tourExists } from "../../src/theory/index.js";
import { twoFactor } from "../../src/theory/two-factor.js";

/**
 * The class balance (src/theory/class-balance.ts) on the giraffe's 5×n boards: its lemma — a
 * 2-factor leaves each class exactly 2·s(X) times — is checked on real 2-factors and tours, not
 * only derived; and it must never rule out a board that has a tour.
 */

const giraffe = (rows: number, cols: number) => new Board(rows, cols, { piece: "giraffe" });

/** Moves of a 2-factor or tour leaving each class, counted from the moves themselves. */
function leaving(board: Board, moves: ReadonlyArray<readonly [number, number]>): number[] {
  const { classOf } = giraffeClasses(board);
  const out = new Array<number>(8).fill(0);
  for (const [a, b] of moves) {
    if (classOf[a] === classOf[b]) continue;
    out[classOf[a]!]!++;
    out[classOf[b]!]!++;
  }
  return out;
}

const pairs = (flat: Int32Array) =>
  Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);
const tourMoves = (path: ArrayLike<number>) =>
  Array.from(path, (v, i) => [v, path[(i + 1) % path.length]!] as const);

const certificateTours = readFileSync(
  new URL("../../scripts/sweeps/giraffe-5xn.jsonl", import.meta.url),
  "utf8",
)
  .split("\n")
  .filter((line) => line.includes('"kind":"tour"'))
  .map((line) => JSON.parse(line) as { n: number; words: ColumnWord[] });

describe("class balance: the giraffe on 5×n", () => {
  test("the split fits every move, both ways round, and the sign sums are E − O", () => {
    for (let n = 1; n <= 48; n++) {
      for (const board of [giraffe(5, n), giraffe(n, 5)]) {
        const split = giraffeClasses(board);
        const balance = classBalance(board, split); // throws if a move breaks the split
        for (let x = 0; x < 8; x++) {
          let even = 0;
          let odd = 0;
          for (let v = 0; v < board.cells; v++) {
            if (split.classOf[v] !== x) continue;
            const across = board.rows === 5 ? Math.floor(v / board.cols) : v % board.cols;
            if (across % 2 === 0) even++;
            else odd++;
          }
          expect(balance.segments[x], `${board} class ${x}`).toBe(even - odd);
        }
      }
    }
  });

  test("a 2-factor leaves each class exactly 2·s(X) times (every 2-factor the flow finds, n ≤ 48)", () => {
    let checked = 0;
    for (let n = 2; n <= 48; n += 2) {
      const board = giraffe(5, n);
      const factor = twoFactor(board);
      if (!factor.exists) continue;
      const balance = classBalance(board, giraffeClasses(board));
      expect(leaving(board, pairs(factor.moves))).toEqual([...balance.segments].map((s) => 2 * s));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  test("so does every tour in the certificate, and its board balances", () => {
    expect(certificateTours.map((t) => t.n)).toEqual([24, 32, 34, 38, 44]);
    for (const { n, words } of certificateTours) {
      const board = giraffe(5, n);
      const path = columnsTour(5, words)!;
      expect(validateTour(board, { path, closed: true }).valid).toBe(true);
      const balance = classBalance(board, giraffeClasses(board));
      expect(leaving(board, tourMoves(path))).toEqual([...balance.segments].map((s) => 2 * s));
      expect(balance.solution, `5×${n}`).not.toBeNull();
    }
  });

  test("5×36: 2-factors exist, and every one splits; the flow's 2-factor leaves two links of the ring unused", () => {
    const board = giraffe(5, 36);
    const balance = classBalance(board, giraffeClasses(board));
    expect(balance.solution).toBeNull();
    expect(balance.onlySplit).toBe(true);
    const factor = twoFactor(board);
    expect(factor.exists).toBe(true);
    if (!factor.exists) return;
    const { classOf } = giraffeClasses(board);
    const onLink = new Map<string, number>();
    for (const [a, b] of pairs(factor.moves)) {
      const [x, y] = [classOf[a]!, classOf[b]!].sort();
      if (x !== y) onLink.set(`${x}-${y}`, (onLink.get(`${x}-${y}`) ?? 0) + 1);
    }
    // The ring is 0-1-2-3-4-5-6-7-0; the counts force the links 4–5 and 6–7 to carry nothing.
    expect(onLink.get("4-5") ?? 0).toBe(0);
    expect(onLink.get("6-7") ?? 0).toBe(0);
  });

  test("by hand on 5×36: the one free count x on link 0–1 must be ≥ 11 and ≤ 10", () => {
    // s = 7 on the classes with p = 0, 2 with p = 1; around the ring the counts are
    // x, 14 − x, x, 14 − x, x − 10, 14 − x, x − 10, 14 − x, and link 0–1 has 10 moves.
    const board = giraffe(5, 36);
    const balance = classBalance(board, giraffeClasses(board));
    expect([...balance.segments]).toEqual([7, 7, 7, 7, 2, 2, 2, 2]);
    const link01 = balance.links.find((l) => l.a === 0 && l.b === 1)!;
    expect(link01.moves).toBe(10);
    const graph = moveGraph(board);
    let counted = 0;
    const { classOf } = giraffeClasses(board);
    for (let v = 0; v < board.cells; v++)
      for (const w of graph.neighbours(v)) if (classOf[v] === 0 && classOf[w] === 1) counted++;
    expect(counted).toBe(10);
  });

  test("never rules out a board with a tour; rules out every board without a 2-factor", () => {
    for (let n = 2; n <= 64; n += 2) {
      const board = giraffe(5, n);
      const balance = classBalance(board, giraffeClasses(board));
      const known = tourExists(board, { closed: true }).exists;
      if (known === true) expect(balance.solution, `5×${n}`).not.toBeNull();
      if (!twoFactor(board).exists) expect(balance.solution, `5×${n}`).toBeNull();
    }
  });

  test("knight exists: 5×36 and 36×5 have none, with the counts; beyond, every even n has a tour", () => {
    for (const board of [giraffe(5, 36), giraffe(36, 5)]) {
      const answer = tourExists(board, { closed: true });
      expect(answer.exists).toBe(false);
      expect(answer.reason).toContain("14, 14, 14, 14, 4, 4, 4, 4");
      expect(answer.reason).toContain("2(E − O)");
    }
    for (const n of [38, 40, 42, 44, 46, 52, 54, 100])
      expect(tourExists(giraffe(5, n), { closed: true }).exists, `5×${n}`).toBe(true);
  });

  test("a split that does not fit the moves is refused, naming the move", () => {
    const knight = new Board(5, 12);
    expect(() => classBalance(knight, giraffeClasses(knight))).toThrow(/does not fit 5×12/);
  });
});
