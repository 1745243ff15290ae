import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PlaySession, runPlaySession } from "../../src/cli/play-session.js";
import { Board } from "../../src/core/board.js";
import { formatCell } from "../../src/core/cells.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { runCli } from "../helpers/cli.js";
import { expectKnightPath } from "../solve/expect-tour.js";

const BOARDS = [new Board(5, 5), new Board(3, 4), new Board(6, 6), new Board(1, 1)];

/** Lines a player (or a cat on the keyboard) might type on `board`. */
function lineArbitrary(board: Board): fc.Arbitrary<string> {
  const cell = fc.integer({ min: 0, max: board.cells - 1 });
  return fc.oneof(
    // Squares in both notations, on the board: the legal moves come from these.
    { weight: 8, arbitrary: cell.map((c) => formatCell(board, c)) },
    { weight: 3, arbitrary: cell.map((c) => formatCell(board, c, "rc")) },
    {
      weight: 3,
      arbitrary: fc.constantFrom("undo", "u", "hint", "h", "board", "json", "help", "?", " UNDO "),
    },
    { weight: 1, arbitrary: fc.constantFrom("quit", "q", "exit") },
    { weight: 2, arbitrary: fc.constantFrom("", " ", "\t", "\r", "z99", "0,-1", "(1,2)", "a0") },
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    // Very long lines.
    { weight: 1, arbitrary: fc.string({ minLength: 2_000, maxLength: 20_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 5_000 }).map((n) => `${"1".repeat(n)},2`) },
  );
}

const game = fc.integer({ min: 0, max: BOARDS.length - 1 }).chain((which) =>
  fc.record({
    which: fc.constant(which),
    lines: fc.array(lineArbitrary(BOARDS[which]!), { maxLength: 60 }),
    closed: fc.boolean(),
    echo: fc.boolean(),
    start: fc.option(fc.integer({ min: 0, max: BOARDS[which]!.cells - 1 }), { nil: undefined }),
  }),
);

describe("knight play: any line typed", () => {
  it("never throws, ends with exit 0 or 1, and keeps a consistent game", async () => {
    await fc.assert(
      fc.asyncProperty(game, async ({ which, lines, closed, echo, start }) => {
        const board = BOARDS[which]!;
        const session = new PlaySession(board, {
          closed,
          ...(start === undefined ? {} : { start }),
        });
        let text = "";
        let read = 0;
        const counted = (function* () {
          for (const line of lines) {
            read++;
            yield line;
          }
        })();
        const summary = await runPlaySession(session, counted, {
          write: (chunk) => {
            text += chunk;
          },
          echo,
        });
        expect([0, 1]).toContain(summary.exitCode);
        // The path is a knight's path without repeats, from the fixed start when one was set.
        const path = session.game.path;
        expectKnightPath(board, path);
        if (start !== undefined) expect(path[0]).toBe(start);
        // The JSON and the summary agree with the game.
        const tour = parseTourJson(summary.json);
        expect(Array.from(tour.path)).toEqual(Array.from(path));
        expect(summary.text.endsWith("\n")).toBe(true);
        expect(text.endsWith(summary.text)).toBe(true);
        // Only quit or a finished tour stops the loop before the input runs out.
        if (read < lines.length) expect(session.finished).toBe(true);
        if (summary.exitCode === 0) {
          const status = session.game.status();
          const done = status === "closed-tour" || (status === "open-tour" && !closed);
          expect(done || /^(quit|q|exit)$/i.test(lines[read - 1]!.trim())).toBe(true);
        }
        // No echoed line is longer than the cut (80 characters and an ellipsis).
        for (const line of text.split("\n")) expect(line.length).toBeLessThan(400);
      }),
      { numRuns: 300 },
    );
  });

  it("survives random lines through the whole CLI too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(lineArbitrary(BOARDS[0]!), { maxLength: 30 }), async (lines) => {
        const run = await runCli(["play", "5"], { stdin: lines.join("\n") });
        expect([0, 1]).toContain(run.code);
        expect(run.stderr).toBe("");
      }),
      { numRuns: 40 },
    );
  });
});
