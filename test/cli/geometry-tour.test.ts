import { describe, expect, it } from "vitest";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";

/** knight tour / exists / verify / play with --piece, --topology, --holes and --mask. */

function validJson(stdout: string, closed = false) {
  const tour = parseTour(stdout, "json");
  const check = validateTour(tour.board, tour, { closed });
  expect(check.valid, check.valid ? "" : check.message).toBe(true);
  return tour;
}

describe("knight tour on other geometries", () => {
  it("6x6 --topology torus --closed --format json: a valid closed tour that says torus", async () => {
    const run = await runCli([
      "tour",
      "6x6",
      "--topology",
      "torus",
      "--closed",
      "--format",
      "json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('"topology":"torus"');
    const tour = validJson(run.stdout, true);
    expect(String(tour.board)).toBe("6×6 torus");
  });

  it("--piece zebra: the JSON names the leap, and the tour is a zebra's", async () => {
    const run = await runCli(["tour", "10", "--piece", "zebra", "--format", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('"piece":[[2,3]]');
    expect(validJson(run.stdout).board.piece.name).toBe("zebra");
  });

  it("--piece giraffe --closed, --topology cylinder, --piece knight+camel", async () => {
    for (const args of [
      ["10", "--piece", "giraffe", "--closed"],
      ["6x8", "--topology", "cylinder", "--closed"],
      ["7", "--piece", "knight+camel", "--closed", "--method", "bidirectional"],
      ["6", "--piece", "wazir", "--topology", "torus", "--method", "warnsdorff"],
    ]) {
      const run = await runCli(["tour", ...args, "--format", "json"]);
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(0);
      validJson(run.stdout, args.includes("--closed"));
    }
  });

  it("--holes: the grid shows the holes as --, and verify reads them back", async () => {
    const run = await runCli(["tour", "8", "--holes", "d4,e4"]);
    expect(run.code, run.stderr).toBe(0);
    const rows = run.stdout.trimEnd().split("\n");
    // d4 and e4: row 4 from the top (rank 4), columns 3 and 4.
    expect(rows[4]!.split(/\s+/).filter((t) => t !== "")).toEqual(expect.arrayContaining(["--"]));
    expect(rows[4]!.trim().split(/\s+/).slice(3, 5)).toEqual(["--", "--"]);
    const check = await runCli(["verify"], { stdin: run.stdout });
    expect(check.code, check.stderr).toBe(0);
    expect(check.stdout).toBe("valid open tour of 8×8 minus d4, e4 (62 cells)\n");
    const json = await runCli(["tour", "8", "--holes", "d4,e4", "--format", "json"]);
    expect(json.stdout).toContain('"holes":[[4,3],[4,4]]');
    validJson(json.stdout);
  });

  it("--mask: a picture of the board with # for holes", async () => {
    const mask = "##...\n.....\n..#..\n.....\n.....\n";
    const run = await runCli(["tour", "5", "--mask", "holes.txt", "--format", "json"], {
      files: { "holes.txt": mask },
    });
    expect(run.code, run.stderr).toBe(0);
    const tour = validJson(run.stdout);
    expect(tour.board.holes).toEqual([0, 1, 12]);
  });

  it("a geometry with no tour exits 1 with the reason", async () => {
    const camel = await runCli(["tour", "8", "--piece", "camel"]);
    expect(camel.code).toBe(1);
    expect(camel.stderr).toMatch(/never changes the colour of its square/);
    const holed = await runCli(["tour", "8", "--holes", "a1,h8"]);
    expect(holed.code).toBe(1);
    expect(holed.stderr).toMatch(/32 cells of one colour and 30 of the other/);
  });

  it("knight-only requests on other geometries exit 2 naming the geometry", async () => {
    for (const [args, pattern] of [
      [["6", "--topology", "torus", "--method", "construct"], /6×6 torus is not one/],
      [["6", "--topology", "torus", "--tie-break", "squirrel"], /6×6 torus is not one/],
      [["6", "--topology", "torus", "--closed", "--symmetry", "180"], /6×6 torus is not one/],
      [["6", "--holes", "a1", "--method", "dlx"], /cannot take holes/],
    ] as const) {
      const run = await runCli(["tour", ...args]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(pattern);
    }
  });

  it("bad geometry input exits 2 with a message naming the value", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["--piece", "dragon"], /unknown piece 'dragon'/],
      [["--piece", "0,0"], /'0,0'.*does not move/],
      [["--holes", "z9"], /'z9' is not on the 6×6 board/],
      [["--holes", "a1,a1"], /a1 is named twice/],
      [["--holes", "a1,a2,b1,b2", "--piece", "wazir"], /every cell/],
      [["--holes", "b2", "--start", "b2"], /--start: b2 is a hole/],
      [["--holes", "b2", "--end", "b2"], /--end: b2 is a hole/],
      [["--topology", "sphere"], /'sphere'/],
      [["--mask", "missing.txt"], /--mask: cannot read 'missing.txt'/],
    ];
    for (const [flags, pattern] of cases) {
      const board = flags.includes("a1,a2,b1,b2") ? "2" : "6";
      const run = await runCli(["tour", board, ...flags]);
      expect(run.code, flags.join(" ")).toBe(2);
      expect(run.stderr, flags.join(" ")).toMatch(pattern);
    }
  });
});

describe("knight exists on other geometries", () => {
  it("answers from the general rules, with the geometry in its JSON", async () => {
    const camel = await runCli(["exists", "8", "--piece", "camel", "--json"]);
    expect(camel.code).toBe(1);
    const answer = JSON.parse(camel.stdout);
    expect(answer).toMatchObject({ rows: 8, cols: 8, piece: [[1, 3]], exists: false });
    const torus = await runCli(["exists", "5", "--topology", "torus", "--closed"]);
    expect(torus.code).toBe(0);
    expect(torus.stdout).toMatch(/^yes: .*Watkins and Hoenigman/);
  });

  it("searches when no rule decides", async () => {
    const run = await runCli(["exists", "10", "--piece", "giraffe", "--closed", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ exists: true, decidedBy: "search" });
  });

  it("an end on a hole exits 2", async () => {
    const run = await runCli(["exists", "5", "--holes", "c3", "--end", "c3"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--end: c3 is a hole/);
  });
});

describe("knight verify with geometry flags", () => {
  it("checks a torus tour typed as a grid, with --topology torus", async () => {
    const tour = await runCli(["tour", "6", "--topology", "torus", "--closed"]);
    const plain = await runCli(["verify"], { stdin: tour.stdout });
    expect(plain.code).toBe(1); // read as a plain board, some move wraps
    const torus = await runCli(["verify", "--topology", "torus", "--closed"], {
      stdin: tour.stdout,
    });
    expect(torus.code, torus.stderr).toBe(0);
    expect(torus.stdout).toBe("valid closed tour of 6×6 torus (36 cells)\n");
  });

  it("an algebraic move list and a binary tour take the flags' piece and holes", async () => {
    const list = await runCli(["tour", "7", "--piece", "knight+camel", "--format", "algebraic"]);
    const check = await runCli(["verify", "--piece", "knight+camel"], { stdin: list.stdout });
    expect(check.code, check.stderr).toBe(0);
    const bin = await runCli(["tour", "6", "--holes", "a6", "--format", "bin", "--out", "t.bin"]);
    expect(bin.code, bin.stderr).toBe(0);
    const bytes = bin.written["t.bin"]!;
    const ok = await runCli(["verify", "t.bin", "--holes", "a6"], { files: { "t.bin": bytes } });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toBe("valid open tour of 6×6 minus a6 (35 cells)\n");
    const wrong = await runCli(["verify", "t.bin"], { files: { "t.bin": bytes } });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/35 cells but the 6×6 board has 36/);
  });

  it("tour JSON keeps its own geometry; flags that differ are refused", async () => {
    const json = await runCli(["tour", "6", "--topology", "torus", "--format", "json"]);
    const same = await runCli(["verify", "--topology", "torus"], { stdin: json.stdout });
    expect(same.code, same.stderr).toBe(0);
    const other = await runCli(["verify", "--topology", "cylinder"], { stdin: json.stdout });
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/states its board, 6×6 torus.*6×6 cylinder/);
  });

  it("a hole stepped on is named", async () => {
    const tour = await runCli(["tour", "5", "--format", "json"]);
    const start = parseTour(tour.stdout, "json").path[3]!;
    const name = `${"abcde"[start % 5]}${5 - Math.floor(start / 5)}`;
    const grid = (await runCli(["tour", "5"])).stdout;
    const run = await runCli(["verify", "--holes", name], { stdin: grid });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`${name}, a hole of the 5×5 minus ${name} board`));
  });
});

describe("knight play on other geometries", () => {
  it("plays a holed board, refusing the hole and naming the piece's move", async () => {
    const run = await runCli(["play", "5", "--holes", "c3", "--piece", "wazir"], {
      stdin: "c3\na1\nc1\nquit\n",
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Tour on 5×5 wazir minus c3: visit every square that is not a hole once\./,
    );
    expect(run.stdout).toContain("c3 is a hole of 5×5 wazir minus c3: the tour leaves it out.");
    expect(run.stdout).toContain("c1 is not a wazir's move from a1.");
  });

  it("finishes a whole tour of a wrapped board from piped moves", async () => {
    const tour = await runCli(["tour", "4", "--topology", "torus", "--format", "algebraic"]);
    const moves = tour.stdout.split("\n").slice(1).join(" ").trim().split(/\s+/);
    const run = await runCli(["play", "4", "--topology", "torus", "--json"], {
      stdin: `${moves.join("\n")}\n`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Open tour of 4×4 torus: all 16 squares/);
    validJson(run.stdout);
  });
});
