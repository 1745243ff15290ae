// The streamed construction (tourCells: blocks visited in order, one addition a cell) against
// the whole-board construction (a successor array, then a walk), same boards, same run: the
// ratio is what the block order saves before a byte is written. The whole process against a C
// writer is bench/peers/stream-compare.js.

import { Board, construct, tourCells } from "../../dist/index.js";

const cases = [];
for (const [n, quick] of [
  [1000, true],
  [3162, true],
  [10000, false],
]) {
  const board = new Board(n, n, { streamed: true });
  const group = "stream";
  const whole = `construct ${n}x${n} closed (whole board, then walked)`;
  cases.push({
    group,
    name: whole,
    quick,
    iterations: n >= 10000 ? 2 : 5,
    cells: board.cells,
    fn: () => {
      const result = construct(new Board(n, n), { closed: true, maxBytes: 8 * 1024 ** 3 });
      if (result.status !== "found") throw new Error(result.reason);
    },
  });
  cases.push({
    group,
    name: `tourCells ${n}x${n} closed (block order, read into one 256 KiB array)`,
    quick,
    baseline: whole,
    iterations: n >= 10000 ? 2 : 5,
    cells: board.cells,
    setup: () => new Uint32Array(1 << 16),
    fn: (buffer) => {
      const reader = tourCells(board, { closed: true }).reader();
      let total = 0;
      for (let n = reader.read(buffer); n > 0; n = reader.read(buffer)) total += n;
      if (total !== board.cells) throw new Error(`${total} cells`);
    },
  });
}

export default cases;
