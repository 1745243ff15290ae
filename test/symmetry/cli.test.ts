import { describe, expect, test } from "vitest";
import { Board } from "../../src/core/board.js";
import { parseTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { isInvariant } from "../../src/symmetry/invariance.js";
import { runCli } from "../helpers/cli.js";

describe("knight tour --symmetry", () => {
  test("--symmetry 90 on 18×18 (Knuth's board) prints a valid quarter-turn symmetric tour", async () => {
    const r = await runCli(["tour", "18", "--closed", "--symmetry", "90", "--format", "json"]);
    expect(r.code).toBe(0);
    const tour = parseTour(r.stdout);
    expect(validateTour(new Board(18), tour, { closed: true }).valid).toBe(true);
    expect(isInvariant(tour, "rotate90")).toBe(true);
  });

  test("--symmetry 180 with --start begins the tour there", async () => {
    const r = await runCli([
      "tour",
      "6x8",
      "--symmetry",
      "180",
      "--start",
      "c3",
      "--format",
      "json",
    ]);
    expect(r.code).toBe(0);
    const tour = parseTour(r.stdout);
    expect(validateTour(tour.board, tour, { closed: true }).valid).toBe(true);
    expect(tour.path[0]).toBe(tour.board.cell(3, 2)); // c3: column c, rank 3 of 6
    expect(isInvariant(tour, "rotate180")).toBe(true);
  });

  test("impossible requests exit 1 with the reason", async () => {
    const r = await runCli(["tour", "8", "--closed", "--symmetry", "90"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/n ≡ 2 \(mod 4\)/);
    const s = await runCli(["tour", "3x12", "--closed", "--symmetry", "180"]);
    expect(s.code).toBe(1);
    expect(s.stderr).toMatch(/exhaustive search/);
  });

  test("bad requests exit 2: a quarter turn of a rectangle, --end, an angle not offered", async () => {
    expect((await runCli(["tour", "6x10", "--symmetry", "90"])).code).toBe(2);
    expect((await runCli(["tour", "6", "--symmetry", "180", "--end", "a1"])).code).toBe(2);
    expect((await runCli(["tour", "6", "--symmetry", "45"])).code).toBe(2);
  });
});

describe("knight count --symmetry / --up-to-symmetry", () => {
  test("6×6: 78 half-turn tours, 22 classes; 10 quarter-turn ones", async () => {
    expect((await runCli(["count", "6", "--symmetry", "180"])).stdout).toBe("78\n");
    expect((await runCli(["count", "6", "--symmetry", "180", "--up-to-symmetry"])).stdout).toBe(
      "22\n",
    );
    expect((await runCli(["count", "6", "--closed", "--symmetry", "90"])).stdout).toBe("10\n");
  });

  test("--json follows the count contract", async () => {
    const r = await runCli(["count", "3x14", "--symmetry", "180", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      status: "done",
      rows: 3,
      cols: 14,
      closed: true,
      directed: false,
      symmetry: 180,
      upToSymmetry: false,
      count: "24",
      rotating: "16",
      reversing: "8",
    });
  });

  test("--up-to-symmetry --json gives the classes as the count and the tours beside", async () => {
    const r = await runCli(["count", "6", "--symmetry", "180", "--up-to-symmetry", "--json"]);
    expect(JSON.parse(r.stdout)).toMatchObject({
      symmetry: 180,
      upToSymmetry: true,
      count: "22",
      tours: "78",
    });
  });

  test("--closed --up-to-symmetry counts classes of all closed tours: 6×6 gives 1,245", async () => {
    const r = await runCli(["count", "6", "--closed", "--up-to-symmetry"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("1245\n");
  });

  test("open tours, a fixed start or a quarter turn of a rectangle exit 2", async () => {
    expect((await runCli(["count", "6", "--open", "--symmetry", "180"])).code).toBe(2);
    expect((await runCli(["count", "6", "--up-to-symmetry"])).code).toBe(2);
    expect((await runCli(["count", "6", "--symmetry", "180", "--start", "a1"])).code).toBe(2);
    expect((await runCli(["count", "6x8", "--symmetry", "90"])).code).toBe(2);
  });
});
