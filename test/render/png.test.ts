import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { renderPng } from "../../src/node/png.js";
import { solvedTour } from "./helpers.js";

function decode(bytes: Uint8Array): PNG {
  return PNG.sync.read(Buffer.from(bytes));
}

/** Number of distinct colours among sampled pixels: a blank picture has one. */
function colours(png: PNG): number {
  const seen = new Set<number>();
  for (let i = 0; i < png.data.length; i += 4 * 7) seen.add(png.data.readUInt32BE(i));
  return seen.size;
}

describe("renderPng(tour, options)", () => {
  it("rasterises an 8×8 tour at 64 px per cell, not blank", () => {
    const tour = solvedTour(8, 8, true);
    const png = decode(renderPng(tour));
    expect([png.width, png.height]).toEqual([512, 512]);
    expect(colours(png)).toBeGreaterThan(20);
    // The start marker's colour (#2a9d8f) is at the centre of the first cell.
    const cell = tour.path[0]!;
    const x = (cell % 8) * 64 + 32;
    const y = Math.floor(cell / 8) * 64 + 32 + 12; // below the number, inside the circle
    const i = (y * png.width + x) * 4;
    expect([png.data[i], png.data[i + 1], png.data[i + 2]]).toEqual([0x2a, 0x9d, 0x8f]);
  });

  it("honours cellSize on a non-square board", () => {
    const tour = solvedTour(5, 6, false);
    const png = decode(renderPng(tour, { cellSize: 10, gradient: true }));
    expect([png.width, png.height]).toEqual([60, 50]);
    expect(colours(png)).toBeGreaterThan(5);
  });
});
