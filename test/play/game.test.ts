import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Board, KnightGame, validateTour } from "../../src/index.js";
import { backtrackedTour, solvedTour } from "../render/helpers.js";

describe("KnightGame", () => {
  it("accepts any first cell, then only unvisited knight moves", () => {
    const game = new KnightGame(new Board(5, 5));
    expect(game.status()).toBe("start");
    expect(game.move(12)).toBe(true);
    expect(game.move(13)).toBe(false); // a king's move
    expect(game.move(12)).toBe(false); // visited
    expect(game.move(99)).toBe(false); // off the board
    expect(game.moves).toBe(1);
    expect(
      game
        .candidates()
        .map((c) => c.cell)
        .sort((a, b) => a - b),
    ).toEqual([1, 3, 5, 9, 15, 19, 21, 23]);
    expect(game.move(1)).toBe(true);
    expect(game.move(12)).toBe(false);
  });

  it("gives Warnsdorff's hint: onward degree after the move", () => {
    const game = new KnightGame(new Board(8, 8));
    game.move(0);
    const hints = new Map(game.candidates().map((c) => [c.cell, c.onward]));
    // From a8 (0): b6 (17) goes on to c8 d7 d5 c4 a4, c7 (10) to a6 b5 d5 e6 e8: 5 each
    // (a8 itself, now visited, is not counted).
    expect(hints).toEqual(
      new Map([
        [17, 5],
        [10, 5],
      ]),
    );
    game.move(10);
    // From c7 (10), e8 = (0,4) = 4 has d6 (18), f6 (22), g7 (14) → 3 onward.
    expect(game.candidates().find((c) => c.cell === 4)!.onward).toBe(3);
  });

  it("says stuck, undoes, and recognises a finished closed or open tour", () => {
    const tour = solvedTour(6, 6, true);
    const game = new KnightGame(tour.board);
    for (const cell of tour.path) expect(game.move(cell)).toBe(true);
    expect(game.status()).toBe("closed-tour");
    const finished = game.tour()!;
    expect(validateTour(tour.board, finished, { closed: true }).valid).toBe(true);
    expect(game.undo()).toBe(true);
    expect(game.status()).toBe("playing");
    expect(game.tour()).toBeNull();

    const open = backtrackedTour(5, 5, false);
    const g2 = new KnightGame(open.board);
    for (const cell of open.path) g2.move(cell);
    expect(g2.status()).toBe("open-tour");

    const corner = new KnightGame(new Board(3, 3));
    corner.move(4); // the centre of 3×3 has no knight moves
    expect(corner.status()).toBe("stuck");
  });

  it("undo restores exactly the earlier candidates (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (n, picks) => {
          const game = new KnightGame(new Board(n, n));
          game.move(0);
          for (const pick of picks) {
            const before = game.candidates();
            if (before.length === 0) break;
            game.move(before[pick % before.length]!.cell);
            game.undo();
            expect(game.candidates()).toEqual(before);
            game.move(before[pick % before.length]!.cell);
          }
          const path = game.path;
          for (let i = 1; i < path.length; i++)
            expect(game.board.isKnightMove(path[i - 1]!, path[i]!)).toBe(true);
        },
      ),
    );
  });
});
