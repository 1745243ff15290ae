import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { validateTour } from "../../src/core/validate.js";
import { KnightGame, teachingSolveOptions, traceWindow } from "../../src/play/index.js";

describe("play on other geometries", () => {
  it("a hole cannot start the game, and a tour covers the other cells", () => {
    const board = new Board(2, 3, { piece: "wazir", holes: [0] });
    const game = new KnightGame(board);
    expect(game.isLegal(0)).toBe(false);
    for (const cell of [1, 2, 5, 4, 3]) expect(game.move(cell), `move ${cell}`).toBe(true);
    expect(game.status()).toBe("open-tour");
    expect(validateTour(board, game.tour()!).valid).toBe(true);
  });

  it("a wrapped move is legal on a torus and a closed tour is recognised", () => {
    const board = new Board(1, 4, { piece: "wazir", topology: "torus" });
    const game = new KnightGame(board);
    for (const cell of [0, 3, 2, 1]) expect(game.move(cell)).toBe(true);
    expect(game.status()).toBe("closed-tour");
  });

  it("a teaching search starts on the first cell that is not a hole", () => {
    const board = new Board(3, 3, { piece: "wazir", holes: [0] });
    expect(teachingSolveOptions({}, board).start).toBe(1);
    const window = traceWindow(board, {}, 0, 100);
    expect(window.events[0]).toMatchObject({ action: "advance", cell: 1 });
  });
});
