import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { reverseTour, rotateClosedTour, type Tour } from "../../src/core/tour.js";
import { TourSet, tourReading } from "../../src/sample/key.js";
import { solve } from "../../src/solve/index.js";
import { transformTour } from "../../src/symmetry/transforms.js";

function found(board: Board, closed: boolean): Tour {
  const result = solve(board, { closed, method: "search" });
  if (result.tour === null) throw new Error("no tour");
  return result.tour;
}

describe("tourReading / TourSet", () => {
  test("closed: the same cycle from any start, either way, is one tour", () => {
    const tour = found(new Board(6, 6), true);
    const set = new TourSet();
    expect(set.add(tour)).toBe(true);
    for (let i = 1; i < 36; i += 5) {
      expect(set.add(rotateClosedTour(tour, i))).toBe(false);
      expect(set.add(reverseTour(rotateClosedTour(tour, i)))).toBe(false);
    }
    expect(Array.from(tourReading(reverseTour(tour)))).toEqual(Array.from(tourReading(tour)));
    expect(set.size).toBe(1);
  });

  test("open: a path and its reverse are two tours; a mirror image is another", () => {
    const tour = found(new Board(5, 5), false);
    const set = new TourSet();
    expect(set.add(tour)).toBe(true);
    expect(set.add({ ...tour, path: tour.path.slice() })).toBe(false);
    expect(set.add(reverseTour(tour))).toBe(true);
    expect(set.add(transformTour(tour, "rotate180"))).toBe(true);
    expect(set.size).toBe(3);
  });
});
