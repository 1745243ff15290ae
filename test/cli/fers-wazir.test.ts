import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseTourJson } from "../../src/core/format/json.js";
import { validateTour } from "../../src/core/validate.js";
import { countFersWazir } from "../../src/count/alternating.js";
import { runCli } from "../helpers/cli.js";
import { bruteFersWazir } from "../helpers/fers-wazir-brute.js";

/**
 * The OEIS A383154 example's first 4×4 tour (cells 0–f in hex there), as a numbered grid: 1 is
 * its cell 0. It alternates fers and wazir moves, the closing move f → 0 included.
 */
const TOUR_4X4 = " 1 16  5  4\n15  2  3  6\n14 11 10  7\n12 13  8  9\n";

describe("knight count --piece fers-wazir", () => {
  test("counts closed tours as the sweep and the brute force do", async () => {
    for (const [rows, cols] of [
      [4, 4],
      [4, 6],
      [2, 8],
    ] as const) {
      const result = await runCli([
        "count",
        `${rows}x${cols}`,
        "--closed",
        "--piece",
        "fers-wazir",
      ]);
      const brute = bruteFersWazir(rows, cols);
      expect(result).toMatchObject({ code: 0, stdout: `${brute}\n` });
      expect(countFersWazir(rows, cols).count).toBe(BigInt(brute));
    }
  });

  test("--json names the piece and the convention", async () => {
    const result = await runCli(["count", "8", "--closed", "--piece", "fers-wazir", "--json"]);
    expect(JSON.parse(result.stdout)).toEqual({
      status: "done",
      rows: 8,
      cols: 8,
      piece: "fers-wazir",
      closed: true,
      directed: false,
      count: String(countFersWazir(8, 8).count),
    });
  });

  test("an odd side answers 0 with the reason", async () => {
    const result = await runCli(["count", "5x8", "--closed", "--piece", "fers-wazir"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("0\n");
    expect(result.stderr).toMatch(/both sides even.*5×8 has none, so the count is 0/);
  });

  test("open tours, other methods and flags that name cells exit 2, saying why", async () => {
    for (const [argv, why] of [
      [["count", "8", "--piece", "fers-wazir"], /closed tours.*add --closed/],
      [["count", "8", "--open", "--piece", "fers-wazir"], /closed tours.*add --closed/],
      [
        ["count", "8", "--closed", "--piece", "fers-wazir", "--method", "mates"],
        /got --method mates/,
      ],
      [["count", "8", "--closed", "--piece", "fers-wazir", "--start", "a1"], /no --start/],
      [["count", "8", "--closed", "--piece", "fers-wazir", "--topology", "torus"], /no --topology/],
      [
        ["enumerate", "4", "--piece", "fers-wazir"],
        /taken by count --closed, tour and verify only/,
      ],
      [["tour", "4", "--piece", "fers-wazir", "--start", "b2"], /no --start/],
    ] as const) {
      const result = await runCli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.stderr, argv.join(" ")).toMatch(why);
    }
  });
});

describe("knight verify --piece fers-wazir", () => {
  test("accepts an alternating closed tour that the king's board accepts too", async () => {
    const files = { "t.txt": TOUR_4X4 };
    const fw = await runCli(["verify", "t.txt", "--piece", "fers-wazir"], { files });
    expect(fw).toMatchObject({
      code: 0,
      stdout: "valid closed fers-wazir tour of 4×4 (16 cells)\n",
    });
    const king = await runCli(["verify", "t.txt", "--piece", "fers+wazir", "--closed"], { files });
    expect(king.code).toBe(0);
  });

  test("refuses two moves of one class in a row, naming them, and open tours", async () => {
    // A king's closed tour (valid for fers+wazir) whose 6th and 7th moves are both orthogonal.
    const files = {
      "bad.txt": " 1 16  5  4\n15  2  3  6\n14 11 10  7\n12 13  9  8\n",
      "open.txt": " 1  2  3  4\n 8  7  6  5\n 9 10 11 12\n16 15 14 13\n",
    };
    const king = await runCli(["verify", "bad.txt", "--piece", "fers+wazir", "--closed"], {
      files,
    });
    expect(king.code).toBe(0);
    const bad = await runCli(["verify", "bad.txt", "--piece", "fers-wazir"], { files });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/moves 6 and 7 \(d3–d2–d1\) are both orthogonal/);
    const open = await runCli(["verify", "open.txt", "--piece", "fers-wazir"], { files });
    expect(open.code).toBe(1);
    expect(open.stderr).toMatch(/is closed, and this one is open/);
  });
});

describe("knight tour --piece fers-wazir", () => {
  test("prints a closed tour that the validator and an independent alternation check accept", async () => {
    for (const [rows, cols] of [
      [2, 2],
      [4, 4],
      [4, 10],
      [10, 4],
      [8, 8],
    ] as const) {
      const result = await runCli([
        "tour",
        `${rows}x${cols}`,
        "--piece",
        "fers-wazir",
        "--format",
        "json",
      ]);
      expect(result.code, `${rows}x${cols}`).toBe(0);
      const tour = parseTourJson(result.stdout);
      const king = new Board(rows, cols, { piece: "fers+wazir" });
      expect(validateTour(king, tour.path, { closed: true }).valid).toBe(true);
      // Diagonal and orthogonal steps in turn, the closing step included.
      const n = tour.path.length;
      const diagonal = (i: number) => {
        const a = tour.path[i % n]!;
        const b = tour.path[(i + 1) % n]!;
        return (
          Math.abs((a % cols) - (b % cols)) === 1 &&
          Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) === 1
        );
      };
      for (let i = 0; i < n; i++) expect(diagonal(i)).not.toBe(diagonal(i + 1));
      const verified = await runCli(["verify", "--piece", "fers-wazir"], { stdin: result.stdout });
      expect(verified.code).toBe(0);
    }
  });

  test("a board with an odd side has none (exit 1, with the reason)", async () => {
    const result = await runCli(["tour", "5x6", "--piece", "fers-wazir"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no closed fers-wazir tour of 5×6: .*both sides even/);
  });
});
