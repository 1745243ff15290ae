import { describe, expect, it } from "vitest";
import { Board } from "../../src/core/board.js";
import { InvalidTourError, TourParseError } from "../../src/core/errors.js";
import {
  formatBinaryTour,
  formatTour,
  parseBinaryTour,
  TOUR_FORMATS,
  tourChunks,
} from "../../src/core/format/index.js";
import type { Tour } from "../../src/core/tour.js";

function shuffledTour(rows: number, cols: number, closed: boolean): Tour {
  const board = new Board(rows, cols);
  const path = Int32Array.from({ length: board.cells }, (_, i) => (i * 7919) % board.cells);
  return { board, path, closed };
}

function joinText(chunks: Iterable<string | Uint8Array>): string {
  let text = "";
  for (const chunk of chunks)
    text += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk);
  return text;
}

describe("tourChunks", () => {
  it.each(TOUR_FORMATS)("streams %s exactly as formatTour prints it", (format) => {
    for (const [rows, cols] of [
      [1, 1],
      [5, 7],
      [300, 301],
    ] as const) {
      const tour = shuffledTour(rows, cols, rows > 1);
      expect(joinText(tourChunks(tour, format))).toBe(`${formatTour(tour, format)}\n`);
    }
  });

  it("streams the binary format in pieces that join to formatBinaryTour", () => {
    const tour = shuffledTour(400, 401, true);
    const parts = [...tourChunks(tour, "bin")] as Uint8Array[];
    expect(parts.length).toBeGreaterThan(2);
    const joined = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let offset = 0;
    for (const p of parts) {
      joined.set(p, offset);
      offset += p.length;
    }
    // Buffer comparison: a deep equality over 640 kB would dominate the test's time.
    expect(Buffer.from(joined).equals(Buffer.from(formatBinaryTour(tour)))).toBe(true);
    const back = parseBinaryTour(joined);
    expect(back.closed).toBe(true);
    expect(Buffer.from(back.path.buffer).equals(Buffer.from(tour.path.buffer))).toBe(true);
  });

  it("rejects damaged binary tours", () => {
    const bytes = formatBinaryTour(shuffledTour(3, 4, false));
    expect(() => parseBinaryTour(bytes.slice(0, 30))).toThrow(/should be 68 bytes, but it is 30/);
    const bad = bytes.slice();
    bad[20] = 99;
    expect(() => parseBinaryTour(bad)).toThrow(InvalidTourError);
    expect(() => parseBinaryTour(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(TourParseError);
  });
});
