// Divide-and-conquer construction: time against board cells, 10^3 to 10^8 (the last is a full
// run only). Each case builds one closed tour; cost should grow linearly (exponent ~1.0).

import { Board, construct } from "../../dist/index.js";
import { constructHalfTurnSymmetric } from "../../dist/solve/construct.js";

const sides = [
  [32, 32],
  [100, 100],
  [316, 316],
  [1000, 1000],
  [3162, 3162],
  [10000, 10000],
];

const cases = sides.map(([rows, cols]) => {
  const board = new Board(rows, cols);
  return {
    group: "construct",
    name: `closed ${rows}x${cols} (${board.cells.toExponential(1)} cells)`,
    quick: board.cells <= 1e6,
    iterations: board.cells >= 1e7 ? 2 : 5,
    cells: board.cells,
    fn: () => {
      const result = construct(board, { closed: true, maxBytes: 8 * 1024 ** 3 });
      if (result.status !== "found") throw new Error(result.reason);
    },
  };
});

// Half-turn symmetric tours of large boards by building half and turning it.

for (const [rows, cols] of [
  [100, 100],
  [1000, 1000],
  [3162, 3162],
]) {
  const board = new Board(rows, cols);
  cases.push({
    group: "construct symmetric",
    name: `180° closed ${rows}x${cols}`,
    quick: board.cells <= 1e6,
    iterations: board.cells >= 1e7 ? 2 : 5,
    cells: board.cells,
    fn: () => {
      const result = constructHalfTurnSymmetric(board, { maxBytes: 8 * 1024 ** 3 });
      if (result.status !== "found") throw new Error(result.reason);
    },
  });
}

export default cases;
