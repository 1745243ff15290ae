import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import {
  detectTourFormat,
  formatGrid,
  parseGrid,
  tourChunks,
} from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { TourChecker } from "../../src/core/validate-stream.js";
import { solve } from "../../src/solve/index.js";

/** The grid's holes, streamed JSON's geometry, and the streaming validator on any geometry. */

function tourOf(board: Board, closed = false) {
  const result = solve(board, { closed });
  expect(result.status, result.reason).toBe("found");
  return result.tour!;
}

describe("the numbered grid with holes", () => {
  it("prints holes as -- and reads them back as holes", () => {
    const board = new Board(6, 6, { holes: [0, 13] });
    const tour = tourOf(board);
    const text = formatGrid(tour);
    expect(text.split("\n")[0]!.trimStart().startsWith("--")).toBe(true);
    expect(detectTourFormat(text)).toBe("grid");
    const back = parseGrid(text);
    expect(back.board.equals(board)).toBe(true);
    expect([...back.path]).toEqual([...tour.path]);
    // The streamed writer prints the same text.
    const chunks = [...tourChunks(tour, "grid")].join("");
    expect(chunks).toBe(`${text}\n`);
  });

  it("uses a single dash where a column is one character wide", () => {
    const board = new Board(3, 3, { piece: "wazir", holes: [4] });
    const tour = tourOf(board, true);
    const text = formatGrid(tour);
    expect(text.split("\n")[1]).toBe(
      `${text.split("\n")[1]!.slice(0, 1)} - ${text.split("\n")[1]!.slice(-1)}`,
    );
    const back = parseGrid(text, { piece: "wazir" });
    expect(back.board.holes).toEqual([4]);
    expect(back.closed).toBe(true);
    expect(validateTour(back.board, back).valid).toBe(true);
  });

  it("joins the grid's holes with those of the options", () => {
    const board = new Board(4, 4, { topology: "torus", holes: [5] });
    const text = formatGrid({ board, path: tourOf(board).path });
    const back = parseGrid(text, { topology: "torus", holes: [5, 6] });
    expect(back.board.holes).toEqual([5, 6]);
    expect(validateTour(back.board, back).valid).toBe(false);
  });

  it("a plain board's grid is unchanged", () => {
    const board = new Board(5, 5);
    const text = formatGrid(tourOf(board));
    expect(text).not.toContain("-");
  });
});

describe("streamed tour JSON carries the geometry", () => {
  it("as formatTourJson does", () => {
    const board = new Board(6, 6, { piece: "zebra", topology: "torus", holes: [3] });
    const text = [...tourChunks(tourOf(board), "json")].join("");
    expect(text).toContain(
      '"closed":false,"piece":[[2,3]],"topology":"torus","holes":[[0,3]],"path"',
    );
  });
});

describe("TourChecker on any geometry", () => {
  const check = (board: Board, path: ArrayLike<number>, closed = false) => {
    const checker = new TourChecker(board, { closed });
    checker.push(path);
    return checker.finish();
  };

  it("agrees with validateTour on tours of tori, holed boards and other pieces", () => {
    for (const board of [
      new Board(6, 6, { topology: "torus" }),
      new Board(6, 6, { holes: [0, 1] }),
      new Board(10, 10, { piece: "giraffe" }),
      new Board(5, 6, { piece: "knight+camel", topology: "cylinder" }),
    ]) {
      const tour = tourOf(board, true);
      expect(check(board, tour.path, true)).toEqual(validateTour(board, tour, { closed: true }));
      // Broken copies (swapped pairs; a few may still be tours): the same verdict, the same
      // message but for repeats (a bit does not remember the first step).
      for (let k = 1; k + 4 < tour.path.length; k += 5) {
        const swapped = tour.path.slice();
        [swapped[k], swapped[k + 3]] = [swapped[k + 3]!, swapped[k]!];
        const a = check(board, swapped);
        const b = validateTour(board, swapped);
        expect(a.valid).toBe(b.valid);
        if (!a.valid && !b.valid) {
          expect(a.fault.kind).toBe(b.fault.kind);
          if (a.fault.kind !== "repeat") expect(a.message).toBe(b.message);
        }
      }
      const short = check(board, tour.path.subarray(0, tour.path.length - 1));
      expect(short.valid ? "" : short.message).toMatch(/has \d+ cells but/);
    }
  });

  it("refuses a hole and names the piece's move", () => {
    const board = new Board(5, 5, { piece: "zebra", holes: [12] });
    const hole = check(board, [0, 12]);
    expect(hole.valid ? "" : hole.message).toBe(
      "step 2 is c3, a hole of the 5×5 zebra minus c3 board",
    );
    const step = check(board, [0, 1]);
    expect(step.valid ? "" : step.message).toMatch(/is not a zebra's move$/);
  });
});
