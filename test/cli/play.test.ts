import { describe, expect, it } from "vitest";
import { PlaySession, runPlaySession, splitLines } from "../../src/cli/play-session.js";
import { Board } from "../../src/core/board.js";
import { formatCell } from "../../src/core/cells.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { solve } from "../../src/solve/index.js";
import { runCli } from "../helpers/cli.js";

/** The squares of a tour found by `solve`, as algebraic names (the moves a player types). */
function tourMoves(board: Board, options: { closed?: boolean; start?: number }): string[] {
  const result = solve(board, { method: "search", ...options });
  if (result.tour === null) throw new Error(`no tour: ${result.reason}`);
  return Array.from(result.tour.path, (cell) => formatCell(board, cell));
}

/** Play `lines` through the session loop; the transcript and the summary. */
async function play(board: Board, lines: string[], options = {}) {
  const session = new PlaySession(board, options);
  let text = "";
  const summary = await runPlaySession(session, lines, {
    write: (chunk) => {
      text += chunk;
    },
    echo: true,
  });
  return { session, text, summary };
}

describe("knight play: the game loop", () => {
  it("plays a whole open 5×5 tour from piped moves and exits 0 with the tour as JSON", async () => {
    const board = new Board(5, 5);
    const moves = tourMoves(board, { start: 0 });
    const run = await runCli(["play", "5", "--json"], { stdin: `${moves.join("\n")}\n` });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Open tour of 5×5: all 25 squares in 24 moves, from a5");
    const tour = parseTourJson(run.stdout.trim());
    const check = validateTour(board, tour);
    expect(check.valid).toBe(true);
    expect(Array.from(tour.path, (cell) => formatCell(board, cell))).toEqual(moves);
    // Piped: no colour, each line echoed after its prompt.
    expect(run.stderr).not.toContain("\x1b[");
    expect(run.stderr).toContain("start square> a5\n");
  });

  it("plays a closed 6×6 tour with --closed and --start, in row,column notation too", async () => {
    const board = new Board(6, 6);
    const result = solve(board, { method: "search", closed: true, start: 0 });
    const moves = Array.from(result.tour!.path.subarray(1), (cell) => {
      return `${board.row(cell)},${board.col(cell)}`;
    });
    const run = await runCli(["play", "6", "--closed", "--start", "0,0"], {
      stdin: moves.join("\n"),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Closed tour of 6×6: all 36 squares, and \w+ is a knight's move/);
  });

  it("refuses illegal moves with the reason and leaves the game as it was", async () => {
    const board = new Board(5, 5);
    const { session, text } = await play(board, [
      "a1",
      "z9",
      "9,9",
      "a1",
      "b2",
      "c2",
      "a1",
      "hello",
      "",
    ]);
    expect(text).toContain('Off the board: "z9" is not a square of 5×5 (files a..e, ranks 1..5');
    expect(text).toContain('Off the board: "9,9"');
    expect(text).toContain("The knight is on a1 already.");
    expect(text).toContain("b2 is not a knight's move from a1.");
    expect(text).toContain("a1 was already visited (square 1 of the path)");
    expect(text).toContain('Not a square or a command: "hello"');
    expect(Array.from(session.game.path, (c) => formatCell(board, c))).toEqual(["a1", "c2"]);
  });

  it("lists the legal moves with their onward degree on hint, fewest first", async () => {
    const board = new Board(8, 8);
    const { text } = await play(board, ["hint", "a8", "hint"]);
    expect(text).toContain("Any square can start.");
    // From a8: b6 and c7, five onward moves each (test/play/game.test.ts works them out).
    expect(text).toContain(
      "Legal moves from a8: b6 (5 onward), c7 (5 onward). Warnsdorff's rule: b6 or c7 (a tie).",
    );
  });

  it("names a single Warnsdorff pick when one move has the fewest onward moves", async () => {
    const { text } = await play(new Board(5, 5), ["a1", "b3", "hint"]);
    expect(text).toContain(
      "Legal moves from b3: a5 (1 onward), c1 (3 onward), c5 (3 onward), d2 (3 onward), d4 (3 onward). Warnsdorff's rule: a5.",
    );
  });

  it("takes moves back with undo, but not the square fixed by --start", async () => {
    const board = new Board(5, 5);
    const free = await play(board, ["a1", "c2", "undo", "undo", "undo"]);
    expect(free.text).toContain("Took back c2.");
    expect(free.text).toContain("Took back a1.");
    expect(free.text).toContain("Nothing to undo.");
    expect(free.session.game.moves).toBe(0);
    const fixed = await play(board, ["u"], { start: 0 });
    expect(fixed.text).toContain("was set by --start");
    expect(fixed.session.game.moves).toBe(1);
  });

  it("ends at the end of input with a summary: stopped or stuck (exit 1), quit (exit 0)", async () => {
    const board = new Board(5, 5);
    const stopped = await play(board, ["a1", "c2"]);
    expect(stopped.summary.exitCode).toBe(1);
    expect(stopped.summary.text).toBe("Stopped after 1 move at c2: 2 of 25 squares visited.\n");
    const quit = await play(board, ["a1", "quit", "c2"]);
    expect(quit.summary.exitCode).toBe(0);
    expect(quit.session.game.moves).toBe(1);
    expect(quit.text).not.toContain("move 3");
    const none = await play(board, []);
    expect(none.summary.text).toBe("No moves played.\n");
    expect(none.summary.exitCode).toBe(1);
  });

  it("reports a stuck knight as soon as it is stuck, and in the summary", async () => {
    // On 3×4 this walk ends on c2, whose only knight's moves, a1 and a3, are both visited.
    const board = new Board(3, 4);
    const lines = ["a1", "b3", "c1", "d3", "b2", "d1", "c3", "b1", "a3", "c2"];
    const { text, summary, session } = await play(board, [...lines, "hint"]);
    expect(session.game.status()).toBe("stuck");
    expect(text).toContain(
      "Stuck: no unvisited square is a knight's move from c2 (10 of 12 squares visited). undo to go back, or quit.",
    );
    expect(text).toContain("No legal move from c2: undo to go back.");
    expect(summary.text).toBe(
      "Stuck after 9 moves at c2: 10 of 12 squares visited, no unvisited square a knight's move away.\n",
    );
    expect(summary.exitCode).toBe(1);
  });

  it("with --closed, covering the board with an open tour is not the end", async () => {
    const board = new Board(5, 5);
    // 5×5 has no closed tour: the intro says so, and a full open tour leaves the game open.
    const moves = tourMoves(board, { start: 0 });
    const { text, summary, session } = await play(board, moves, { closed: true });
    expect(text).toContain("Note: ");
    expect(text).toContain("an open tour, not a closed one");
    expect(session.finished).toBe(false);
    expect(summary.exitCode).toBe(1);
    expect(summary.text).toContain("(not closed: the ends are not a knight's move apart)");
  });

  it("prints the path so far as JSON on request, and shows the board in colour when asked", async () => {
    const board = new Board(5, 5);
    const { text } = await play(board, ["a1", "json"], { color: true });
    expect(text).toContain('{"rows":5,"cols":5,"closed":false,"path":[[4,0]]}');
    expect(text).toContain("\x1b[");
    const plain = await play(board, ["a1", "board", "help"]);
    expect(plain.text).not.toContain("\x1b[");
    expect(plain.text).toContain("[ 1]");
    expect(plain.text).toContain("Commands: undo (u)");
  });

  it("exits 2 on a bad board or start, and refuses boards too large to draw", async () => {
    expect((await runCli(["play", "0"])).code).toBe(2);
    const badStart = await runCli(["play", "5", "--start", "f9"]);
    expect(badStart.code).toBe(2);
    expect(badStart.stderr).toContain("--start");
    const huge = await runCli(["play", "200"]);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toContain("boards up to 10000 squares");
  });

  it("is listed by knight --help, with its own help and exit codes", async () => {
    const help = await runCli(["--help"]);
    expect(help.stdout).toMatch(/\n {2}play /);
    const own = await runCli(["play", "--help"]);
    expect(own.code).toBe(0);
    expect(own.stdout).toContain("Usage: knight play");
    expect(own.stdout).toContain("Exit 0 a tour was completed");
  });

  it("splits piped input into lines", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a1\r\nb3\n\nc5")).toEqual(["a1", "b3", "", "c5"]);
    expect(splitLines("a1\n")).toEqual(["a1"]);
  });
});
