import { describe, expect, it } from "vitest";
import {
  Board,
  HOLY_KNIGHT_GRID,
  parsePuzzle,
  parseTour,
  solvePuzzle,
  validateTour,
} from "../../src/index.js";
import { runCli } from "../helpers/cli.js";

const HOLY = HOLY_KNIGHT_GRID;

describe("knight puzzle solve", () => {
  it("solves the Rosetta holy knight's board and says it is not unique", async () => {
    const run = await runCli(["puzzle", "solve", "holy.txt"], { files: { "holy.txt": HOLY } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe("more than one solution; one of them:");
  });

  it("--json: status, unique, solutions and a tour the validator accepts", async () => {
    const made = await runCli([
      "puzzle",
      "new",
      "8",
      "--seed",
      "4",
      "--difficulty",
      "hard",
      "--json",
    ]);
    expect(made.code, made.stderr).toBe(0);
    const run = await runCli(["puzzle", "solve", "--json"], { stdin: made.stdout });
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer).toMatchObject({ status: "done", unique: true, solutions: 1 });
    const tour = parseTour(JSON.stringify(answer.tour), "json");
    expect(validateTour(new Board(8, 8), tour).valid).toBe(true);
  });

  it("--count counts every solution", async () => {
    const run = await runCli(["puzzle", "solve", "--count", "--json"], {
      stdin: "1 . . .\n. . . .\n. . . .",
    });
    expect(JSON.parse(run.stdout)).toMatchObject({ unique: false, solutions: 2 });
  });

  it("an unsolvable puzzle exits 1 with the reason", async () => {
    const run = await runCli(["puzzle", "solve", "-"], { stdin: "1 . . .\n. . . .\n. . . 3" });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "knight puzzle: no solution: 3 on d1 cannot follow 1 on a3 in 2 moves: it takes at least 3\n",
    );
    const json = await runCli(["puzzle", "solve", "--json"], {
      stdin: "1 . . .\n. . . .\n. . . 3",
    });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      status: "done",
      solutions: 0,
      tour: null,
    });
  });

  it.each([
    ["ragged rows", "1 . .\n. .\n. . .", "line 2, column 4"],
    [
      "a clue on a hole",
      '{"rows":3,"cols":4,"holes":[[1,1]],"clues":[[1,1,5]]}',
      "line 1, column 45",
    ],
    ["a clue outside the board", '{"rows":3,"cols":4,"clues":[[5,1,2]]}', "line 1, column 29"],
    ["a number used twice", "1 . .\n. . 1\n. . .", "line 2, column 5"],
    ["a number out of range", ". . .\n. 10 .\n. . 1", "line 2, column 3"],
  ])("bad input, %s: exit 2 with the line and column", async (_what, text, where) => {
    const run = await runCli(["puzzle", "solve"], { stdin: text });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`(${where})`);
  });
});

describe("knight puzzle new", () => {
  it("prints a puzzle that reads back, with its answer after a form feed; the same seed twice", async () => {
    const run = await runCli(["puzzle", "new", "6", "--closed", "--seed", "9"]);
    expect(run.code, run.stderr).toBe(0);
    const puzzle = parsePuzzle(run.stdout);
    expect(puzzle.closed).toBe(true);
    expect(solvePuzzle(puzzle).unique).toBe(true);
    expect(run.stdout).toContain("\f\n// answers");
    const again = await runCli(["puzzle", "new", "6", "--closed", "--seed", "9"]);
    expect(again.stdout).toBe(run.stdout);
  });

  it("--json: one puzzle per line, with the difficulty asked; geometry flags apply", async () => {
    const run = await runCli([
      "puzzle",
      "new",
      "6",
      "--closed",
      "--holes",
      "a1,f1",
      "-n",
      "2",
      "--difficulty",
      "easy",
      "--json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(JSON.parse(line).difficulty).toBe("easy");
      const puzzle = parsePuzzle(line);
      expect(puzzle.board.holes).toEqual([30, 35]);
      expect(solvePuzzle(puzzle).unique).toBe(true);
    }
  });

  it("--format svg: two pages, the puzzles and the answers", async () => {
    const run = await runCli(["puzzle", "new", "6", "--closed", "--limit", "3", "--format", "svg"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^<svg /);
    expect(run.stdout).toContain("seed 1: answers");
    // Three puzzle boards and three answer boards.
    expect(run.stdout.match(/<svg x=/g)).toHaveLength(6);
  });

  it("--format pdf writes a two-page PDF, and refuses a terminal", async () => {
    const run = await runCli([
      "puzzle",
      "new",
      "6",
      "--closed",
      "--format",
      "pdf",
      "--out",
      "p.pdf",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const pdf = Buffer.from(run.written["p.pdf"]!).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const tty = await runCli(["puzzle", "new", "6", "--format", "pdf"], { stdoutIsTTY: true });
    expect(tty.code).toBe(2);
    expect(tty.stderr).toMatch(/standard output is a terminal/);
  });

  it("bad options exit 2 naming the value", async () => {
    const both = await runCli(["puzzle", "new", "8", "--clues", "10", "--difficulty", "easy"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--clues or --difficulty, not both/);
    const level = await runCli(["puzzle", "new", "8", "--difficulty", "extreme"]);
    expect(level.code).toBe(2);
    expect(level.stderr).toMatch(/--difficulty must be one of easy, medium, hard; got 'extreme'/);
  });

  it("a board without such a tour has no puzzle: exit 1 with the theorem", async () => {
    const open = await runCli(["puzzle", "new", "4"]);
    expect(open.code).toBe(1);
    expect(open.stderr).toMatch(/^knight puzzle: no puzzle on the 4×4 board: 4×4 has no open tour/);
    const closed = await runCli(["puzzle", "new", "7", "--closed"]);
    expect(closed.code).toBe(1);
    expect(closed.stderr).toMatch(/no puzzle on the 7×7 board: a closed tour alternates colours/);
  });
});
