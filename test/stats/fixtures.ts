/** The 3×4 open tour 1 4 7 10 / 12 9 2 5 / 3 6 11 8, as (row, col) pairs, checked by hand. */
export const TOUR_3X4: Array<[number, number]> = [
  [0, 0],
  [1, 2],
  [2, 0],
  [0, 1],
  [1, 3],
  [2, 1],
  [0, 2],
  [2, 3],
  [1, 1],
  [0, 3],
  [2, 2],
  [1, 0],
];

/** The 3×3 knight's circle: the eight outer cells, one cycle of knight moves, as (row, col). */
export const CIRCLE_3X3: Array<[number, number]> = [
  [0, 0],
  [1, 2],
  [2, 0],
  [0, 1],
  [2, 2],
  [1, 0],
  [0, 2],
  [2, 1],
];
