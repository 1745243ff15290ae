import { describe, expect, it } from "vitest";
import { PNG_MAX_PIXELS, PNG_MAX_SIDE } from "../../src/cli/commands/render.js";
import { formatTour } from "../../src/core/format/index.js";
import { runCli } from "../helpers/cli.js";
import { open5x5Tour } from "../helpers/tours.js";

// A PNG too large to draw is refused before drawing: --cell-size 100000 on 5×5 once asked the
// rasteriser for 500000² pixels (15 GB, minutes), and 2000000000 made it abort the process.
const TOUR_5 = formatTour(open5x5Tour(), "json");

describe("PNG size", () => {
  it.each(["100000", "2000000000"])(
    "render --cell-size %s: exit 2 with the size that fits",
    async (size) => {
      const result = await runCli(
        ["render", "t.json", "--format", "png", "--cell-size", size, "--out", "t.png"],
        { files: { "t.json": TOUR_5 } },
      );
      expect(result.code).toBe(2);
      expect(result.written["t.png"]).toBeUndefined();
      expect(result.stderr).toMatch(
        new RegExp(
          `^knight render: --format png: the 5×5 board at ${size} px per cell is \\d+×\\d+ pixels, over the ${PNG_MAX_SIDE} px per side and ${PNG_MAX_PIXELS} pixels a PNG may have; give --cell-size 1638 or less, or use --format svg\\n$`,
        ),
      );
    },
  );

  it("draws the largest PNG allowed for the board", async () => {
    const result = await runCli(
      ["render", "t.json", "--format", "png", "--cell-size", "20", "--out", "t.png"],
      { files: { "t.json": TOUR_5 } },
    );
    expect(result.code).toBe(0);
    expect(Array.from(result.written["t.png"]!.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
  });

  it("refuses a board too large for a PNG at any cell size, pointing to SVG", async () => {
    const result = await runCli(["tour", "5000", "--format", "png", "--out", "t.png"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the 5000×5000 board at 4 px per cell .* use --format svg\n$/);
  });
});
