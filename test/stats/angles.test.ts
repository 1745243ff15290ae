import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { createTour } from "../../src/core/tour.js";
import { validateTour } from "../../src/core/validate.js";
import { ANGLE_CLASSES, turnAngles, turnClass } from "../../src/stats/angles.js";
import { CIRCLE_3X3, TOUR_3X4 } from "./fixtures.js";

describe("turnAngles(tour)", () => {
  test("ANGLE_CLASSES: acos of 4/5, 3/5, 0, -3/5, -4/5, -1", () => {
    expect(ANGLE_CLASSES.map((k) => Number(k.degrees.toFixed(2)))).toEqual([
      36.87, 53.13, 90, 126.87, 143.13, 180,
    ]);
  });

  test("turnClass by hand: one example of each class at b = (1,2) on 5×5", () => {
    const b = new Board(5);
    const at = (r: number, c: number) => b.cell(r, c);
    const mid = at(2, 2);
    // u = (1,2) from the middle; v chosen to give each dot product.
    const a = at(3, 4);
    expect(turnClass(5, a, mid, at(4, 3))).toBe(0); // v=(2,1): dot 4
    expect(turnClass(5, a, mid, at(1, 4))).toBe(1); // v=(-1,2): dot 3
    expect(turnClass(5, a, mid, at(4, 1))).toBe(2); // v=(2,-1): dot 0
    expect(turnClass(5, a, mid, at(3, 0))).toBe(3); // v=(1,-2): dot -3
    expect(turnClass(5, a, mid, at(0, 1))).toBe(4); // v=(-2,-1): dot -4
    expect(turnClass(5, a, mid, at(1, 0))).toBe(5); // v=(-1,-2): dot -5, straight
    expect(() => turnClass(5, at(0, 0), at(0, 1), at(0, 2))).toThrow(RangeError);
  });

  test("the 3×4 open tour, counted by hand: four 36.87°, four 53.13°, two right angles", () => {
    const board = new Board(3, 4);
    const tour = createTour(
      board,
      TOUR_3X4.map(([r, c]) => board.cell(r, c)),
      false,
    );
    expect(validateTour(board, tour).valid).toBe(true);
    const a = turnAngles(tour);
    expect(a.byClass).toEqual([4, 4, 2, 0, 0, 0]);
    expect([a.acute, a.right, a.obtuse, a.straight, a.turns]).toEqual([8, 2, 0, 0, 10]);
    expect(a.orthogonal).toBe(2);
  });

  test("Knuth's groups, by hand: a straight pass is obtuse and orthogonal", () => {
    // On 5×5: (3,4) → (2,2) → (1,0) passes straight through (2,2); at (1,0) the moves (1,2)
    // and (-1,2) meet at 53.13° (dot 3); at (0,2) the moves (1,-2) and (2,1) at 90° (dot 0).
    const board = new Board(5);
    const path = [
      [3, 4],
      [2, 2],
      [1, 0],
      [0, 2],
      [2, 3],
    ].map(([r, c]) => board.cell(r!, c!));
    const a = turnAngles(createTour(board, path, false));
    expect(a.byClass).toEqual([0, 1, 1, 0, 0, 1]);
    expect({ acute: a.acute, obtuse: a.obtuse, orthogonal: a.orthogonal }).toEqual({
      acute: 1,
      obtuse: 1,
      orthogonal: 2,
    });
    expect([a.right, a.straight, a.turns]).toEqual([1, 1, 3]);
  });

  test("a closed path turns at every cell, its start included: the 3×3 knight's circle", () => {
    // The eight outer cells of 3×3 form one cycle of knight moves (the centre is unreachable).
    const board = new Board(3);
    const circle = CIRCLE_3X3.map(([r, c]) => board.cell(r, c));
    // By hand: the turns alternate 36.87° (dot 4) and 53.13° (dot 3) around the circle.
    expect(turnAngles(createTour(board, circle, true)).byClass).toEqual([4, 4, 0, 0, 0, 0]);
    // Read as an open path the two ends (36.87° at (0,0), 53.13° at (2,1)) have no turn.
    expect(turnAngles(createTour(board, circle, false)).byClass).toEqual([3, 3, 0, 0, 0, 0]);
  });
});
