import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { closedTourExists, openTourExists, tourExists } from "../../src/theory/exists.js";
import { bruteForceExists } from "../helpers/brute-force.js";

// The theorems as REFERENCE.md states them, written independently of src/theory.
function schwenk(rows: number, cols: number): boolean {
  const m = Math.min(rows, cols);
  const n = Math.max(rows, cols);
  if (m % 2 === 1 && n % 2 === 1) return false;
  if (m === 1 || m === 2 || m === 4) return false;
  if (m === 3 && (n === 4 || n === 6 || n === 8)) return false;
  return true;
}
function openTheorem(rows: number, cols: number): boolean {
  const m = Math.min(rows, cols);
  const n = Math.max(rows, cols);
  return (m === 1 && n === 1) || (m === 3 && (n === 4 || n >= 7)) || (m === 4 && n >= 5) || m >= 5;
}

const small: Array<[number, number]> = [];
for (let r = 1; r <= 6; r++) for (let c = 1; c <= 6; c++) if (r * c <= 30) small.push([r, c]);

describe("tourExists(board, {closed})", () => {
  it("agrees with Schwenk's theorem and the open-tour theorem on every board up to 30×30", () => {
    for (let r = 1; r <= 30; r++) {
      for (let c = 1; c <= 30; c++) {
        const board = new Board(r, c);
        expect(closedTourExists(board).exists, `${r}x${c} closed`).toBe(schwenk(r, c));
        expect(openTourExists(board).exists, `${r}x${c} open`).toBe(openTheorem(r, c));
        expect(tourExists(board, { closed: true }).exists).toBe(schwenk(r, c));
        expect(tourExists(board, { closed: false }).exists).toBe(openTheorem(r, c));
      }
    }
  });

  it("agrees with exhaustive search on every board up to 5×6", () => {
    for (const [r, c] of small) {
      const board = new Board(r, c);
      expect(tourExists(board, { closed: true }).exists, `${r}x${c}`).toBe(
        bruteForceExists({ rows: r, cols: c, closed: true }),
      );
      expect(tourExists(board, { closed: false }).exists, `${r}x${c}`).toBe(
        bruteForceExists({ rows: r, cols: c, closed: false }),
      );
    }
  });

  it("gives readable reasons", () => {
    expect(tourExists(new Board(5, 5), { closed: true }).reason).toBe(
      "a closed tour alternates colours, so it needs an even number of cells; 5×5 has 25",
    );
    expect(tourExists(new Board(4, 9), { closed: true }).reason).toMatch(/4 rows/);
    expect(tourExists(new Board(3, 6), { closed: true }).reason).toMatch(/Schwenk/);
  });
});

describe("tourExists(board, {start, end})", () => {
  it("never contradicts exhaustive search for any start cell on boards up to 5×6", () => {
    let decided = 0;
    let undecided = 0;
    const closedTruth = new Map(
      small.map(([r, c]) => [`${r}x${c}`, bruteForceExists({ rows: r, cols: c, closed: true })]),
    );
    for (const [r, c] of small) {
      const board = new Board(r, c);
      for (const closed of [false, true]) {
        for (let cell = 0; cell < board.cells; cell++) {
          const answer = tourExists(board, { closed, start: cell }).exists;
          if (answer === "unknown") {
            undecided++;
            continue;
          }
          decided++;
          // A closed tour can start anywhere, so "from this cell" is "at all" (searched once).
          const truth = closed
            ? closedTruth.get(`${r}x${c}`)
            : bruteForceExists({
                rows: r,
                cols: c,
                closed,
                start: [board.row(cell), board.col(cell)],
              });
          expect(answer, `${r}x${c} ${closed ? "closed" : "open"} from ${cell}`).toBe(truth);
        }
      }
    }
    // Most answers come from theorems; the rest are left to a search, never guessed.
    expect(decided).toBeGreaterThan(undecided);
  });

  it("never contradicts exhaustive search for any start and end on boards up to 20 cells", () => {
    for (const [r, c] of small.filter(([r, c]) => r * c <= 20)) {
      const board = new Board(r, c);
      for (let s = 0; s < board.cells; s++) {
        for (let e = 0; e < board.cells; e++) {
          for (const closed of [false, true]) {
            const answer = tourExists(board, { closed, start: s, end: e }).exists;
            if (answer === "unknown") continue;
            const truth = bruteForceExists({
              rows: r,
              cols: c,
              closed,
              start: [board.row(s), board.col(s)],
              end: [board.row(e), board.col(e)],
            });
            expect(answer, `${r}x${c} ${closed} ${s}->${e}`).toBe(truth);
          }
        }
      }
    }
  });

  it("on 5×5: the 12 cells off the corners' colour are ruled out, and search finds the other 13", () => {
    const board = new Board(5, 5);
    let ruledOut = 0;
    let works = 0;
    for (let cell = 0; cell < 25; cell++) {
      const truth = bruteForceExists({
        rows: 5,
        cols: 5,
        closed: false,
        start: [board.row(cell), board.col(cell)],
      });
      if (truth) works++;
      if (tourExists(board, { start: cell }).exists === false) {
        ruledOut++;
        expect(truth).toBe(false);
      }
    }
    expect(works).toBe(13);
    expect(ruledOut).toBe(12);
  });

  it("rules out inner cells as ends on boards with four rows", () => {
    const board = new Board(4, 7);
    const inner = board.cell(1, 3);
    const answer = tourExists(board, { start: inner });
    expect(answer.exists).toBe(false);
    expect(answer.reason).toMatch(/outer rows/);
    expect(bruteForceExists({ rows: 4, cols: 7, closed: false, start: [1, 3] })).toBe(false);
    const transposed = new Board(7, 4);
    expect(tourExists(transposed, { start: transposed.cell(3, 1) }).exists).toBe(false);
  });

  it("rules out closed tours whose ends are not a knight's move apart, and same-cell open ends", () => {
    const board = new Board(6, 6);
    expect(tourExists(board, { closed: true, start: 0, end: 1 }).exists).toBe(false);
    expect(tourExists(board, { start: 3, end: 3 }).exists).toBe(false);
    expect(tourExists(board, { start: 0, end: 1 }).exists).toBe("unknown");
  });
});
