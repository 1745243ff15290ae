import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { bruteForceTour } from "../helpers/brute-force.js";

describe("validateTour", () => {
  // A closed 6×6 tour from the independent brute-force finder in test/helpers.
  const board = new Board(6, 6);
  const tour = { path: Int32Array.from(bruteForceTour({ rows: 6, cols: 6, closed: true })!) };

  it("accepts a valid closed tour and says it closes", () => {
    expect(validateTour(board, tour.path, { closed: true })).toEqual({
      valid: true,
      closable: true,
    });
  });

  it("reports the wrong length", () => {
    const result = validateTour(board, tour.path.slice(0, 35));
    expect(result.valid).toBe(false);
    if (!result.valid) {
      expect(result.fault).toEqual({ kind: "length", expected: 36, actual: 35 });
      expect(result.message).toBe("the tour has 35 cells but the 6×6 board has 36");
    }
  });

  it("reports a cell off the board", () => {
    const path = tour.path.slice();
    path[4] = 36;
    const result = validateTour(board, path);
    expect(!result.valid && result.fault).toEqual({ kind: "off-board", step: 5, cell: 36 });
  });

  it("reports a repeated cell with both step numbers", () => {
    const path = tour.path.slice();
    path[20] = path[3]!;
    const result = validateTour(board, path);
    expect(!result.valid && result.fault).toMatchObject({
      kind: "repeat",
      firstStep: 4,
      secondStep: 21,
    });
    expect(!result.valid && result.message).toMatch(/visited twice, at steps 4 and 21/);
  });

  it("reports a step that is not a knight move, naming both cells", () => {
    const path = tour.path.slice();
    [path[10], path[11]] = [path[11]!, path[10]!];
    const result = validateTour(board, path);
    expect(!result.valid && result.fault).toMatchObject({ kind: "not-a-move", step: 11 });
    expect(!result.valid && result.message).toMatch(
      /^step 10 → 11, [a-f][1-6] → [a-f][1-6], is not a knight's move$/,
    );
  });

  it("reports a tour marked closed whose ends do not meet", () => {
    const open = {
      board: new Board(5, 5),
      path: bruteForceTour({ rows: 5, cols: 5, closed: false })!,
    };
    expect(validateTour(open.board, open.path)).toEqual({ valid: true, closable: false });
    const result = validateTour(open.board, { path: open.path, closed: true });
    expect(!result.valid && result.fault.kind).toBe("not-closed");
  });

  it("accepts the one-cell tour of 1×1 and rejects an empty path", () => {
    expect(validateTour(new Board(1, 1), [0]).valid).toBe(true);
    expect(validateTour(new Board(1, 1), []).valid).toBe(false);
  });
});
