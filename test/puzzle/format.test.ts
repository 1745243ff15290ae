import { describe, expect, it } from "vitest";
import {
  Board,
  createPuzzle,
  formatPuzzleGrid,
  formatPuzzleJson,
  parsePuzzle,
} from "../../src/index.js";

describe("puzzle formats", () => {
  const board = new Board(5, 6, { piece: "knight", topology: "cylinder", holes: [0, 29] });
  const puzzle = createPuzzle(
    board,
    [
      [1, 1],
      [14, 12],
      [28, 28],
    ],
    { closed: true },
  );

  it("the grid and the JSON read back to the same puzzle", () => {
    for (const text of [formatPuzzleGrid(puzzle), formatPuzzleJson(puzzle)]) {
      const back = parsePuzzle(text);
      expect(back.board.key).toBe(board.key);
      expect(back.closed).toBe(true);
      expect([...back.clues]).toEqual([...puzzle.clues]);
    }
  });

  it("writes the grid people type: numbers, . and #, a header for what is not the default", () => {
    expect(formatPuzzleGrid(puzzle)).toBe(
      [
        "closed",
        "topology cylinder",
        " #  1  .  .  .  .",
        " .  .  .  .  .  .",
        " . . 12  .  .  .".replace(" . . 12", " .  . 12"),
        " .  .  .  .  .  .",
        " .  .  .  . 28  #",
      ].join("\n"),
    );
    expect(formatPuzzleJson(puzzle)).toBe(
      '{"rows":5,"cols":6,"closed":true,"topology":"cylinder","holes":[[0,0],[4,5]],"clues":[[0,1,1],[2,2,12],[4,4,28]]}',
    );
  });

  it("reads runs of . and # without spaces, comments and settings", () => {
    const read = parsePuzzle("// a comment\npiece: giraffe\n\n1 . . . .\n..#..\n. . . . 5");
    expect(read.board.piece.name).toBe("giraffe");
    expect(read.board.holes).toEqual([7]);
    expect(read.clues[14]).toBe(5);
  });
});

describe("bad puzzles: the line and column, and what is allowed", () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      "ragged rows",
      "1 . .\n. .\n. . .",
      /this row has 2 cells but the first row has 3.*\(line 2, column 4\)/,
    ],
    [
      "a clue on a hole (JSON)",
      '{"rows":3,"cols":4,"holes":[[1,1]],\n"clues":[[0,0,1],[1,1,5]]}',
      /clue 5 is on b2, a hole of the board \(line 2, column 18\)/,
    ],
    [
      "a clue off the board (JSON)",
      '{"rows":3,"cols":4,"clues":[[0,0,1],\n  [3,0,2]]}',
      /clues\[1\] is at row 3, column 0, outside the 3×4 board .*\(line 2, column 3\)/,
    ],
    [
      "the same number twice",
      "1 . .\n. . 1\n. . .",
      /step 1 is given twice, on a3 and on c2 \(line 2, column 5\)/,
    ],
    [
      "a number out of range",
      ". . .\n. 10 .\n. . 1",
      /clue 10 on b2 is out of range: steps run from 1 to 9 .*\(line 2, column 3\)/,
    ],
    ["a zero", "0 . .", /clue 0 on a1 is out of range.*\(line 1, column 1\)/],
    [
      "a stray character",
      "1 . x",
      /'x' is not a number, \. \(a blank cell\) or # \(a hole\) \(line 1, column 5\)/,
    ],
    ["broken JSON", '{"rows":3,\n"cols":}', /the JSON does not parse \(line 2, column 8\)/],
    ["an unknown setting", "size 3\n1 . .", /unknown setting 'size'.*\(line 1, column 1\)/],
    ["no rows", "closed\n", /the puzzle has no rows/],
  ];
  for (const [what, text, message] of cases) {
    it(what, () => {
      expect(() => parsePuzzle(text)).toThrow(message);
    });
  }

  it("createPuzzle refuses the same faults without positions", () => {
    const board = new Board(3, 4, { holes: [5] });
    expect(() => createPuzzle(board, [[5, 1]])).toThrow("clue 1 is on b2, a hole of the board");
    expect(() => createPuzzle(board, [[0, 12]])).toThrow(/out of range: steps run from 1 to 11/);
    expect(() =>
      createPuzzle(board, [
        [0, 1],
        [1, 1],
      ]),
    ).toThrow("step 1 is given twice, on a3 and on b3");
    expect(() => createPuzzle(board, [[12, 1]])).toThrow(/not on the 3×4 minus b2 board/);
  });
});
