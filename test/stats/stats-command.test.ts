import { describe, expect, test } from "vitest";
import { runCli } from "../helpers/cli.js";
import { TOUR_3X4 } from "./fixtures.js";

const TOUR_3X4_JSON = JSON.stringify({ rows: 3, cols: 4, closed: false, path: TOUR_3X4 });

describe("knight stats [FILE|-] [--json]", () => {
  test("reads JSON from stdin and prints the report", async () => {
    const r = await runCli(["stats"], { stdin: TOUR_3X4_JSON });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^board: 3×4, open tour, 11 moves$/m);
    expect(r.stdout).toMatch(
      /turns: 10 — acute 8, obtuse 0, orthogonal 2 \(180° counts as obtuse and orthogonal\)/,
    );
    expect(r.stdout).toMatch(/slopes: 2: 3, -2: 1, 1\/2: 3, -1\/2: 4/);
    expect(r.stdout).toMatch(/symmetry: none/);
  });

  test("--json gives the numbers; a file argument works too", async () => {
    const r = await runCli(["stats", "t.json", "--json"], { files: { "t.json": TOUR_3X4_JSON } });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.moves).toBe(11);
    expect(data.angles.acute).toBe(8);
    expect([data.angles.obtuse, data.angles.orthogonal]).toEqual([0, 2]);
    expect(data.crossings.unintersected).toBe(0);
    expect(data.angles.classes.map((c: { count: number }) => c.count)).toEqual([4, 4, 2, 0, 0, 0]);
    expect(data.slopes).toEqual({ "2": 3, "-2": 1, "1/2": 3, "-1/2": 4 });
    expect(data.ends).toMatchObject({ start: "a3", end: "a2", sameColour: false });
    expect(data.symmetries).toEqual([]);
  });

  test("pipes from `knight tour --symmetry 90` and shows the symmetry", async () => {
    const tour = await runCli(["tour", "10", "--closed", "--symmetry", "90", "--format", "json"]);
    expect(tour.code).toBe(0);
    const r = await runCli(["stats", "--json"], { stdin: tour.stdout });
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout);
    expect(data.closed).toBe(true);
    expect(data.symmetries.map((s: { transform: string }) => s.transform)).toEqual([
      "rotate90",
      "rotate180",
      "rotate270",
    ]);
    const grid = await runCli(["tour", "6", "--closed", "--symmetry", "180"]);
    const text = await runCli(["stats"], { stdin: grid.stdout });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/rotate180/);
  });

  test("an invalid tour exits 1, unreadable input exits 2", async () => {
    const bad = JSON.stringify({
      rows: 3,
      cols: 4,
      closed: false,
      path: [
        [0, 0],
        [0, 1],
      ],
    });
    const r = await runCli(["stats"], { stdin: bad });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/invalid tour/);
    const junk = await runCli(["stats"], { stdin: "{not json" });
    expect(junk.code).toBe(2);
  });
});
