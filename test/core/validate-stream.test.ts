import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { TourChecker } from "../../src/core/validate-stream.js";
import { construct } from "../../src/solve/index.js";

function check(board: Board, path: ArrayLike<number>, closed: boolean, piece: number) {
  const checker = new TourChecker(board, { closed });
  const cells = Array.from(path);
  for (let at = 0; at < cells.length; at += piece) {
    if (!checker.push(cells.slice(at, at + piece))) break;
  }
  return checker.finish();
}

describe("TourChecker", () => {
  const board = new Board(8, 10);
  const tour = construct(new Board(8, 10), { closed: true }).tour!;

  it("accepts a valid tour pushed in pieces of any size, as validateTour does", () => {
    for (const piece of [1, 7, 80]) {
      expect(check(board, tour.path, true, piece)).toEqual(validateTour(board, tour));
    }
  });

  it("finds the same fault as validateTour: off the board, not a move, short, not closed", () => {
    const cases: Array<[number[], boolean]> = [
      [[...tour.path.slice(0, 5), 80, ...tour.path.slice(6)], true],
      [[...tour.path.slice(0, 5), ...tour.path.slice(6)], false],
      [Array.from(tour.path.slice(0, 40)), false],
      [[1.5], false],
      [[-1], false],
    ];
    const open = construct(new Board(5, 5)).tour!;
    cases.push([Array.from(open.path), true]);
    for (const [path, closed] of cases) {
      const b = path.length === 25 ? new Board(5, 5) : board;
      expect(check(b, path, closed, 3)).toEqual(validateTour(b, path, { closed }));
    }
  });

  it("names only the second visit of a repeated cell", () => {
    const path = [...tour.path];
    path[10] = path[8]!;
    const verdict = check(board, path, false, 4);
    expect(verdict.valid).toBe(false);
    if (verdict.valid) return;
    expect(verdict.fault).toEqual({ kind: "repeat", cell: path[8], firstStep: 0, secondStep: 11 });
    expect(verdict.message).toMatch(/visited twice \(the second time at step 11\)/);
  });
});
