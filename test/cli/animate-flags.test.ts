import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { formatTour } from "../../src/core/format/index.js";
import { validateTour } from "../../src/core/validate.js";
import { runCli } from "../helpers/cli.js";
import { open5x5Tour } from "../helpers/tours.js";

// `knight tour --animate` plays the tour on the terminal, or with --format svg writes an SVG
// whose path draws itself; `knight render --animated` writes that SVG. Neither command takes
// the other's spelling (an alias would make one spelling mean different things on different
// commands); the wrong one is refused with exit 2 and commander's suggestion of the right one.
const TOUR_5 = formatTour(open5x5Tour(), "json");

describe("--animate (tour) and --animated (render)", () => {
  it("render --animated writes an animated SVG", async () => {
    const result = await runCli(["render", "t.json", "--animated"], {
      files: { "t.json": TOUR_5 },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("<animate");
  });

  it("tour --format svg --animate writes the same kind of SVG, of a valid tour", async () => {
    const result = await runCli(["tour", "6", "--closed", "--format", "svg", "--animate"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^<svg[\s\S]*<animate[\s\S]*<\/svg>\n?$/);
    // The polyline's points are cell centres (column + ½, row + ½): read the tour back.
    const points = /<polyline class="tour"[^>]* points="([^"]+)"/.exec(result.stdout)![1]!;
    const board = new Board(6, 6);
    const path = points
      .split(" ")
      .map((xy) => xy.split(",").map((v) => Math.floor(Number(v))))
      .map(([c, r]) => board.cell(r!, c!));
    expect(validateTour(board, path, { closed: true }).valid).toBe(true);
  });

  it("tour --format png --animate is refused: a PNG cannot move", async () => {
    const result = await runCli(["tour", "6", "--format", "png", "--animate", "--out", "t.png"]);
    expect(result.code).toBe(2);
    expect(result.written["t.png"]).toBeUndefined();
    expect(result.stderr).toMatch(
      /--animate with --format png: a PNG cannot move; use --format svg/,
    );
  });

  it("render --animate is refused, pointing to --animated", async () => {
    const result = await runCli(["render", "t.json", "--animate"], { files: { "t.json": TOUR_5 } });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/unknown option '--animate'[\s\S]*Did you mean --animated\?/);
  });

  it("tour --animated is refused, pointing to --animate", async () => {
    const result = await runCli(["tour", "5", "--format", "svg", "--animated"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/unknown option '--animated'[\s\S]*Did you mean --animate\?/);
  });
});
