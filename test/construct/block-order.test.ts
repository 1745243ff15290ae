import { describe, expect, it } from "vitest";
import { anyParts, evenParts, MAX_PART } from "../../src/construct/block-parts.js";
import { blockPath, blockPathPair } from "../../src/construct/block-path.js";
import { BlockCellReader, planBlockOrder } from "../../src/construct/index.js";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { TourChecker } from "../../src/core/validate-stream.js";
import { tourCells } from "../../src/solve/index.js";
import { tourExists } from "../../src/theory/exists.js";

/** Every cell of a tour, read through `tourCells` in chunks of an awkward size. */
function cellsOf(
  board: Board,
  closed: boolean,
  start?: number,
): { path: Int32Array; method: string } {
  const tour = tourCells(board, { closed, start });
  expect(tour.status).toBe("found");
  const path = new Int32Array(board.cells);
  let at = 0;
  for (const chunk of tour.chunks({ size: 251, reuse: true })) {
    path.set(chunk, at);
    at += chunk.length;
  }
  expect(at).toBe(board.cells);
  return { path, method: tour.method };
}

describe("block parts", () => {
  it("cut a side into near-equal parts of 5 to 12, even but for one odd last part", () => {
    for (let total = 5; total <= 400; total++) {
      const parts = evenParts(total)!;
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.slice(0, -1).every((p) => p % 2 === 0 && p >= 6 && p <= MAX_PART)).toBe(true);
      expect(parts.filter((p) => p % 2 === 1).length).toBe(total % 2);
      if (total >= 12 && total % 2 === 0) expect(evenParts(total, 2, true)!.length % 2).toBe(0);
      if (total >= 10) expect(anyParts(total, 2)!.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe("blockPath(h, w, from, to)", () => {
  it("is a Hamiltonian path of the block between the two cells asked for", () => {
    for (const [h, w, from, to] of [
      [12, 12, 24, 11],
      [10, 12, 0, 14],
      [6, 7, -1, 5],
      [3, 8, 0, 7],
    ] as const) {
      const path = blockPath(h, w, from, to)!;
      expect(validateTour(new Board(h, w), path).valid).toBe(true);
      if (from >= 0) expect(path[0]).toBe(from);
      expect(path[path.length - 1]).toBe(to);
    }
  });

  it("answers null where no such path exists (both ends of one colour on an even block)", () => {
    expect(blockPath(6, 6, 0, 2)).toBeNull();
  });
});

describe("blockPathPair(h, w, from, jumpFrom, jumpTo, to)", () => {
  it("is two paths that share the block's cells: from → jumpFrom, then jumpTo → to", () => {
    for (const [h, w, from, jumpFrom, jumpTo, to] of [
      [6, 8, 8, 15, 39, 32],
      [3, 8, 8, 15, 7, 0],
      [7, 10, 10, 19, 59, 50],
    ] as const) {
      const pair = blockPathPair(h, w, from, jumpFrom, jumpTo, to);
      if (pair === null) throw new Error(`no pair for ${h}x${w}`);
      const board = new Board(h, w);
      const split = pair.indexOf(jumpFrom) + 1;
      expect(new Set(pair).size).toBe(h * w);
      expect([pair[0], pair[split - 1], pair[split], pair[pair.length - 1]]).toEqual([
        from,
        jumpFrom,
        jumpTo,
        to,
      ]);
      // Each half is a chain of knight's moves.
      for (const half of [pair.subarray(0, split), pair.subarray(split)]) {
        for (let k = 1; k < half.length; k++) {
          expect(board.isKnightMove(half[k - 1]!, half[k]!)).toBe(true);
        }
      }
    }
  });

  it("answers null for ends that are not four distinct cells", () => {
    expect(blockPathPair(6, 8, 8, 15, 15, 40)).toBeNull();
  });
});

describe("planBlockOrder", () => {
  it("replays a few row programs for a large board, and memory does not grow with it", () => {
    const plan = planBlockOrder(10_000, 10_000, true);
    if (typeof plan === "string") throw new Error(plan);
    expect(plan.programs.length).toBeLessThan(20);
    expect(plan.paths.length).toBeLessThan(40);
    expect(plan.rowParts.length % 2).toBe(0);
  });

  it("says why a shape has no block order", () => {
    expect(planBlockOrder(4, 100, true)).toMatch(
      /needs two rows of blocks .* or one row of them .*; 4×100 is left/,
    );
    expect(planBlockOrder(4, 100, false)).toMatch(/4-row boards have no block order/);
  });

  it("crosses one row of blocks out and back on a board with a side of 3 or 5 to 11", () => {
    for (const [rows, cols] of [
      [6, 100],
      [100, 6],
      [3, 1000],
      [9, 334],
    ] as const) {
      const plan = planBlockOrder(rows, cols, true);
      if (typeof plan === "string") throw new Error(plan);
      expect(plan.rowParts).toEqual([Math.min(rows, cols)]);
      // Every block but the two at the ends is visited twice, each time by a different path.
      const { blockCols } = plan.programs[0]!;
      expect(blockCols.length).toBe(2 * plan.colParts.length - 2);
      expect(plan.paths.length).toBeLessThan(12);
      const path = new Int32Array(rows * cols);
      new BlockCellReader(plan).read(path);
      const verdict = validateTour(new Board(rows, cols), path, { closed: true });
      expect(verdict.valid, `${rows}x${cols}: ${verdict.valid || verdict.message}`).toBe(true);
    }
  });

  it("reads the same cells into integer and floating-point arrays", () => {
    const plan = planBlockOrder(40, 37, true);
    if (typeof plan === "string") throw new Error(plan);
    const ints = new Uint32Array(40 * 37);
    const floats = new Float64Array(40 * 37);
    new BlockCellReader(plan, 5).read(ints);
    const reader = new BlockCellReader(plan, 5);
    for (let at = 0; at < floats.length; at += 100) {
      reader.read(floats.subarray(at, at + 100));
    }
    expect([...floats]).toEqual([...ints]);
    expect(ints[0]).toBe(5);
  });
});

describe("tourCells(board, options)", () => {
  it("streams a valid tour of every board from 1×1 to 26×26 that has one, closed and open", () => {
    const methods = new Map<string, number>();
    for (let m = 1; m <= 26; m++) {
      for (let n = 1; n <= 26; n++) {
        const board = new Board(m, n);
        for (const closed of [true, false]) {
          const exists = tourExists(board, { closed }).exists;
          if (exists === false) {
            expect(tourCells(board, { closed }).status, `${m}x${n}`).toBe("impossible");
            continue;
          }
          const { path, method } = cellsOf(board, closed);
          methods.set(method, (methods.get(method) ?? 0) + 1);
          expect(validateTour(board, path, { closed }).valid, `${m}x${n} ${closed}`).toBe(true);
        }
      }
    }
    // Most shapes stream from blocks; the rest fall back and say so.
    expect(methods.get("blocks")).toBeGreaterThan(600);
  });

  it("starts a closed tour at any cell", () => {
    const board = new Board(30, 24);
    for (const start of [0, 1, 377, board.cells - 1]) {
      const { path, method } = cellsOf(board, true, start);
      expect(method).toBe("blocks");
      expect(path[0]).toBe(start);
      expect(validateTour(board, path, { closed: true }).valid).toBe(true);
    }
  });

  it("streams the closed tour of every board with a side of 3 or 5 to 11 (to 90) from blocks", () => {
    for (const h of [3, 5, 6, 7, 8, 9, 10, 11]) {
      for (let n = h; n <= 90; n++) {
        const board = new Board(h, n);
        if (tourExists(board, { closed: true }).exists !== true) continue;
        const { path, method } = cellsOf(board, true);
        expect(method, `${h}x${n}`).toBe("blocks");
        const verdict = validateTour(board, path, { closed: true });
        expect(verdict.valid, `${h}x${n}: ${verdict.valid || verdict.message}`).toBe(true);
      }
    }
  });

  it("starts the closed tour of a one-row board at any cell (blocks crossed twice)", () => {
    for (const [rows, cols] of [
      [6, 40],
      [3, 30],
      [24, 5],
    ] as const) {
      const board = new Board(rows, cols);
      for (let start = 0; start < board.cells; start++) {
        const { path, method } = cellsOf(board, true, start);
        expect(method).toBe("blocks");
        expect(path[0]).toBe(start);
        expect(validateTour(board, path, { closed: true }).valid, `${board} from ${start}`).toBe(
          true,
        );
      }
    }
  });

  it("streams the open tour of a 3-row board too short to cut as one block (3×13)", () => {
    for (const board of [new Board(3, 13), new Board(13, 3)]) {
      const { path, method } = cellsOf(board, false);
      expect(method).toBe("blocks");
      expect(validateTour(board, path).valid).toBe(true);
    }
  });

  it("falls back for shapes with no block order, and says why", () => {
    const tour = tourCells(new Board(4, 40));
    expect(tour.method).not.toBe("blocks");
    expect(tour.note).toMatch(/4-row boards have no block order/);
    const none = tourCells(new Board(4, 40), { fallback: false });
    expect(none.status).toBe("limit");
    expect(none.length).toBe(0);
  });

  it("streams boards past 2^31 cells as Float64Array chunks", () => {
    const board = new Board(70_000, 70_000, { streamed: true });
    const tour = tourCells(board, { closed: true, start: board.cells - 1 });
    expect(tour.method).toBe("blocks");
    const first = tour.chunks({ size: 1000 }).next().value!;
    expect(first).toBeInstanceOf(Float64Array);
    // Knight's moves between cells past 2^32, none repeated: the checker that needs no array.
    expect(Math.max(...first)).toBeGreaterThan(2 ** 32);
    const checker = new TourChecker(board);
    expect(checker.push(first)).toBe(true);
  });
});
